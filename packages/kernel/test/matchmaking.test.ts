// Matchmaking on the in-memory store: tables fill oldest first and start when full, nodes placing at once never give
// one seat twice, a crash between a pool's decision and its effects is finished by the matchmaker, and tickets end
// with the game and seat they got (or why not).
import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import {
  CharacterService,
  gameServices,
  Matchmaker,
  MatchmakingService,
  PlayerService,
  type EventStore,
  type GameServices,
} from '../src/index';
import { InMemoryEventStore, MemoryCheckpoints, toyGame } from '../src/testing/index';

const modules = { toy: toyGame };

/** One node of the platform on `store`: games, players, characters and matchmaking. */
function node(store: EventStore) {
  const base = { store, clock: () => new Date(), newId: randomUUID };
  const newSecret = () => randomBytes(32).toString('base64url');
  const games: GameServices = gameServices({ ...base, modules, newSecret });
  const players = new PlayerService({ ...base, newSecret });
  const characters = new CharacterService({ ...base, modules, games });
  const matchmaking = new MatchmakingService({ ...base, modules, games, players, characters });
  return { games, players, characters, matchmaking };
}

async function registered(n: ReturnType<typeof node>, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await n.players.register(`p${i}`)).player.id);
  return ids;
}

t.test('tickets fill the oldest table first, and its game starts when the last seat is given', async (t) => {
  const n = node(new InMemoryEventStore());
  const [a, b, c] = await registered(n, 3);
  const placed = [];
  for (const player of [a, b, c] as string[]) {
    const ticket = await n.matchmaking.open(player, { module: 'toy', seats: 2 });
    placed.push((await n.matchmaking.place(ticket.id)).ticket);
  }
  t.same(
    placed.map((p) => [p.status, p.seat]),
    [
      ['seated', 0],
      ['seated', 1],
      ['seated', 0],
    ],
  );
  t.equal(placed[0]?.gameId, placed[1]?.gameId, 'the first two share a table');
  t.not(placed[2]?.gameId, placed[0]?.gameId, 'the third opens the next');
  const first = await n.games.reads.summary(placed[0]?.gameId as string);
  t.equal(first.status, 'active', 'the full table started');
  t.same(
    first.seats.map((s) => s.player),
    [a, b],
  );
  t.equal((await n.games.reads.summary(placed[2]?.gameId as string)).status, 'open', 'the next waits for a second player');
});

t.test('two nodes placing at once never give one seat twice nor leave a table half filled while tickets wait', async (t) => {
  const store = new InMemoryEventStore();
  const [one, two] = [node(store), node(store)];
  const players = await registered(one, 12);
  const tickets = await Promise.all(players.map((p, i) => (i % 2 ? one : two).matchmaking.open(p, { module: 'toy', seats: 3 })));
  const placed = await Promise.all(tickets.map((ticket, i) => (i % 2 ? two : one).matchmaking.place(ticket.id)));
  const seats = placed.map((p) => `${p.ticket.gameId}/${p.ticket.seat}`);
  t.equal(new Set(seats).size, 12, 'twelve distinct seats');
  const games = [...new Set(placed.map((p) => p.ticket.gameId as string))];
  t.equal(games.length, 4, 'four tables of three');
  for (const id of games) t.equal((await one.games.reads.summary(id)).status, 'active', 'every table full and started');
});

t.test('a crash between the pool’s decision and its effects: the matchmaker finishes the placement', async (t) => {
  const store = new InMemoryEventStore();
  const n = node(store);
  const [a, b] = await registered(n, 2);
  const first = await n.matchmaking.open(a as string, { module: 'toy', seats: 2 });
  await n.matchmaking.place(first.id);
  // The second request dies right after opening its ticket: nothing else happened for it.
  const second = await n.matchmaking.open(b as string, { module: 'toy', seats: 2 });
  const restarted = node(store);
  const matchmaker = new Matchmaker({
    store,
    checkpoints: new MemoryCheckpoints(),
    matchmaking: restarted.matchmaking,
    games: restarted.games,
    characters: restarted.characters,
    clock: () => new Date(Date.now() + 60_000), // well past the grace it leaves requests
  });
  while ((await matchmaker.step()) > 0);
  const ticket = await restarted.matchmaking.get(second.id);
  t.equal(ticket.status, 'seated');
  const game = await restarted.games.reads.summary(ticket.gameId as string);
  t.equal(game.seats[ticket.seat as number]?.player, b, 'the seat is the player’s');
  t.equal(game.status, 'active', 'and the table started');
  while ((await matchmaker.step()) > 0); // again: nothing more happens
  t.equal((await restarted.matchmaking.get(second.id)).status, 'seated');
});

