// Players, characters, campaigns and the outcome recorder on the in-memory store, with the toy's small progression.
import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import {
  CampaignService,
  CharacterService,
  characterStream,
  ForbiddenError,
  gameServices,
  OutcomeRecorder,
  PlayerService,
  RESERVATION_LEASE_MS,
  type EventStore,
  type GameServices,
} from '../src/index';
import { InMemoryEventStore, MemoryCheckpoints, toyGame, type ToySheet } from '../src/testing/index';

function platform(store: EventStore = new InMemoryEventStore(), clock = () => new Date('2026-03-01T10:00:00Z')) {
  const base = { store, clock, newId: randomUUID };
  const newSecret = () => randomBytes(32).toString('base64url');
  const modules = { toy: toyGame };
  const games = gameServices({ ...base, modules, newSecret });
  const players = new PlayerService({ ...base, newSecret });
  const characters = new CharacterService({ ...base, modules, games });
  const campaigns = new CampaignService({ ...base, modules, games, players, characters });
  const checkpoints = new MemoryCheckpoints();
  const recorder = (s: EventStore = store) =>
    new OutcomeRecorder({ store: s, checkpoints, streams: games.streams, modules, characters, campaigns });
  return { store, games, modules, players, characters, campaigns, recorder, checkpoints };
}

/** Play a started toy game to its end: each awaited seat stands at once. */
async function standAll(games: GameServices, gameId: string) {
  for (let guard = 0; guard < 20; guard++) {
    const summary = await games.reads.summary(gameId);
    if (summary.status !== 'active') return summary;
    const seat = summary.awaiting[0] as number;
    await games.commands.execute(gameId, { type: 'Stand' }, { seat });
  }
  throw new Error('the game did not end');
}

const sheetOf = async (p: ReturnType<typeof platform>, id: string) => (await p.characters.get(id)).sheet as ToySheet;

t.test('players: register with a key shown once; keys authenticate, are issued, listed and revoked', async (t) => {
  const { players, store } = platform();
  const { player, key, keyId } = await players.register('Ada');
  t.equal(await players.authenticate(key), player.id);
  t.notOk(JSON.stringify((await store.readAll()).map((e) => e.data)).includes(key), 'the key itself is never stored');
  const second = await players.issueKey(player.id);
  t.same(
    (await players.keys(player.id)).map((k) => k.keyId),
    [keyId, second.keyId],
  );
  await players.revokeKey(player.id, keyId);
  await t.rejects(players.authenticate(key), ForbiddenError, 'a revoked key is refused');
  t.equal(await players.authenticate(second.key), player.id);
  await t.rejects(players.revokeKey(player.id, second.keyId), { code: 'player/last-key' }, 'the last key cannot be revoked');
  await t.rejects(players.authenticate(`${second.key.slice(0, -1)}x`), ForbiddenError, 'a forged secret');
  await t.rejects(players.authenticate('pk.nonsense'), ForbiddenError);
  await t.rejects(players.register(''), { code: 'player/bad-name' });
});

t.test('characters: created by a player for a module with a progression; only the owner commands it', async (t) => {
  const p = platform();
  const ada = (await p.players.register('Ada')).player.id;
  const bob = (await p.players.register('Bob')).player.id;
  const hero = await p.characters.create(ada, { module: 'toy', name: 'Hero', options: { motto: 'ever upward' } });
  t.match(hero, { owner: ada, module: 'toy', name: 'Hero', seatedIn: null, games: [] });
  t.equal((hero.sheet as ToySheet).motto, 'ever upward');
  await p.characters.command(ada, hero.id, { type: 'ChangeMotto', motto: 'onwards' });
  t.equal((await sheetOf(p, hero.id)).motto, 'onwards');
  await t.rejects(p.characters.command(bob, hero.id, { type: 'ChangeMotto', motto: 'mine' }), { code: 'character/not-owner' });
  await t.rejects(
    p.characters.command(ada, hero.id, { type: 'SpendPoint', perk: 'luck' }),
    { code: 'toy/no-points' },
    'the module’s rules answer',
  );
  await t.rejects(p.characters.command(ada, hero.id, { type: 'Fly' }), { code: 'character/malformed-command' });
  await t.rejects(p.characters.create(ada, { module: 'toy', name: 'X', options: { colour: 1 } }), { code: 'character/bad-options' });
  await t.rejects(p.characters.create(ada, { module: 'chess', name: 'X' }), { code: 'character/unknown-module' });
});

