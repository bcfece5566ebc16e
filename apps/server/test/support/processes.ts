// Servers as separate processes for the crash, fault, cluster and two-node tests: from sources (`node --import tsx
// server.ts`) or as `npm start` runs it (the compiled build), plain HTTP against it, and polling with a deadline.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const SERVER = new URL('../../src/server.ts', import.meta.url).pathname;
const ROOT = new URL('../../../../', import.meta.url).pathname;
let built: Promise<unknown> | null = null;
/** The compiled build, made (as npm start's prestart does) once per test process when it is missing or stale. */
const compiledServer = async (): Promise<string> => {
  built ??= promisify(execFile)(process.execPath, [`${ROOT}scripts/build.mjs`, '--if-stale'], { cwd: ROOT });
  await built;
  return `${ROOT}apps/server/dist/server.js`;
};
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  base: string;
  /** Milliseconds from the spawn to the first 200 from /ready. */
  readyMs: number;
  stderr(): string;
  /** The log (JSON lines), from the primary and every worker. */
  stdout(): string;
}

export interface StartOptions {
  /** Run the compiled build as `npm start` does, rather than the sources through tsx. */
  readonly compiled?: boolean;
  /** Node options before the script (a bench's `--cpu-prof`). */
  readonly execArgv?: readonly string[];
}

/**
 * The server on `port` with `env` over a clean environment (no DATABASE_URL or DATA_DIR of the caller's), the toy game
 * (whose characters have a small progression) loaded, no rate limit to speak of, and one process unless `env` sets
 * WORKERS. Resolves once /ready answers 200.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  seconds = 120,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const args = [...(options.execArgv ?? []), ...(options.compiled ? [await compiledServer()] : ['--import', 'tsx', SERVER])];
  const began = Date.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...inherited,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '10000000',
      GAME_PACKAGES: '@delve/kernel/testing',
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  child.stdout?.on('data', (d) => (out += String(d)));
  // A test process stopped short (a timeout) must not leave its servers running: they go with it.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      process.removeListener('exit', orphaned);
      resolve({ code, signal });
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < seconds * 10 && !gone; i++) {
    const ready = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, exited, base, readyMs: Date.now() - began, stderr: () => err, stdout: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready: ${err}`);
}

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

/** One request; a refused or reset connection rejects, as fetch does. */
export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string | undefined> = {},
): Promise<Answer> {
  const given = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...given },
    ...(body !== undefined && { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await reply.text();
  return { status: reply.status, body: text === '' ? undefined : JSON.parse(text), headers: reply.headers };
}

/** `Authorization: Bearer <token>`, or nothing. */
export const bearer = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** One request as a caller holding `token` (a seat token or a player key), or none. */
export const httpAs = (base: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer> =>
  http(base, method, path, body, bearer(token));

export async function until<T>(what: string, probe: () => Promise<T | null>, seconds = 60): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
