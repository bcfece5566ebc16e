// A process that is the store's only writer serves the games it folded in the current epoch from memory (ADR 0060):
// no read of the store, unless the fold is from before the epoch, the epoch is over, or its own append is in flight.
import t from 'tap';
import type { EventStore } from '../src/index';
import { InMemoryEventStore } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

/** A node on `inner` whose sole-writer epoch the test sets (null: not the only writer). */
function node(inner: EventStore) {
  const recording = recordingReads(inner);
  const sole = { epoch: null as number | null };
  const games = serviceOn(recording.store, { soleEpoch: () => sole.epoch });
  return { games, sole, reads: recording.reads };
}

async function started(games: ReturnType<typeof serviceOn>) {
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  for (let seat = 0; seat < 2; seat++) await games.lobby.claimSeat(gameId, { seat });
  return gameId;
}

t.test('within one epoch, what the node appended or read is served without a read', async (t) => {
  const inner = new InMemoryEventStore();
  const { games, sole, reads } = node(inner);
  sole.epoch = 1;
  const gameId = await started(games);
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const before = reads.length;
  const record = (await games.streams.load(gameId)).state;
  t.equal(reads.length, before, 'a load after its own append reads nothing');
  t.same(record, (await serviceOn(inner).streams.load(gameId)).state, 'and it is the record a fresh node reads');
  await games.reads.legal(gameId, 1);
  await games.reads.authenticate(gameId, 'not-a-token').catch(() => undefined);
  t.equal(reads.length, before, 'nor do the legal commands or a token check');
});

t.test('a fold from another epoch, or from none, is read again; so is one while not the only writer', async (t) => {
  const inner = new InMemoryEventStore();
  const { games, sole, reads } = node(inner);
  const gameId = await started(games);
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  let before = reads.length;
  await games.streams.load(gameId);
  t.equal(reads.length, before + 1, 'not the only writer: every load asks the store');

  sole.epoch = 1;
  before = reads.length;
  await games.streams.load(gameId);
  t.equal(reads.length, before + 1, 'a fold from before the epoch is read once');
  await games.streams.load(gameId);
  t.equal(reads.length, before + 1, 'then it is exact for the epoch');

  // Another writer appended while this node did not hold the lock; the next epoch must not trust the old fold.
  sole.epoch = null;
  await serviceOn(inner).commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  sole.epoch = 2;
  const seen = (await games.streams.load(gameId)).state.revision;
  t.equal(seen, (await inner.readStream(`game-${gameId}`)).at(-1)?.revision, 'a new epoch reads, and finds the other writer’s append');
});

t.test('while its own append is in flight, a load reads the store', async (t) => {
  const inner = new InMemoryEventStore();
  let hold: (() => void) | null = null;
  const slow: EventStore = Object.create(inner, {
    appendToStream: {
      value: async (...args: Parameters<EventStore['appendToStream']>) => {
        const result = await inner.appendToStream(...args);
        if (hold === null) return result;
        await new Promise<void>((resolve) => (hold = resolve));
        return result;
      },
    },
  });
  const { games, sole, reads } = node(slow);
  sole.epoch = 1;
  const gameId = await started(games);
  hold = () => undefined; // the next append lands in the store, then waits before it is answered
  const moving = games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  await new Promise((resolve) => setImmediate(resolve));
  const before = reads.length;
  const during = (await games.streams.load(gameId)).state.revision;
  t.equal(reads.length, before + 1, 'the store is asked');
  t.equal(during, (await inner.readStream(`game-${gameId}`)).at(-1)?.revision, 'and the load sees the append already stored');
  (hold as () => void)();
  hold = null;
  await moving;
});
