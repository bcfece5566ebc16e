// Being told, on the in-memory store with a clock the test moves: the notifier tells each player when a seat of theirs
// becomes awaited, when its clock runs low and when the game ends, once each, whatever the page boundaries, restarts or
// a second notifier; characters levelling up and games a campaign schedules are told to whom they concern.
import t from 'tap';
import { lowClockAt, Notifier, type AnyGameModule, type Notice } from '../src/index';
import { InMemoryEventStore, MemoryNoticeOutbox, toyGame } from '../src/testing/index';
import { serviceOn } from './support';

const START = Date.parse('2026-01-01T00:00:00Z');
const P0 = '00000000-0000-4000-8000-000000000000';
const P1 = '11111111-1111-4111-8111-111111111111';

function world(modules: Record<string, AnyGameModule> = { toy: toyGame }) {
  const store = new InMemoryEventStore();
  const clock = { now: START };
  const games = serviceOn(store, { clock: () => new Date(clock.now), modules });
  const outbox = new MemoryNoticeOutbox();
  const notifier = (batchSize = 500, on = outbox) =>
    new Notifier({ store, outbox: on, streams: games.streams, modules, clock: () => new Date(clock.now), batchSize });
  /** Each player's feed as kind/seat pairs. */
  const feed = (player: string, on = outbox) =>
    (on.feeds.get(player) ?? []).map((n) => `${n.kind}:${(n.data as { seat?: number }).seat ?? '-'}`);
  return { store, clock, games, outbox, notifier, feed, at: (s: number) => (clock.now = START + s * 1000) };
}

/** Tell everything written so far. */
async function drain(notifier: Notifier): Promise<void> {
  while ((await notifier.step()) > 0);
}

/** A toy table of two seats claimed by P0 and P1 (started on the second claim). */
async function table(w: ReturnType<typeof world>, clock?: { kind: 'move'; seconds: number }) {
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2, ...(clock && { clock }) });
  await w.games.lobby.claimSeat(gameId, { player: P0 });
  await w.games.lobby.claimSeat(gameId, { player: P1 });
  return gameId;
}

t.test('lowClockAt: a fifth of the time left, never later than 30 s before the deadline, never before half-way', async (t) => {
  const deadline = (seconds: number) => ({ startedAt: new Date(START).toISOString(), at: new Date(START + seconds * 1000).toISOString() });
  const left = (seconds: number) => (START + seconds * 1000 - Date.parse(lowClockAt(deadline(seconds)))) / 1000;
  t.equal(left(60), 30, 'a minute: 30 s before');
  t.equal(left(10), 5, 'ten seconds: half-way');
  t.equal(left(3600), 720, 'an hour: a fifth, 12 minutes');
  t.equal(left(48 * 3600), 9.6 * 3600, 'two days: a fifth, 9.6 hours');
});

t.test('each player is told when a seat of theirs becomes awaited, and when the game ends; a seat kept waiting is told once', async (t) => {
  const w = world();
  const gameId = await table(w);
  await drain(w.notifier());
  t.same(w.feed(P0), ['turn:0'], 'the deal awaits seat 0: its player is told');
  t.same(w.feed(P1), [], 'the other is not');
  await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 1 });
  // Seat 1 stood: seat 0 stays awaited through its next draw.
  await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  await drain(w.notifier());
  t.same(w.feed(P1), ['turn:1']);
  t.same(w.feed(P0), ['turn:0', 'turn:0'], 'awaited again after seat 1, then not told again while it stays awaited');
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  await drain(w.notifier());
  t.same(w.feed(P0).at(-1), 'game.finished:-');
  t.same(w.feed(P1).at(-1), 'game.finished:-');
  const ended = w.outbox.notices.find((n) => n.kind === 'game.finished');
  t.match(ended?.data, { gameId, module: 'toy', status: 'finished', winners: Array });
  t.same(ended?.players, [P0, P1], 'told to everyone seated');
  const turn = w.outbox.notices.find((n) => n.kind === 'turn');
  t.same(
    Object.keys(turn?.data ?? {}).sort(),
    ['deadline', 'gameId', 'module', 'player', 'revision', 'seat'],
    'a turn says no more than the summary does',
  );
});

t.test('anonymous seats are told to nobody but the operator; bots are told nothing', async (t) => {
  const w = world();
  const { gameId } = await w.games.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  await w.games.lobby.claimSeat(gameId, {});
  await w.games.lobby.claimSeat(gameId, { bot: 'fifteen' });
  await drain(w.notifier());
  const turns = w.outbox.notices.filter((n) => n.kind === 'turn');
  t.same(
    turns.map((n) => [n.data.seat, n.players]),
    [[0, []]],
    'seat 0 awaited with no player to tell',
  );
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  await drain(w.notifier());
  t.equal(w.outbox.notices.filter((n) => n.kind === 'turn').length, 1, 'the bot seat becoming awaited is no one’s turn');
});

t.test('a full page that ends inside a batch leaves it to the next page: the same notices as one big page', async (t) => {
  const big = world();
  const small = world();
  for (const w of [big, small]) {
    const gameId = await table(w);
    await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
    await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 1 });
    await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  }
  await drain(big.notifier(500));
  await drain(small.notifier(2));
  const shape = (notices: Notice[]) => notices.map((n) => `${n.kind}:${(n.data as { seat?: number }).seat ?? '-'}`);
  t.same(shape(small.outbox.notices), shape(big.outbox.notices));
  t.same(shape(big.outbox.notices), ['turn:0', 'turn:1', 'turn:0', 'game.finished:-']);
});

