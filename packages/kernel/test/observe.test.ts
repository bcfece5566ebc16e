// A node that follows the log folds what it reads of games into its own folds (ADR 0057): its leaders then find a
// game's record without reading the stream, and the record is the one a read of the store gives.
import t from 'tap';
import type { RecordedEvent } from '../src/index';
import { InMemoryEventStore } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

/** A game played a little by one node (the writer) on `store`. */
async function playedGame(store: InMemoryEventStore) {
  const writer = serviceOn(store);
  const { gameId } = await writer.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  for (let seat = 0; seat < 2; seat++) await writer.lobby.claimSeat(gameId, { seat });
  await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  return { writer, gameId };
}

t.test('a game observed from its creation is folded as a read of the store folds it, and loadAt reads nothing', async (t) => {
  const inner = new InMemoryEventStore();
  const { gameId } = await playedGame(inner);
  const log = await inner.readAll();
  const head = (log.at(-1) as RecordedEvent).revision;
  const recording = recordingReads(inner);
  const follower = serviceOn(recording.store);
  // In two pages, as a follower of the log meets them.
  follower.streams.observe(log.slice(0, 3));
  follower.streams.observe(log.slice(3));
  t.equal(follower.streams.cachedRecord(gameId)?.revision, head, 'folded to the last event read');
  const record = await follower.streams.loadAt(gameId, head);
  t.equal(recording.reads.length, 0, 'no stream read');
  t.same(record, await serviceOn(inner).streams.loadAt(gameId, head), 'the record a fresh node reads and folds');
});

t.test('a fold is carried forward only from where it ends, and never stands for a read', async (t) => {
  const inner = new InMemoryEventStore();
  const { writer, gameId } = await playedGame(inner);
  const recording = recordingReads(inner);
  const follower = serviceOn(recording.store);
  const held = (await follower.streams.load(gameId)).revision;
  await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const later = (await inner.readAll()).filter((e) => e.revision > held);
  follower.streams.observe(later.slice(1));
  t.equal(follower.streams.cachedRecord(gameId)?.revision, held, 'a run that leaves a gap is not folded');
  follower.streams.observe(later);
  const head = (later.at(-1) as RecordedEvent).revision;
  t.equal(follower.streams.cachedRecord(gameId)?.revision, head, 'the run that follows on is');
  follower.streams.observe(later.slice(0, 1));
  t.equal(follower.streams.cachedRecord(gameId)?.revision, head, 'an older run never takes the fold back');
  recording.reads.length = 0;
  t.equal((await follower.streams.load(gameId)).revision, head);
  t.equal(recording.reads.length, 1, 'a load still asks the store whether the game grew');
});

t.test('a game of a module this node does not load is left unfolded, and the rest of the page is folded', async (t) => {
  const inner = new InMemoryEventStore();
  const { gameId } = await playedGame(inner);
  const { gameId: second } = await serviceOn(inner).lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  const log = await inner.readAll();
  // The first game's events as a module this node lacks would record them.
  const foreign = log.map((e) =>
    e.streamId === `game-${gameId}` && e.revision === 0 ? { ...e, data: { ...(e.data as object), module: 'elsewhere' } } : e,
  );
  const follower = serviceOn(inner);
  follower.streams.observe(foreign);
  t.equal(follower.streams.cachedRecord(gameId), undefined, 'not folded');
  t.equal(follower.streams.cachedRecord(second)?.revision, 0, 'the other game is');
});
