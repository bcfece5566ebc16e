// GraphQL at /graphql (mercurius): games, the caller's typed view, replays, the redacted log, and live gameUpdated.
import { CampaignDocument, CharacterDocument, GameSummary, type AnyGameModule, type Viewer } from '@delve/kernel';
import type { FastifyPluginAsync } from 'fastify';
import { getOperationAST, GraphQLScalarType, valueFromASTUntyped, type DocumentNode, type ExecutionResult } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { credentialsOf, requireSeat, viewerFor, type Credentials } from '../auth';
import { textProblem } from '../inputGuards';
import { eventBody, listItemBody, summaryBody } from '../bodies';
import { EventPage, GameList, PlayerProfile } from '../schemas';
import type { GameLifecycle, GamesPort } from '../ports';
import { HttpProblem, STORE_RETRY_AFTER_SECONDS, toProblem } from '../problems';
import type { UpdatesFeed } from './feed';
import { costRule, MAX_DEPTH, MAX_NESTING, MAX_TOKENS } from './limits';
import { SdlBuilder } from './sdl';
import { moduleTypeFor, sheetSchemaOf, viewTypeFor, type ViewType } from './viewTypes';

export interface GraphqlOptions {
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly updates: UpdatesFeed;
}

interface Context {
  credentials?: Credentials;
  /** From the WebSocket connection_init payload; wins over the upgrade request's headers. */
  wsCredentials?: Credentials;
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value: the escape hatch where a GraphQL type would be absurd.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast) => valueFromASTUntyped(ast),
});

/** The schemas GraphQL shares with REST; their titles name the types, but for these renames. */
const SHARED_TYPES = [GameSummary, GameList, EventPage, PlayerProfile, CharacterDocument, CampaignDocument];
const RENAMES: Readonly<Record<string, string>> = { GameSummary: 'Game', GameList: 'GamePage' };

/** What GraphQL adds to the shared types, and its own roots. */
const ROOT_SDL = `
scalar JSON
"A module without a published view schema: its view as JSON."
type JsonView { module: String!, json: JSON! }
"A module without a published sheet schema: its character sheet as JSON."
type JsonSheet { module: String!, json: JSON! }
type ViewAt { revision: Int!, view: GameView! }
extend type Game {
  "The caller's view now: a seat's with its token, the spectator's without."
  view: GameView!
  "What the caller's seat may send now (needs a seat token)."
  legalCommands: [JSON!]!
  events(from: Int = 0, limit: Int = 100): EventPage!
}
extend type Character {
  "The character sheet, typed per module."
  typedSheet: CharacterSheet!
}
input GamesFilter { module: String, status: GameStatus, limit: Int = 20, cursor: String }
type GameUpdate { gameId: ID!, revision: Int!, status: GameStatus!, events: [Event!]!, view: GameView! }
type Query {
  game(id: ID!): Game!
  games(filter: GamesFilter): GamePage!
  "The caller's view as it was at a revision."
  replay(gameId: ID!, revision: Int!): ViewAt!
  events(gameId: ID!, from: Int = 0, limit: Int = 100): EventPage!
  "A player's profile: characters and games (from the player-profiles read model)."
  player(id: ID!): PlayerProfile!
  "A character and its sheet, as its stream stands now."
  character(id: ID!): Character!
  "A player's characters, oldest first (from the character-sheets read model)."
  characters(owner: ID!, module: String): [Character!]!
  "A campaign's members and games."
  campaign(id: ID!): Campaign!
}
type Subscription {
  """
  Each new revision of the game: the events since the last push, redacted for the subscriber, and its view.
  With \`after\`, first pushes everything after that revision (a reconnecting client misses nothing).
  """
  gameUpdated(gameId: ID!, after: Int): GameUpdate!
}
`;

/**
 * The schema: the shared types generated from the TypeBox schemas REST serves, GraphQL's own roots, and one view
 * and one sheet type per module that publishes them, joined in unions.
 */
