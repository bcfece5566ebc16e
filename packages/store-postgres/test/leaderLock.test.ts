// Advisory locks are the server's, not a database's: each database on a shared server elects its own leader.
import t from 'tap';
import { AdvisoryLeaderLock } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';

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
