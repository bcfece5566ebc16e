// Campaigns over REST: create, join, read progress, and schedule a game with every member seated.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { credentialsOf, requirePlayer } from '../auth';
import {
  Campaign,
  CampaignIdParams,
  CreateCampaignRequest,
  JoinCampaignRequest,
  ScheduledGame,
  ScheduleGameRequest,
  problems,
} from '../schemas';

const campaigns: FastifyPluginAsyncTypebox = async (app) => {
  const { campaigns: service, players } = app.platform;

  app.post(
    '/campaigns',
    {
      schema: {
        operationId: 'createCampaign',
        tags: ['campaigns'],
        summary: 'Create a campaign of a module; you are its first member (with a character, if you bring one).',
        auth: ['playerKey'],
        body: CreateCampaignRequest,
        response: { 201: Campaign, ...problems(400, 401, 403, 404, 413, 415, 422, 429) },
        responseHeaders: { 201: { Location: 'Where the campaign is.' } },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(players, credentialsOf(request));
      const { name, module, character } = request.body;
      const campaign = await service.create(player, { name, module, ...(character !== undefined && { character }) });
      return reply.code(201).header('location', `/campaigns/${campaign.id}`).send(campaign);
    },
  );

  app.get(
    '/campaigns/:id',
    {
      schema: {
        operationId: 'getCampaign',
        tags: ['campaigns'],
        summary: "A campaign's members and every game played in its name, with results.",
        params: CampaignIdParams,
        response: { 200: Campaign, ...problems(400, 404, 429) },
      },
    },
    async (request) => (await app.platformReads.campaign(request.params.id)) ?? service.get(request.params.id),
  );

  app.post(
    '/campaigns/:id/members',
    {
      schema: {
        operationId: 'joinCampaign',
        tags: ['campaigns'],
        summary: 'Join a campaign (with one of your characters of its module, if you like).',
        auth: ['playerKey'],
        params: CampaignIdParams,
        body: JoinCampaignRequest,
        response: { 200: Campaign, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const player = await requirePlayer(players, credentialsOf(request));
      const { character } = request.body;
      return service.join(player, request.params.id, { ...(character !== undefined && { character }) });
    },
  );

  app.post(
    '/campaigns/:id/games',
    {
      schema: {
        operationId: 'scheduleCampaignGame',
        tags: ['campaigns'],
        summary: 'Schedule a game for the campaign: it is created with every member seated (with their characters).',
        description:
          'The caller receives their own seat token; every other member takes theirs with their player key through ' +
          'POST /games/{id}/seats/{seat}/tokens. The game starts at once, since every seat is claimed.',
        auth: ['playerKey'],
        params: CampaignIdParams,
        body: ScheduleGameRequest,
        response: { 201: ScheduledGame, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(players, credentialsOf(request));
      const { options } = request.body;
      const scheduled = await service.schedule(player, request.params.id, { ...(options !== undefined && { options }) });
      return reply.code(201).header('location', `/games/${scheduled.gameId}`).send(scheduled);
    },
  );
};

export default campaigns;