t.test('a ticket is cancelled while open, not once placed; and ends failed when its character is busy', async (t) => {
  const n = node(new InMemoryEventStore());
  const [a, b] = await registered(n, 2);
  const open = await n.matchmaking.open(a as string, { module: 'toy', seats: 2 });
  await t.rejects(n.matchmaking.cancel(b as string, open.id), { code: 'ticket/not-yours' });
  t.equal((await n.matchmaking.cancel(a as string, open.id)).ticket.status, 'cancelled');
  t.equal((await n.matchmaking.place(open.id)).ticket.status, 'cancelled', 'a cancelled ticket is never placed');
  // Placed at a table that waits for a second player: cancelling leaves the seat, which the next ticket takes.
  const placed = await n.matchmaking.open(a as string, { module: 'toy', seats: 2 });
  const seat = (await n.matchmaking.place(placed.id)).ticket;
  const cancelled = await n.matchmaking.cancel(a as string, placed.id);
  t.match(cancelled, { ticket: { status: 'cancelled' }, left: true });
  t.equal((await n.games.reads.summary(seat.gameId as string)).seats[0]?.claimed, false, 'the seat is free again');
  const next = await n.matchmaking.open(b as string, { module: 'toy', seats: 2 });
  t.match((await n.matchmaking.place(next.id)).ticket, { gameId: seat.gameId, seat: 0 }, 'and the next ticket takes it');
  const full = await n.matchmaking.open(a as string, { module: 'toy', seats: 2 });
  await n.matchmaking.place(full.id); // the table fills and starts
  await t.rejects(n.matchmaking.cancel(a as string, full.id), { code: 'ticket/not-open' }, 'once its game started, no more');

  const hero = await n.characters.create(b as string, { module: 'toy', name: 'Busy' });
  const elsewhere = (await n.games.lobby.createGame({ module: 'toy', seats: 2 })).gameId;
  await n.characters.claimSeat(elsewhere, b as string, { character: hero.id });
  const busy = await n.matchmaking.open(b as string, { module: 'toy', seats: 2, character: hero.id });
  const result = await n.matchmaking.place(busy.id);
  t.equal(result.ticket.status, 'failed', 'the character sits elsewhere');
  t.equal(result.ticket.failure?.code, 'character/busy');
});

t.test('a fill finding nobody left at its table gives the table up instead of seating bots alone', async (t) => {
  /** A 3-seat table of a fresh pool whose only ticket is placed, then cancelled: its player leaves the seat. */
  const deserted = async (n: ReturnType<typeof node>, player: string) => {
    const ticket = await n.matchmaking.open(player, { module: 'toy', seats: 3, fillWithBotsAfter: 0 });
    const placed = (await n.matchmaking.place(ticket.id)).ticket;
    t.equal((await n.matchmaking.cancel(player, ticket.id)).left, true, 'the cancelled ticket left its seat');
    return { pool: placed.pool, gameId: placed.gameId as string };
  };

  const n = node(new InMemoryEventStore());
  const [a, b] = await registered(n, 2);
  const empty = await deserted(n, a as string);
  t.equal(await n.matchmaking.fillWithBots(empty.pool, empty.gameId), true, 'the fill is done with');
  const given = await n.games.reads.summary(empty.gameId);
  t.equal(given.status, 'abandoned', 'the table was given up');
  t.same(
    given.seats.map((s) => s.bot),
    [null, null, null],
    'no bot was seated',
  );
  const next = (await n.matchmaking.place((await n.matchmaking.open(b as string, { module: 'toy', seats: 3 })).id)).ticket;
  t.not(next.gameId, empty.gameId, 'and the pool no longer offers it');

  // A stranger who claimed a seat outside matchmaking is someone to play with: that table is filled as before.
  const m = node(new InMemoryEventStore());
  const [c] = await registered(m, 1);
  const visited = await deserted(m, c as string);
  await m.games.lobby.claimSeat(visited.gameId, { name: 'stranger' });
  t.equal(await m.matchmaking.fillWithBots(visited.pool, visited.gameId), true);
  const filled = await m.games.reads.summary(visited.gameId);
  t.equal(filled.status, 'active', 'the stranger’s table started');
  t.equal(filled.seats.filter((s) => s.bot !== null).length, 2, 'with bots in the two other seats');
});

t.test('a fill due before its placement is carried out waits for it: bots never take a seat given to a ticket', async (t) => {
  const n = node(new InMemoryEventStore());
  const [a] = await registered(n, 1);
  // The placement stops between the pool's decision and the game's creation, as a busy node can.
  const { lobby } = n.games;
  const create = lobby.createGame.bind(lobby);
  let reached!: () => void;
  const creating = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  Object.assign(lobby, {
    createGame: async (...args: Parameters<typeof create>) => {
      reached();
      await released;
      return create(...args);
    },
  });
  const ticket = await n.matchmaking.open(a as string, { module: 'toy', seats: 3, fillWithBotsAfter: 0 });
  const placing = n.matchmaking.place(ticket.id);
  await creating;
  const decided = await n.matchmaking.get(ticket.id);
  t.equal(decided.status, 'placed', 'the pool gave the ticket its seat');
  const gameId = decided.gameId as string;
  t.equal(await n.matchmaking.fillWithBots(decided.pool, gameId), false, 'no game yet: the fill is not ready');
  release();
  const placed = (await placing).ticket;
  t.equal(placed.status, 'seated');
  t.equal(await n.matchmaking.fillWithBots(decided.pool, gameId), true, 'once the seat is claimed, the fill goes ahead');
  const game = await n.games.reads.summary(gameId);
  t.equal(game.seats[placed.seat as number]?.player, a, 'the ticket’s seat stays its player’s');
  t.same(
    game.seats.filter((_, i) => i !== placed.seat).map((s) => s.bot !== null),
    [true, true],
    'every other seat went to a bot',
  );
  t.equal(game.status, 'active', 'and the table started');
});
