// Being told across two server processes on one PostgreSQL, against a loopback receiver that fails 30% of requests: the
// node leading the notifier and the deliverer is killed with -9 in the middle of deliveries, and afterwards every event
// has been delivered, at least once, each id seen, in order per game, and each player's inbox holds each of their
// notifications once: none lost.
import { leaderPid, startTestDatabaseServer } from '@delve/store-postgres/testing';
import t, { type Test } from 'tap';
import { DELIVERER_LOCK } from '../src/webhooks/leaders';
import { ADMIN_KEY } from './support/app';
import { freePort, http, startServer, until, type ServerProcess } from './support/processes';
import { deliveryKey, firstDeliveries, inOrderPerGame, playExpecting, startReceiver } from './support/receiver';

const dbServer = await startTestDatabaseServer();
t.teardown(() => dbServer.stop());

const GAMES = Number(process.env.FAULT_WEBHOOK_GAMES ?? 12);

async function node(t: Test, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer(env, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  return server;
}

t.test('kill -9 of the node being told mid-delivery: every event delivered at least once, in order per game; inboxes whole', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  // Fails 30% of requests, answering after a moment so that attempts are in flight when the node dies.
  const receiver = await startReceiver(() => (Math.random() < 0.3 ? 500 : 200), 15);
  t.teardown(() => receiver.close());
  const env = { DATABASE_URL: db.url, ADMIN_KEY, WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_MAX_ATTEMPTS: '20' };
  const a = await node(t, env);
  const b = await node(t, env);
  t.equal(await leaderPid(db.sql, DELIVERER_LOCK), a.child.pid, 'the first node leads the deliverer');
  const hook = await http(
    b.base,
    'POST',
    '/webhooks',
    { url: `${receiver.base}/all`, events: ['turn', 'game.finished'] },
    { 'x-admin-key': ADMIN_KEY },
  );
  t.equal(hook.status, 201);

  // Every seat is a player's, so each game is told to two inboxes as well as to the operator's webhook.
  const players: { id: string; key: string }[][] = [];
  for (let i = 0; i < GAMES; i++) {
    const pair = [];
    for (const name of ['Ada', 'Bo']) pair.push((await http(b.base, 'POST', '/players', { name })).body);
    players.push(pair);
  }
  const playing = Promise.all(
    players.map((pair) =>
      playExpecting(
        b.base,
        pair.map((p) => p.key),
      ),
    ),
  );
  await receiver.until('a fifth of the games’ deliveries', (r) => firstDeliveries(r).length >= GAMES);
  const before = receiver.received.length;
  a.child.kill('SIGKILL');
  await a.exited;
  const games = await playing;
  const expected = games.flat();
  t.ok(before < expected.length, `killed after ${before} requests, of ${expected.length} events`);

  await receiver.until(
    'every event delivered',
    (r) => {
      const got = new Set(firstDeliveries(r).map(deliveryKey));
      return expected.every((e) => got.has(e));
    },
    180_000,
  );
  const delivered = firstDeliveries(receiver.received);
  t.same(new Set(delivered.map(deliveryKey)), new Set(expected), 'each event delivered, and nothing else');
  t.equal(new Set(delivered.map((r) => r.payload.id)).size, expected.length, 'one delivery id per event');
  const order = inOrderPerGame(receiver.received);
  t.ok(order.ok, `in order per game (${order.outOfOrder.join(', ')})`);
  t.equal(order.games, GAMES);
  t.equal(await leaderPid(db.sql, DELIVERER_LOCK), b.child.pid, 'the surviving node took the deliverer over');
  const settled = await until('every delivery recorded', async () => {
    const got = (await http(b.base, 'GET', `/webhooks/${hook.body.id}`, undefined, { 'x-admin-key': ADMIN_KEY })).body;
    return got.deliveries.pending === 0 ? got : null;
  });
  t.match(settled, { status: 'enabled', deliveries: { failed: 0, delivered: expected.length } });
  // Each player's inbox: their seat's turns and the game's end, each once, newest first.
  for (const [i, pair] of players.entries()) {
    for (const [seat, p] of pair.entries()) {
      const inbox = (await http(b.base, 'GET', `/players/${p.id}/inbox?limit=100`, undefined, { authorization: `Bearer ${p.key}` })).body;
      const told = (inbox.items as { gameId: string; kind: string; seat: number | null; revision: number }[])
        .map((n) => `${n.gameId}:${n.kind}:${n.seat ?? '-'}:${n.revision}`)
        .reverse();
      const mine = games[i]?.filter((e) => e.includes(`:turn:${seat}:`) || e.includes(':game.finished:')) ?? [];
      t.same(told, mine, `player ${i}/${seat}: each notification once, none lost`);
    }
  }
  t.comment(
    `${expected.length} events, ${receiver.received.length} requests (${receiver.received.filter((r) => r.status >= 300).length} failed on purpose, ` +
      `${receiver.received.filter((r) => r.status < 300).length - delivered.length} repeated successes)`,
  );
});