export function graphqlSchema(modules: Readonly<Record<string, AnyGameModule>>): {
  sdl: string;
  views: Map<string, ViewType>;
  sheets: Map<string, ViewType>;
} {
  const reserved = [
    'JSON',
    'JsonView',
    'JsonSheet',
    'ViewAt',
    'GamesFilter',
    'GameUpdate',
    'Query',
    'Subscription',
    'GameView',
    'CharacterSheet',
  ];
  const builder = new SdlBuilder(new Set(reserved), RENAMES);
  for (const schema of SHARED_TYPES) builder.fieldType('Shared', schema as unknown as Record<string, unknown>);
  const views = new Map<string, ViewType>();
  const sheets = new Map<string, ViewType>();
  for (const module of Object.values(modules)) {
    const view = viewTypeFor(module, builder.used);
    if (view) views.set(module.name, view);
    const sheet = moduleTypeFor(module, 'Sheet', sheetSchemaOf(module), builder.used);
    if (sheet) sheets.set(module.name, sheet);
  }
  const union = (name: string, types: Map<string, ViewType>, fallback: string) =>
    `union ${name} = ${[...[...types.values()].map((v) => v.typeName), fallback].join(' | ')}`;
  const sdl = [
    ...builder.types,
    ROOT_SDL,
    ...[...views.values(), ...sheets.values()].map((v) => v.sdl),
    union('GameView', views, 'JsonView'),
    union('CharacterSheet', sheets, 'JsonSheet'),
  ].join('\n');
  return { sdl, views, sheets };
}

/** Errors keep their stable code and HTTP status in `extensions`; internals of unexpected ones never leak. */
function graphqlError(error: unknown): Error {
  const problem = toProblem(error);
  return new mercurius.ErrorWithProps(problem.detail, { code: problem.code, status: problem.status }, problem.status);
}
const guard =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (error) {
      throw graphqlError(error);
    }
  };

/**
 * The HTTP status of a response without data: the errors' own when they agree (a 503 while the store is away stays a
 * 503 however many root fields failed), and Retry-After when the store is away.
 */
function errorFormatter<C extends MercuriusContext>(execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>, context: C) {
  const formatted = mercurius.defaultErrorFormatter(execution, context);
  const statuses = new Set((formatted.response.errors ?? []).map((e) => (e.extensions as { status?: unknown } | undefined)?.status));
  const [status] = statuses;
  if (!formatted.response.data && statuses.size === 1 && typeof status === 'number') formatted.statusCode = status;
  if (statuses.has(503)) context.reply?.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
  return formatted;
}

/** The operation a request runs, as its operationName picks it (null when the document does not say). */
function operationOf(document: DocumentNode, body: unknown, query: unknown): string | undefined {
  const named = (body as { operationName?: unknown } | null)?.operationName ?? (query as { operationName?: unknown } | null)?.operationName;
  return getOperationAST(document, typeof named === 'string' ? named : undefined)?.operation;
}

