// The sole writer's lock (ADR 0060): while one process holds it no other process can append, it is taken only when no
// other append is in flight, a lost session ends it at once, and each taking is a new epoch.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { EventData } from '@delve/kernel';
import { HELD_BY_SOLE_WRITER, PostgresEventStore, SoleWriterLock } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';
import { eventually } from './support/eventually';

const server = await startTestDatabaseServer();
t.teardown(() => server.stop());

const event = (n: number): EventData => ({ id: randomUUID(), type: 'Noted', data: { n }, metadata: {} });

/** A lock whose changes a test can wait for. */
function watched(
  sql: ConstructorParameters<typeof SoleWriterLock>[0],
  options: { pollMs?: number; trustMs?: number; now?: () => number } = {},
) {
  const changes: boolean[] = [];
  const waiters: { held: boolean; resolve: () => void }[] = [];
  const lock = new SoleWriterLock(sql, {
    pollMs: 50,
    ...options,
    onChange: (held) => {
      changes.push(held);
      for (const w of waiters.splice(0))
        if (w.held === held) w.resolve();
        else waiters.push(w);
    },
  });
  const until = (held: boolean) =>
    lock.holding() === held ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ held, resolve }));
  return { lock, changes, until };
}

t.test('while one process holds the lock, every other append is refused, and its own go through', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const sole = watched(db.sql);
  sole.lock.start();
  await sole.until(true);
  t.equal(sole.lock.epoch(), 1, 'the first taking is epoch 1');
  const own = new PostgresEventStore(db.sql, { soleWriter: sole.lock });
  const other = new PostgresEventStore(db.sql);
  t.same((await own.appendToStream('s-1', [event(0)], { expectedRevision: 'no_stream' })).nextExpectedRevision, 0, 'its own append lands');
  await t.rejects(
    other.appendToStream('s-1', [event(1)], { expectedRevision: 0 }),
    { code: HELD_BY_SOLE_WRITER },
    'another writer is refused at an exact revision',
  );
  await t.rejects(other.appendToStream('s-2', [event(0)]), { code: HELD_BY_SOLE_WRITER }, 'and at any revision');
  await t.rejects(
    other.appendToStream('s-3', [event(0), event(1)], { expectedRevision: 'no_stream' }),
    { code: HELD_BY_SOLE_WRITER },
    'and with several events',
  );
  t.same(
    (await db.sql`select stream_id from events order by global_position`).map((r) => r.stream_id),
    ['s-1'],
    'nothing else landed',
  );

  await sole.lock.stop();
  t.equal(sole.lock.epoch(), null, 'stopped: no epoch');
  t.same((await other.appendToStream('s-1', [event(1)], { expectedRevision: 0 })).nextExpectedRevision, 1, 'then the other writer appends');
});

t.test('the lock is taken only while no other append is in flight, and a new taking is a new epoch', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  // Another writer's append holds the lock shared until its transaction ends.
  const open = await db.sql.reserve();
  t.teardown(() => open.release());
  await open`begin`;
  await open`select delve_may_write()`;
  const sole = watched(db.sql);
  sole.lock.start();
  t.teardown(() => sole.lock.stop());
  t.ok(
    await eventually(
      async () =>
        (
          await db.sql`select count(*)::int as n from pg_stat_activity where query like '%pg_try_advisory_xact_lock(delve_writers_key())%' and state <> 'active' and pid <> pg_backend_pid()`
        )[0]?.n >= 1,
    ),
    'the lock was asked for',
  );
  t.equal(sole.lock.epoch(), null, 'not taken while the append is in flight');
  await open`commit`;
  await sole.until(true);
  t.equal(sole.lock.epoch(), 1, 'taken once it ended');

  // What PostgreSQL restarting (or an operator) does to the lock's session.
  const [holder] = await db.sql<{ pid: number }[]>`select l.pid from pg_locks l join pg_stat_activity a using (pid)
      where l.locktype = 'advisory' and l.mode = 'ExclusiveLock' and l.granted and a.datname = current_database()`;
  t.ok(holder, 'one session holds it');
  await db.sql`select pg_terminate_backend(${holder?.pid ?? 0})`;
  await sole.until(false);
  t.equal(sole.lock.epoch(), null, 'a lost session ends the epoch at once');
  await sole.until(true);
  t.equal(sole.lock.epoch(), 2, 'taken again: a new epoch');
  t.same(sole.changes, [true, false, true]);
});

t.test('an epoch lasts only trustMs past the last check of its session', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  let now = 0;
  const sole = watched(db.sql, { pollMs: 60_000, trustMs: 3_000, now: () => now });
  sole.lock.start();
  t.teardown(() => sole.lock.stop());
  await sole.until(true);
  now = 2_999;
  t.equal(sole.lock.epoch(), 1, 'within trustMs of the taking');
  now = 3_000;
  t.equal(sole.lock.epoch(), null, 'not past it, though the lock is still held (a session cut without a word)');
  t.ok(sole.lock.holding(), 'its own appends still skip the shared lock');
});

t.test('a sole writer killed with SIGKILL frees the database for the others', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL('./support/holdSoleWriter.ts', import.meta.url)), db.url],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  t.teardown(() => void child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before holding the lock`)));
  });
  const other = new PostgresEventStore(db.sql);
  await t.rejects(
    other.appendToStream('s-1', [event(0)], { expectedRevision: 'no_stream' }),
    { code: HELD_BY_SOLE_WRITER },
    'refused while it runs',
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  // PostgreSQL frees the lock once it sees the session's socket close: asked again until it has (bounded).
  t.ok(
    await eventually(() =>
      other.appendToStream('s-1', [event(0)], { expectedRevision: 'no_stream' }).then(
        () => true,
        (error: { code?: string }) => (error.code === HELD_BY_SOLE_WRITER ? false : Promise.reject(error)),
      ),
    ),
    'the others append once it is gone',
  );
});
