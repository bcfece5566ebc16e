// Tables that run themselves, with real server processes on one PostgreSQL: a deadline fires once whatever kills the
// node that planned it (in the window, or before it and restarted after it), two nodes never fire one twice, and a
// bot that took a timed-out seat plays it until its person comes back.
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t, { type Test } from 'tap';
import { freePort, httpAs as http, startServer, until, type ServerProcess } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const dbServer = await startTestDatabaseServer();
t.teardown(() => dbServer.stop());

/** A node of the server on `databaseUrl`, killed with -9 when the test ends if it is still running. */
async function node(t: Test, databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ DATABASE_URL: databaseUrl, BOT_PACE_MS: '0', ...env }, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  return server;
}

/** A toy game of `seats` seats on a move clock, every seat claimed by a person; its tokens. */
async function clockedGame(base: string, seconds: number, onTimeout = 'default', seats = 2) {
  const game = (await http(base, 'POST', '/games', { module: 'toy', seats, clock: { kind: 'move', seconds }, onTimeout })).body;
  const tokens: string[] = [];
  for (let seat = 0; seat < seats; seat++) tokens.push((await http(base, 'POST', `/games/${game.id}/seats`, {})).body.token);
  return { id: game.id as string, tokens };
}

/** Every event of a game, as the auditor sees them (the admin key is not needed once it ends; the log suffices here). */
async function events(base: string, id: string): Promise<Json[]> {
  return (await http(base, 'GET', `/games/${id}/events?limit=1000`)).body.items;
}

const timeouts = (log: Json[]) => log.filter((e) => e.type === 'SeatTimedOut');

t.test('kill -9 of the node in the middle of the window: the deadline still fires, once', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const first = await node(t, db.url);
  const { id } = await clockedGame(first.base, 3);
  const deadline = (await http(first.base, 'GET', `/games/${id}`)).body.clock.deadlines[0].at as string;
  // Planned by the node that leads the scheduler, then the node dies inside the window.
  await until('the deadline to be planned', async () =>
    (await db.sql`select 1 from due_actions where game_id = ${id} and kind = 'timeout'`).length > 0 ? true : null,
  );
  first.child.kill('SIGKILL');
  await first.exited;
  const second = await node(t, db.url);
  const log = await until('the timeout', async () => {
    const all = await events(second.base, id);
    return timeouts(all).length > 0 ? all : null;
  });
  t.equal(timeouts(log).length, 1, 'one timeout');
  t.equal(timeouts(log)[0].data.deadline, deadline, 'of the deadline the dead node planned');
  t.ok(timeouts(log)[0].at >= deadline, 'no earlier than the deadline');
});

t.test('a restart after the deadline: the overdue deadline fires at start, once', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const first = await node(t, db.url);
  const { id } = await clockedGame(first.base, 1);
  const deadline = (await http(first.base, 'GET', `/games/${id}`)).body.clock.deadlines[0].at as string;
  await until('the deadline to be planned', async () =>
    (await db.sql`select 1 from due_actions where game_id = ${id} and kind = 'timeout'`).length > 0 ? true : null,
  );
  first.child.kill('SIGKILL');
  await first.exited;
  // Down until the deadline has passed.
  await until('the deadline to pass', async () => (Date.now() > Date.parse(deadline) + 200 ? true : null));
  const second = await node(t, db.url);
  const log = await until('the timeout', async () => {
    const all = await events(second.base, id);
    return timeouts(all).length > 0 ? all : null;
  });
  t.same(
    timeouts(log).map((e: Json) => e.data.deadline),
    [deadline],
    'the overdue deadline, once',
  );
});

t.test('two nodes never fire one deadline twice', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const [a, b] = [await node(t, db.url), await node(t, db.url)];
  const games: string[] = [];
  for (let i = 0; i < 12; i++) games.push((await clockedGame(i % 2 === 0 ? a.base : b.base, 1)).id);
  // Nobody moves: every seat times out and stands (the default), until every game is over.
  for (const id of games) {
    await until(`game ${id} to end`, async () => ((await http(b.base, 'GET', `/games/${id}`)).body.status === 'finished' ? true : null));
  }
  for (const id of games) {
    const fired = timeouts(await events(a.base, id)).map((e: Json) => `${e.data.seat}@${e.data.deadline}`);
    t.same(fired.length, new Set(fired).size, `game ${id}: no deadline fired twice`);
    t.equal(fired.length, 2, `game ${id}: each seat timed out once`);
  }
});

t.test('a bot that took a timed-out seat plays it until its person sends a command again', async (t) => {
  const db = await dbServer.create();
  t.teardown(() => db.close());
  // Clockwork never ends and its bot always passes, so the person always gets the token back. The bot waits 4 s before
  // each move (well inside the 6 s clock), so the person, once they hold the token, acts first even on a busy machine.
  const server = await node(t, db.url, { BOT_PACE_MS: '4000' });
  const game = (
    await http(server.base, 'POST', '/games', { module: 'clockwork', seats: 3, clock: { kind: 'move', seconds: 6 }, onTimeout: 'bot' })
  ).body;
  const id = game.id as string;
  const tokens: string[] = [];
  for (let seat = 0; seat < 3; seat++) tokens.push((await http(server.base, 'POST', `/games/${id}/seats`, {})).body.token);
  const summary = async () => (await http(server.base, 'GET', `/games/${id}`)).body;
  const autopilotAt = async () => (await events(server.base, id)).findIndex((e: Json) => e.type === 'AutopilotEngaged');
  // Seat 0 says nothing: it times out and its bot takes over.
  await until('the bot to take seat 0', async () => ((await summary()).seats[0].autopilot ? true : null));
  /** Passes from seat 0 (to seat 1) after its bot took over. */
  const botPasses = async () => {
    const log = await events(server.base, id);
    const from = log.findIndex((e: Json) => e.type === 'AutopilotEngaged');
    return log.slice(from).filter((e: Json) => e.type === 'Passed' && e.data.to === 1).length;
  };
  // Seats 1 and 2 pass whenever they hold the token; seat 0's person comes back once its bot has passed once.
  let back = false;
  await until('seat 0 played by its bot, then by its person again', async () => {
    const now = await summary();
    const holder = now.awaiting[0] as number;
    if (holder === 0 && (await botPasses()) >= 1) {
      back = (await http(server.base, 'POST', `/games/${id}/commands`, { type: 'Pass' }, tokens[0])).status === 200;
      return back ? true : null;
    }
    if (holder !== 0) await http(server.base, 'POST', `/games/${id}/commands`, { type: 'Pass' }, tokens[holder]);
    return null;
  });
  const types = (await events(server.base, id)).map((e: Json) => e.type);
  t.ok((await autopilotAt()) >= 0, 'the bot took the seat');
  t.ok((await botPasses()) >= 1, 'and played it');
  t.ok(back && types.includes('AutopilotReleased'), 'until its person came back');
  t.ok(types.lastIndexOf('AutopilotReleased') > types.indexOf('AutopilotEngaged'), 'released after it was engaged');
  t.notOk((await summary()).seats[0].autopilot, 'the seat is its person’s again');
});