export const graphql: FastifyPluginAsync<GraphqlOptions> = async (app, options) => {
  const games: GamesPort = app.games;
  const adminKey = app.config.adminKey;
  const { sdl, views, sheets } = graphqlSchema(options.modules);
  const credentials = (ctx: Context): Credentials => ctx.wsCredentials ?? ctx.credentials ?? {};
  const viewer = (ctx: Context, gameId: string): Promise<Viewer> => viewerFor(games, credentials(ctx), gameId, adminKey);
  // graphql-js picks a union member from __typename: the module's own type, or the JSON fallback.
  const typed =
    (types: Map<string, ViewType>, fallback: string) =>
    (module: string, value: unknown): Record<string, unknown> => {
      const type = types.get(module);
      return type && typeof value === 'object' && value !== null
        ? { ...(value as Record<string, unknown>), __typename: type.typeName }
        : { __typename: fallback, module, json: value };
    };
  const typedView = typed(views, 'JsonView');
  const typedSheet = typed(sheets, 'JsonSheet');
  const { platform, platformReads } = app;
  const page = async (gameId: string, who: Viewer, from: number, limit: number) => {
    if (!Number.isInteger(from) || from < 0 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw new HttpProblem(400, 'graphql/bad-argument', 'from must be ≥ 0 and limit 1..1000');
    }
    const { revision } = await games.summary(gameId);
    const items = await games.events(gameId, who, { from, limit });
    return { items: items.map(eventBody), nextFrom: from + limit <= revision ? from + limit : null };
  };

  type GameParent = ReturnType<typeof summaryBody>;
  const resolvers = {
    JSON: JSONScalar,
    Query: {
      game: guard(async (_: unknown, { id }: { id: string }) => summaryBody(await games.summary(id))),
      games: guard(
        async (
          _: unknown,
          { filter }: { filter?: { module?: string | null; status?: GameLifecycle | null; limit?: number; cursor?: string | null } },
        ) => {
          const limit = filter?.limit ?? 20;
          if (limit < 1 || limit > 100) throw new HttpProblem(400, 'graphql/bad-argument', 'limit must be 1..100');
          const result = await app.gamesList.list({
            limit,
            ...(filter?.module != null && { module: filter.module }),
            ...(filter?.status != null && { status: filter.status }),
            ...(filter?.cursor != null && { cursor: filter.cursor }),
          });
          return { items: result.items.map(listItemBody), nextCursor: result.nextCursor };
        },
      ),
      replay: guard(async (_: unknown, { gameId, revision }: { gameId: string; revision: number }, ctx: Context) => {
        const who = await viewer(ctx, gameId);
        const summary = await games.summary(gameId);
        return { revision, view: typedView(summary.module, await games.view(gameId, who, revision)) };
      }),
      events: guard(async (_: unknown, args: { gameId: string; from: number; limit: number }, ctx: Context) =>
        page(args.gameId, await viewer(ctx, args.gameId), args.from, args.limit),
      ),
      player: guard(async (_: unknown, { id }: { id: string }) => {
        const profile = await platformReads.playerProfile(id);
        return profile ?? { ...(await platform.players.summary(id)), characters: [], games: [] };
      }),
      character: guard(async (_: unknown, { id }: { id: string }) => platform.characters.get(id)),
      characters: guard(async (_: unknown, { owner, module }: { owner: string; module?: string | null }) =>
        platformReads.charactersOf(owner, module ?? undefined),
      ),
      campaign: guard(async (_: unknown, { id }: { id: string }) => (await platformReads.campaign(id)) ?? platform.campaigns.get(id)),
    },
    Character: {
      typedSheet: (character: { module: string; sheet: unknown }) => typedSheet(character.module, character.sheet),
    },
    Game: {
      view: guard(async (game: GameParent, _: unknown, ctx: Context) =>
        typedView(game.module, await games.view(game.id, await viewer(ctx, game.id))),
      ),
      legalCommands: guard(async (game: GameParent, _: unknown, ctx: Context) =>
        games.legalCommands(game.id, await requireSeat(games, credentials(ctx), game.id)),
      ),
      events: guard(async (game: GameParent, args: { from: number; limit: number }, ctx: Context) =>
        page(game.id, await viewer(ctx, game.id), args.from, args.limit),
      ),
    },
    Subscription: {
      gameUpdated: {
        subscribe: guard(async (_: unknown, { gameId, after }: { gameId: string; after?: number | null }, ctx: Context) => {
          const who = await viewer(ctx, gameId);
          const { module } = await games.summary(gameId);
          if (after != null && after < -1) throw new HttpProblem(400, 'graphql/bad-argument', 'after must be -1 or more');
          return new GameUpdates(
            options.updates,
            gameId,
            after ?? null,
            async (from, to) => {
              const [summary, items, view] = await Promise.all([
                games.summary(gameId),
                games.events(gameId, who, { from, limit: to - from + 1 }),
                games.view(gameId, who, to),
              ]);
              return { gameId, revision: to, status: summary.status, events: items.map(eventBody), view: typedView(module, view) };
            },
            games,
          );
        }),
        resolve: (update: unknown) => update,
      },
    },
  };

  await app.register(mercurius, {
    schema: sdl,
    resolvers: resolvers as never,
    graphiql: app.config.development,
    // No single document may tie the server up: a budget of store reads, fields, depth and parser tokens.
    validationRules: [costRule()],
    queryDepth: MAX_DEPTH,
    graphql: { parseOptions: { maxTokens: MAX_TOKENS } },
    errorFormatter,
    context: (request) => ({ credentials: credentialsOf(request) }),
    subscription: {
      context: (_socket, request) => ({ credentials: credentialsOf(request) }),
      // connection_init { authorization: "Bearer <token>", adminKey?: "..." } authenticates the socket.
      onConnect: ({ payload }) => {
        const p = (payload ?? {}) as Record<string, unknown>;
        const auth = p.authorization ?? p.Authorization;
        const admin = p.adminKey ?? p['x-admin-key'];
        return {
          wsCredentials: {
            authorization: typeof auth === 'string' ? auth : undefined,
            adminKey: typeof admin === 'string' ? admin : undefined,
          },
        };
      },
    },
  });
  // graphql-js parses recursively: a document nested thousands deep would exhaust the stack before any limit applies.
  app.graphql.addHook('preParsing', async (_schema, source) => {
    if (textProblem(source, MAX_NESTING) === 'too-deep') {
      throw new mercurius.ErrorWithProps(
        `documents may nest at most ${MAX_NESTING} brackets deep`,
        { code: 'graphql/too-deep', status: 400 },
        400,
      );
    }
  });
  // A subscription needs a socket to push on: over plain HTTP it is refused, not answered with a null field.
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const request = context.reply?.request;
    if (request && operationOf(document, request.body, request.query) === 'subscription') {
      throw new mercurius.ErrorWithProps(
        'subscriptions are served over WebSocket (graphql-transport-ws on /graphql), not over HTTP',
        { code: 'graphql/subscription-needs-websocket', status: 400 },
        400,
      );
    }
  });
};

