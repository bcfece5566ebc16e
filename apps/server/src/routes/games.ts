// The lobby over REST: create and list games, read a summary, claim seats, start and abandon.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notModified } from '../etag';
import { credentialsOf, isAdmin, requireSeat } from '../auth';
import { listItemBody, summaryBody } from '../bodies';
import {
  ClaimSeatRequest,
  CreateGameRequest,
  GameIdParams,
  GameList,
  GameSummary,
  ListGamesQuery,
  SeatClaimed,
  problems,
} from '../schemas';

const games: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games',
    { schema: { body: CreateGameRequest, response: { 201: GameSummary, ...problems(400, 413, 422, 429) } } },
    async (request, reply) => {
      const { module, options, seats } = request.body;
      const { gameId, summary: created } = await app.games.createGame({ module, options: options ?? {}, seats });
      const summary = summaryBody(created);
      return reply.code(201).header('location', `/games/${gameId}`).send(summary);
    },
  );

  app.get('/games', { schema: { querystring: ListGamesQuery, response: { 200: GameList, ...problems(400, 429) } } }, async (request) => {
    const { module, status, limit, cursor } = request.query;
    const page = await app.gamesList.list({
      limit,
      ...(module !== undefined && { module }),
      ...(status !== undefined && { status }),
      ...(cursor !== undefined && { cursor }),
    });
    return { items: page.items.map(listItemBody), nextCursor: page.nextCursor };
  });

  app.get(
    '/games/:id',
    { schema: { params: GameIdParams, response: { 200: GameSummary, 304: Type.Null(), ...problems(400, 404, 429) } } },
    async (request, reply) => {
      const summary = await app.games.summary(request.params.id);
      if (notModified(request, reply, String(summary.revision))) return reply.code(304).send(null);
      return summaryBody(summary);
    },
  );

  app.post(
    '/games/:id/seats',
    {
      schema: {
        params: GameIdParams,
        body: ClaimSeatRequest,
        response: { 201: SeatClaimed, ...problems(400, 404, 409, 413, 422, 429) },
      },
      // Claiming a seat needs no body at all; treat a missing one as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { seat, name } = request.body;
      const claimed = await app.games.claimSeat(request.params.id, {
        ...(seat !== undefined && { seat }),
        ...(name !== undefined && { name }),
      });
      return reply.code(201).send(claimed);
    },
  );

  app.post(
    '/games/:id/start',
    { schema: { params: GameIdParams, response: { 200: GameSummary, ...problems(400, 401, 403, 404, 409, 422, 429) } } },
    async (request) => {
      const { id } = request.params;
      await requireSeat(app.games, credentialsOf(request), id);
      await app.games.startGame(id);
      return summaryBody(await app.games.summary(id));
    },
  );

  app.post(
    '/games/:id/abandon',
    { schema: { params: GameIdParams, response: { 200: GameSummary, ...problems(400, 401, 403, 404, 409, 422, 429) } } },
    async (request) => {
      const { id } = request.params;
      if (isAdmin(credentialsOf(request), app.config.adminKey)) await app.games.abandonGame(id);
      else await app.games.abandonGame(id, await requireSeat(app.games, credentialsOf(request), id));
      return summaryBody(await app.games.summary(id));
    },
  );
};

export default games;
