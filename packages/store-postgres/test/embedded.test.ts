// The embedded PostgreSQL's lifecycle: a generated password per data directory (the published one refused), orphans
// of a killed server stopped, a watchdog when the server dies, restarts when PostgreSQL dies, root-only folders, and
// start failures that say what went wrong.
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import t from 'tap';
import { LEGACY_PASSWORD, startEmbeddedPostgres, type EmbeddedEvent } from '../src/embedded';
import { alive, livePostmaster } from '../src/postmaster';
import { clusterDirFor, reachable, runAsFor, runnableInstallation, SYSTEM_DIR } from '../src/unprivileged';

const HOLD = new URL('./support/hold.ts', import.meta.url).pathname;
const root = await mkdtemp(path.join(tmpdir(), 'delve-embedded-test-'));
// Enterable by PostgreSQL's user when running as root, so the clusters stay here (one test locks a folder on purpose).
await chmod(root, 0o755);
t.teardown(() => rm(root, { recursive: true, force: true }));

/** Run one query with a given password; the error code when it is refused. */
async function login(url: string, password: string): Promise<string> {
  const u = new URL(url);
  u.password = password;
  const sql = postgres(u.toString(), { max: 1, onnotice: () => undefined, connect_timeout: 5 });
  try {
    await sql`select 1`;
    return 'ok';
  } catch (error) {
    return String((error as { code?: string }).code);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** A server stand-in holding the embedded PostgreSQL of `dataDir` in a child process. */
async function holder(dataDir: string): Promise<{ pid: number; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLD, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      if (out.includes('\n')) resolve(JSON.parse(out) as { pid: number; url: string });
    });
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before PostgreSQL ran`)));
  });
}

/** Processes whose parent is `pid`. */
const childrenOf = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);

async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 20_000): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

const dataDir = path.join(root, 'data');

t.test('a generated password per data directory, in a file only this user reads; the published one is refused', async (t) => {
  const db = await startEmbeddedPostgres({ dataDir });
  t.teardown(() => db.stop());
  const file = `${dataDir}.password`;
  const password = (await readFile(file, 'utf8')).trim();
  t.ok(password.length >= 32, 'a long random password');
  t.equal((await stat(file)).mode & 0o777, 0o600, 'readable by its owner only');
  t.equal(decodeURIComponent(new URL(db.url).password), password, 'the URL carries it');
  t.equal(await login(db.url, password), 'ok');
  t.equal(await login(db.url, LEGACY_PASSWORD), '28P01', 'the published password is refused');
  const other = await startEmbeddedPostgres();
  t.teardown(() => other.stop());
  t.not(new URL(other.url).password, new URL(db.url).password, 'another data directory, another password');
});

t.test('a data directory still on the published password gets a generated one at its next start', async (t) => {
  const before = await startEmbeddedPostgres({ dataDir });
  const sql = postgres(before.url, { max: 1 });
  await sql.unsafe(`alter role postgres password '${LEGACY_PASSWORD}'`);
  await sql.end();
  await before.stop();
  await rm(`${dataDir}.password`); // as a data directory made before passwords were generated
  const after = await startEmbeddedPostgres({ dataDir });
  t.teardown(() => after.stop());
  t.equal(await login(after.url, LEGACY_PASSWORD), '28P01', 'the published password no longer opens it');
  t.equal(await login(after.url, (await readFile(`${dataDir}.password`, 'utf8')).trim()), 'ok', 'the new one, kept in its file, does');
});

t.test('kill -9 of the server: its watchdog stops PostgreSQL, and the next start works', async (t) => {
  const held = await holder(dataDir);
  const postmaster = await livePostmaster(path.join(dataDir));
  t.ok(postmaster, 'running');
  process.kill(held.pid, 'SIGKILL');
  const ms = await until('PostgreSQL to stop', () => !alive(postmaster?.pid ?? 0));
  t.pass(`PostgreSQL stopped ${ms} ms after its server was killed`);
  const again = await startEmbeddedPostgres({ dataDir });
  t.equal(await login(again.url, new URL(again.url).password), 'ok');
  await again.stop();
});

t.test('an orphaned PostgreSQL (server and watchdog killed) is stopped, then started afresh', async (t) => {
  const held = await holder(dataDir);
  const postmaster = await livePostmaster(dataDir);
  // The watchdog shell and its watcher die with the server: PostgreSQL is left running on the data directory.
  // The postmaster's parent is its watchdog shell (the server may have other children, such as tsx's esbuild).
  const watchdog = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(postmaster?.pid)], { encoding: 'utf8' }).trim());
  t.ok(childrenOf(held.pid).includes(watchdog), 'the watchdog shell is a child of the server');
  // The shell forks its stdin watcher just after PostgreSQL: on a loaded machine it may not be there yet, and a
  // watcher left alive would shut PostgreSQL down when the server dies, which is not the orphan this test needs.
  await until('the watchdog to fork its watcher', () => childrenOf(watchdog).some((pid) => pid !== postmaster?.pid));
  const shells = [...childrenOf(watchdog).filter((pid) => pid !== postmaster?.pid), watchdog];
  for (const pid of [...shells, held.pid]) process.kill(pid, 'SIGKILL');
  await until('the server to die', () => !alive(held.pid));
  await new Promise((r) => setTimeout(r, 500));
  t.ok(postmaster && alive(postmaster.pid), 'an orphan keeps the data directory');
  const lines: string[] = [];
  const again = await startEmbeddedPostgres({ dataDir, onLog: (line) => lines.push(line) });
  t.teardown(() => again.stop());
  t.notOk(alive(postmaster?.pid ?? 0), 'the orphan was stopped');
  t.ok(
    lines.some((l) => l.includes(`stopping PostgreSQL (pid ${postmaster?.pid})`)),
    'and the log says so',
  );
  t.equal(await login(again.url, new URL(again.url).password), 'ok', 'the new one serves');
});

t.test('a PostgreSQL still owned by a live server is not touched: the start says whose it is', async (t) => {
  const held = await holder(dataDir);
  t.teardown(() => process.kill(held.pid, 'SIGKILL'));
  await t.rejects(startEmbeddedPostgres({ dataDir }), { message: new RegExp(`still running \\(pid ${held.pid}\\)`) });
  const joined = await startEmbeddedPostgres({ dataDir, joinRunning: true });
  t.equal(await login(joined.url, new URL(joined.url).password), 'ok', 'npm run rebuild may join it');
});

t.test('PostgreSQL killed under a supervised start comes back by itself', async (t) => {
  await until('the last holder to let go', async () => (await livePostmaster(dataDir)) === null);
  const events: EmbeddedEvent[] = [];
  const db = await startEmbeddedPostgres({ dataDir, restartWithinMs: 30_000, onEvent: (e) => events.push(e) });
  t.teardown(() => db.stop());
  const sql = postgres(db.url, { max: 2, onnotice: () => undefined, connect_timeout: 2 });
  t.teardown(() => sql.end({ timeout: 1 }));
  await sql`create table if not exists marks (n int)`;
  await sql`insert into marks values (1)`;
  const postmaster = await livePostmaster(dataDir);
  const killed = Date.now();
  process.kill(postmaster?.pid ?? 0, 'SIGKILL');
  // A backend of the killed postmaster may answer one more query before it notices: wait for the restart first.
  await until('the restart', () => events.some((e) => e.kind === 'restarted'));
  await until('queries to succeed again', () =>
    sql`select count(*)::int as n from marks`.then(
      (rows) => rows[0]?.n === 1,
      () => false,
    ),
  );
  const ms = Date.now() - killed;
  t.same(
    events.map((e) => e.kind),
    ['exited', 'restarted'],
    `restarted; queries succeed again ${ms} ms after the kill`,
  );
  t.equal((await livePostmaster(dataDir))?.port, postmaster?.port, 'on the same port, so every pool reconnects');
});

t.test('a start failure says what went wrong', async (t) => {
  const busy = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => busy.once('listening', r));
  t.teardown(() => busy.close());
  const port = (busy.address() as { port: number }).port;
  await t.rejects(startEmbeddedPostgres({ dataDir, port }), { message: /could not bind|Address already in use/ });
  const file = path.join(root, 'a-file');
  await writeFile(file, 'not a folder');
  await t.rejects(
    startEmbeddedPostgres({ dataDir: path.join(file, 'data') }),
    { message: /EEXIST|ENOTDIR/ },
    'a data directory under a file',
  );
});

t.test('root: a clone in a folder only root may enter still runs PostgreSQL', { skip: process.getuid?.() !== 0 }, async (t) => {
  const user = runAsFor(() => undefined);
  const locked = await mkdtemp(path.join(root, 'locked-'));
  await chmod(locked, 0o700);
  t.notOk(await reachable(locked, user), 'the postgres user cannot enter it');
  const native = path.join(locked, 'native');
  await mkdir(path.join(native, 'bin'), { recursive: true });
  await writeFile(path.join(native, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
  const staged = await runnableInstallation(native, `test-${path.basename(locked)}`, user);
  t.not(staged, native, 'binaries out of reach are copied');
  t.ok(await reachable(path.join(staged, 'bin', 'postgres'), user), 'to where the postgres user can run them');
  if (staged.startsWith(SYSTEM_DIR)) t.teardown(() => rm(staged, { recursive: true, force: true }));
  const moved = await clusterDirFor(path.join(locked, 'data'), user);
  t.ok(moved.moved, 'a data directory out of reach lives elsewhere');
  const db = await startEmbeddedPostgres({ dataDir: path.join(locked, 'data') });
  t.teardown(async () => {
    await db.stop();
    await rm(moved.dir, { recursive: true, force: true });
  });
  t.equal(await login(db.url, new URL(db.url).password), 'ok', 'and PostgreSQL runs');
  t.equal((await stat(`${path.join(locked, 'data')}.password`)).mode & 0o777, 0o600, 'its password stays in the clone');
});
