// The games list projection on its worker thread: it follows the store, gives its lock back on stop, and a thread
// that cannot start is reported and tried again rather than silently leaving the list stale.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { postgresReadModels } from '@delve/projections';
import { AdvisoryLeaderLock, PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { startProjectionWorker, type ProjectionWorkerOptions } from '../src/projectionWorker';
import { READ_MODELS_LOCK } from '../src/readModels';

const db = await openTestDatabase();
t.teardown(() => db.close());

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A worker on `databaseUrl` (PostgreSQL as the event store too) whose reported errors are collected. */
function watchedWorker(databaseUrl: string, options: Partial<ProjectionWorkerOptions> = {}) {
  const errors: unknown[] = [];
  const worker = startProjectionWorker({ databaseUrl, eventStoreUrl: null, onError: (e) => errors.push(e), ...options });
  return { worker, errors };
}

t.test('the worker keeps the games list caught up, and stop() releases the leader lock', async (t) => {
  const { worker, errors } = watchedWorker(db.url);
  const store = new PostgresEventStore(db.sql);
  const id = randomUUID();
  await store.appendToStream(
    `game-${id}`,
    [{ id: randomUUID(), type: 'GameCreated', data: { type: 'GameCreated', module: 'toy', seats: 2 } }],
    {
      expectedRevision: 'no_stream',
    },
  );
  const list = postgresReadModels(db.sql);
  const listed = await until(async () => (await list.games({ limit: 10 })).items.find((g) => g.id === id), 'the game in the list');
  t.match(listed, { id, module: 'toy', status: 'open', openSeats: 2 });

  const lock = new AdvisoryLeaderLock(db.sql, READ_MODELS_LOCK);
  t.equal(await lock.tryAcquire(), false, 'the worker leads while it runs');
  await worker.stop();
  t.equal(await lock.tryAcquire(), true, 'the lock is free once stop() resolves');
  await lock.release();
  t.same(errors, [], 'no errors on the way');
});

t.test('runner errors (an unreachable database) reach onError, and stop() still ends the thread', async (t) => {
  const { worker, errors } = watchedWorker('postgres://nobody:wrong@127.0.0.1:1/none');
  await until(async () => (errors.length > 0 ? true : undefined), 'an error');
  t.match(String((errors[0] as Error).message), /ECONNREFUSED/, 'the connection failure itself is reported');
  await worker.stop();
});

t.test('a thread that dies is reported and started again until stopped', async (t) => {
  // A URL the driver refuses outright: the thread throws while starting, every time.
  const { worker, errors } = watchedWorker('postgres://u@[::1/db', { restartDelayMs: 10 });
  await until(async () => (errors.filter((e) => /starting it again/.test(String(e))).length >= 2 ? true : undefined), 'two restarts');
  t.ok(
    errors.some((e) => /Invalid URL/.test(String(e))),
    'the reason is reported too',
  );
  await worker.stop();
  const seen = errors.length;
  await new Promise((r) => setTimeout(r, 100));
  t.equal(errors.length, seen, 'no restart after stop()');
});
