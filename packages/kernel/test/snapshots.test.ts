// Replays from snapshots: records kept every N events give the same views and redacted logs as a fold from the first
// event, and a replay reads only the events after the nearest one.
import { randomUUID } from 'node:crypto';
import t from 'tap';
import { createdRecord, type GameRecord } from '../src/lobby';
import { gameStream, type EventStore, type RecordedEvent, type Viewer } from '../src/index';
import { RecordSnapshots } from '../src/runtime/snapshots';
import { InMemoryEventStore, toyGame } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

const EVERY = 4;

/** A node of the service; `every` its snapshot spacing (a huge one keeps none: every replay folds from event 0). */
const nodeOn = (store: EventStore, every = EVERY) => serviceOn(store, { snapshots: { every } });

/** A finished three-seat toy game of some length (seats draw until they hold five cards, then stand). */
async function playedGame(store: EventStore): Promise<{ gameId: string; head: number }> {
  const games = nodeOn(store);
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 3 });
  for (let seat = 0; seat < 3; seat++) await games.lobby.claimSeat(gameId, { seat });
  for (let guard = 0; guard < 100; guard++) {
    const summary = await games.reads.summary(gameId);
    if (summary.status !== 'active') return { gameId, head: summary.revision };
    const seat = summary.awaiting[0] as number;
    const [command] = await games.reads.legalCommands(gameId, seat);
    await games.commands.execute(gameId, command, { seat });
  }
  throw new Error('the game did not end');
}

const record = (id: string, revision: number): GameRecord => ({
  ...createdRecord(
    {
      type: 'GameCreated',
      gameId: id,
      module: 'toy',
      rulesVersion: toyGame.rulesVersion,
      options: { maxCards: 3 },
      seats: 2,
      seedHash: '',
      seed: '',
    },
    toyGame,
  ),
  revision,
});

t.test('snapshots: records at multiples of N, the latest at or before a revision is found', async (t) => {
  const snapshots = new RecordSnapshots({ every: 10, games: 2 });
  for (const revision of [20, 0, 3, 10, 15, 30, 10]) snapshots.offer(record('a', revision));
  t.equal(snapshots.atOrBefore('a', 2)?.revision, 0);
  t.equal(snapshots.atOrBefore('a', 19)?.revision, 10, '3 and 15 are not kept');
  t.equal(snapshots.atOrBefore('a', 29)?.revision, 20, 'offered out of order, kept in order');
  t.equal(snapshots.atOrBefore('a', 99)?.revision, 30);
  t.equal(snapshots.atOrBefore('b', 5), undefined, 'nothing for a game never offered');
  snapshots.offer(record('b', 0));
  snapshots.offer(record('c', 0));
  t.equal(snapshots.atOrBefore('a', 5), undefined, 'the least recently used game makes room');
});

t.test('fold: a run folded at once gives the record that folding it event by event gives, at every length', async (t) => {
  const store = new InMemoryEventStore();
  const { gameId } = await playedGame(store);
  const events = await store.readStream(gameStream(gameId));
  const { streams } = nodeOn(store);
  let reference: GameRecord | undefined;
  let differences = 0;
  for (const [i, event] of events.entries()) {
    reference = reference ? streams.fold(reference, event) : createdRecord(event.data as never, toyGame);
    if (JSON.stringify(streams.foldEvents(undefined, events.slice(0, i + 1))) !== JSON.stringify(reference)) differences++;
  }
  t.equal(differences, 0, `${events.length} lengths compared`);
  t.equal(reference?.status, 'finished', 'through the end of the game');
});

t.test('replay: every revision, for every viewer, equals the fold from the first event', async (t) => {
  const store = new InMemoryEventStore();
  const { gameId, head } = await playedGame(store);
  t.ok(head > 5 * EVERY, `a game of ${head + 1} events`);
  const viewers: Viewer[] = [{ kind: 'spectator' }, { kind: 'audit' }, { kind: 'seat', seat: 1 }];
  const withSnapshots = nodeOn(store);
  const without = nodeOn(store, 1e9);
  await withSnapshots.reads.summary(gameId);
  // Backwards, then forwards: later replays start from records that earlier ones left.
  const order = [...Array.from({ length: head + 1 }, (_, r) => head - r), ...Array.from({ length: head + 1 }, (_, r) => r)];
  let differences = 0;
  for (const revision of order) {
    for (const viewer of viewers) {
      const expected = await without.reads.view(gameId, viewer, revision);
      if (JSON.stringify(await withSnapshots.reads.view(gameId, viewer, revision)) !== JSON.stringify(expected)) differences++;
    }
  }
  t.equal(differences, 0, `${order.length * viewers.length} views compared`);
});

