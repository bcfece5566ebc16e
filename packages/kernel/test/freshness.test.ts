// A request's reads share one catch-up: a load may take the node's fold as it is when a read issued after the
// request's mark caught it up, and never misses a write made before the mark, on this node or another.
import t from 'tap';
import type { EventStore, RecordedEvent } from '../src/index';
import { InMemoryEventStore } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

async function startedGame(store: EventStore) {
  const games = serviceOn(store);
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  const tokens: string[] = [];
  for (let seat = 0; seat < 2; seat++) tokens.push((await games.lobby.claimSeat(gameId, { seat })).token);
  return { games, gameId, tokens };
}

t.test("a seat's read after its token was checked reads the store once", async (t) => {
  const recording = recordingReads(new InMemoryEventStore());
  const { games, gameId, tokens } = await startedGame(recording.store);
  recording.reads.length = 0;
  const since = games.streams.mark();
  const seat = await games.reads.authenticate(gameId, tokens[0] as string);
  const legal = await games.reads.legal(gameId, seat, { freshAfter: since });
  t.same(legal.commands, [{ type: 'Draw' }, { type: 'Stand' }]);
  t.equal(recording.reads.length, 1, 'one catch-up for the token check and the read');
  await games.reads.legal(gameId, seat, { freshAfter: games.streams.mark() });
  t.equal(recording.reads.length, 2, 'a later request reads again');
});

t.test('a mark taken after another node wrote is never served the fold from before', async (t) => {
  const inner = new InMemoryEventStore();
  const { games: a, gameId } = await startedGame(inner);
  const b = serviceOn(inner);
  const early = a.streams.mark();
  await a.reads.summary(gameId, { freshAfter: early }); // caught up after `early`
  const { revision } = await b.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  t.equal(
    (await a.reads.summary(gameId, { freshAfter: early })).revision,
    revision - 2,
    'a request begun before the write may be served from before it',
  );
  t.equal((await a.reads.summary(gameId, { freshAfter: a.streams.mark() })).revision, revision, 'one begun after it sees it');
});

t.test('a read that returns late never takes the cached fold back to an older revision', async (t) => {
  const inner = new InMemoryEventStore();
  const { games: writer, gameId } = await startedGame(inner);
  // Stream reads wait until released, so the order in which they return is the test's.
  const held: { resolve: () => void }[] = [];
  const store: EventStore = Object.create(inner, {
    readStream: {
      value: async (...args: Parameters<EventStore['readStream']>): Promise<RecordedEvent[]> => {
        const events = await inner.readStream(...args);
        await new Promise<void>((resolve) => held.push({ resolve }));
        return events;
      },
    },
  });
  const reader = serviceOn(store);
  const first = reader.streams.load(gameId);
  await new Promise((r) => setImmediate(r));
  (held.shift() as { resolve: () => void }).resolve();
  const before = (await first).revision;
  await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const stale = reader.streams.load(gameId); // reads now: one move
  await new Promise((r) => setImmediate(r));
  await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  const fresh = reader.streams.load(gameId); // reads after the second move
  await new Promise((r) => setImmediate(r));
  const [staleRead, freshRead] = [held.shift(), held.shift()];
  freshRead?.resolve();
  const after = (await fresh).revision;
  staleRead?.resolve();
  await stale;
  t.ok(after > before);
  t.equal(reader.streams.cachedRecord(gameId)?.revision, after, 'the later fold stays cached');
});