t.test('seating: the claim records the character snapshot the deal sees; one active game at a time', async (t) => {
  const p = platform();
  const ada = (await p.players.register('Ada')).player.id;
  const hero = await p.characters.create(ada, { module: 'toy', name: 'Hero' });
  const first = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  const claim = await p.characters.claimSeat(first.gameId, ada, { character: hero.id });
  const summary = await p.games.reads.summary(first.gameId);
  t.match(summary.seats[claim.seat], { player: ada, character: hero.id, name: 'Hero' });
  const second = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await t.rejects(p.characters.claimSeat(second.gameId, ada, { character: hero.id }), { code: 'character/busy' });
  await p.games.lobby.claimSeat(first.gameId); // an anonymous second seat: the game starts
  const events = await p.games.reads.events(first.gameId, { kind: 'audit' });
  t.match(events.find((e) => e.type === 'VeteransSeated')?.data, { levels: [1, null] }, 'setup saw the character’s level');
  const claimed = events.find((e) => e.type === 'SeatClaimed')?.data as { character: { id: string; revision: number } };
  t.match(claimed.character, { id: hero.id, revision: 2 }, 'the snapshot names the character stream revision');
  t.notOk(JSON.stringify(await p.games.reads.events(first.gameId, { kind: 'spectator' })).includes('tokenHash'));
  const bob = (await p.players.register('Bob')).player.id;
  const third = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await t.rejects(p.characters.claimSeat(third.gameId, bob, { character: hero.id }), { code: 'character/not-owner' });
});

t.test('seating: a reservation whose claim never landed is stale after the lease; a refused claim gives it back', async (t) => {
  let now = new Date('2026-03-01T10:00:00Z');
  const p = platform(new InMemoryEventStore(), () => now);
  const ada = (await p.players.register('Ada')).player.id;
  const hero = await p.characters.create(ada, { module: 'toy', name: 'Hero' });
  const full = await p.games.lobby.createGame({ module: 'toy', seats: 1 });
  await p.games.lobby.claimSeat(full.gameId);
  await t.rejects(p.characters.claimSeat(full.gameId, ada, { character: hero.id }), { code: 'game/not-open' });
  t.equal((await p.characters.get(hero.id)).seatedIn, null, 'nothing reserved for a game that is not open');
  const open = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await p.games.lobby.claimSeat(open.gameId, { seat: 0 });
  await t.rejects(p.characters.claimSeat(open.gameId, ada, { seat: 0, character: hero.id }), { code: 'game/seat-taken' });
  t.equal((await p.characters.get(hero.id)).seatedIn, null, 'the refused claim released the reservation');
  // A claim that died between reserving and claiming: simulate it by reserving through the stream alone.
  const dead = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await p.store.appendToStream(characterStream(hero.id), [
    {
      id: randomUUID(),
      type: 'CharacterSeated',
      data: { type: 'CharacterSeated', gameId: dead.gameId },
      metadata: { at: now.toISOString() },
    },
  ]);
  const next = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await t.rejects(p.characters.claimSeat(next.gameId, ada, { character: hero.id }), { code: 'character/busy' }, 'within the lease');
  now = new Date(now.getTime() + RESERVATION_LEASE_MS + 1);
  const claimed = await p.characters.claimSeat(next.gameId, ada, { character: hero.id });
  t.equal(claimed.seat, 0, 'after the lease the stale reservation is overridden');
});

t.test('outcomes: each finished game is recorded exactly once on each seated character, and frees it', async (t) => {
  const p = platform();
  const ada = (await p.players.register('Ada')).player.id;
  const bob = (await p.players.register('Bob')).player.id;
  const a = await p.characters.create(ada, { module: 'toy', name: 'A' });
  const b = await p.characters.create(bob, { module: 'toy', name: 'B' });
  for (let round = 0; round < 3; round++) {
    const { gameId } = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
    await p.characters.claimSeat(gameId, ada, { character: a.id });
    await p.characters.claimSeat(gameId, bob, { character: b.id });
    await standAll(p.games, gameId);
    await p.recorder().catchUp();
    await p.recorder().catchUp(); // again: nothing more
  }
  for (const id of [a.id, b.id]) {
    const character = await p.characters.get(id);
    t.equal(character.games.length, 3, 'three games, once each');
    t.equal(character.seatedIn, null, 'free again');
    const sheet = character.sheet as ToySheet;
    t.equal(sheet.games.length, 3);
    t.equal(
      sheet.xp,
      character.games.reduce((xp, g) => xp + (g.won ? 3 : 1), 0),
      'XP as the toy’s table gives',
    );
  }
});

