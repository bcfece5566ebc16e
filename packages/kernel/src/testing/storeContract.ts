// The event-store contract: one suite every adapter (in-memory, PostgreSQL, EventStoreDB) must pass.
import { randomUUID } from 'node:crypto';
import type { Test } from 'tap';
import { StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import { comparePositions, type EventData, type EventStore, type ExpectedRevision, type Position, type RecordedEvent } from '../store';

const event = (type: string, data: unknown = {}, metadata?: Record<string, unknown>): EventData => ({
  id: randomUUID(),
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

/** The current end of $all, so a subscription on a shared server only sees what this test writes. */
async function endOfAll(store: EventStore): Promise<Position | 'start'> {
  const [last] = await store.readAll({ direction: 'backwards', maxCount: 1 });
  return last?.position ?? 'start';
}

/** Collect `count` events from a subscription, or fail after `ms`. */
async function collect(subscription: AsyncIterable<RecordedEvent>, count: number, ms = 60_000): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  if (count === 0) return seen;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`subscription saw ${seen.length} of ${count} events`)), ms).unref(),
  );
  const read = (async () => {
    for await (const e of subscription) {
      seen.push(e);
      if (seen.length >= count) break;
    }
    return seen;
  })();
  return Promise.race([read, timeout]);
}

/**
 * Runs the contract as subtests of `t`. `open` returns a connected store; the suite closes what it opens.
 * Stream names carry a random prefix, so the suite can run against a shared real server.
 */
