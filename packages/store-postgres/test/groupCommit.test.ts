import { randomUUID } from 'node:crypto';
import t from 'tap';
import { WrongExpectedVersionError } from '@delve/kernel';
import { batchInsert } from '../src/groupCommit';
import { PostgresEventStore } from '../src/index';
import { openTestDatabase } from '../src/testing';

const db = await openTestDatabase();
t.teardown(() => db.close());
const event = (n: number) => ({ id: randomUUID(), type: 'E', data: { n } });

t.test('concurrent appends are merged into shared transactions and all land, in order', async (t) => {
  const store = new PostgresEventStore(db.sql);
  const streams = Array.from({ length: 50 }, (_, i) => `gc-${i}`);
  for (let round = 0; round < 4; round++) {
    await Promise.all(
      streams.map((s) =>
        store.appendToStream(s, [event(round), event(round)], { expectedRevision: round === 0 ? 'no_stream' : round * 2 - 1 }),
      ),
    );
  }
  const [row] = await db.sql<{ transactions: number; events: number }[]>`
    select count(distinct transaction_id)::int as transactions, count(*)::int as events from events where stream_id like 'gc-%'`;
  t.equal(row?.events, 400);
  t.ok((row?.transactions ?? 400) < 200, `fewer transactions (${row?.transactions}) than appends (200)`);
  for (const s of streams.slice(0, 3)) {
    t.same(
      (await store.readStream(s)).map((e) => [e.revision, (e.data as { n: number }).n]),
      [
        [0, 0],
        [1, 0],
        [2, 1],
        [3, 1],
        [4, 2],
        [5, 2],
        [6, 3],
        [7, 3],
      ],
    );
  }
});

t.test('within one batch a refused append does not hold back the others', async (t) => {
  const store = new PostgresEventStore(db.sql);
  await store.appendToStream('gc-x', [event(0)], { expectedRevision: 'no_stream' });
  const results = await Promise.allSettled([
    store.appendToStream('gc-x', [event(1)], { expectedRevision: 5 }),
    store.appendToStream('gc-y', [event(1)], { expectedRevision: 'no_stream' }),
    store.appendToStream('gc-z', [event(1)], { expectedRevision: 'no_stream' }),
  ]);
  t.match(results[0], { status: 'rejected', reason: WrongExpectedVersionError });
  t.match(results[0], { reason: { expected: '5', actual: '0' } });
  t.match(results.slice(1), [{ status: 'fulfilled' }, { status: 'fulfilled' }]);
});

t.test('a writer in another process winning the race sends the batch to the single path: one winner', async (t) => {
  const ours = new PostgresEventStore(db.sql);
  const theirs = new PostgresEventStore(db.sql, { groupCommit: false });
  await ours.appendToStream('gc-race', [event(0)], { expectedRevision: 'no_stream' });
  const results = await Promise.allSettled([
    ...Array.from({ length: 5 }, () => ours.appendToStream('gc-race', [event(1)], { expectedRevision: 0 })),
    ...Array.from({ length: 5 }, () => theirs.appendToStream('gc-race', [event(1)], { expectedRevision: 0 })),
    ours.appendToStream('gc-bystander', [event(1)], { expectedRevision: 'no_stream' }),
  ]);
  t.equal(results.slice(0, 10).filter((r) => r.status === 'fulfilled').length, 1, 'exactly one racer wins');
  t.equal(results[10]?.status, 'fulfilled', 'the bystander in the same batch lands');
  t.equal((await ours.readStream('gc-race')).length, 2);
});

t.test('a batch checks each stream head by index probe, never by scanning the events table', async (t) => {
  const db = await openTestDatabase();
  t.teardown(() => db.close());
  // 200 streams of 100 events, with statistics: the size at which the old hashed-subplan plan scanned the table.
  await db.sql`
    insert into events (stream_id, revision, event_id, type, data, metadata)
    select 'big-' || s, r, gen_random_uuid(), 'E', '{}'::json, '{}'::json from generate_series(1, 200) s, generate_series(0, 99) r`;
  await db.sql`analyze events`;
  const batch = Array.from({ length: 200 }, (_, i) => ({ streamId: `big-${i + 1}`, base: i % 2 === 0 ? 99 : -1, events: [event(i)] }));
  const [row] = await db.sql<{ 'QUERY PLAN': unknown }[]>`explain (format json) ${batchInsert(db.sql, batch)}`;
  const scans: string[] = [];
  const visit = (node: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }) => {
    if (node['Relation Name'] === 'events') scans.push(node['Node Type']);
    for (const child of node.Plans ?? []) visit(child as typeof node);
  };
  visit((row?.['QUERY PLAN'] as { Plan: Parameters<typeof visit>[0] }[])[0]?.Plan as Parameters<typeof visit>[0]);
  t.ok(scans.length > 0, `the plan reads events (${scans.join(', ')})`);
  t.notOk(scans.includes('Seq Scan'), 'no sequential scan of events');
});
