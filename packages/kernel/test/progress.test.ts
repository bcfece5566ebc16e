// What follows a move on the node that made it: its answer and every push are redacted from the states the batch went
// through and share one view per viewer, without reading the store; other nodes catch up once for all their readers.
import t from 'tap';
import type { Viewer } from '../src/index';
import { InMemoryEventStore } from '../src/testing/index';
import { recordingReads, serviceOn } from './support';

const seat = (n: number): Viewer => ({ kind: 'seat', seat: n });
const spectator: Viewer = { kind: 'spectator' };
const VIEWERS: readonly Viewer[] = [seat(0), seat(1), spectator];

/** A started two-seat toy game on `store`, and the node that made it. */
async function startedGame(store: InMemoryEventStore | ReturnType<typeof recordingReads>['store']) {
  const games = serviceOn(store);
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: { maxCards: 5 }, seats: 2 });
  for (let s = 0; s < 2; s++) await games.lobby.claimSeat(gameId, { seat: s });
  return { games, gameId };
}

t.test('each viewer is shown its own view and events of a revision, whoever asked first (no seat sees another seat’s card)', async (t) => {
  const { games, gameId } = await startedGame(new InMemoryEventStore());
  const answer = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const drawn = (answer.view as { hands: (number | null)[][] }).hands[0]?.[0];
  t.type(drawn, 'number', 'seat 0 sees the card it drew');
  // Asked after seat 0's view of this revision was computed (for its answer): the others still get their own.
  for (const viewer of [seat(1), spectator]) {
    const view = (await games.reads.view(gameId, viewer)) as { hands: (number | null)[][] };
    t.same(view.hands[0], [null], `${viewer.kind === 'seat' ? `seat ${viewer.seat}` : viewer.kind} does not see it`);
    const progress = await games.reads.progressSince(gameId, viewer, answer.revision - 1, answer.revision);
    t.same(progress?.view, view, 'its push shows the same view');
    const card = (progress?.events.find((e) => e.type === 'CardDrawn')?.data as { card: number | null }).card;
    t.equal(card, null, 'and the drawn card redacted in the events');
  }
  const own = await games.reads.progressSince(gameId, seat(0), answer.revision - 1, answer.revision);
  t.equal(own?.view, answer.view, "the mover's push shares its answer's view");
  t.same(own?.events, answer.events, 'and its events');
});

t.test('subscribers of one viewer share one progress; different viewers never do', async (t) => {
  const { games, gameId } = await startedGame(new InMemoryEventStore());
  const { revision } = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const [a, b] = await Promise.all([0, 1].map(() => games.reads.progressSince(gameId, spectator, revision - 1, revision)));
  t.equal(a, b, 'two spectators: one object');
  const seats = await Promise.all([0, 1].map((n) => games.reads.progressSince(gameId, seat(n), revision - 1, revision)));
  t.not(seats[0], seats[1]);
  t.not(seats[0]?.view, seats[1]?.view);
});

t.test('the node that appended answers and pushes without reading the store', async (t) => {
  const recording = recordingReads(new InMemoryEventStore());
  const { games, gameId } = await startedGame(recording.store);
  recording.reads.length = 0;
  const { revision } = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  for (const viewer of VIEWERS) await games.reads.progressSince(gameId, viewer, revision - 1, revision);
  t.same(recording.reads, [], 'no stream read for the answer or any push');
});

t.test('a node that did not append catches up once for all its readers, and shows what a replay shows', async (t) => {
  const inner = new InMemoryEventStore();
  const { games: writer, gameId } = await startedGame(inner);
  const recording = recordingReads(inner);
  const reader = serviceOn(recording.store);
  await reader.reads.summary(gameId); // the reader holds the game as it was
  const first = await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const second = await writer.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  recording.reads.length = 0;
  const pushes = await Promise.all(
    VIEWERS.map((viewer) => reader.reads.progressSince(gameId, viewer, first.revision - 2, second.revision)),
  );
  t.equal(
    recording.reads.filter((r) => r?.fromRevision !== undefined && r.direction !== 'backwards').length,
    1,
    'one catch-up for three readers',
  );
  t.ok(reader.streams.recentEvents(gameId, first.revision - 1, second.revision), 'the reader kept what it caught up with');
  // The writer redacts from the batches it kept, the reader from the states its catch-up went through: the same for
  // every viewer.
  for (const [i, viewer] of VIEWERS.entries()) {
    const there = await writer.reads.progressSince(gameId, viewer, first.revision - 2, second.revision);
    t.same(pushes[i]?.events, there?.events, `events of ${JSON.stringify(viewer)}`);
    t.same(pushes[i]?.view, there?.view, `view of ${JSON.stringify(viewer)}`);
  }
});

t.test('a range the node appended only in part (another node wrote between) is read from the log', async (t) => {
  const inner = new InMemoryEventStore();
  const { games: a, gameId } = await startedGame(inner);
  const b = serviceOn(inner);
  const one = await a.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const two = await b.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  const three = await a.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const fresh = serviceOn(inner);
  for (const viewer of VIEWERS) {
    const [mine, replayed] = await Promise.all(
      [a, fresh].map(async (node) =>
        node.reads.visibleRange((await node.streams.load(gameId)).state, viewer, one.revision - 1, three.revision),
      ),
    );
    t.same(mine, replayed, `the same events as a replay for ${JSON.stringify(viewer)} (revision ${two.revision} came from elsewhere)`);
  }
});

t.test('the streams tell of each batch they append, once it is folded, and not of a retried key', async (t) => {
  const { games, gameId } = await startedGame(new InMemoryEventStore());
  const heard: { gameId: string; revision: number; type: string; cached: number | undefined }[] = [];
  const stop = games.streams.onAppended((a) => heard.push({ ...a, cached: games.streams.cachedRecord(a.gameId)?.revision }));
  const { revision } = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k' });
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k' });
  t.same(heard, [{ gameId, revision, type: 'TurnPassed', cached: revision }], 'the batch’s last revision and event, already in the cache');
  stop();
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  t.equal(heard.length, 1, 'a stopped listener hears nothing');
});
