// Test databases: a fresh, migrated database per test (or per file), on DATABASE_URL's server when set,
// else on one embedded server per test process.
import { randomUUID } from 'node:crypto';
import { connect, type Database } from './database';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';

export interface TestDatabaseServer {
  /** A new empty database with the migrations applied; closing it drops it. */
  create(): Promise<Database>;
  /** Stop the embedded server this process started (a no-op on DATABASE_URL). */
  stop(): Promise<void>;
}

export async function startTestDatabaseServer(): Promise<TestDatabaseServer> {
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres();
  const base = process.env.DATABASE_URL ?? (embedded?.url as string);
  const admin = connect(base, 2);
  return {
    async create() {
      const name = `delve_test_${randomUUID().replaceAll('-', '')}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const sql = connect(url.toString());
      await migrate(sql);
      return {
        sql,
        url: url.toString(),
        embedded: false,
        async close() {
          await sql.end({ timeout: 5 });
          await admin.unsafe(`drop database if exists ${name} with (force)`);
        },
      };
    },
    async stop() {
      await admin.end({ timeout: 5 });
      await embedded?.stop();
    },
  };
}

/** One database for a test file; closing it also stops the embedded server it started. */
export async function openTestDatabase(): Promise<Database> {
  const server = await startTestDatabaseServer();
  const db = await server.create();
  return {
    ...db,
    async close() {
      await db.close();
      await server.stop();
    },
  };
}

export { startEmbeddedPostgres };
export { TcpProxy, type Upstream } from './tcpProxy';
