// GraphQL at /graphql: the operations' fields (fields.ts) and each module's own types over HTTP (mercurius), live
// subscriptions over WebSocket (graphql-ws, sockets.ts) on the same schema, and the limits on what one document may cost.
import { formatPosition, Notification, type AnyGameModule } from '@delve/kernel';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { getOperationAST, GraphQLScalarType, parse, valueFromASTUntyped, type DocumentNode } from 'graphql';
import { handleProtocols } from 'graphql-ws';
import mercurius from 'mercurius';
import { operations as op, type Operations } from '../operations/index';
import { requireSelf, viewerOf } from '../operations/access';
import { HttpProblem } from '../problems';
import { credentialsOf } from '../rest/adapter';
import { credentialsIn, fieldResolver, fieldSdl, type GraphqlContext, type GraphqlField } from './adapter';
import { errorFormatter, graphqlError, guard } from './errors';
import type { UpdatesFeed } from './feed';
import { graphqlFields } from './fields';
import { graphiql } from './graphiql';
import { costRule, MAX_NESTING, MAX_TOKENS } from './limits';
import { MODULE_TYPE_NAMES, moduleTypes, type ModuleTypes } from './moduleTypes';
import { describe, SdlBuilder } from './sdl';
import type { ViewType } from './viewTypes';
import { textProblem } from '../inputGuards';
import { GameUpdate, GameUpdates, LobbyUpdates } from './updates';
import { FeedFollower, MyTurns } from './myTurns';
import { subscriptionHandler } from './sockets';

export interface GraphqlOptions {
  readonly operations: Operations;
  readonly updates: UpdatesFeed;
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value: the escape hatch where a GraphQL type would be absurd.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => valueFromASTUntyped(ast),
});

/** GraphQL names of shared schemas whose titles would read oddly as types. */
const RENAMES: Readonly<Record<string, string>> = { GameSummary: 'Game', GameList: 'GamePage', ModuleInfo: 'Module', ViewResult: 'ViewAt' };
const ROOTS = ['Query', 'Mutation', 'Subscription'];

const ROOT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Query: 'Reads: modules, games, views, replays, logs, players, characters and campaigns.',
  Mutation:
    'Every write of the REST API, with its rules, error codes, rate limits and idempotency keys. Authenticate with ' +
    'the same Authorization header: a player key to act as a player, a seat token to play a seat.',
  Subscription: 'Live updates over WebSocket (graphql-transport-ws).',
};

/**
 * The schema: every field over an operation, the types their schemas give, and each module's own types. `moduleOf`
 * finds a game's module when typing its view (not needed to build the SDL alone).
 */
export function graphqlSchema(
  modules: Readonly<Record<string, AnyGameModule>>,
  moduleOf: (gameId: string) => Promise<string> = () => Promise.reject(new Error('no games here')),
): { sdl: string; types: ModuleTypes; views: ReadonlyMap<string, ViewType>; fields: readonly GraphqlField[] } {
  const builder = new SdlBuilder(new Set(['JSON', ...ROOTS, ...MODULE_TYPE_NAMES]), RENAMES);
  const types = moduleTypes(modules, builder, moduleOf);
  const fields: Record<string, string[]> = {};
  const inputs: string[] = [];
  const list = graphqlFields(types);
  for (const f of list) {
    const sdl = fieldSdl(builder, f);
    (fields[f.on] ??= []).push(sdl.field);
    inputs.push(...sdl.inputs);
  }
  const update = builder.fieldType('GameUpdate', GameUpdate as unknown as Record<string, unknown>).type;
  const subscribe = {
    description:
      'Each new revision of the game: the events since the last push, redacted for the subscriber, and its view. ' +
      'With `after`, first pushes everything after that revision (a reconnecting client misses nothing). Completes ' +
      'once the game is finished or abandoned.',
  };
  const lobby = {
    description:
      'Each change to a table of the lobby (created, a seat taken, started, given up), as its summary after the change: ' +
      'read GET /games?open=true (or games(filter: { open: true })) first, then follow this. Only tables of `module`, when given.',
  };
  const myTurns = {
    description:
      'Your own feed, for every game you hold a seat in: a seat of yours becomes awaited, its clock runs low, a game ' +
      'ends (the notifications of GET /players/{id}/inbox, as they come). Authenticate the socket with your player key. ' +
      'With `after` (a notification id), first pushes everything after it, so a reconnecting client misses nothing.',
  };
  const notification = builder.fieldType('Notification', Notification as unknown as Record<string, unknown>).type;
  fields.Subscription = [
    `${describe(subscribe, '  ')}gameUpdated(gameId: ID!, after: Int): ${update}!`,
    `${describe(lobby, '  ')}lobbyUpdated(module: String): Game!`,
    `${describe(myTurns, '  ')}myTurns(playerId: ID!, after: String): ${notification}!`,
  ];
  const objects = Object.entries(fields).map(([on, list]) => {
    const body = `{\n${list.join('\n')}\n}`;
    return ROOTS.includes(on) ? `${describe({ description: ROOT_DESCRIPTIONS[on] })}type ${on} ${body}` : `extend type ${on} ${body}`;
  });
  const sdl = [`${describe({ description: JSONScalar.description })}scalar JSON`, ...builder.types, ...inputs, types.sdl, ...objects].join(
    '\n',
  );
  return { sdl, types, views: types.views, fields: list };
}

