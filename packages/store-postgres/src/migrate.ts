// Applies migrations/NNN_*.sql in order, once each, under an advisory lock so concurrent starts do not race.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
const LOCK_KEY = 7_305_001; // any constant shared by every Delve node

export async function migrate(sql: Sql, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())`;
    const done = new Set((await tx<{ version: string }[]>`select version from schema_migrations`).map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(await readFile(`${dir}/${file}`, 'utf8'));
      await tx`insert into schema_migrations (version) values (${file})`;
      applied.push(file);
    }
  });
  return applied;
}

/** True when every migration file has been applied (for readiness checks). */
export async function migrationsApplied(sql: Sql, dir: string = MIGRATIONS_DIR): Promise<boolean> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.*\.sql$/.test(f));
  try {
    const rows = await sql<{ version: string }[]>`select version from schema_migrations`;
    const done = new Set(rows.map((r) => r.version));
    return files.every((f) => done.has(f));
  } catch {
    return false;
  }
}
