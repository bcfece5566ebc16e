// WORKERS=2 as `npm start` runs it (the compiled build): one port served by both workers, a worker killed with -9 under
// load loses nothing acknowledged and is replaced while games go on, and each leader is held by one process of one node
// at a time, across two nodes on one database, until that node dies and the other takes over.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import postgres from 'postgres';
import t from 'tap';
import { LEADER_LOCKS } from '../src/leaders';
import { ADMIN_KEY, Load, verify } from './support/load';
import { bearer, freePort, http, startServer, until, type ServerProcess } from './support/processes';

/** The cluster's workers: the primary's node children (its PostgreSQL runs under a shell). */
async function workersOf(primary: number): Promise<number[]> {
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(primary)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  const workers: number[] = [];
  for (const pid of children) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (/server\.js/.test(command)) workers.push(pid);
  }
  return workers;
}

/** The processes that answered requests, from the log's completed requests (each line carries its pid). */
const servingPids = (log: string): Set<number> =>
  new Set([...log.matchAll(/^\{.*"pid":(\d+).*"msg":"request completed"/gm)].map((m) => Number(m[1])));

/** GET on a connection of its own (the primary hands each new connection to the next worker in turn). */
const onNewConnection = (base: string, path: string): Promise<number> =>
  new Promise((resolve, reject) =>
    get(`${base}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject),
  );

/** A two-seat toy game played one move at a time, `moves` at most: each seat draws twice, then stands. */
async function playMoves(base: string, game: string, tokens: string[], moves: number): Promise<string> {
  for (let move = 0; move < moves; move++) {
    const summary = (await http(base, 'GET', `/games/${game}`)).body;
    if (summary.status !== 'active') return summary.status;
    const seat = summary.awaiting[0] as number;
    const draws = (drawn.get(`${game}/${seat}`) ?? 0) + 1;
    drawn.set(`${game}/${seat}`, draws);
    const answer = await http(base, 'POST', `/games/${game}/commands`, { type: draws <= 2 ? 'Draw' : 'Stand' }, bearer(tokens[seat]));
    if (answer.status !== 200) throw new Error(`move ${move} refused: ${JSON.stringify(answer.body)}`);
  }
  return (await http(base, 'GET', `/games/${game}`)).body.status;
}
const drawn = new Map<string, number>();

t.test('WORKERS=2: both workers serve one port; kill -9 of one under load loses nothing and the game goes on', async (t) => {
  const db = await startTestDatabaseServer();
  t.teardown(() => db.stop());
  const { url } = await db.create();
  const server: ServerProcess = await startServer(
    { DATABASE_URL: url, ADMIN_KEY, WORKERS: '2', LOG_LEVEL: 'info' },
    await freePort(),
    120,
    { compiled: true },
  );
  t.teardown(() => server.child.kill('SIGKILL'));
  const primary = server.child.pid as number;
  // The bundle reads files of the checkout at run time (by their place beside the sources it was built from).
  for (const path of ['/watch/assets/viewer.js', '/modules/toy/notation', '/docs/json', '/graphiql/assets/start.js']) {
    t.equal((await fetch(`${server.base}${path}`)).status, 200, `the compiled build serves ${path}`);
  }
  const before = await until('two workers', async () => ((await workersOf(primary)).length === 2 ? workersOf(primary) : null));

  // One game played across the kill, by a client of its own.
  const game = (await http(server.base, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const tokens = [
    (await http(server.base, 'POST', `/games/${game}/seats`, { seat: 0 })).body.token,
    (await http(server.base, 'POST', `/games/${game}/seats`, { seat: 1 })).body.token,
  ] as string[];
  t.equal(await playMoves(server.base, game, tokens, 2), 'active', 'a game under way');

  const load = new Load(() => [server.base]);
  load.start(6);
  await until('commands acknowledged on both workers', async () => {
    const pids = servingPids(server.stdout());
    return before.every((pid) => pids.has(pid)) && load.acks.length > 20 ? true : null;
  });
  t.pass(`both workers (${before.join(', ')}) served requests`);

  const killed = before[0] as number;
  const killedAt = Date.now();
  process.kill(killed, 'SIGKILL');
  const after = await until('the primary to start another worker', async () => {
    const now = await workersOf(primary);
    return now.length === 2 && !now.includes(killed) ? now : null;
  });
  const served = await until('a command acknowledged after the kill', async () => load.firstAckAfter(killedAt));
  t.pass(
    `worker ${killed} killed: replaced by ${after.find((pid) => !before.includes(pid))}, commands acknowledged again after ${served - killedAt} ms`,
  );
  const replacement = after.find((pid) => !before.includes(pid)) as number;
  // The bots keep their connections to the surviving worker; new connections reach the new one too.
  await until('the new worker to serve', async () => {
    await onNewConnection(server.base, '/ready');
    return servingPids(server.stdout()).has(replacement) ? true : null;
  });
  t.pass(`the new worker ${replacement} serves`);
  // The load goes on a little with both workers serving again, then stops.
  const acked = load.acks.length;
  await until('more commands acknowledged with both workers serving', async () => (load.acks.length >= acked + 20 ? true : null));
  await load.stop();

  t.equal(await playMoves(server.base, game, tokens, 10), 'finished', 'the game begun before the kill goes on to its end');
  const audit = (await http(server.base, 'GET', `/games/${game}/audit`)).body;
  t.equal(audit.verdict, 'verified', 'and its audit verifies');
  const result = await verify(server.base, load.acks);
  t.comment(
    `requests ${load.sent}, acknowledged ${load.acks.length} commands in ${result.games} games, refused connections ${load.refused}`,
  );
  t.same(load.errors500, [], 'no 5xx: the killed worker’s requests failed as connections and were retried');
  t.same(
    { lost: result.lost, changed: result.changed, duplicated: result.duplicated, forks: result.forks, notVerified: result.notVerified },
    { lost: 0, changed: 0, duplicated: 0, forks: 0, notVerified: [] },
    `every acknowledged event is in the log as acknowledged; ${result.audited} finished games audited`,
  );

  server.child.kill('SIGTERM');
  const exit = await server.exited;
  // On a failure, what the primary and the workers said while stopping: which step or worker failed, and why.
  const stopping = server.stdout().slice(server.stdout().indexOf('shutting down'));
  const said = stopping.split('\n').filter((line) => /"level":(40|50|60)|exited|closed/.test(line));
  t.same(exit, { code: 0, signal: null }, 'SIGTERM drains both workers and exits 0', {
    ...(exit.code !== 0 && { said, stderr: server.stderr().slice(-4000) }),
  });
  t.same(await workersOf(primary).catch(() => []), [], 'no worker left behind');
});

t.test('each leader is held once across two nodes of two workers, by a primary, and passes on when that node dies', async (t) => {
  const db = await startTestDatabaseServer();
  t.teardown(() => db.stop());
  const { url } = await db.create();
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  t.teardown(() => sql.end({ timeout: 1 }));
  const env = { DATABASE_URL: url, ADMIN_KEY, WORKERS: '2' };
  const nodes = await Promise.all([0, 1].map(async () => startServer(env, await freePort(), 120, { compiled: true })));
  t.teardown(() => nodes.forEach((n) => n.child.kill('SIGKILL')));
  const primaries = nodes.map((n) => n.child.pid as number);
  const workers = (
    await Promise.all(
      primaries.map((pid) => until('two workers', async () => ((await workersOf(pid)).length === 2 ? workersOf(pid) : null))),
    )
  ).flat();

  /** Which server process (by its application_name, delve/<pid>) holds each advisory lock of the database. */
  const holders = async () =>
    sql<{ pid: number }[]>`select split_part(a.application_name, '/', 2)::int as pid from pg_locks l
      join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and a.datname = current_database() and a.application_name like 'delve/%'`;
  const held = await until('both leaders elected', async () => {
    const rows = await holders();
    return rows.length === LEADER_LOCKS.length ? rows.map((r) => r.pid) : null;
  });
  t.equal(held.length, LEADER_LOCKS.length, `${LEADER_LOCKS.join(', ')}: one holder each`);
  t.ok(
    held.every((pid) => primaries.includes(pid)),
    'held by primaries only',
  );
  t.notOk(
    held.some((pid) => workers.includes(pid)),
    'no worker leads',
  );

  // The node leading the read models dies; the other node's primary takes every lock it held, and the games list
  // (a read model) follows a game created afterwards.
  const leader = nodes[primaries.indexOf(held[0] as number)] as ServerProcess;
  const survivor = nodes.find((n) => n !== leader) as ServerProcess;
  leader.child.kill('SIGKILL');
  await leader.exited;
  const taken = await until('the surviving node to lead', async () => {
    const rows = await holders();
    return rows.length === LEADER_LOCKS.length && rows.every((r) => r.pid === survivor.child.pid) ? true : null;
  });
  t.ok(taken, 'the surviving node’s primary holds every lock');
  const game = (await http(survivor.base, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const listed = await until('the new game in the games list', async () => {
    const list = (await http(survivor.base, 'GET', '/games?limit=50')).body.items as { id: string }[];
    return list.some((g) => g.id === game) ? true : null;
  });
  t.ok(listed, 'the read models follow the log under the new leader');
});
