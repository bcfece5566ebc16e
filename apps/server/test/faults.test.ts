// Faults under load, as an operator meets them: kill -9 of the embedded PostgreSQL and of the server while bots play,
// and two servers on one database racing for the same games. Whatever happens, no acknowledged event is lost, changed
// or duplicated, every finished game's audit verifies, and the server recovers without help (a killed server is
// started again by the test, as a supervisor would; a killed PostgreSQL by the server itself).
// FAULT_ROUNDS, FAULT_LOAD_MS and FAULT_BOTS scale it (`npm run test:faults` runs the long version).
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@delve/store-postgres';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import { ADMIN_KEY, Load, verify, type Ack } from './support/load';
import { bearer, freePort, http, startServer, until, type ServerProcess } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 1);
const LOAD_MS = Number(process.env.FAULT_LOAD_MS ?? 1500);
const BOTS = Number(process.env.FAULT_BOTS ?? 4);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The postmaster's pid, from the first line of postmaster.pid in the cluster. */
async function postmasterPid(cluster: string): Promise<number> {
  return Number((await readFile(path.join(cluster, 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

t.test('kill -9 of PostgreSQL and of the server under load: nothing acknowledged is lost, recovery is unaided', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'delve-faults-'));
  await chmod(root, 0o755); // PostgreSQL's own user (when the test runs as root) keeps its cluster here
  t.teardown(() => rm(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const env = { DATA_DIR: dataDir, ADMIN_KEY };
  let server: ServerProcess = await startServer(env, port);
  t.teardown(() => server.child.kill('SIGKILL'));
  t.teardown(async () => {
    // Whatever the test left, no PostgreSQL stays behind on the data directory.
    const pid = await postmasterPid(dataDir).catch(() => 0);
    if (pid > 0) process.kill(pid, 'SIGTERM');
  });
  const load = new Load(() => [server.base]);
  load.start(BOTS);
  const figures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await pause(LOAD_MS);
    // PostgreSQL dies under the server: it answers 503 meanwhile and starts it again by itself.
    const pgKilled = Date.now();
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    const back = await until('an acknowledged command after PostgreSQL was killed', async () => load.firstAckAfter(pgKilled), 60);
    figures.push(`PostgreSQL kill -9 → commands acknowledged again after ${back - pgKilled} ms`);
    await pause(LOAD_MS);
    // The server dies: its PostgreSQL goes with it, and the next start works.
    const serverKilled = Date.now();
    server.child.kill('SIGKILL');
    await server.exited;
    server = await startServer(env, port);
    const served = await until('an acknowledged command after the server was killed', async () => load.firstAckAfter(serverKilled), 60);
    figures.push(`server kill -9 → ready after ${server.readyMs} ms, commands acknowledged again after ${served - serverKilled} ms`);
  }
  await pause(LOAD_MS);
  await load.stop();
  const result = await verify(server.base, load.acks);
  const acknowledged = load.acks.reduce((n, a) => n + a.events.length, 0);
  t.comment(
    `requests ${load.sent}, commands acknowledged ${load.acks.length} (${acknowledged} events) in ${result.games} games, ` +
      `503 ${load.unavailable}, refused connections ${load.refused}; ${figures.join('; ')}`,
  );
  t.same(load.errors500, [], 'no 500 while PostgreSQL or the server was away (503 and refused connections only)');
  t.ok(load.unavailable + load.refused > 0, 'the faults were felt');
  t.ok(load.acks.length > 10 * ROUNDS, `${load.acks.length} commands acknowledged`);
  t.same(
    { lost: result.lost, changed: result.changed, duplicated: result.duplicated, forks: result.forks, notVerified: result.notVerified },
    { lost: 0, changed: 0, duplicated: 0, forks: 0, notVerified: [] },
    `every acknowledged event is in the log as acknowledged; ${result.audited} finished games audited`,
  );
  const stopped = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  t.same(exit, { code: 0, signal: null }, `SIGTERM drains and exits 0 (${Date.now() - stopped} ms)`);
  await until('PostgreSQL to stop with its server', async () => ((await postmasterPid(dataDir).catch(() => 0)) === 0 ? true : null), 30);
});

t.test('an external PostgreSQL killed and started again: 503 meanwhile, commands served again promptly', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'delve-faults-'));
  await chmod(root, 0o755);
  t.teardown(() => rm(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'external');
  // Another process's PostgreSQL as far as the server knows: it gets only the URL, and nobody restarts it for it.
  const first = await startEmbeddedPostgres({ dataDir });
  const port = Number(new URL(first.url).port);
  let database = first;
  t.teardown(() => database.stop());
  const server = await startServer({ DATABASE_URL: first.url, ADMIN_KEY }, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  const load = new Load(() => [server.base]);
  load.start(BOTS);
  const figures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await pause(LOAD_MS);
    const unavailableBefore = load.unavailable;
    process.kill(await postmasterPid(dataDir), 'SIGKILL');
    await pause(1000);
    if (round === 0) {
      const [ready, list] = await Promise.all([http(server.base, 'GET', '/ready'), http(server.base, 'GET', '/games')]).catch(
        (error: unknown) => {
          throw new Error(`the server stopped answering while its database was away: ${server.stderr().slice(-4000)}`, { cause: error });
        },
      );
      t.same([ready.status, ready.body.code], [503, 'ops/not-ready'], 'while it is away /ready says not ready');
      t.same([list.status, list.body.code], [503, 'store/unavailable'], 'and a route answers 503');
      t.ok(Number(list.headers.get('retry-after')) > 0, 'with Retry-After');
    }
    await pause(1000); // the database stays away for two seconds
    await first.stop(); // the supervisor of the killed one lets go (it restarts nothing)
    database = await startEmbeddedPostgres({ dataDir, port });
    const back = Date.now();
    const served = await until('an acknowledged command after PostgreSQL came back', async () => load.firstAckAfter(back), 60);
    figures.push(
      `PostgreSQL away 2 s (${load.unavailable - unavailableBefore} answers of 503), commands acknowledged ${served - back} ms after it was back`,
    );
    // Not a speed target (the figure is printed): the bound rules out waiting for a pool's 30 s timeouts or never
    // reconnecting, with room for a loaded CI machine (4.4 s was seen at load 10 where 1-2 s is usual).
    t.ok(served - back < 10_000, `round ${round + 1}: served again ${served - back} ms after the database came back`);
  }
  await pause(LOAD_MS);
  await load.stop();
  const result = await verify(server.base, load.acks);
  t.comment(`requests ${load.sent}, commands acknowledged ${load.acks.length} in ${result.games} games; ${figures.join('; ')}`);
  t.comment(`slow: ${load.slow.join('; ') || 'none'}`);
  t.same(load.errors500, [], 'no 500 while the database was away');
  t.ok(load.unavailable > 0, '503 while it was away');
  t.same(
    { lost: result.lost, changed: result.changed, duplicated: result.duplicated, forks: result.forks, notVerified: result.notVerified },
    { lost: 0, changed: 0, duplicated: 0, forks: 0, notVerified: [] },
    'every acknowledged event is in the log as acknowledged',
  );
});

t.test('two servers on one database, bots on both and racing duplicates: no fork, no loss', async (t) => {
  const dbServer = await startTestDatabaseServer();
  t.teardown(() => dbServer.stop());
  const db = await dbServer.create();
  t.teardown(() => db.close());
  const env = { DATABASE_URL: db.url, ADMIN_KEY };
  const [a, b] = await Promise.all([freePort().then((p) => startServer(env, p)), freePort().then((p) => startServer(env, p))]);
  const nodes = [a as ServerProcess, b as ServerProcess];
  t.teardown(() => nodes.forEach((n) => n.child.kill('SIGKILL')));
  const load = new Load(() => nodes.map((n) => n.base));
  load.start(BOTS);

  // Meanwhile one two-seat game where every move is sent to both nodes at once under two different keys.
  const [one, two] = nodes.map((n) => n.base) as [string, string];
  const game = (await http(one, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const tokens = [
    (await http(one, 'POST', `/games/${game}/seats`, { seat: 0 })).body.token,
    (await http(two, 'POST', `/games/${game}/seats`, { seat: 1 })).body.token,
  ] as string[];
  const raced: Ack[] = [];
  let bothAccepted = 0;
  for (let move = 0; move < 20; move++) {
    const summary = (await http(one, 'GET', `/games/${game}`)).body;
    if (summary.status !== 'active') break;
    const seat = summary.awaiting[0] as number;
    const type = move < 6 ? 'Draw' : 'Stand';
    const answers = await Promise.all(
      [one, two].map(async (base) => {
        const key = randomUUID();
        const answer = await http(base, 'POST', `/games/${game}/commands`, { type }, { ...bearer(tokens[seat]), 'idempotency-key': key });
        return { answer, key };
      }),
    );
    for (const { answer, key } of answers) {
      t.ok(answer.status < 500, `a raced ${type}: ${answer.status}`);
      if (answer.status === 200) {
        const events = (answer.body.events as Json[]).map((e) => ({ revision: e.revision as number, type: e.type as string }));
        raced.push({ game, key, sent: Date.now(), at: Date.now(), events, replayed: false });
      }
    }
    if (answers.every((x) => x.answer.status === 200)) bothAccepted++;
  }
  await pause(LOAD_MS);
  await load.stop();

  const result = await verify(one, [...load.acks, ...raced]);
  t.comment(
    `requests ${load.sent + raced.length}, commands acknowledged ${load.acks.length + raced.length} in ${result.games} games ` +
      `over two nodes; raced moves accepted by both nodes ${bothAccepted} (each at its own revision)`,
  );
  t.same(load.errors500, [], 'no 5xx');
  t.same(
    { lost: result.lost, changed: result.changed, duplicated: result.duplicated, forks: result.forks, notVerified: result.notVerified },
    { lost: 0, changed: 0, duplicated: 0, forks: 0, notVerified: [] },
    `every acknowledged event is in the log as acknowledged; ${result.audited} finished games audited`,
  );
  for (const id of [game, ...new Set(load.acks.map((x) => x.game))].slice(0, 10)) {
    const [x, y] = await Promise.all([http(one, 'GET', `/games/${id}`), http(two, 'GET', `/games/${id}`)]);
    t.equal(x.body.revision, y.body.revision, `game ${id.slice(0, 8)}: both nodes agree on the revision`);
  }
});
