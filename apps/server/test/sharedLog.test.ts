// The leaders' shared reader of the log: every follower gets exactly what the store would give it, from any checkpoint,
// while the store is asked once per stretch of the tail rather than once per follower.
import { InMemoryEventStore } from '@delve/kernel/testing';
import type { EventStore, Position, RecordedEvent } from '@delve/kernel';
import t from 'tap';
import { sharedLog } from '../src/sharedLog';

/** The store, counting the forward reads of `$all` it is asked for. */
function counted(store: EventStore): EventStore & { reads: number } {
  const wrapped = {
    reads: 0,
    appendToStream: store.appendToStream.bind(store),
    readStream: store.readStream.bind(store),
    readAll: (options?: Parameters<EventStore['readAll']>[0]) => (wrapped.reads++, store.readAll(options)),
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
  };
  return wrapped;
}

const append = (store: EventStore, n: number, stream = 'game-a') =>
  Promise.all(
    Array.from({ length: n }, (_, i) => store.appendToStream(`${stream}-${i % 7}`, [{ id: crypto.randomUUID(), type: 'E', data: { i } }])),
  );
const ids = (events: readonly RecordedEvent[]) => events.map((e) => e.id);

/** A follower: reads pages from its checkpoint, as a leader does, and keeps what it read. */
function follower(log: EventStore, page: number, from: Position | 'start' = 'start') {
  const seen: RecordedEvent[] = [];
  let at: Position | 'start' = from;
  return {
    seen,
    async step() {
      const events = await log.readAll({ fromPosition: at, maxCount: page });
      seen.push(...events);
      if (events.length > 0) at = (events.at(-1) as RecordedEvent).position;
      return events.length;
    },
  };
}

t.test('followers with pages of their own each see the whole log in order, as the store gives it', async (t) => {
  const store = counted(new InMemoryEventStore());
  const log = sharedLog(store, { keep: 50, page: 20 });
  const followers = [follower(log, 500), follower(log, 5), follower(log, 37), follower(log, 1000)];
  for (let round = 0; round < 12; round++) {
    await append(store, round * 3);
    // Some step at once, side by side, some one after another; some fall behind now and then.
    await Promise.all(followers.slice(0, 2).map((f) => f.step()));
    if (round % 3 !== 0) for (const f of followers.slice(2)) await f.step();
  }
  for (const f of followers) while ((await f.step()) > 0);
  const all = ids(await store.readAll());
  for (const [i, f] of followers.entries()) t.same(ids(f.seen), all, `follower ${i} saw every event once, in order`);
});

t.test('followers at the tail share one read of the store', async (t) => {
  const store = counted(new InMemoryEventStore());
  const log = sharedLog(store);
  await append(store, 30);
  const followers = Array.from({ length: 5 }, () => follower(log, 500));
  await followers[0]?.step(); // the first read starts the stretch
  await Promise.all(followers.slice(1).map((f) => f.step())); // the others are served from it
  const before = store.reads;
  await append(store, 10);
  await Promise.all(followers.map((f) => f.step()));
  t.equal(store.reads - before, 1, 'five followers asking at once: one read');
  for (const f of followers) t.equal(f.seen.length, 40);
});

t.test('a follower further behind than the stretch keeps reads of its own, and still sees everything', async (t) => {
  const store = counted(new InMemoryEventStore());
  const log = sharedLog(store, { keep: 10, page: 10 });
  const ahead = follower(log, 10);
  await append(store, 40);
  while ((await ahead.step()) > 0);
  const behind = follower(log, 7);
  while ((await behind.step()) > 0);
  t.same(ids(behind.seen), ids(await store.readAll()));
  t.same(ids(ahead.seen), ids(await store.readAll()));
});

t.test('backwards reads and reads from the end pass through', async (t) => {
  const store = counted(new InMemoryEventStore());
  const log = sharedLog(store);
  await append(store, 5);
  t.same(
    ids(await log.readAll({ direction: 'backwards', maxCount: 2 })),
    ids(await store.readAll({ direction: 'backwards', maxCount: 2 })),
  );
  t.same(await log.readAll({ fromPosition: 'end' }), []);
});

