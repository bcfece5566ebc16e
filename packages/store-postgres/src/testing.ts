// Test databases: a fresh database per test file, on DATABASE_URL's server when set, else on an embedded server.
import { randomUUID } from 'node:crypto';
import { connect, openDatabase, type Database } from './database';
import { startEmbeddedPostgres } from './embedded';
import { migrate } from './migrate';

export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({});
  const name = `delve_test_${randomUUID().replaceAll('-', '')}`;
  const admin = connect(base, 1);
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
      await admin.end({ timeout: 5 });
    },
  };
}

export { startEmbeddedPostgres };
