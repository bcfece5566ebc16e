// Presence (issue 29) across two server processes on one PostgreSQL: a seat that calls one node is connected on the
// other; it stops counting once the window passes without a call; an open subscription keeps it connected; a node
// killed with -9 takes its seats' presence with it once the window passes. Nothing of it enters the game's log.
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t, { type Test } from 'tap';
import type { Sql } from 'postgres';
import WebSocket from 'ws';
import { Presence } from '../src/presence';
import { freePort, httpAs as http, startServer, until, type ServerProcess } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const WINDOW_SECONDS = 3;
const dbServer = await startTestDatabaseServer();
t.teardown(() => dbServer.stop());

async function node(t: Test, databaseUrl: string): Promise<ServerProcess> {
  const env = { DATABASE_URL: databaseUrl, PRESENCE_SECONDS: String(WINDOW_SECONDS), PRESENCE_FLUSH_MS: '100', BOT_PACE_MS: '0' };
  const server = await startServer(env, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  return server;
}

/** Open a gameUpdated subscription as a seat; resolves once the first push arrived (the subscription is live). */
async function subscribe(t: Test, base: string, gameId: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  t.teardown(() => ws.close());
  const messages: Json[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await until('connection_ack', async () => (messages.some((m) => m.type === 'connection_ack') ? true : null));
  const query = `subscription($id: ID!) { gameUpdated(gameId: $id, after: -1) { revision } }`;
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { id: gameId } } }));
  await until('the first push', async () => (messages.some((m) => m.type === 'next') ? true : null));
  return ws;
}

t.test('presence is shared across nodes, bounded by its window, kept by a subscription, and gone with a killed node', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const [a, b] = [await node(t, db.url), await node(t, db.url)];
  const id = (await http(a.base, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const tokens = [
    (await http(a.base, 'POST', `/games/${id}/seats`, {})).body.token,
    (await http(a.base, 'POST', `/games/${id}/seats`, {})).body.token,
  ];
  const connectedOn = async (server: ServerProcess) => (await http(server.base, 'GET', `/games/${id}`)).body.connected as number[];
  const eventsBefore = (await http(a.base, 'GET', `/games/${id}/events?from=0&limit=1000`)).body.items.length;

  // The claims were calls of the seats; let them pass out of the window first.
  await until('nobody connected', async () => ((await connectedOn(b)).length === 0 ? true : null));
  t.pass('a seat that makes no call stops counting once the window passes');

  await http(a.base, 'GET', `/games/${id}/view`, undefined, tokens[0]);
  t.same(
    await until('seat 0 seen on the other node', async () => ((await connectedOn(b)).includes(0) ? connectedOn(b) : null)),
    [0],
    'a call to one node shows on the other, that seat only',
  );
  const view = (await http(b.base, 'GET', `/games/${id}/view`)).body;
  t.same(view.connected, [0], 'the view says it too (a spectator’s call is nobody’s seat)');

  await subscribe(t, a.base, id, tokens[1]);
  const openedAt = Date.now();
  await until('seat 1 connected by its subscription', async () => ((await connectedOn(b)).includes(1) ? true : null));
  // Held past the window: checked on every poll until well after it, with no call from seat 1 meanwhile.
  await until('the window to pass with the subscription open', async () => {
    const seats = await connectedOn(b);
    if (!seats.includes(1)) throw new Error(`seat 1 dropped while subscribed: ${JSON.stringify(seats)}`);
    return Date.now() - openedAt > (WINDOW_SECONDS + 1) * 1000 ? true : null;
  });
  t.pass('an open subscription keeps its seat connected past the window');

  a.child.kill('SIGKILL');
  await a.exited;
  await until('seat 1 gone with its node', async () => ((await connectedOn(b)).includes(1) ? null : true));
  t.pass('a node killed with -9 takes its seats with it once the window passes');

  const eventsAfter = (await http(b.base, 'GET', `/games/${id}/events?from=0&limit=1000`)).body.items.length;
  t.equal(eventsAfter, eventsBefore, 'presence wrote nothing into the game’s log');
});

t.test('a table whose every seat this node sees connected is answered without a read of the shared table', async (t) => {
  let reads = 0;
  // Stands in for the pool: counts the statements, and says seat 1 is connected on another node.
  const sql = (() => (reads++, Promise.resolve([{ seat: 1 }]))) as unknown as Sql;
  let now = 0;
  const presence = new Presence({ sql, windowMs: 30_000, flushMs: 1, node: 'here', now: () => now });
  presence.touch('g', 0);
  t.same(await presence.connected('g', 2), [0, 1], 'one seat here, the other from the table');
  t.equal(reads, 1);
  presence.touch('g', 1);
  t.same(await presence.connected('g', 2), [0, 1], 'both here');
  t.equal(reads, 1, 'no read');
  now = 10; // past the reuse of the last read
  t.same(await presence.connected('g'), [0, 1], 'without the table size it still asks');
  t.equal(reads, 2);
});