t.test('a quiet tail is taken at its word for freshMs, unless something was appended meanwhile', async (t) => {
  const store = counted(new InMemoryEventStore());
  const clock = { now: 0 };
  const log = sharedLog(store, { freshMs: 100, now: () => clock.now });
  const f = follower(log, 500);
  await append(store, 3);
  await f.step();
  t.equal(await f.step(), 0, 'caught up');
  const quiet = store.reads;
  clock.now = 50;
  await append(store, 2); // another process's append: not told
  t.equal(await f.step(), 0, 'within freshMs: nothing new yet');
  t.equal(store.reads, quiet, 'and no read of the store');
  clock.now = 100;
  t.equal(await f.step(), 2, 'after freshMs the store is read again');
  await f.step(); // quiet again at 100
  await append(store, 1);
  log.poke(); // this process appended
  t.equal(await f.step(), 1, 'a poke makes the next follower read at once');
});

t.test('a poke tells the followers, and again while the append it told of is not readable yet', async (t) => {
  const store = new InMemoryEventStore();
  // The store hides what was appended from the first reads, as $all does behind a transaction still open.
  let hiding = 2;
  const hidden: EventStore = {
    appendToStream: store.appendToStream.bind(store),
    readStream: store.readStream.bind(store),
    readAll: async (options) => (hiding-- > 0 ? [] : store.readAll(options)),
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
  };
  const log = sharedLog(hidden, { freshMs: 1 });
  const f = follower(log, 500);
  let told = 0;
  let next: (() => void) | null = null;
  log.onNews(() => {
    told++;
    next?.();
  });
  const news = () => new Promise<void>((resolve) => (next = resolve));
  const { position } = await store.appendToStream('game-a', [{ id: crypto.randomUUID(), type: 'E', data: {} }]);
  log.poke(position);
  t.equal(told, 1, 'told at the poke');
  let heard = news();
  t.equal(await f.step(), 0, 'not readable yet');
  await heard;
  t.equal(told, 2, 'told again, freshMs later');
  heard = news();
  t.equal(await f.step(), 0, 'still hidden');
  await heard;
  t.equal(await f.step(), 1, 'readable at last');
  const reads = told;
  await f.step();
  t.equal(told, reads, 'once read, nothing more is told');
});

t.test('a read under way when a poke comes does not stand for a read after it', async (t) => {
  const store = new InMemoryEventStore();
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const slow: EventStore = {
    appendToStream: store.appendToStream.bind(store),
    readStream: store.readStream.bind(store),
    readAll: async (options) => {
      const found = await store.readAll(options); // what the store shows when asked
      if (gate) await gate;
      return found;
    },
    subscribeToAll: store.subscribeToAll.bind(store),
    close: store.close.bind(store),
  };
  const log = sharedLog(slow, { freshMs: 60_000 });
  const early = follower(log, 500);
  const late = follower(log, 500);
  await early.step();
  await late.step();
  gate = new Promise((resolve) => (release = resolve));
  const first = early.step(); // asks before the append
  await Promise.resolve();
  await store.appendToStream('game-a', [{ id: crypto.randomUUID(), type: 'E', data: {} }]);
  log.poke();
  const second = late.step(); // asks after the poke
  gate = null;
  release();
  t.equal(await first, 0, 'the read asked before the append found nothing');
  t.equal(await second, 1, 'the follower that heard the poke reads again and finds it');
});

t.test('onRead is told each run read at the tail once, in order, before a follower is served it', async (t) => {
  const store = counted(new InMemoryEventStore());
  const told: RecordedEvent[] = [];
  const log = sharedLog(store, { page: 10, onRead: (events) => told.push(...events) });
  const followers = [follower(log, 7), follower(log, 100)];
  for (let round = 0; round < 5; round++) {
    await append(store, 13);
    for (const f of followers) {
      await f.step();
      t.ok(
        f.seen.every((e) => told.some((k) => k.id === e.id)),
        `round ${round}: everything a follower was served was told first`,
      );
    }
  }
  for (const f of followers) while ((await f.step()) > 0);
  t.same(ids(told), ids(await store.readAll()), 'every event told once, in the order of the log');
});
