// Player accounts: register (the first API key is shown once), a public profile, and managing one's own keys.
import { GameLifecycle, SeatNumber } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { awaitReadModel, LogPosition } from '../positions';
import { requireSelf } from './access';
import { operation } from './operation';
import { Name, NewPlayerKey, PlayerKeyList, PlayerProfile, PlayerRegistered, Uuid } from './schemas';

const PlayerId = Uuid('The player id.');

export const registerPlayer = operation({
  name: 'registerPlayer',
  group: 'players',
  summary: 'Register a player account and receive its first API key (shown once).',
  budget: 'write',
  auth: ['anonymous'],
  input: Type.Object({ name: Name('The name others see.') }, { additionalProperties: false }),
  output: PlayerRegistered,
  problems: [413, 415],
  async run({ platform }, _caller, { name }) {
    const { player, keyId, key } = await platform.players.register(name);
    return { ...player, keyId, key };
  },
  issues: (_input, { id, key }) => ({ token: key, caller: { kind: 'player', player: id } }),
});

export const getPlayer = operation({
  name: 'getPlayer',
  group: 'players',
  summary: "A player's profile: name, characters and the games they took a seat in as themselves.",
  description:
    'Served from the player-profiles read model, which follows the event log within moments; give `after` to read your own write.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({ id: PlayerId, after: Type.Optional(LogPosition) }, { additionalProperties: false }),
  output: PlayerProfile,
  problems: [404],
  async run({ config, platform, reads }, _caller, { id, after }) {
    await awaitReadModel(reads, 'player-profiles', after, config.readWaitMs);
    // Registered a moment ago and not projected yet: the stream knows the player, with nothing else to list.
    return (await reads.playerProfile(id)) ?? { ...(await platform.players.summary(id)), characters: [], games: [] };
  },
});

export const listPlayerKeys = operation({
  name: 'listPlayerKeys',
  group: 'players',
  summary: "The player's live keys (ids and dates, never the keys).",
  budget: 'read',
  auth: ['playerKey'],
  input: Type.Object({ id: PlayerId }, { additionalProperties: false }),
  output: PlayerKeyList,
  // No 404: a key acts for its own account only (403 for another id), and its own account exists.
  problems: [401, 403],
  run: async ({ platform }, caller, { id }) => ({ items: await platform.players.keys(requireSelf(caller, id)) }),
});

export const issuePlayerKey = operation({
  name: 'issuePlayerKey',
  group: 'players',
  summary: 'Issue another key for the player (another device, or before revoking an old one); shown once.',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object({ id: PlayerId }, { additionalProperties: false }),
  output: NewPlayerKey,
  problems: [401, 403, 409],
  run: ({ platform }, caller, { id }) => platform.players.issueKey(requireSelf(caller, id)),
  issues: ({ id }, { key }) => ({ token: key, caller: { kind: 'player', player: id } }),
});

export const revokePlayerKey = operation({
  name: 'revokePlayerKey',
  group: 'players',
  summary: 'Revoke a key; it stops working at once. The last live key cannot be revoked.',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object({ id: PlayerId, keyId: Uuid('The key id.') }, { additionalProperties: false }),
  output: Type.Null({ description: 'Revoked.' }),
  problems: [401, 403, 404, 409],
  async run({ platform }, caller, { id, keyId }) {
    await platform.players.revokeKey(requireSelf(caller, id), keyId);
    return null;
  },
});

/** One seat a player holds in a game not over, as it stands now. */
const ActiveSeat = Type.Object(
  {
    gameId: Uuid('The game.'),
    module: Type.String({ description: "The game's module." }),
    seat: SeatNumber,
    character: Type.Union([Uuid('The character seated.'), Type.Null()], { description: 'The character seated; null without one.' }),
    status: GameLifecycle,
    awaited: Type.Boolean({ description: 'Whether the game waits for this seat now.' }),
    joinedAt: Type.String({ description: 'When the player took the seat (ISO 8601).' }),
  },
  { title: 'ActiveSeat', description: 'A seat the player holds in a game not over yet.' },
);

export const listActiveSeats = operation({
  name: 'listActiveSeats',
  group: 'players',
  summary: 'Your seats in games not over yet, newest first, each with whether the game waits for you.',
  description:
    'The games come from the player-profiles read model (within moments of a claim; give `after` to read your own ' +
    'claim); each one’s status and whether it awaits the seat are read from the game itself. Take a fresh token for one with POST ' +
    '/games/{gameId}/seats/{seat}/tokens, or recover the seat (revoking the old tokens) with POST …/recovery.',
  budget: 'read',
  auth: ['playerKey'],
  input: Type.Object({ id: PlayerId, after: Type.Optional(LogPosition) }, { additionalProperties: false }),
  output: Type.Object(
    { items: Type.Array(ActiveSeat, { description: 'At most 100 seats, newest first.' }) },
    { title: 'ActiveSeatList', description: "A player's seats in games not over." },
  ),
  problems: [401, 403],
  async run({ config, games, reads }, caller, { id, after }) {
    requireSelf(caller, id);
    await awaitReadModel(reads, 'player-profiles', after, config.readWaitMs);
    const playing = ((await reads.playerProfile(id))?.games ?? [])
      .filter((g) => g.status === 'playing')
      .slice(-100)
      .reverse();
    const items = await Promise.all(
      playing.map(async (entry) => {
        const summary = await games.reads.summary(entry.gameId);
        if (summary.status !== 'open' && summary.status !== 'active') return null;
        return {
          gameId: entry.gameId,
          module: summary.module,
          seat: entry.seat,
          character: entry.character,
          status: summary.status,
          awaited: summary.awaiting.includes(entry.seat),
          joinedAt: entry.joinedAt,
        };
      }),
    );
    return { items: items.filter((item) => item !== null) };
  },
});
