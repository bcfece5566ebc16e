// Campaigns: create, join, read progress, and schedule a game with every member seated.
import { Type } from '@sinclair/typebox';
import { awaitReadModel, LogPosition } from '../positions';
import { playerOf } from './access';
import { operation } from './operation';
import { Campaign, ModuleName, Name, Options, ScheduledGame, Uuid } from './schemas';

const CampaignId = Uuid('The campaign id.');

export const createCampaign = operation({
  name: 'createCampaign',
  group: 'campaigns',
  summary: 'Create a campaign of a module; you are its first member (with a character, if you bring one).',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object(
    {
      name: Name("The campaign's name.", 'Under the Hill'),
      module: ModuleName('The module its games are played under.', 'raid'),
      character: Type.Optional(Uuid('The character the creator brings.')),
    },
    { additionalProperties: false },
  ),
  output: Campaign,
  problems: [401, 403, 404, 413, 415, 422],
  run: ({ platform }, caller, { name, module, character }) =>
    platform.campaigns.create(playerOf(caller), { name, module, ...(character !== undefined && { character }) }),
});

export const getCampaign = operation({
  name: 'getCampaign',
  group: 'campaigns',
  summary: "A campaign's members and every game played in its name, with results.",
  description: 'Served from the campaign-progress read model; give `after` to read your own write.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({ id: CampaignId, after: Type.Optional(LogPosition) }, { additionalProperties: false }),
  output: Campaign,
  problems: [404],
  async run({ config, platform, reads }, _caller, { id, after }) {
    await awaitReadModel(reads, 'campaign-progress', after, config.readWaitMs);
    return (await reads.campaign(id)) ?? platform.campaigns.get(id);
  },
});

export const joinCampaign = operation({
  name: 'joinCampaign',
  group: 'campaigns',
  summary: 'Join a campaign (with one of your characters of its module, if you like).',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object(
    { id: CampaignId, character: Type.Optional(Uuid('The character the new member brings.')) },
    { additionalProperties: false },
  ),
  output: Campaign,
  problems: [401, 403, 404, 409, 413, 415, 422],
  run: ({ platform }, caller, { id, character }) =>
    platform.campaigns.join(playerOf(caller), id, { ...(character !== undefined && { character }) }),
});

export const scheduleCampaignGame = operation({
  name: 'scheduleCampaignGame',
  group: 'campaigns',
  summary: 'Schedule a game for the campaign: it is created with every member seated (with their characters).',
  description:
    'The caller receives their own seat token; every other member takes theirs with their player key through ' +
    'POST /games/{id}/seats/{seat}/tokens. The game starts at once, since every seat is claimed.',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object({ id: CampaignId, options: Type.Optional(Options("The game's module options.")) }, { additionalProperties: false }),
  output: ScheduledGame,
  problems: [401, 403, 404, 409, 413, 415, 422],
  run: ({ platform }, caller, { id, options }) =>
    platform.campaigns.schedule(playerOf(caller), id, { ...(options !== undefined && { options }) }),
  issues: (_input, { gameId, seat, token }) => ({ token, caller: { kind: 'seat', gameId, seat } }),
});