/**
 * A subscription's resolver whose refusal arrives as the stream's first failure rather than as a thrown error: graphql-ws
 * answers a thrown one with a `next` carrying errors and then `complete`; a failed stream gets an `error` message with
 * the refusal's code, as graphql-transport-ws means refusals to arrive.
 */
function refusedAsStream<A extends unknown[], R>(subscribe: (...args: A) => Promise<AsyncIterator<R>>) {
  return async (...args: A): Promise<AsyncIterableIterator<R>> => {
    try {
      const stream = await subscribe(...args);
      return Object.assign(stream, { [Symbol.asyncIterator]: () => stream }) as AsyncIterableIterator<R>;
    } catch (error) {
      const refusal = graphqlError(error);
      const failed: AsyncIterableIterator<R> = {
        next: () => Promise.reject(refusal),
        return: async () => ({ value: undefined, done: true }),
        [Symbol.asyncIterator]: () => failed,
      };
      return failed;
    }
  };
}

/** The operation a request runs, as its operationName picks it (null when the document does not say). */
function operationOf(document: DocumentNode, body: unknown, query: unknown): string | undefined {
  const named = (body as { operationName?: unknown } | null)?.operationName ?? (query as { operationName?: unknown } | null)?.operationName;
  return getOperationAST(document, typeof named === 'string' ? named : undefined)?.operation;
}