export async function eventStoreContract(t: Test, open: () => Promise<EventStore>): Promise<void> {
  const run = `c${randomUUID().slice(0, 8)}`;
  let n = 0;
  const stream = (label: string) => `${run}_${label}-${n++}`;
  let store: EventStore;
  t.before(async () => {
    store = await open();
  });
  t.teardown(async () => {
    await store.close();
  });

  t.test('a new stream starts at revision 0 and revisions are gapless', async (t) => {
    const s = stream('gapless');
    const first = await store.appendToStream(s, [event('A'), event('B')], { expectedRevision: 'no_stream' });
    t.equal(first.nextExpectedRevision, 1);
    const second = await store.appendToStream(s, [event('C')], { expectedRevision: 1 });
    t.equal(second.nextExpectedRevision, 2);
    const read = await store.readStream(s);
    t.same(
      read.map((e) => [e.revision, e.type]),
      [
        [0, 'A'],
        [1, 'B'],
        [2, 'C'],
      ],
    );
    t.ok(comparePositions(first.position, second.position) < 0, 'later appends have later positions');
  });

  t.test('data, metadata, ids and stream ids round-trip on every kind of append', async (t) => {
    const payload = { n: 1, nested: { list: [1, 'two', null, true] }, text: 'é ✓ "quoted"' };
    const s = stream('roundtrip');
    const appends: [string, EventData[], ExpectedRevision][] = [
      ['new stream, one event', [event('One', payload, { commandId: 'c-1', seat: 2 })], 'no_stream'],
      ['exact revision, one event', [event('Two', payload, { commandId: 'c-2' })], 0],
      ['exact revision, several events', [event('Three', payload), event('Four', [1, 2])], 1],
      ['any, one event', [event('Five', payload)], 'any'],
      ['stream_exists, several events', [event('Six', payload), event('Seven', 'text')], 'stream_exists'],
    ];
    for (const [, events, expectedRevision] of appends) await store.appendToStream(s, events, { expectedRevision });
    const written = appends.flatMap(([, events]) => events);
    const read = await store.readStream(s);
    t.equal(read.length, written.length);
    read.forEach((r, i) => {
      const w = written[i] as EventData;
      const label = `${appends.find(([, events]) => events.includes(w))?.[0]}: ${w.type}`;
      t.equal(r.id, w.id, `${label}: id`);
      t.equal(r.streamId, s, `${label}: stream`);
      t.equal(r.type, w.type, `${label}: type`);
      t.same(r.data, w.data, `${label}: data`);
      t.same(r.metadata, w.metadata ?? {}, `${label}: metadata`);
      t.ok(!Number.isNaN(Date.parse(r.created)), `${label}: created is a timestamp`);
    });
  });

  t.test('expected revision: no_stream', async (t) => {
    const s = stream('no-stream');
    await store.appendToStream(s, [event('A')], { expectedRevision: 'no_stream' });
    const error = await store.appendToStream(s, [event('B')], { expectedRevision: 'no_stream' }).catch((e: unknown) => e);
    t.type(error, WrongExpectedVersionError);
    t.match(error, { streamId: s, expected: 'no_stream', actual: '0' });
  });

  t.test('expected revision: stream_exists', async (t) => {
    const s = stream('exists');
    const error = await store.appendToStream(s, [event('A')], { expectedRevision: 'stream_exists' }).catch((e: unknown) => e);
    t.type(error, WrongExpectedVersionError);
    t.match(error, { streamId: s, expected: 'stream_exists', actual: 'no_stream' });
    await store.appendToStream(s, [event('A')], { expectedRevision: 'no_stream' });
    const ok = await store.appendToStream(s, [event('B')], { expectedRevision: 'stream_exists' });
    t.equal(ok.nextExpectedRevision, 1);
  });

  t.test('expected revision: exact n', async (t) => {
    const s = stream('exact');
    await store.appendToStream(s, [event('A'), event('B')]);
    const stale = await store.appendToStream(s, [event('X')], { expectedRevision: 0 }).catch((e: unknown) => e);
    t.type(stale, WrongExpectedVersionError);
    t.match(stale, { streamId: s, expected: '0', actual: '1' });
    const ahead = await store.appendToStream(s, [event('X')], { expectedRevision: 5 }).catch((e: unknown) => e);
    t.match(ahead, { expected: '5', actual: '1' });
    const missing = await store.appendToStream(stream('exact-missing'), [event('X')], { expectedRevision: 0 }).catch((e: unknown) => e);
    t.match(missing, { expected: '0', actual: 'no_stream' });
    t.equal((await store.appendToStream(s, [event('C')], { expectedRevision: 1 })).nextExpectedRevision, 2);
    t.equal((await store.readStream(s)).length, 3, 'the failed appends wrote nothing');
  });

  t.test('expected revision: any appends to new and existing streams', async (t) => {
    const s = stream('any');
    t.equal((await store.appendToStream(s, [event('A')], { expectedRevision: 'any' })).nextExpectedRevision, 0);
    t.equal((await store.appendToStream(s, [event('B')])).nextExpectedRevision, 1);
  });

  t.test('a multi-event append is atomic: a rejected batch leaves nothing behind', async (t) => {
    const s = stream('atomic');
    await store.appendToStream(s, [event('A')]);
    await store.appendToStream(s, [event('B'), event('C'), event('D')], { expectedRevision: 7 }).catch(() => undefined);
    t.same(
      (await store.readStream(s)).map((e) => e.type),
      ['A'],
    );
  });

  t.test('re-appending the same event ids at the same place succeeds without writing', async (t) => {
    const s = stream('idempotent');
    const batch = [event('A'), event('B')];
    const first = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
    const again = await store.appendToStream(s, batch, { expectedRevision: 'no_stream' });
    t.equal(again.nextExpectedRevision, first.nextExpectedRevision);
    const more = [event('C')];
    await store.appendToStream(s, more, { expectedRevision: 1 });
    await store.appendToStream(s, more, { expectedRevision: 1 });
    t.same(
      (await store.readStream(s)).map((e) => e.type),
      ['A', 'B', 'C'],
      'nothing was written twice',
    );
  });

  t.test('reading a missing stream throws StreamNotFoundError', async (t) => {
    const s = stream('missing');
    const error = await store.readStream(s).catch((e: unknown) => e);
    t.type(error, StreamNotFoundError);
    t.match(error, { streamId: s });
    // Also from a revision, as a reader catching up with a stream it believes it holds reads.
    t.type(await store.readStream(s, { fromRevision: 5 }).catch((e: unknown) => e), StreamNotFoundError);
  });

  t.test('read a stream forwards and backwards from a revision with a max count', async (t) => {
    const s = stream('ranges');
    await store.appendToStream(
      s,
      Array.from({ length: 10 }, (_, i) => event(`E${i}`)),
    );
    const types = (events: RecordedEvent[]) => events.map((e) => e.type);
    t.same(types(await store.readStream(s, { fromRevision: 3, maxCount: 4 })), ['E3', 'E4', 'E5', 'E6']);
    t.same(types(await store.readStream(s, { fromRevision: 8 })), ['E8', 'E9']);
    t.same(types(await store.readStream(s, { fromRevision: 10 })), []);
    t.same(types(await store.readStream(s, { fromRevision: 15 })), [], 'well past the end: nothing, not a missing stream');
    t.same(types(await store.readStream(s, { fromRevision: 9, maxCount: 1 })), ['E9']);
    t.same(
      (await store.readStream(s, { fromRevision: 9 }))[0]?.data,
      (await store.readStream(s))[9]?.data,
      'the data read from the head is whole',
    );
    t.same(types(await store.readStream(s, { direction: 'backwards', maxCount: 3 })), ['E9', 'E8', 'E7']);
    t.same(types(await store.readStream(s, { direction: 'backwards', fromRevision: 2 })), ['E2', 'E1', 'E0']);
  });

  t.test('a long stream reads in numeric revision order (10 after 9, not after 1)', async (t) => {
    const s = stream('long');
    for (let i = 0; i < 25; i += 5) {
      await store.appendToStream(
        s,
        Array.from({ length: 5 }, (_, j) => event(`E${i + j}`)),
        { expectedRevision: i === 0 ? 'no_stream' : i - 1 },
      );
    }
    const revisions = (events: RecordedEvent[]) => events.map((e) => e.revision);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    t.same(revisions(await store.readStream(s)), range(0, 24));
    t.same(revisions(await store.readStream(s, { fromRevision: 8, maxCount: 5 })), range(8, 12));
    t.same(revisions(await store.readStream(s, { direction: 'backwards', fromRevision: 21, maxCount: 13 })), range(9, 21).reverse());
    t.same(
      (await store.readStream(s)).map((e) => e.type),
      range(0, 24).map((i) => `E${i}`),
      'each revision holds its own event',
    );
  });

  t.test('read all streams in commit order, forwards and backwards, from a position', async (t) => {
    const a = stream('all-a');
    const b = stream('all-b');
    const start = await endOfAll(store);
    await store.appendToStream(a, [event('A1')]);
    await store.appendToStream(b, [event('B1'), event('B2')]);
    await store.appendToStream(a, [event('A2')]);
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamId === a || e.streamId === b).map((e) => e.type);
    const forwards = await store.readAll({ fromPosition: start });
    t.same(mine(forwards), ['A1', 'B1', 'B2', 'A2']);
    const increasing = forwards.every((e, i) => i === 0 || comparePositions((forwards[i - 1] as RecordedEvent).position, e.position) < 0);
    t.ok(increasing, 'positions strictly increase');
    const afterFirst = await store.readAll({ fromPosition: (forwards[0] as RecordedEvent).position, maxCount: 2 });
    t.same(mine(afterFirst), ['B1', 'B2'], 'the start position is exclusive and maxCount is honoured');
    const backwards = await store.readAll({ direction: 'backwards', maxCount: 4 });
    t.same(mine(backwards), ['A2', 'B2', 'B1', 'A1']);
  });

  t.test('of N racing appends at the same revision exactly one wins', async (t) => {
    const s = stream('race');
    await store.appendToStream(s, [event('Start')]);
    const racers = 10;
    const results = await Promise.allSettled(
      Array.from({ length: racers }, (_, i) => store.appendToStream(s, [event(`R${i}`)], { expectedRevision: 0 })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    t.equal(won.length, 1, 'one winner');
    t.equal(lost.length, racers - 1);
    t.ok(
      lost.every((r) => r.reason instanceof WrongExpectedVersionError),
      'the others get wrong-expected-version',
    );
    t.equal((await store.readStream(s)).length, 2);
  });

  t.test('a subscription filters by stream prefix and resumes after a stored checkpoint', async (t) => {
    const prefix = `${run}_sub${n++}`;
    const start = await endOfAll(store);
    await store.appendToStream(`${prefix}-x`, [event('X1'), event('X2')]);
    await store.appendToStream(stream('other'), [event('Noise')]);
    await store.appendToStream(`${prefix}-y`, [event('Y1')]);
    const first = store.subscribeToAll({ fromPosition: start, streamPrefixes: [prefix] });
    const seen = await collect(first, 2);
    await first.unsubscribe();
    t.same(
      seen.map((e) => e.type),
      ['X1', 'X2'],
    );
    const checkpoint = (seen.at(-1) as RecordedEvent).position;
    await store.appendToStream(`${prefix}-x`, [event('X3')]);
    const resumed = store.subscribeToAll({ fromPosition: checkpoint, streamPrefixes: [prefix] });
    const rest = await collect(resumed, 2);
    await resumed.unsubscribe();
    t.same(
      rest.map((e) => e.type),
      ['Y1', 'X3'],
      'resumes after the checkpoint, skipping the other prefix',
    );
  });

  t.test('a subscription that is not woken by local appends still gets each of them, in order', async (t) => {
    const prefix = `${run}_quiet${n++}`;
    const start = await endOfAll(store);
    const quiet = store.subscribeToAll({ fromPosition: start, streamPrefixes: [prefix], wakeOnLocalAppends: false });
    const seen = collect(quiet, 3);
    await store.appendToStream(`${prefix}-a`, [event('A1')]);
    await store.appendToStream(`${prefix}-b`, [event('B1'), event('B2')]);
    t.same(
      (await seen).map((e) => e.type),
      ['A1', 'B1', 'B2'],
    );
    await quiet.unsubscribe();
  });

  t.test('8 writers x 500 appends over 100 streams: a live subscriber sees each event once, in commit order', async (t) => {
    const prefix = `${run}_load${n++}`;
    const writers = 8;
    const perWriter = 500;
    const streams = 100;
    const start = await endOfAll(store);
    const subscription = store.subscribeToAll({ fromPosition: start, streamPrefixes: [prefix] });
    const seenPromise = collect(subscription, writers * perWriter, 120_000);
    const appended = new Set<string>();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          const e = event('Load', { w, i });
          await store.appendToStream(`${prefix}-${(w * 37 + i) % streams}`, [e]);
          appended.add(e.id);
        }
      }),
    );
    const seen = await seenPromise;
    await subscription.unsubscribe();
    const ids = seen.map((e) => e.id);
    t.equal(new Set(ids).size, ids.length, 'no event delivered twice');
    t.equal(ids.length, appended.size, 'every appended event delivered');
    t.ok(
      ids.every((id) => appended.has(id)),
      'only appended events delivered',
    );
    let ordered = true;
    const nextRevision = new Map<string, number>();
    for (let i = 0; i < seen.length; i++) {
      const e = seen[i] as RecordedEvent;
      if (i > 0 && comparePositions((seen[i - 1] as RecordedEvent).position, e.position) >= 0) ordered = false;
      if ((nextRevision.get(e.streamId) ?? 0) !== e.revision) ordered = false;
      nextRevision.set(e.streamId, e.revision + 1);
    }
    t.ok(ordered, 'positions strictly increase and each stream arrives revision by revision');
    const all = (await store.readAll({ fromPosition: start })).filter((e) => e.streamId.startsWith(prefix));
    t.same(
      all.map((e) => e.id),
      ids,
      'the subscription order is the read-all order',
    );
  });
}