t.test('a notifier behind the checkpoint writes nothing: a restart or a second node never tells a fact twice', async (t) => {
  const w = world();
  await table(w);
  const a = w.notifier();
  const b = w.notifier();
  await Promise.all([a.step(), b.step()]);
  await drain(w.notifier());
  t.same(w.feed(P0), ['turn:0'], 'told once');
  t.equal(w.outbox.notices.length, 1);
});

t.test('clock low: told when a fifth of the time is left, not when the seat moved first, and told late rather than lost', async (t) => {
  const w = world();
  const gameId = await table(w, { kind: 'move', seconds: 60 });
  const notifier = w.notifier();
  await drain(notifier);
  t.equal(w.outbox.timers.size, 1, 'seat 0’s deadline plans a timer');
  w.at(29);
  await notifier.release();
  t.same(w.feed(P0), ['turn:0'], 'not before its time');
  w.at(30);
  await notifier.release();
  t.same(w.feed(P0), ['turn:0', 'clock.low:0'], 'half a minute before the deadline');
  const low = w.outbox.feeds.get(P0)?.at(-1);
  t.match(low?.data, { gameId, seat: 0, deadline: new Date(START + 60_000).toISOString() });

  // Seat 0 moves at 40 s: seat 1's minute starts; seat 1 moves at 50 s, before its clock ran low (at 70 s).
  w.at(40);
  await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  w.at(50);
  await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 1 });
  await drain(notifier);
  w.at(75);
  await notifier.release();
  t.same(w.feed(P1), ['turn:1'], 'seat 1 moved before its clock ran low: not told');

  // Seat 0 (awaited since 50 s, low at 80 s) moves at 85 s, but the notifier only catches up afterwards.
  w.at(85);
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 0 });
  await drain(notifier);
  t.same(w.feed(P0).slice(-1), ['clock.low:0'], 'its clock had run low before the move: told, late');
});

t.test('a character levelling up is told to its owner; a game a campaign schedules to every member seated', async (t) => {
  const w = world();
  const character = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
  const campaign = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
  const meta = (commandId: string) => ({ commandId, causationId: commandId, at: new Date(START).toISOString() });
  const event = (type: string, data: object, commandId: string) => ({
    id: crypto.randomUUID(),
    type,
    data: { type, ...data },
    metadata: meta(commandId),
  });
  await w.store.appendToStream(`character-${character}`, [
    event('CharacterCreated', { characterId: character, owner: P0, module: 'toy', name: 'Ada', options: {} }, 'c1'),
    event('ToyCharacterBegun', { motto: 'onwards' }, 'c1'),
  ]);
  await w.store.appendToStream(`character-${character}`, [
    event('GameRecorded', { gameId: 'g1', seat: 0, won: true, at: 'x', outcome: null }, 'c2'),
    event('ToyGameScored', { gameId: 'g1', xp: 3, total: 3 }, 'c2'),
  ]);
  await w.store.appendToStream(`character-${character}`, [
    event('GameRecorded', { gameId: 'g2', seat: 0, won: true, at: 'x', outcome: null }, 'c3'),
    event('ToyGameScored', { gameId: 'g2', xp: 3, total: 6 }, 'c3'),
    event('ToyLevelReached', { level: 2 }, 'c3'),
  ]);
  const seats = [
    { seat: 0, player: P0, character },
    { seat: 1, player: P1, character: null },
  ];
  await w.store.appendToStream(`campaign-${campaign}`, [event('CampaignGameScheduled', { gameId: 'g3', seats }, 'k1')]);
  await drain(w.notifier(3));
  const levelled = w.outbox.notices.filter((n) => n.kind === 'character.levelled');
  t.same(
    levelled.map((n) => [n.players, n.data]),
    [[[P0], { characterId: character, owner: P0, module: 'toy', name: 'Ada', level: 2, previousLevel: 1, revision: 6 }]],
    'one level, to the owner, with the sheet’s level before and after',
  );
  const scheduled = w.outbox.notices.filter((n) => n.kind === 'campaign.scheduled');
  t.same(
    scheduled.map((n) => [n.players, n.subject]),
    [[[P0, P1], 'game:g3']],
    'ordered with the game it schedules',
  );
  t.same(w.outbox.feeds.get(P0) ?? [], [], 'neither is in the feed of turns');
});

t.test('a notifier reads its checkpoint once while it keeps moving it, and again once another moved it first', async (t) => {
  const w = world();
  let reads = 0;
  const counted = {
    checkpoint: () => (reads++, w.outbox.checkpoint()),
    commit: (...args: Parameters<MemoryNoticeOutbox['commit']>) => w.outbox.commit(...args),
    release: (now: string) => w.outbox.release(now),
  } as MemoryNoticeOutbox;
  const first = w.notifier(500, counted);
  await table(w);
  await drain(first);
  const gameId = await table(w);
  await drain(first);
  t.equal(reads, 1, 'one read for every step so far');
  await w.games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  await drain(w.notifier()); // another notifier tells it first
  await w.games.commands.execute(gameId, { type: 'Stand' }, { seat: 1 });
  await drain(first);
  t.equal(reads, 2, 'its commit refused, it read the checkpoint again');
  t.same(w.feed(P1), ['turn:1'], 'and told nothing twice');
  t.same(w.feed(P0), ['turn:0', 'turn:0', 'turn:0'], 'one table dealt, the other dealt and awaiting seat 0 again');
});
