// The updates feed follows the store only while someone listens, and reports every revision after `ready`.
import type { EventData, EventStore } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { StoreUpdatesFeed } from '../src/graphql/feed';

const event = (): EventData => ({ id: randomUUID(), type: 'Moved', data: {} });

function countingStore() {
  const inner = new InMemoryEventStore();
  const counts = { subscriptions: 0, open: 0 };
  const store: EventStore = Object.create(inner, {
    subscribeToAll: {
      value: (...args: Parameters<EventStore['subscribeToAll']>) => {
        counts.subscriptions++;
        counts.open++;
        const subscription = inner.subscribeToAll(...args);
        return Object.create(subscription, {
          unsubscribe: { value: () => (counts.open--, subscription.unsubscribe()) },
        });
      },
    },
  });
  return { store, counts };
}

/** Resolves with the revisions heard once `n` have arrived. */
function hear(feed: StoreUpdatesFeed, gameId: string, n: number) {
  const heard: number[] = [];
  let done: (revisions: number[]) => void = () => undefined;
  const all = new Promise<number[]>((resolve) => (done = resolve));
  const listening = feed.listen(gameId, (revision) => {
    heard.push(revision);
    if (heard.length === n) done(heard);
  });
  return { listening, all };
}

t.test('nothing is followed until someone listens, and the subscription ends with the last listener', async (t) => {
  const { store, counts } = countingStore();
  const feed = new StoreUpdatesFeed(store);
  await store.appendToStream('game-a', [event()]);
  t.equal(counts.subscriptions, 0, 'no listener: no subscription');

  const first = hear(feed, 'a', 2);
  const second = hear(feed, 'b', 1);
  await Promise.all([first.listening.ready, second.listening.ready]);
  t.equal(counts.subscriptions, 1, 'one subscription for every listener of the node');
  await store.appendToStream('game-a', [event(), event()], { expectedRevision: 0 });
  await store.appendToStream('game-b', [event()]);
  t.same(await first.all, [1, 2], 'revisions after ready, in order; the one before is not repeated');
  t.same(await second.all, [0]);

  first.listening.stop();
  t.equal(counts.open, 1, 'still one listener');
  second.listening.stop();
  second.listening.stop();
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(counts.open, 0, 'the last stop ends the subscription (a second stop is harmless)');

  const again = hear(feed, 'a', 1);
  await again.listening.ready;
  t.equal(counts.subscriptions, 2, 'a later listener starts a fresh one');
  await store.appendToStream('game-a', [event()], { expectedRevision: 2 });
  t.same(await again.all, [3]);
  await feed.close();
  t.equal(counts.open, 0, 'close ends it');
});

t.test('a store that fails to start the feed rejects ready, and the next listener tries again', async (t) => {
  const inner = new InMemoryEventStore();
  let fail = true;
  const store: EventStore = Object.create(inner, {
    readAll: {
      value: (...args: Parameters<EventStore['readAll']>) => (fail ? Promise.reject(new Error('down')) : inner.readAll(...args)),
    },
  });
  const feed = new StoreUpdatesFeed(store);
  const broken = feed.listen('a', () => undefined);
  await t.rejects(broken.ready, /down/);
  broken.stop();
  fail = false;
  const { listening, all } = hear(feed, 'a', 1);
  await listening.ready;
  await inner.appendToStream('game-a', [event()]);
  t.same(await all, [0]);
  await feed.close();
});

t.test('a listener stopped after close() does not drop a newer listener of the same game', async (t) => {
  const store = new InMemoryEventStore();
  const feed = new StoreUpdatesFeed(store);
  const old = feed.listen('a', () => undefined);
  await old.ready;
  await feed.close();
  const fresh = hear(feed, 'a', 1);
  await fresh.listening.ready;
  old.stop();
  await store.appendToStream('game-a', [event()]);
  t.same(await fresh.all, [0], 'the newer listener still hears its game');
  await feed.close();
});

t.test("this process's own appends reach the game's listeners before the store gives them back; the lobby's wait", async (t) => {
  // A store whose subscription never delivers: whatever is heard came from the local appends.
  const inner = new InMemoryEventStore();
  const store: EventStore = Object.create(inner, {
    subscribeToAll: {
      value: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }), unsubscribe: async () => {} }),
    },
  });
  let tell: (appended: { gameId: string; revision: number; type: string }) => void = () => undefined;
  const feed = new StoreUpdatesFeed(store, {
    local: {
      onAppended: (listener) => {
        tell = listener;
        return () => (tell = () => undefined);
      },
    },
  });
  const game = hear(feed, 'a', 2);
  const lobby: number[] = [];
  feed.listenAll((revision) => lobby.push(revision));
  tell({ gameId: 'a', revision: 3, type: 'Moved' });
  tell({ gameId: 'b', revision: 9, type: 'Moved' });
  tell({ gameId: 'a', revision: 5, type: 'Moved' });
  t.same(await game.all, [3, 5], 'the game heard its own revisions, not another game’s');
  t.same(lobby, [], 'listeners of every game only follow the store');
  await feed.close();
  tell({ gameId: 'a', revision: 6, type: 'Moved' });
  t.pass('a closed feed hears nothing more (and does not fail)');
});
