// Adapter-level tests beyond the shared contract: both append protocols, replay positions, $-events, paging, cancellation.
import { randomUUID } from 'node:crypto';
import t, { type Test } from 'tap';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { StreamNotFoundError, WrongExpectedVersionError, type EventData, type RecordedEvent } from '@delve/kernel';
import { openEsdbEventStore, type EsdbEventStore } from '../src/index';
import { startEsdbDouble, type EsdbDouble, type EsdbDoubleOptions } from './double/server';

const event = (type: string, data: unknown = {}, metadata?: Record<string, unknown>): EventData => ({
  id: randomUUID(),
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

interface Fixture {
  double: EsdbDouble;
  store: EsdbEventStore;
  /** A raw client, to write what our port cannot (system streams and events). */
  raw: EventStoreDBClient;
}

async function fixture(t: Test, options: EsdbDoubleOptions = {}): Promise<Fixture> {
  const double = await startEsdbDouble(options);
  const store = await openEsdbEventStore(double.connectionString);
  const raw = EventStoreDBClient.connectionString(double.connectionString);
  t.teardown(async () => {
    await store.close();
    await raw.dispose();
    await double.stop();
  });
  return { double, store, raw };
}

async function until(condition: () => boolean, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

for (const batchAppend of [true, false]) {
  const protocol = batchAppend ? 'BatchAppend' : 'the older Append';

  t.test(`through ${protocol}: a wrong expected revision carries what was expected and what was found`, async (t) => {
    const { store, double } = await fixture(t, { batchAppend });
    await store.appendToStream('game-1', [event('A'), event('B')], { expectedRevision: 'no_stream' });
    t.match(await rejection(store.appendToStream('game-1', [event('C')], { expectedRevision: 0 })), {
      constructor: WrongExpectedVersionError,
      streamId: 'game-1',
      expected: '0',
      actual: '1',
    });
    t.match(await rejection(store.appendToStream('game-2', [event('C')], { expectedRevision: 'stream_exists' })), {
      expected: 'stream_exists',
      actual: 'no_stream',
    });
    t.same(
      double.log.all.filter((e) => !e.streamId.startsWith('$')).map((e) => e.type),
      ['A', 'B'],
      'the double stored only the accepted append',
    );
    t.ok(double.calls.get(batchAppend ? 'BatchAppend' : 'Append'), `the client used ${protocol}`);
    t.notOk(double.calls.get(batchAppend ? 'Append' : 'BatchAppend'), 'and not the other one');
  });

  t.test(`through ${protocol}: a replayed batch returns its own revision and position, even behind the head`, async (t) => {
    const { store } = await fixture(t, { batchAppend });
    const batch = [event('A'), event('B')];
    const first = await store.appendToStream('game-1', batch, { expectedRevision: 'no_stream' });
    await store.appendToStream('game-1', [event('C')], { expectedRevision: 1 });
    t.same(await store.appendToStream('game-1', batch, { expectedRevision: 'no_stream' }), first, 'exact replay');
    t.same(await store.appendToStream('game-1', batch, { expectedRevision: 'any' }), first, 'replay with any');
    t.same(await store.appendToStream('game-1', batch, { expectedRevision: 'stream_exists' }), first, 'replay with stream_exists');
    t.equal((await store.readStream('game-1')).length, 3, 'nothing was written twice');
  });
}

t.test('a replay answered without a position (older servers) gets the position by reading the event back', async (t) => {
  const { store } = await fixture(t, { positionOnReplay: false });
  const batch = [event('A'), event('B')];
  const first = await store.appendToStream('game-1', batch);
  t.same(await store.appendToStream('game-1', batch), first);
});

t.test('events read without a position (servers before 22.6) are refused loudly, not given a fake one', async (t) => {
  const { store } = await fixture(t, { positionsOnStreamReads: false });
  await store.appendToStream('game-1', [event('A')]);
  await t.rejects(store.readStream('game-1'), /22\.10 or later/);
  t.same(
    (await store.readAll()).map((e) => e.type),
    ['A'],
    '$all reads still carry positions',
  );
});

t.test('a retry whose ids only partly match what is stored is refused, as EventStoreDB does', async (t) => {
  const { store } = await fixture(t);
  const [a, b] = [event('A'), event('B')];
  await store.appendToStream('game-1', [a, b]);
  t.type(await rejection(store.appendToStream('game-1', [a, event('X')])), WrongExpectedVersionError, 'any: first id known, second new');
  t.type(
    await rejection(store.appendToStream('game-1', [b, a], { expectedRevision: 'no_stream' })),
    WrongExpectedVersionError,
    'exact: the ids are stored, but not in that place',
  );
  t.same(
    (await store.readStream('game-1')).map((e) => e.type),
    ['A', 'B'],
  );
});

t.test('an empty append checks the expected revision and writes nothing', async (t) => {
  const { store } = await fixture(t);
  t.same(await store.appendToStream('game-1', [], { expectedRevision: 'no_stream' }), {
    nextExpectedRevision: -1,
    position: { commit: 0n, prepare: 0n },
  });
  t.match(await rejection(store.appendToStream('game-1', [], { expectedRevision: 'stream_exists' })), {
    constructor: WrongExpectedVersionError,
    actual: 'no_stream',
  });
  const written = await store.appendToStream('game-1', [event('A')]);
  t.same(await store.appendToStream('game-1', [], { expectedRevision: 0 }), written);
  t.match(await rejection(store.appendToStream('game-1', [], { expectedRevision: 3 })), { expected: '3', actual: '0' });
  t.equal((await store.readStream('game-1')).length, 1, 'only the one real event was written');
});

t.test('$-prefixed system streams and events stay out of readAll and subscriptions, yet readStream can name them', async (t) => {
  const { store, raw } = await fixture(t);
  const subscription = store.subscribeToAll();
  await store.appendToStream('game-1', [event('Mine1')]);
  await raw.appendToStream('$system-thing', jsonEvent({ type: 'Hidden', data: {} }));
  await raw.appendToStream('game-1', jsonEvent({ type: '$HiddenType', data: {} }));
  await store.appendToStream('game-1', [event('Mine2')], { expectedRevision: 1 });
  const seen: RecordedEvent[] = [];
  for await (const e of subscription) if (seen.push(e) === 2) break;
  await subscription.unsubscribe();
  t.same(
    seen.map((e) => e.type),
    ['Mine1', 'Mine2'],
    'the subscription skipped them',
  );
  t.same(
    (await store.readAll()).map((e) => e.type),
    ['Mine1', 'Mine2'],
    'readAll skipped them and the seeded ones',
  );
  t.same(
    (await store.readStream('$system-thing')).map((e) => e.type),
    ['Hidden'],
  );
});

t.test('readAll pages past hidden system events, so maxCount is still honoured', async (t) => {
  const { store, raw } = await fixture(t);
  const first = await store.appendToStream('game-1', [event('A')]);
  // More hidden events than one page of the adapter's $all reads.
  await raw.appendToStream(
    '$noise',
    Array.from({ length: 600 }, () => jsonEvent({ type: 'Noise', data: {} })),
  );
  await store.appendToStream('game-1', [event('B')]);
  t.same(
    (await store.readAll({ fromPosition: first.position, maxCount: 1 })).map((e) => e.type),
    ['B'],
  );
  t.same(
    (await store.readAll({ direction: 'backwards', maxCount: 2 })).map((e) => e.type),
    ['B', 'A'],
  );
  t.same(
    (await store.readAll({ maxCount: 2 })).map((e) => e.type),
    ['A', 'B'],
  );
});

t.test('readAll: START means the beginning; forwards from end and backwards from start read nothing', async (t) => {
  const { store } = await fixture(t);
  await store.appendToStream('game-1', [event('A'), event('B')]);
  t.same(
    (await store.readAll({ fromPosition: { commit: 0n, prepare: 0n } })).map((e) => e.type),
    ['A', 'B'],
  );
  t.same(await store.readAll({ fromPosition: 'end' }), []);
  t.same(await store.readAll({ fromPosition: 'start', direction: 'backwards' }), []);
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
  t.same(await store.readAll({ fromPosition: (last as RecordedEvent).position }), [], 'nothing after the last event');
});

t.test('readStream: a zero count still reports a missing stream; backwards from past the end starts at the last event', async (t) => {
  const { store } = await fixture(t);
  t.type(await rejection(store.readStream('game-404', { maxCount: 0 })), StreamNotFoundError);
  await store.appendToStream('game-1', [event('A'), event('B')]);
  t.same(await store.readStream('game-1', { maxCount: 0 }), []);
  t.same(
    (await store.readStream('game-1', { direction: 'backwards', fromRevision: 99 })).map((e) => e.type),
    ['B', 'A'],
  );
  t.same(
    (await store.readStream('game-1', { direction: 'backwards', fromRevision: 'start' })).map((e) => e.type),
    ['A'],
  );
});

t.test('every kind of JSON value round-trips; absent metadata reads as {}; undefined data as null', async (t) => {
  const { store } = await fixture(t);
  const values = [0, 42.5, 'text', '', true, null, [], [1, [2]], { a: { b: null } }];
  await store.appendToStream(
    'game-1',
    values.map((v) => event('V', v)),
  );
  t.same(
    (await store.readStream('game-1')).map((e) => e.data),
    values,
  );
  await store.appendToStream('game-2', [{ id: randomUUID(), type: 'U', data: undefined }]);
  const [read] = await store.readStream('game-2');
  t.equal(read?.data, null);
  t.same(read?.metadata, {});
});

t.test('unsubscribe ends an iteration that waits for live events, and the server sees the call end', async (t) => {
  const { store, double } = await fixture(t);
  const subscription = store.subscribeToAll();
  const iterator = subscription[Symbol.asyncIterator]();
  const waiting = iterator.next();
  t.ok(await until(() => double.openReads() === 1), 'the subscription reached the server');
  await subscription.unsubscribe();
  t.same(await waiting, { done: true, value: undefined });
  t.ok(await until(() => double.openReads() === 0), 'the server call was cancelled');
});

t.test('unsubscribing before iterating and closing the store both cancel the server call', async (t) => {
  const { store, double } = await fixture(t);
  const unused = store.subscribeToAll();
  t.ok(await until(() => double.openReads() === 1));
  await unused.unsubscribe();
  t.ok(await until(() => double.openReads() === 0), 'unsubscribe without iterating');
  const other = await openEsdbEventStore(double.connectionString);
  other.subscribeToAll({ streamPrefixes: ['game-'] });
  t.ok(await until(() => double.openReads() === 1));
  await other.close();
  t.ok(await until(() => double.openReads() === 0), 'close');
});

t.test('a subscription from the start catches up, then delivers live events, in commit order across streams', async (t) => {
  const { store } = await fixture(t);
  await store.appendToStream('game-1', [event('Old1')]);
  await store.appendToStream('game-2', [event('Old2')]);
  const subscription = store.subscribeToAll({ fromPosition: 'start' });
  const seen: RecordedEvent[] = [];
  const done = (async () => {
    for await (const e of subscription) if (seen.push(e) === 5) break;
  })();
  await store.appendToStream('game-2', [event('New1'), event('New2')]);
  await store.appendToStream('game-1', [event('New3')]);
  await done;
  await subscription.unsubscribe();
  t.same(
    seen.map((e) => `${e.streamId}@${e.revision}:${e.type}`),
    ['game-1@0:Old1', 'game-2@0:Old2', 'game-2@1:New1', 'game-2@2:New2', 'game-1@1:New3'],
  );
  t.same(
    seen.map((e) => e.position),
    (await store.readAll()).map((e) => e.position),
    'positions as readAll reports them',
  );
});

t.test('a subscription fails, rather than ends quietly, when the server closes it or goes away', async (t) => {
  const { store, double } = await fixture(t);
  // Catch the rejections at once: they arrive while the test is still awaiting something else.
  const closed = rejection(store.subscribeToAll()[Symbol.asyncIterator]().next());
  t.ok(await until(() => double.openReads() === 1));
  double.endReads();
  t.match(await closed, { message: /ended the subscription/ }, 'closed by the server');
  const gone = rejection(store.subscribeToAll()[Symbol.asyncIterator]().next());
  t.ok(await until(() => double.openReads() === 1));
  await double.stop();
  t.match(await gone, { code: 14 }, 'server gone: UNAVAILABLE');
});

t.test('opening fails when nothing listens; calls fail once the server is gone', async (t) => {
  const double = await startEsdbDouble();
  const store = await openEsdbEventStore(double.connectionString);
  await double.stop();
  await t.rejects(store.readStream('game-1'), 'a read against a stopped server');
  await store.close();
  await t.rejects(openEsdbEventStore(double.connectionString), 'opening against a closed port');
});
