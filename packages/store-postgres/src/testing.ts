// Test databases: a fresh, migrated database per test (or per file), on DATABASE_URL's server when set,
// else on one embedded server per test process.
import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { connect, type Database } from './database';
import { leaderKey } from './lockKey';
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

/**
 * The process id of the server whose session holds leader lock `name` on `sql`'s database (its pool names each session
 * `delve/<pid>`), or null while no process leads. For tests that kill a leader in the middle of its work.
 */
export async function leaderPid(sql: Sql, name: string): Promise<number | null> {
  const [database] = await sql<{ name: string }[]>`select current_database() as name`;
  // An advisory lock on one bigint shows its high and low 32 bits as classid and objid (the shift wraps like an int8).
  const [row] = await sql<{ pid: number }[]>`
    select split_part(a.application_name, '/', 2)::int as pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1 and a.datname = current_database()
       and a.application_name like 'delve/%'
       and ((l.classid::bigint << 32) | l.objid::bigint) = ${leaderKey(String(database?.name), name)}::bigint`;
  return row?.pid ?? null;
}

export { startEmbeddedPostgres };
export { TcpProxy, type Upstream } from './tcpProxy';
