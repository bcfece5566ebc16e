// A node's processes tell each other of their appends: a worker's go to the others through the primary, the primary's
// (its leaders') to every worker, and each worker hears its own and its siblings' as one source.
import { comparePositions, type Appended, type Position } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import t from 'tap';
import type { ClusterMessage } from '../src/lifecycle';
import { heardStore, relayAppends, storedOf, tellPrimaryStored, workerAppends, type AppendSource, type Channel } from '../src/nodeAppends';

/** An append source a test drives. */
function streams() {
  const listeners = new Set<(a: Appended) => void>();
  const source: AppendSource = {
    onAppended: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
  return { source, append: (a: Appended) => listeners.forEach((l) => l(a)) };
}

/** A node of `n` workers around one primary, with IPC carried synchronously. */
function node(n: number) {
  const toPrimary: { from: number; message: ClusterMessage }[] = [];
  const workerListeners = Array.from({ length: n }, () => new Set<(m: ClusterMessage) => void>());
  const relay = relayAppends(() =>
    workerListeners.map((listeners, id) => ({
      id,
      isConnected: () => true,
      send: (message: ClusterMessage) => listeners.forEach((l) => l(message)),
    })),
  );
  const workers = workerListeners.map((listeners, id) => {
    const own = streams();
    const channel: Channel = {
      send: (message) => (toPrimary.push({ from: id, message }), relay.fromWorker(id, message)),
      onMessage: (listener) => (listeners.add(listener), () => void listeners.delete(listener)),
    };
    const appends = workerAppends(own.source, channel);
    const heard: Appended[] = [];
    appends.onAppended((a) => heard.push(a));
    return { own, appends, heard };
  });
  return { relay, workers, toPrimary };
}

const a = (gameId: string, revision: number): Appended => ({ gameId, revision, type: 'Moved' });

t.test("a worker's append reaches each of its siblings once, and itself once", async (t) => {
  const { workers } = node(3);
  workers[0]?.own.append(a('g', 4));
  t.same(
    workers.map((w) => w.heard),
    [[a('g', 4)], [a('g', 4)], [a('g', 4)]],
  );
});

t.test("the primary's own appends (its leaders') reach every worker", async (t) => {
  const { relay, workers } = node(2);
  relay.ownAppend(a('g', 7));
  t.same(
    workers.map((w) => w.heard),
    [[a('g', 7)], [a('g', 7)]],
  );
});

t.test('other messages are not relayed, and a stopped worker tells the primary nothing more', async (t) => {
  const { relay, workers, toPrimary } = node(2);
  relay.fromWorker(0, { kind: 'started' });
  t.same(workers[1]?.heard, [], 'nothing but appends goes from worker to worker');
  workers[0]?.appends.stop();
  workers[0]?.own.append(a('g', 1));
  t.same(toPrimary, []);
  t.same(workers[1]?.heard, []);
  t.same(workers[0]?.heard, [a('g', 1)], 'it still hears its own');
});

t.test("every append through a heard store is told with its position, and a worker's reach the primary as such", async (t) => {
  const store = heardStore(new InMemoryEventStore());
  const heard: Position[] = [];
  store.onStored((position) => heard.push(position));
  const toPrimary: ClusterMessage[] = [];
  const stop = tellPrimaryStored(store, { send: (message) => toPrimary.push(message) });
  const first = await store.appendToStream('ticket-1', [{ id: crypto.randomUUID(), type: 'TicketOpened', data: {} }]);
  const second = await store.appendToStream('game-1', [{ id: crypto.randomUUID(), type: 'E', data: {} }]);
  t.same(heard, [first.position, second.position], 'any stream, in order');
  const told = toPrimary.map((m) => storedOf(m) as Position);
  t.equal(told.length, 2);
  t.equal(comparePositions(told[1] as Position, second.position), 0, 'the position survives the trip');
  t.equal(storedOf({ kind: 'started' }), null, 'other messages are not appends');
  stop();
  await store.appendToStream('game-1', [{ id: crypto.randomUUID(), type: 'E', data: {} }]);
  t.equal(toPrimary.length, 2, 'stopped: nothing more is told');
  await t.rejects(store.appendToStream('game-1', [], { expectedRevision: 0 }), 'a refused append is not told');
  t.equal(heard.length, 3);
});