t.test('outcomes: a crash between two characters’ records, then a restart, records each exactly once', async (t) => {
  const inner = new InMemoryEventStore();
  const p = platform(inner);
  const ada = (await p.players.register('Ada')).player.id;
  const a = await p.characters.create(ada, { module: 'toy', name: 'A' });
  const b = await p.characters.create(ada, { module: 'toy', name: 'B' });
  const { gameId } = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await p.characters.claimSeat(gameId, ada, { character: a.id });
  await p.characters.claimSeat(gameId, ada, { character: b.id });
  await standAll(p.games, gameId);
  // The process dies right after the first character's record lands.
  let records = 0;
  const crashing: EventStore = Object.create(inner, {
    appendToStream: {
      value: async (...args: Parameters<EventStore['appendToStream']>) => {
        const result = await inner.appendToStream(...args);
        if (args[0].startsWith('character-') && ++records === 1) throw new Error('kill -9');
        return result;
      },
    },
  });
  const crashingPlatform = platform(crashing);
  const dying = new OutcomeRecorder({
    ...crashingPlatform,
    streams: crashingPlatform.games.streams,
    store: crashing,
    checkpoints: p.checkpoints,
  });
  await t.rejects(dying.catchUp(), /kill -9/);
  await p.recorder().catchUp(); // the restart
  for (const id of [a.id, b.id]) t.equal((await p.characters.get(id)).games.length, 1, 'recorded once');
});

t.test('outcomes: two recorders at once (two nodes) never record a game twice', async (t) => {
  const p = platform();
  const q = platform(p.store); // a second node: its own services and caches on the same store
  const ada = (await p.players.register('Ada')).player.id;
  const ids = [];
  for (let i = 0; i < 4; i++) ids.push((await p.characters.create(ada, { module: 'toy', name: `C${i}` })).id);
  for (let round = 0; round < 2; round++) {
    for (let g = 0; g < 2; g++) {
      const { gameId } = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
      await p.characters.claimSeat(gameId, ada, { character: ids[g * 2] as string });
      await q.characters.claimSeat(gameId, ada, { character: ids[g * 2 + 1] as string });
      await standAll(g === 0 ? p.games : q.games, gameId);
    }
    await Promise.all([p.recorder().catchUp(), q.recorder().catchUp(), p.recorder().catchUp()]);
  }
  for (const id of ids) t.equal((await p.characters.get(id)).games.length, 2, `character ${id}: two games`);
});

t.test('outcomes: an abandoned game frees its characters and records nothing', async (t) => {
  const p = platform();
  const ada = (await p.players.register('Ada')).player.id;
  const a = await p.characters.create(ada, { module: 'toy', name: 'A' });
  const { gameId } = await p.games.lobby.createGame({ module: 'toy', seats: 2 });
  await p.characters.claimSeat(gameId, ada, { character: a.id });
  await p.games.lobby.abandonGame(gameId);
  await p.recorder().catchUp();
  const character = await p.characters.get(a.id);
  t.equal(character.seatedIn, null);
  t.same(character.games, []);
});

t.test('campaigns: members join, a scheduled game seats them all, and its result is recorded once', async (t) => {
  const p = platform();
  const ada = (await p.players.register('Ada')).player.id;
  const bob = (await p.players.register('Bob')).player.id;
  const a = await p.characters.create(ada, { module: 'toy', name: 'A' });
  const campaign = await p.campaigns.create(ada, { name: 'The long road', module: 'toy', character: a.id });
  await t.rejects(p.campaigns.schedule(bob, campaign.id, {}), { code: 'campaign/not-member' });
  await p.campaigns.join(bob, campaign.id, {});
  await t.rejects(p.campaigns.join(bob, campaign.id, {}), { code: 'campaign/already-member' });
  const scheduled = await p.campaigns.schedule(bob, campaign.id, {});
  t.equal(scheduled.seat, 1, 'the scheduling member gets their own seat and token');
  t.equal(await p.games.reads.authenticate(scheduled.gameId, scheduled.token), 1);
  const other = await p.games.lobby.issueSeatToken(scheduled.gameId, 0, ada);
  t.equal(await p.games.reads.authenticate(scheduled.gameId, other.token), 0, 'another member takes a token for their seat');
  await t.rejects(p.games.lobby.issueSeatToken(scheduled.gameId, 0, bob), { code: 'game/not-your-seat' });
  const summary = await p.games.reads.summary(scheduled.gameId);
  t.equal(summary.status, 'active', 'all members seated: the game started');
  t.equal(summary.campaign, campaign.id);
  await standAll(p.games, scheduled.gameId);
  await p.recorder().catchUp();
  await p.recorder().catchUp();
  const progress = await p.campaigns.get(campaign.id);
  t.equal(progress.games.length, 1);
  t.match(progress.games[0], {
    gameId: scheduled.gameId,
    status: 'finished',
    seats: [
      { player: ada, character: a.id },
      { player: bob, character: null },
    ],
  });
  t.equal((await p.characters.get(a.id)).games.length, 1, 'the character got the game too');
});
