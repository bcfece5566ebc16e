// Servers as processes for the benches, measured from outside: Delve as `npm start` runs it (the compiled build, one
// process or a primary and its workers) and the floor (bench/floorServer.ts) in the same shapes; their CPU time and
// resident memory read from /proc, for the whole tree of processes.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import type { Sql } from 'postgres';
import type { FloorKind } from './floorServer';

const ROOT = new URL('../', import.meta.url).pathname;
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface BenchServer {
  readonly base: string;
  readonly child: ChildProcess;
  /** The server's processes: the one started and its node children (a cluster's workers), not PostgreSQL's. */
  processes(): number[];
  /** CPU time (user + system, µs) each process has used so far, by pid. */
  cpu(): Map<number, number>;
  /** Resident memory (bytes) of each process now, by pid. */
  rss(): Map<number, number>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const stat = (pid: number): string[] => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};

/** Every child process of `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((n) => n > 0);
  } catch {
    return []; // no children
  }
}

/** The node processes among `pid`'s children. */
function nodeChildren(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // no children
  }
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([id, command]) => Number(id) > 0 && command === 'node')
    .map(([id]) => Number(id));
}

function measured(child: ChildProcess, base: string, stop: () => Promise<void>): BenchServer {
  const processes = () => [child.pid as number, ...nodeChildren(child.pid as number)];
  const each = (read: (fields: string[]) => number) => {
    const out = new Map<number, number>();
    for (const pid of processes()) {
      try {
        out.set(pid, read(stat(pid)));
      } catch {
        // gone meanwhile
      }
    }
    return out;
  };
  return {
    base,
    child,
    processes,
    // Fields after the command: utime and stime are the 12th and 13th, rss (pages) the 22nd.
    cpu: () => each((f) => ((Number(f[11]) + Number(f[12])) * 1e6) / TICKS),
    rss: () => each((f) => Number(f[21]) * 4096),
    stop,
  };
}

