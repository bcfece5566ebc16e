// $all is final below the oldest transaction that may still write here: one running in this database holds readers
// back (its events could land before those already committed), one running in another database on the server does not.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import type { Sql } from 'postgres';
import { PostgresEventStore } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';

const server = await startTestDatabaseServer();
t.teardown(() => server.stop());
const here = await server.create();
const elsewhere = await server.create();
t.teardown(async () => {
  await here.close();
  await elsewhere.close();
});
await elsewhere.sql`create table scratch (n int)`;

/** A transaction on `sql` that has taken a transaction id and stays open until `end()` is called. */
async function openTransaction(sql: Sql, write: (tx: Sql) => Promise<unknown>): Promise<{ end: () => Promise<void> }> {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = sql.begin(async (tx) => {
    await write(tx as unknown as Sql);
    started();
    await ended;
  });
  await running;
  return {
    end: async () => {
      end();
      await done;
    },
  };
}

const store = new PostgresEventStore(here.sql, { groupCommit: false });
const event = () => ({ id: randomUUID(), type: 'Noted', data: { type: 'Noted' }, metadata: {} });
const streams = async () => (await store.readAll()).map((e) => e.streamId);

t.test('a transaction still running in this database holds back what committed after it', async (t) => {
  const open = await openTransaction(here.sql, (tx) => tx`select pg_current_xact_id()`);
  const stream = `late-${randomUUID()}`;
  await store.appendToStream(stream, [event()]);
  t.notOk((await streams()).includes(stream), 'not yet: the open transaction could still commit events before it');
  await open.end();
  t.ok((await streams()).includes(stream), 'once it has ended, the event is read');
});

t.test('a transaction running in another database on the same server holds back nothing here', async (t) => {
  const open = await openTransaction(elsewhere.sql, (tx) => tx`insert into scratch values (1)`);
  t.teardown(() => open.end());
  const stream = `free-${randomUUID()}`;
  await store.appendToStream(stream, [event()]);
  t.ok((await streams()).includes(stream), 'read at once: the other database cannot write these events');
});