/**
 * The async iterator behind one gameUpdated subscription: wakes on the feed, pushes every revision range once and in
 * order, and stops listening as soon as the client unsubscribes (return()), not at the next event.
 */
class GameUpdates<T> implements AsyncIterableIterator<T> {
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private readonly ready: T[] = [];
  private readonly stop: () => void;
  private done = false;
  private busy: Promise<void> = Promise.resolve();

  private sent = Number.POSITIVE_INFINITY;

  constructor(
    feed: UpdatesFeed,
    private readonly gameId: string,
    after: number | null,
    private readonly load: (from: number, to: number) => Promise<T>,
    private readonly games: GamesPort,
  ) {
    // Listen, and read the head only once the feed follows the store: an event committed in between is not missed.
    const step = (work: () => Promise<void>) => {
      // Serialised so ranges never overlap or reorder when events arrive faster than we load.
      this.busy = this.busy.then(work).catch(() => this.finish());
    };
    const listening = feed.listen(gameId, (revision) => step(() => this.advance(revision)));
    this.stop = listening.stop;
    step(async () => {
      await listening.ready;
      const { revision: head } = await this.games.summary(this.gameId);
      this.sent = after === null ? head : Math.min(after, head);
      await this.advance(head);
    });
  }

  private async advance(revision: number): Promise<void> {
    if (this.done || revision <= this.sent) return;
    const { revision: head } = await this.games.summary(this.gameId);
    if (head <= this.sent) return;
    const update = await this.load(this.sent + 1, head);
    this.sent = head;
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: update, done: false });
    else this.ready.push(update);
  }

  private finish(): void {
    this.done = true;
    this.stop();
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.ready.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