t.test('replay: the redacted log of any window equals the one folded from the first event', async (t) => {
  const store = new InMemoryEventStore();
  const games = nodeOn(store);
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  for (let seat = 0; seat < 2; seat++) await games.lobby.claimSeat(gameId, { seat });
  // Still active, so seats see redacted draws.
  for (let i = 0; i < 6; i++)
    await games.commands.execute(gameId, { type: 'Draw' }, { seat: (await games.reads.summary(gameId)).awaiting[0] as number });
  const { revision: head } = await games.reads.summary(gameId);
  const withSnapshots = nodeOn(store);
  const without = nodeOn(store, 1e9);
  let compared = 0;
  for (const viewer of [{ kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'spectator' }] as Viewer[]) {
    for (let from = head; from >= 0; from--) {
      for (const limit of [1, 3, 50]) {
        const expected = await without.reads.events(gameId, viewer, { from, limit });
        t.same(
          await withSnapshots.reads.events(gameId, viewer, { from, limit }),
          expected,
          `${JSON.stringify(viewer)} from ${from}, ${limit}`,
        );
        compared++;
      }
    }
  }
  t.ok(compared > 0);
});

t.test('replay: a node folds the stream once; afterwards any revision folds at most N events, read from memory', async (t) => {
  const inner = new InMemoryEventStore();
  const { gameId, head } = await playedGame(inner);
  for (const events of [undefined, 0]) {
    const { store, reads } = recordingReads(inner);
    const node = serviceOn(store, { snapshots: { every: EVERY, ...(events !== undefined && { events }) } });
    await node.reads.summary(gameId); // a first load folds the whole stream and keeps records (and events) on the way
    t.same(reads, [undefined], 'the first load read the stream once');
    reads.length = 0;
    for (let revision = head - 1; revision >= 0; revision--) await node.reads.view(gameId, { kind: 'spectator' }, revision);
    if (events === 0) {
      t.ok(reads.length <= head, 'keeping no events: at most one read per replay (none at a kept record)');
      t.ok(
        reads.every((options) => options?.maxCount !== undefined && options.maxCount <= EVERY),
        'none folded more than N events',
      );
    } else t.same(reads, [], 'keeping the events it read: no replay asks the store again');
    await t.rejects(node.reads.view(gameId, { kind: 'spectator' }, head + 1), { code: 'replay/no-such-revision' });
    await t.rejects(node.reads.view(randomUUID(), { kind: 'spectator' }, 3), { code: 'game/not-found' });
  }
});

t.test('snapshots: kept events are given back only when all of a range is kept, within the events budget', async (t) => {
  const snapshots = new RecordSnapshots({ every: 10, games: 4, events: 5 });
  const event = (revision: number) => ({ revision }) as RecordedEvent;
  snapshots.keep('a', [event(3), event(4), event(5)]);
  t.same(
    snapshots.events('a', 3, 5)?.map((e) => e.revision),
    [3, 4, 5],
  );
  t.equal(snapshots.events('a', 2, 5), undefined, 'revision 2 was never kept');
  snapshots.keep('b', [event(0), event(1)]);
  t.same(snapshots.events('b', 0, 1)?.length, 2, 'five events in all fit');
  snapshots.keep('b', [event(2)]);
  t.equal(snapshots.events('a', 3, 3), undefined, 'a sixth: the least recently used game makes room');
  t.same(snapshots.events('b', 0, 2)?.length, 3);
  snapshots.keep('c', [0, 1, 2, 3, 4, 5].map(event));
  t.equal(snapshots.events('c', 0, 0), undefined, 'one game over the whole budget keeps none');
  t.equal(snapshots.events('b', 0, 0), undefined, 'after making what room it could');
});

t.test('replay: keys of commands folded on a cold load are all found (one map for the whole fold)', async (t) => {
  const store = new InMemoryEventStore();
  const games = nodeOn(store);
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  for (let seat = 0; seat < 2; seat++) await games.lobby.claimSeat(gameId, { seat });
  const first: { seat: number; events: unknown }[] = [];
  for (let i = 0; i < 6; i++) {
    const seat = (await games.reads.summary(gameId)).awaiting[0] as number;
    first.push({ seat, events: (await games.commands.execute(gameId, { type: 'Draw' }, { seat, idempotencyKey: `k${i}` })).events });
  }
  const cold = nodeOn(store);
  const before = (await store.readStream(gameStream(gameId))).length;
  for (const [i, { seat, events }] of first.entries()) {
    const again = await cold.commands.execute(gameId, { type: 'Draw' }, { seat, idempotencyKey: `k${i}` });
    t.equal(again.replayed, true, `key k${i} is recognised`);
    t.same(again.events, events, 'and answered with the first outcome');
  }
  t.equal((await store.readStream(gameStream(gameId))).length, before, 'nothing appended');
});
