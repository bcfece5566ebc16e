// Matchmaking across two server processes on one PostgreSQL: tickets sent to both at once never share a seat and fill
// every table, and a node killed with -9 while tickets arrive strands none of them.
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t, { type Test } from 'tap';
import { freePort, httpAs as http, startServer, until, type ServerProcess } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const dbServer = await startTestDatabaseServer();
t.teardown(() => dbServer.stop());

async function node(t: Test, databaseUrl: string): Promise<ServerProcess> {
  const server = await startServer({ DATABASE_URL: databaseUrl, BOT_PACE_MS: '0' }, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  return server;
}

async function players(base: string, n: number): Promise<{ id: string; key: string }[]> {
  const out = [];
  for (let i = 0; i < n; i++) out.push((await http(base, 'POST', '/players', { name: `p${i}` })).body);
  return out;
}

/** Every ticket's final state, read from the tickets' streams through the API (each player asks for their own). */
async function tickets(base: string, opened: { id: string; key: string }[]): Promise<Json[]> {
  return Promise.all(opened.map(async ({ id, key }) => (await http(base, 'GET', `/matchmaking/tickets/${id}`, undefined, key)).body));
}

t.test('two nodes matching at once: every ticket its own seat, every table filled and started', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const [a, b] = [await node(t, db.url), await node(t, db.url)];
  const people = await players(a.base, 24);
  const opened = await Promise.all(
    people.map(async (p, i) => {
      const answer = await http(i % 2 ? a.base : b.base, 'POST', '/matchmaking/tickets', { module: 'toy', seats: 3 }, p.key);
      return { id: answer.body.id as string, key: p.key };
    }),
  );
  const final = await until('every ticket seated', async () => {
    const all = await tickets(a.base, opened);
    return all.every((x) => x.status === 'seated') ? all : null;
  });
  const seats = final.map((x) => `${x.gameId}/${x.seat}`);
  t.equal(new Set(seats).size, 24, 'no two tickets share a seat');
  const games = [...new Set(final.map((x) => x.gameId as string))];
  t.equal(games.length, 8, 'eight tables of three');
  for (const id of games) {
    const summary = (await http(b.base, 'GET', `/games/${id}`)).body;
    t.equal(summary.status, 'active', `table ${id} is full and started`);
  }
});

t.test('kill -9 of a node while tickets arrive: every ticket it acknowledged still gets a seat', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const [a, b] = [await node(t, db.url), await node(t, db.url)];
  const people = await players(b.base, 16);
  const acknowledged: { id: string; key: string }[] = [];
  const sending = people.map(async (p, i) => {
    const answer = await http(i % 2 ? a.base : b.base, 'POST', '/matchmaking/tickets', { module: 'toy', seats: 2 }, p.key).catch(
      () => null,
    );
    if (answer?.status === 201) acknowledged.push({ id: answer.body.id, key: p.key });
  });
  // Kill node a as soon as it has acknowledged its first ticket, with others still in flight.
  await until('node a to answer a ticket', async () => (acknowledged.length > 0 ? true : null));
  a.child.kill('SIGKILL');
  await Promise.all(sending);
  t.ok(acknowledged.length >= 8, `${acknowledged.length} tickets acknowledged`);
  const final = await until('every acknowledged ticket seated', async () => {
    const all = await tickets(b.base, acknowledged);
    return all.every((x) => x.status === 'seated') ? all : null;
  });
  const seats = final.map((x) => `${x.gameId}/${x.seat}`);
  t.equal(new Set(seats).size, final.length, 'no two tickets share a seat');
  for (const x of final) {
    const summary = (await http(b.base, 'GET', `/games/${x.gameId}`)).body;
    t.equal(summary.seats[x.seat].player, x.player, 'each seated ticket holds its seat');
  }
});
