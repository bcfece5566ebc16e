// Matchmaking across two server processes on one PostgreSQL: tickets sent to both at once never share a seat and fill
// every table, a node killed with -9 while tickets arrive strands none of them, and a fill with bots planned by a
// scheduler killed with -9 is done once by the other node.
import { leaderPid, startTestDatabaseServer } from '@delve/store-postgres/testing';
import t, { type Test } from 'tap';
import { SCHEDULER_LOCK } from '../src/scheduler';
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

t.test('kill -9 of the scheduling node while a fill with bots waits: the other node fills the table, once', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const nodes = [await node(t, db.url), await node(t, db.url)];
  const [fay] = await players(nodes[0]?.base as string, 1);
  const ticket = await http(
    nodes[1]?.base as string,
    'POST',
    '/matchmaking/tickets',
    {
      module: 'toy',
      seats: 3,
      options: { maxCards: 4 },
      fillWithBotsAfter: 2,
    },
    fay?.key,
  );
  t.match(ticket.body, { status: 'seated', seat: 0 }, 'the ticket waits at a table of three');
  const gameId = ticket.body.gameId as string;
  // Whoever leads the scheduler is killed as soon as the fill is in its plan, a second or more before it falls due.
  const pid = await until('a scheduler to lead', () => leaderPid(db.sql, SCHEDULER_LOCK));
  const victim = nodes.findIndex((n) => n.child.pid === pid);
  t.ok(victim >= 0, 'one of the two nodes leads the scheduler');
  await until('the fill to be planned', async () => {
    const rows = await db.sql`select 1 from due_actions where game_id = ${gameId} and kind = 'fill'`;
    return rows.length > 0 ? true : null;
  });
  nodes[victim]?.child.kill('SIGKILL');
  await nodes[victim]?.exited;
  const survivor = nodes[1 - victim] as ServerProcess;
  const game = await until('the survivor to fill the table', async () => {
    const summary = (await http(survivor.base, 'GET', `/games/${gameId}`)).body;
    return summary.status !== 'open' ? summary : null;
  });
  t.equal(game.status, 'active', 'the table starts');
  t.same(
    game.seats.map((s: Json) => s.bot),
    [null, 'fifteen', 'fifteen'],
    'the ticket keeps its seat and bots sit in the other two',
  );
  const events = (await http(survivor.base, 'GET', `/games/${gameId}/events?limit=1000`)).body.items as Json[];
  const claims = events.filter((e) => e.type === 'SeatClaimed').map((e) => e.data.seat);
  t.same(claims, [0, 1, 2], 'each seat claimed once: the fill was not done twice');
  const left = await db.sql`select 1 from due_actions where game_id = ${gameId} and kind = 'fill'`;
  t.equal(left.length, 0, 'the fill is no longer planned');
});
