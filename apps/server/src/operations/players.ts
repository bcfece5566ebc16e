// Player accounts: register (the first API key is shown once), a public profile, and managing one's own keys.
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
