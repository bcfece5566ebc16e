// Advisory locks are the server's, not a database's: each database on a shared server elects its own leader.
import t from 'tap';
import { AdvisoryLeaderLock } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';
import { eventually } from './support/eventually';

const server = await startTestDatabaseServer();
t.teardown(() => server.stop());

t.test('one leader per lock name within a database, and one per database on a shared server', async (t) => {
  const [first, second] = [await server.create(), await server.create()];
  t.teardown(async () => {
    await first.close();
    await second.close();
  });
  const leader = new AdvisoryLeaderLock(first.sql, 'read-models');
  const rival = new AdvisoryLeaderLock(first.sql, 'read-models');
  const elsewhere = new AdvisoryLeaderLock(second.sql, 'read-models');
  t.ok(await leader.tryAcquire(), 'the first node of a database leads');
  t.notOk(await rival.tryAcquire(), 'a second node of the same database waits');
  t.ok(await new AdvisoryLeaderLock(first.sql, 'process:game-outcomes').tryAcquire(), 'another name is another lock');
  t.ok(await elsewhere.tryAcquire(), 'a node of another database on the same server leads its own');
  await leader.release();
  t.ok(await rival.tryAcquire(), 'released: the waiting node takes over');
  await rival.release();
  await elsewhere.release();
});

t.test('a lock lost with its session ends the lead, release() does not hang, and another node takes over', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const leader = new AdvisoryLeaderLock(db.sql, 'read-models');
  const rival = new AdvisoryLeaderLock(db.sql, 'read-models');
  t.ok(await leader.tryAcquire(), 'the first node leads');
  const holders = async () =>
    db.sql<{ pid: number }[]>`select l.pid from pg_locks l join pg_stat_activity a using (pid)
      where l.locktype = 'advisory' and l.granted and a.datname = current_database()`;
  const [holder] = await holders();
  t.ok(holder, 'one session holds the lock');
  // What PostgreSQL restarting (or an operator) does to the leader's session.
  await db.sql`select pg_terminate_backend(${holder?.pid ?? 0})`;
  const deadline = (what: string) =>
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not settle within 10 s`)), 10_000).unref());
  // The server frees the lock as the session ends: the rival takes it (polled, bounded).
  t.ok(await eventually(() => rival.tryAcquire()), 'another node takes the lock');
  // The old leader learns of its lost session when its driver sees the socket close, which may come after the
  // rival's answer: it must stop claiming the lead then (polled, bounded), without a query of its own hanging.
  t.ok(await eventually(async () => !(await leader.tryAcquire())), 'the old leader no longer claims the lead');
  await Promise.race([leader.release(), deadline('release() of a lost lock')]);
  t.pass('release() of the lost lock settles');
  t.same(await Promise.race([db.sql`select 1 as one`, deadline('a query on the pool')]), [{ one: 1 }], 'the pool still works');
  await rival.release();
  t.same(await holders(), [], 'released: nobody holds it');
});