/** Spawn and wait for `ready`; a server that exits first fails with what it printed. */
async function started(child: ChildProcess, ready: (out: string) => Promise<boolean>, what: string): Promise<void> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (err += String(d)));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 1200; i++) {
    if (exited) throw new Error(`${what} exited before it was ready:\n${err}${out}`);
    if (await ready(out)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} was not ready within a minute:\n${err}`);
}

const stopped = (child: ChildProcess) => async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exit;
  clearTimeout(force);
};

const builds = new Map<string, Promise<unknown>>();

/**
 * What `npm start` runs in the checkout at `root` (node's arguments, the entry last), read from its package.json so the
 * benches follow it, after making the build as its prestart does (once per checkout and bench run).
 */
export async function npmStartArgs(root = ROOT): Promise<string[]> {
  if (!builds.has(root)) builds.set(root, promisify(execFile)(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root }));
  await builds.get(root);
  const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
  const [node, ...args] = (scripts.start ?? '').replace(/^exec /, '').split(/\s+/);
  if (node !== 'node' || !args.at(-1)?.endsWith('.js')) throw new Error(`npm start is not "node … <entry>.js": ${scripts.start}`);
  return args.map((arg, i) => (i === args.length - 1 ? `${root}${arg}` : arg));
}

/**
 * The project as it was at git revision `revision`, in a scratch folder (git archive: the repository is not touched),
 * using this checkout's installed packages, so a bench can run an earlier server beside the current one in the same
 * run. Workspace packages resolve to the scratch folder's own sources.
 */
/** One server measured beside others in the same run (BENCH_VARIANTS). */
export interface BenchVariant {
  readonly name: string;
  /** A git revision to build and run in a scratch folder (checkoutAt), or undefined for this checkout. */
  readonly revision: string | undefined;
  /** Environment over the bench's defaults. */
  readonly env: Readonly<Record<string, string>>;
}

/**
 * BENCH_VARIANTS: servers measured side by side, `name=…;name2=…`, each a comma-separated list of `@<git revision>`
 * (the project as it was then, built in a scratch folder) and `VAR=value` (its environment). Default: this checkout as
 * it is, named `fallback`. Benches run every variant in turn at each shape, so their figures share a run (e.g.
 * `before=@main;after=`).
 */
export function benchVariants(fallback: string): BenchVariant[] {
  return (process.env.BENCH_VARIANTS ?? `${fallback}=`)
    .split(';')
    .filter(Boolean)
    .map((spec) => {
      const [name = '', parts = ''] = spec.split(/=(.*)/s);
      const list = parts.split(',').filter(Boolean);
      const revision = list.find((p) => p.startsWith('@'))?.slice(1);
      const env = Object.fromEntries(
        list.filter((p) => !p.startsWith('@')).map((kv) => kv.split(/=(.*)/s).slice(0, 2) as [string, string]),
      );
      return { name, revision, env };
    });
}

/** A checkout of each variant given a revision, by name; `remove` deletes them all. */
export async function checkoutVariants(
  variants: readonly BenchVariant[],
): Promise<{ roots: Map<string, string>; remove(): Promise<void> }> {
  const made = await Promise.all(
    variants.filter((v) => v.revision !== undefined).map(async (v) => [v.name, await checkoutAt(v.revision as string)] as const),
  );
  return {
    roots: new Map(made.map(([name, checkout]) => [name, checkout.root])),
    remove: async () => void (await Promise.all(made.map(([, checkout]) => checkout.remove()))),
  };
}

export async function checkoutAt(revision: string): Promise<{ root: string; remove(): Promise<void> }> {
  const root = `${await mkdtemp(path.join(tmpdir(), 'delve-at-'))}/`;
  await promisify(execFile)('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'sh', revision, root], { cwd: ROOT });
  await mkdir(`${root}node_modules/@delve`, { recursive: true });
  for (const entry of readdirSync(`${ROOT}node_modules`)) {
    if (entry === '@delve') {
      // Relative links (../../packages/…): the same link here points at the revision's own sources.
      for (const name of readdirSync(`${ROOT}node_modules/@delve`))
        await symlink(readlinkSync(`${ROOT}node_modules/@delve/${name}`), `${root}node_modules/@delve/${name}`);
    } else await symlink(`${ROOT}node_modules/${entry}`, `${root}node_modules/${entry}`);
  }
  // Packages installed under a workspace (versions that differ from the root's).
  for (const name of readdirSync(`${ROOT}node_modules/@delve`)) {
    const workspace = path.resolve(`${ROOT}node_modules/@delve`, readlinkSync(`${ROOT}node_modules/@delve/${name}`));
    const own = path.join(workspace, 'node_modules');
    const there = path.join(root, path.relative(ROOT, workspace), 'node_modules');
    if (existsSync(own) && existsSync(path.dirname(there)) && !existsSync(there)) await symlink(own, there);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/**
 * Delve as `npm start` runs it, on `databaseUrl`, with WORKERS=`workers` and `env` over the bench's defaults (the toy
 * game, no logging, no rate limit to speak of). `nodeArgs` go before the entry (V8 flags, --inspect). Resolves when
 * /ready answers 200.
 */
export async function startDelve(
  databaseUrl: string | null,
  workers: number,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
  options: { fromSources?: boolean; /** Another checkout to run (see checkoutAt). */ root?: string } = {},
): Promise<BenchServer & { readyMs: number; stderr: () => string }> {
  const root = options.root ?? ROOT;
  // From sources, as `npm run dev` runs it: for comparison only; and as `npm start` ran a revision from before the build.
  const fromSources = options.fromSources === true || !existsSync(`${root}scripts/build.mjs`);
  const start = fromSources ? ['--import', 'tsx', `${root}apps/server/src/server.ts`] : await npmStartArgs(root);
  const args = [...start.slice(0, -1), ...nodeArgs, start.at(-1) as string];
  const port = await freePort();
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...inherited,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      PORT: String(port),
      WORKERS: String(workers),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '10000000',
      GAME_PACKAGES: '@delve/kernel/testing',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  const base = `http://127.0.0.1:${port}`;
  await started(
    child,
    () =>
      fetch(`${base}/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    'the Delve server',
  );
  return { ...measured(child, base, stopped(child)), readyMs: performance.now() - began, stderr: () => err };
}

/** A bench server script run through tsx on `databaseUrl`, resolved once it prints "listening". */
async function startScript(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  what: string,
  nodeArgs: readonly string[] = [],
): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, `${ROOT}bench/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await started(child, async (out) => out.includes('listening'), what);
  return measured(child, `http://127.0.0.1:${port}`, stopped(child));
}

/** The floor server of `kind` in `processes` processes on `databaseUrl`; resolves once every process listens. */
export function startFloor(kind: FloorKind, processes: number, databaseUrl: string): Promise<BenchServer> {
  return startScript('floorServer.ts', [kind], { DATABASE_URL: databaseUrl, FLOOR_PROCESSES: String(processes) }, `the ${kind} floor`);
}

/** The capacity floor (bench/capacityFloor.ts) in one process on `databaseUrl`; resolves once it listens. */
export function startCapacityFloor(databaseUrl: string, nodeArgs: readonly string[] = []): Promise<BenchServer> {
  return startScript('capacityFloor.ts', [], { DATABASE_URL: databaseUrl, NODE_ENV: 'production' }, 'the capacity floor', nodeArgs);
}

/**
 * CPU time (µs) a PostgreSQL cluster has used so far: its postmaster (found from the data directory the server
 * reports) with the backends it has reaped, and the backends still running.
 */
export async function postgresCpu(sql: Sql): Promise<() => number> {
  const [row] = await sql<{ data_directory: string }[]>`show data_directory`;
  const postmaster = Number(readFileSync(`${String(row?.data_directory)}/postmaster.pid`, 'utf8').split('\n')[0]);
  return () => {
    let total = 0;
    for (const pid of [postmaster, ...childrenOf(postmaster)]) {
      try {
        const f = stat(pid);
        // utime, stime; for the postmaster also cutime and cstime: the backends that exited.
        total += Number(f[11]) + Number(f[12]) + (pid === postmaster ? Number(f[13]) + Number(f[14]) : 0);
      } catch {
        // gone meanwhile
      }
    }
    return (total * 1e6) / TICKS;
  };
}

/** CPU µs used by the server's processes between two readings of cpu(), in total and per process. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): { total: number; each: number[] } {
  const each = [...after].map(([pid, micros]) => micros - (before.get(pid) ?? 0));
  return { total: each.reduce((a, b) => a + b, 0), each };
}
