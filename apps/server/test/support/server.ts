// `npm start` as a child process on a given database, for kill -9 tests: start, wait until ready, talk HTTP, poll.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const SERVER = new URL('../../src/server.ts', import.meta.url).pathname;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  readonly base: string;
  stderr(): string;
}

/** The server on `databaseUrl` and `port`, with the given game packages, once it answers /ready. */
export async function startServer(databaseUrl: string, port: number, gamePackages: string): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      GAME_PACKAGES: gamePackages,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, exited, base, stderr: () => err };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become ready: ${err}`);
}

/** One JSON request; the status and the parsed body. */
export async function http(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Json }> {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  return { status: reply.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Poll `probe` every 100 ms until it gives a value. */
export async function until<T>(what: string, probe: () => Promise<T | null>, seconds = 60): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