export const graphql: FastifyPluginAsync<GraphqlOptions> = async (app, { operations, updates }) => {
  const { context } = operations;
  const { games } = context;
  const { sdl, types, fields } = graphqlSchema(
    context.modules,
    async (gameId) => games.streams.cachedRecord(gameId)?.module ?? (await games.reads.summary(gameId)).module,
  );
  const resolvers: Record<string, Record<string, unknown>> = { Query: {}, Mutation: {} };
  const follower = new FeedFollower((after, limit) => context.notifications.news(after, limit));
  app.addHook('onClose', async () => follower.close());
  for (const f of fields) (resolvers[f.on] ??= {})[f.name] = guard(fieldResolver(operations, f));
  resolvers.Character = {
    typedSheet: (character: { module: string; sheet: unknown }) => types.sheet(character.module, character.sheet),
    ...Object.fromEntries(
      [...types.sheetFields].map(([field, module]) => [
        field,
        (character: { module: string; sheet: unknown }) => (character.module === module ? character.sheet : null),
      ]),
    ),
  };
  resolvers.GameUpdate = {
    legal: (update: { legal: (() => unknown) | null }) => update.legal?.() ?? null,
  };
  const subscriptions = {
    gameUpdated: {
      subscribe: refusedAsStream(async (_: unknown, { gameId, after }: { gameId: string; after?: number | null }, ctx: GraphqlContext) => {
        // Admitted as a read of the caller's view: the same validation, budget and credentials.
        const { caller } = await operations.admit(op.getView, credentialsIn(ctx), { id: gameId }, { charged: false });
        if (after != null && after < -1) throw new HttpProblem(400, 'graphql/bad-argument', 'after must be -1 or more');
        const viewer = viewerOf(caller);
        const seat = caller.kind === 'seat' ? caller.seat : null;
        const module = await types.moduleOf(gameId);
        const { reads } = context.games;
        const pushes = new GameUpdates(
          updates,
          gameId,
          after ?? null,
          async (from, reached) => {
            // Status, events and view of one record: the status pushed is the status at the revision pushed. Every
            // subscriber of the same viewer shares it, and the node that appended needs no read of the store.
            const progress = await reads.progressSince(gameId, viewer, from, reached);
            if (!progress) return null;
            const { legalFor, ...update } = progress;
            // Listed only when the document selects it (the GameUpdate.legal resolver), and only ever for the caller's seat.
            const legal = seat === null ? null : () => ({ seat, ...legalFor(seat) });
            return { gameId, ...update, view: types.view(module, progress.view), legal };
          },
          () => reads.summary(gameId),
        );
        // A seat with its subscription open is connected (presence) until the subscription ends.
        if (seat !== null) pushes.onFinish(context.presence.open(gameId, seat));
        return pushes;
      }),
      resolve: (update: unknown) => update,
    },
    myTurns: {
      subscribe: refusedAsStream(
        async (_: unknown, { playerId, after }: { playerId: string; after?: string | null }, ctx: GraphqlContext) => {
          // Admitted as a read of the player's inbox: the same validation (the cursor's too), budget and credentials.
          const input = { id: playerId, ...(after != null && { cursor: after }) };
          const { caller } = await operations.admit(op.getInbox, credentialsIn(ctx), input, { charged: false });
          const player = requireSelf(caller, playerId);
          const { notifications } = context;
          return new MyTurns(
            follower,
            player,
            after == null ? null : BigInt(after),
            (from) => notifications.feedAfter(player, from, 100),
            async () => BigInt((await notifications.feed(player, 1, null)).items[0]?.id ?? '0'),
          );
        },
      ),
      resolve: (notification: unknown) => notification,
    },
    lobbyUpdated: {
      subscribe: refusedAsStream(async (_: unknown, { module }: { module?: string | null }, ctx: GraphqlContext) => {
        // Admitted as a read of the games list: the same validation, budget and credentials.
        await operations.admit(op.listGames, credentialsIn(ctx), module == null ? {} : { module }, { charged: false });
        return new LobbyUpdates(updates, module ?? null, (gameId) => context.games.reads.summary(gameId));
      }),
      resolve: (update: unknown) => update,
    },
  };

  // GraphiQL from installed packages, not a CDN; like mercurius' own, only outside production.
  if (context.config.development) await app.register(graphiql);
  // Upgrades of mercurius' GET /graphql go to graphql-ws: one route, so the rate limit's onRequest hook sees them too.
  // Added before @fastify/websocket registers, so its own onRoute hook finds the handler.
  const sockets = subscriptionHandler(() => app.graphql.schema, app.log);
  app.addHook('onRoute', (route) => {
    if (route.url === '/graphql' && route.method === 'GET') route.wsHandler = sockets;
  });
  // 1 MiB messages at most, as mercurius allowed; only graphql-transport-ws is spoken.
  await app.register(websocket, { options: { maxPayload: 1_048_576, handleProtocols: (protocols) => handleProtocols(protocols) } });
  await app.register(mercurius, {
    schema: sdl,
    resolvers: { JSON: JSONScalar, ...resolvers } as never,
    // No single document may tie the server up: a budget of store reads, fields, depth and parser tokens.
    validationRules: [costRule()],
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    errorFormatter,
    context: (request): GraphqlContext => ({ credentials: credentialsOf(request) }),
  });
  // The subscriptions' resolvers on the schema mercurius built, which graphql-ws executes.
  const subscriptionFields = app.graphql.schema.getSubscriptionType()?.getFields() ?? {};
  for (const [name, resolver] of Object.entries(subscriptions)) Object.assign(subscriptionFields[name] ?? {}, resolver);
  // graphql-js parses recursively: a document nested thousands deep would exhaust the stack before any limit applies.
  // A text that is no GraphQL document is refused here: mercurius would otherwise read it as a JSON syntax tree.
  const parsed = new Set<string>();
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (textProblem(source, MAX_NESTING) === 'too-deep') {
      throw new mercurius.ErrorWithProps(
        `documents may nest at most ${MAX_NESTING} brackets deep`,
        { code: 'graphql/too-deep', status: 400 },
        400,
      );
    }
    if (parsed.has(source)) return;
    try {
      parse(source, { maxTokens: MAX_TOKENS });
    } catch (error) {
      throw new mercurius.ErrorWithProps(
        error instanceof Error ? error.message : 'not a GraphQL document',
        { code: 'graphql/invalid-query', status: 400 },
        400,
      );
    }
    // Remembered, bounded, so a client repeating its document does not pay for parsing it twice.
    if (parsed.size >= 1000) parsed.clear();
    parsed.add(source);
  });
  // A subscription needs a socket to push on: over plain HTTP it is refused, not answered with a null field.
  app.graphql.addHook('preExecution', async (_schema, document, ctx) => {
    const request = ctx.reply?.request;
    if (request && operationOf(document, request.body, request.query) === 'subscription') {
      throw new mercurius.ErrorWithProps(
        'subscriptions are served over WebSocket (graphql-transport-ws on /graphql), not over HTTP',
        { code: 'graphql/subscription-needs-websocket', status: 400 },
        400,
      );
    }
  });
  // A document's writes answer with the furthest log position they reached, as REST's X-Log-Position (ADR 0036).
  app.graphql.addHook('onResolution', async (execution, ctx) => {
    const { logPosition } = ctx as unknown as GraphqlContext;
    if (logPosition !== undefined) execution.extensions = { ...execution.extensions, logPosition: formatPosition(logPosition) };
  });
};
