// The lobby over REST: create and list games, read a summary, claim seats (anonymously or as a player with a
// character), take another token for a seat, start and abandon.
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { notModified } from '../etag';
import { credentialsOf, hasPlayerKey, isAdmin, requirePlayer, requireSeat, type Credentials } from '../auth';
import { listItemBody, summaryBody } from '../bodies';
import { explained } from '../explain';
import { HttpProblem } from '../problems';
import {
  ClaimSeatRequest,
  CreateGameRequest,
  GameIdParams,
  GameList,
  GameSummary,
  ListGamesQuery,
  SeatClaimed,
  SeatParams,
  problems,
} from '../schemas';

/** Create a game (REST and GraphQL alike): a bad option is explained against the module's own schema. */
export async function createGame(app: FastifyInstance, input: Static<typeof CreateGameRequest>) {
  const { module, options, seats } = input;
  return app.games.createGame({ module, options: options ?? {}, seats }).catch((error: unknown) => {
    throw explained(error, app.modules[module], { options: options ?? {} });
  });
}

/**
 * Claim a seat (REST and GraphQL alike): anonymously, or as the player whose key is presented, optionally bringing a
 * character.
 */
export async function claimSeat(app: FastifyInstance, credentials: Credentials, id: string, input: Static<typeof ClaimSeatRequest>) {
  const { seat, name, character } = input;
  const where = { ...(seat !== undefined && { seat }), ...(name !== undefined && { name }) };
  if (hasPlayerKey(credentials)) {
    const player = await requirePlayer(app.platform.players, credentials);
    return app.platform.characters.claimSeat(id, player, { ...where, ...(character !== undefined && { character }) });
  }
  if (character !== undefined) throw new HttpProblem(401, 'auth/missing-player-key', 'bringing a character needs your player key');
  return app.games.claimSeat(id, where);
}

const games: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games',
    {
      schema: {
        operationId: 'createGame',
        tags: ['games'],
        summary: 'Create a game of a module with options and a seat count.',
        body: CreateGameRequest,
        response: { 201: GameSummary, ...problems(400, 413, 415, 422, 429) },
        responseHeaders: { 201: { Location: 'Where the game is.' } },
      },
    },
    async (request, reply) => {
      const { gameId, summary: created } = await createGame(app, request.body);
      return reply.code(201).header('location', `/games/${gameId}`).send(summaryBody(created));
    },
  );

  app.get(
    '/games',
    {
      schema: {
        operationId: 'listGames',
        tags: ['games'],
        summary: 'List games from the games read model, newest first, paginated by cursor.',
        querystring: ListGamesQuery,
        response: { 200: GameList, ...problems(400, 429) },
      },
    },
    async (request) => {
      const { module, status, limit, cursor } = request.query;
      const page = await app.gamesList.list({
        limit,
        ...(module !== undefined && { module }),
        ...(status !== undefined && { status }),
        ...(cursor !== undefined && { cursor }),
      });
      return { items: page.items.map(listItemBody), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/games/:id',
    {
      schema: {
        operationId: 'getGame',
        tags: ['games'],
        summary: "The game's public summary (ETag: the revision; If-None-Match answers 304).",
        params: GameIdParams,
        response: { 200: GameSummary, 304: Type.Null(), ...problems(400, 404, 429) },
        responseHeaders: { 200: { ETag: 'A weak tag of the revision.' } },
      },
    },
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
        operationId: 'claimSeat',
        tags: ['games'],
        summary: 'Claim a seat (a given one, or the lowest free one) and receive its token.',
        description:
          'Anonymously, or as a player with your player key, optionally bringing one of your characters of the ' +
          "game's module: the character's profile is recorded with the claim, and a character sits in one active " +
          'game at a time. The game starts by itself once every seat is claimed.',
        auth: ['anonymous', 'playerKey'],
        params: GameIdParams,
        body: ClaimSeatRequest,
        response: { 201: SeatClaimed, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
      // Claiming a seat needs no body at all; treat a missing one as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => reply.code(201).send(await claimSeat(app, credentialsOf(request), request.params.id, request.body)),
  );

  app.post(
    '/games/:id/seats/:seat/tokens',
    {
      schema: {
        operationId: 'issueSeatToken',
        tags: ['games'],
        summary: 'Take another token for a seat you hold as a player (a lost token, another device, a campaign game).',
        description: 'Earlier tokens of the seat keep working.',
        auth: ['playerKey'],
        params: SeatParams,
        response: { 201: SeatClaimed, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(app.platform.players, credentialsOf(request));
      return reply.code(201).send(await app.games.issueSeatToken(request.params.id, request.params.seat, player));
    },
  );

  app.post(
    '/games/:id/start',
    {
      schema: {
        operationId: 'startGame',
        tags: ['games'],
        summary: 'Start the game now (any seated player may); the last claim starts it anyway.',
        description:
          'Refused with 409 game/seats-empty while a seat is empty: no module can fill or skip a seat nobody holds, ' +
          'so such a game would wait forever. The problem names the empty seats and the table to create instead.',
        auth: ['seatToken'],
        params: GameIdParams,
        response: { 200: GameSummary, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await requireSeat(app.games, credentialsOf(request), id);
      await app.games.startGame(id);
      return summaryBody(await app.games.summary(id));
    },
  );

  app.post(
    '/games/:id/abandon',
    {
      schema: {
        operationId: 'abandonGame',
        tags: ['games'],
        summary: 'Abandon the game (a seated player, or the operator with the admin key).',
        auth: ['seatToken', 'adminKey'],
        params: GameIdParams,
        response: { 200: GameSummary, ...problems(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (isAdmin(credentialsOf(request), app.config.adminKey)) await app.games.abandonGame(id);
      else await app.games.abandonGame(id, await requireSeat(app.games, credentialsOf(request), id));
      return summaryBody(await app.games.summary(id));
    },
  );
};

export default games;
