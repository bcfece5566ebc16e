// Player accounts over REST: register (the first API key is shown once), a public profile, and key management.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { credentialsOf, requireSelf } from '../auth';
import {
  NewPlayerKey,
  PlayerIdParams,
  PlayerKeyList,
  PlayerKeyParams,
  PlayerProfile,
  PlayerRegistered,
  RegisterPlayerRequest,
  problems,
} from '../schemas';

const players: FastifyPluginAsyncTypebox = async (app) => {
  const { players: service } = app.platform;

  app.post(
    '/players',
    {
      schema: {
        operationId: 'registerPlayer',
        tags: ['players'],
        summary: 'Register a player account and receive its first API key (shown once).',
        body: RegisterPlayerRequest,
        response: { 201: PlayerRegistered, ...problems(400, 413, 415, 429) },
        responseHeaders: { 201: { Location: 'Where the player is.' } },
      },
    },
    async (request, reply) => {
      const { player, keyId, key } = await service.register(request.body.name);
      return reply
        .code(201)
        .header('location', `/players/${player.id}`)
        .send({ ...player, keyId, key });
    },
  );

  app.get(
    '/players/:id',
    {
      schema: {
        operationId: 'getPlayer',
        tags: ['players'],
        summary: "A player's profile: name, characters and the games they took a seat in as themselves.",
        description: 'Served from the player-profiles read model, which follows the event log within moments.',
        params: PlayerIdParams,
        response: { 200: PlayerProfile, ...problems(400, 404, 429) },
      },
    },
    async (request) => {
      const profile = await app.platformReads.playerProfile(request.params.id);
      if (profile) return profile;
      // Registered a moment ago and not projected yet: the stream knows the player, with nothing else to list.
      const summary = await service.summary(request.params.id);
      return { ...summary, characters: [], games: [] };
    },
  );

  app.get(
    '/players/:id/keys',
    {
      schema: {
        operationId: 'listPlayerKeys',
        tags: ['players'],
        summary: "The player's live keys (ids and dates, never the keys).",
        auth: ['playerKey'],
        params: PlayerIdParams,
        response: { 200: PlayerKeyList, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await requireSelf(service, credentialsOf(request), request.params.id);
      return { items: await service.keys(request.params.id) };
    },
  );

  app.post(
    '/players/:id/keys',
    {
      schema: {
        operationId: 'issuePlayerKey',
        tags: ['players'],
        summary: 'Issue another key for the player (another device, or before revoking an old one); shown once.',
        auth: ['playerKey'],
        params: PlayerIdParams,
        response: { 201: NewPlayerKey, ...problems(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await requireSelf(service, credentialsOf(request), request.params.id);
      return reply.code(201).send(await service.issueKey(request.params.id));
    },
  );

  app.delete(
    '/players/:id/keys/:keyId',
    {
      schema: {
        operationId: 'revokePlayerKey',
        tags: ['players'],
        summary: 'Revoke a key; it stops working at once. The last live key cannot be revoked.',
        auth: ['playerKey'],
        params: PlayerKeyParams,
        response: { 204: Type.Null({ description: 'Revoked.' }), ...problems(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await requireSelf(service, credentialsOf(request), request.params.id);
      await service.revokeKey(request.params.id, request.params.keyId);
      return reply.code(204).send(null);
    },
  );
};

export default players;
