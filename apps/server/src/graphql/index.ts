// GraphQL at /graphql (mercurius): discovery, games, the caller's typed view and legal commands, replays, the redacted
// log, mutations to create, claim and play, and live gameUpdated until the game ends.
import { CampaignDocument, CharacterDocument, GameSummary, type AnyGameModule, type Message, type Viewer } from '@delve/kernel';
import type { FastifyPluginAsync } from 'fastify';
import { getOperationAST, GraphQLError, GraphQLScalarType, valueFromASTUntyped, type DocumentNode, type ExecutionResult } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { credentialsOf, viewerFor, type Credentials } from '../auth';
import { textProblem } from '../inputGuards';
import { eventBody, listItemBody, summaryBody } from '../bodies';
import { catalog } from '../catalog';
import { claimSeat, createGame } from '../routes/games';
import { legalFor, sendCommand } from '../routes/play';
import { CommandTemplate, EventPage, GameList, ModuleInfo, PlayerProfile, SeatClaimed } from '../schemas';
import type { GameLifecycle, GamesPort } from '../ports';
import { HttpProblem, STORE_RETRY_AFTER_SECONDS, toProblem } from '../problems';
import type { UpdatesFeed } from './feed';
import { graphiql } from './graphiql';
import { costRule, MAX_DEPTH, MAX_NESTING, MAX_TOKENS } from './limits';
import { SdlBuilder } from './sdl';
import { commandTypesFor, moduleTypeFor, sheetSchemaOf, viewTypeFor, type ViewType } from './viewTypes';

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
const SHARED_TYPES = [
  GameSummary,
  GameList,
  EventPage,
  PlayerProfile,
  CharacterDocument,
  CampaignDocument,
  ModuleInfo,
  SeatClaimed,
  CommandTemplate,
];
const RENAMES: Readonly<Record<string, string>> = { GameSummary: 'Game', GameList: 'GamePage', ModuleInfo: 'Module' };

/** A game in one of these states never changes again: its subscription completes. */
const FINAL: ReadonlySet<string> = new Set(['finished', 'abandoned']);

/** Idempotency keys as REST's Idempotency-Key header takes them. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** What GraphQL adds to the shared types, and its own roots. */
const ROOT_SDL = `
"Any JSON value: the escape hatch where a GraphQL type would be absurd."
scalar JSON
"A module without a published view schema: its view as JSON."
type JsonView {
  "The module."
  module: String!
  "The view as JSON."
  json: JSON!
}
"A module without a published sheet schema: its character sheet as JSON."
type JsonSheet {
  "The module."
  module: String!
  "The sheet as JSON."
  json: JSON!
}
"A command whose module publishes no GraphQL type for it: the command as JSON."
type JsonCommand {
  "The module."
  module: String!
  "The command as JSON, to send as is."
  json: JSON!
}
"The caller's view as it was at a revision."
type ViewAt {
  "The stream revision the view is taken at."
  revision: Int!
  "The view, typed per module."
  view: GameView!
}
extend type Game {
  "The caller's view now: a seat's with its token, the spectator's without."
  view: GameView!
  "What the caller's seat may send now, awaited or not, typed per module; each is accepted as listed (needs a seat token)."
  legalCommands: [LegalCommand!]!
  "Commands with free parameters (an amount, a declared value) the caller's seat may send now, with each parameter's JSON Schema."
  commandTemplates: [CommandTemplate!]!
  "The event log redacted for the caller, from a revision."
  events(from: Int = 0, limit: Int = 100): EventPage!
}
extend type Character {
  "The character sheet, typed per module."
  typedSheet: CharacterSheet!
}
extend type CampaignMember {
  "The character the member brings, with its sheet as its stream stands now; null for a member without one."
  characterSheet: Character
}
"Which games to list."
input GamesFilter {
  "Only games of this module."
  module: String
  "Only games in this state."
  status: GameStatus
  "Page size, 1 to 100."
  limit: Int = 20
  "The nextCursor of the previous page."
  cursor: String
}
"A new revision of a game, as one subscriber may see it."
type GameUpdate {
  "The game."
  gameId: ID!
  "The revision the game has reached."
  revision: Int!
  "The game's state in the lobby's terms; the subscription completes once it is finished or abandoned."
  status: GameStatus!
  "The events since the last push, redacted for the subscriber."
  events: [Event!]!
  "The subscriber's view at this revision."
  view: GameView!
}
"The outcome of a command: what it caused and the caller's view after it."
type CommandResult {
  "The game's revision after the command."
  revision: Int!
  "What the command caused, redacted for the caller (the deal, the automaton's follow-up and the end included)."
  events: [Event!]!
  "The caller's view after the command."
  view: GameView!
  "True when the idempotency key was seen before: the first outcome, nothing appended."
  replayed: Boolean!
}
"Reads: modules, games, views, replays, logs, players, characters and campaigns."
type Query {
  "The game modules this server runs, with their options, seat counts and notation (as GET /modules)."
  modules: [Module!]!
  "A game's public summary."
  game(id: ID!): Game!
  "Games from the games list, newest first."
  games(filter: GamesFilter): GamePage!
  "The caller's view as it was at a revision."
  replay(gameId: ID!, revision: Int!): ViewAt!
  "The event log redacted for the caller."
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
"""
Playing over GraphQL, with the rules, error codes and idempotency of REST. Authenticate with the same
Authorization header: a player key to claim as a player, a seat token to send commands.
"""
type Mutation {
  "Create a game of a module with options (defaults fill the rest) and a seat count, as POST /games."
  createGame(module: String!, options: JSON, seats: Int!): Game!
  "Claim a seat (a given one or the lowest free one) and receive its token, as POST /games/{id}/seats."
  claimSeat(gameId: ID!, seat: Int, name: String, character: ID): SeatClaimed!
  "Send one of the module's commands for the caller's seat, as POST /games/{id}/commands; a repeated idempotencyKey returns the first outcome."
  sendCommand(gameId: ID!, command: JSON!, idempotencyKey: String): CommandResult!
}
"Live updates over WebSocket (graphql-transport-ws)."
type Subscription {
  """
  Each new revision of the game: the events since the last push, redacted for the subscriber, and its view.
  With \`after\`, first pushes everything after that revision (a reconnecting client misses nothing). Completes once
  the game is finished or abandoned.
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
  commands: Map<string, ReadonlyMap<string, string>>;
} {
  const reserved = [
    'JSON',
    'JsonView',
    'JsonSheet',
    'JsonCommand',
    'ViewAt',
    'GamesFilter',
    'GameUpdate',
    'CommandResult',
    'Query',
    'Mutation',
    'Subscription',
    'GameView',
    'CharacterSheet',
    'LegalCommand',
  ];
  const builder = new SdlBuilder(new Set(reserved), RENAMES);
  for (const schema of SHARED_TYPES) builder.fieldType('Shared', schema as unknown as Record<string, unknown>);
  const views = new Map<string, ViewType>();
  const sheets = new Map<string, ViewType>();
  const commands = new Map<string, ReadonlyMap<string, string>>();
  const commandSdl: string[] = [];
  for (const module of Object.values(modules)) {
    const view = viewTypeFor(module, builder.used);
    if (view) views.set(module.name, view);
    const sheet = moduleTypeFor(module, 'Sheet', sheetSchemaOf(module), builder.used);
    if (sheet) sheets.set(module.name, sheet);
    const typed = commandTypesFor(module, builder.used);
    commands.set(module.name, typed.types);
    commandSdl.push(typed.sdl);
  }
  const commandNames = [...commands.values()].flatMap((types) => [...types.values()]);
  const union = (name: string, types: Map<string, ViewType>, fallback: string) =>
    `union ${name} = ${[...[...types.values()].map((v) => v.typeName), fallback].join(' | ')}`;
  const sdl = [
    ...builder.types,
    ROOT_SDL,
    ...[...views.values(), ...sheets.values()].map((v) => v.sdl),
    ...commandSdl,
    `"The caller's view, typed per module."\n${union('GameView', views, 'JsonView')}`,
    `"A character sheet, typed per module."\n${union('CharacterSheet', sheets, 'JsonSheet')}`,
    `"A command a seat may send, typed per module: one object type per command."\nunion LegalCommand = ${[...commandNames, 'JsonCommand'].join(' | ')}`,
  ].join('\n');
  return { sdl, views, sheets, commands };
}

/** Errors keep their stable code and HTTP status in `extensions`; internals of unexpected ones never leak. */
function graphqlError(error: unknown): Error {
  const problem = toProblem(error);
  return new mercurius.ErrorWithProps(problem.detail, { code: problem.code, status: problem.status }, problem.status);
}

/**
 * Every error leaves with `extensions.code`: resolver errors already carry theirs; errors raised before a resolver
 * runs (rate limits, body limits) get the problem code REST would give; a query that does not parse or validate
 * gets graphql/invalid-query. A response without data takes the errors' HTTP status when they agree (a 503 while the
 * store is away stays a 503 however many root fields failed), with Retry-After when the store is away.
 */
function errorFormatter(execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>, ctx: MercuriusContext) {
  const errors = execution.errors.map((error) => {
    const original = error.originalError as (Error & { errors?: unknown }) | undefined;
    if (error.extensions?.code !== undefined || !original || Array.isArray(original.errors) || original instanceof GraphQLError) {
      return error;
    }
    const problem = toProblem(original);
    const retry = (original as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retry !== undefined) ctx.reply?.header('retry-after', String(retry));
    return new GraphQLError(problem.detail, { extensions: { code: problem.code, status: problem.status } });
  });
  const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, ctx);
  const response = {
    ...formatted.response,
    errors: (formatted.response.errors ?? []).map((e) =>
      e.extensions?.code === undefined ? { ...e, extensions: { ...e.extensions, code: 'graphql/invalid-query', status: 400 } } : e,
    ),
  };
  const statuses = new Set(response.errors.map((e) => (e.extensions as { status?: unknown } | undefined)?.status));
  const [status] = statuses;
  let statusCode = formatted.statusCode;
  if (!response.data && statuses.size === 1 && typeof status === 'number') statusCode = status;
  if (statuses.has(503)) ctx.reply?.header('retry-after', String(STORE_RETRY_AFTER_SECONDS));
  return { statusCode, response };
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

/** The operation a request runs, as its operationName picks it (null when the document does not say). */
function operationOf(document: DocumentNode, body: unknown, query: unknown): string | undefined {
  const named = (body as { operationName?: unknown } | null)?.operationName ?? (query as { operationName?: unknown } | null)?.operationName;
  return getOperationAST(document, typeof named === 'string' ? named : undefined)?.operation;
}

export const graphql: FastifyPluginAsync<GraphqlOptions> = async (app, options) => {
  const games: GamesPort = app.games;
  const adminKey = app.config.adminKey;
  const { sdl, views, sheets, commands } = graphqlSchema(options.modules);
  const modules = catalog(options.modules);
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
  const typedCommand = (module: string, command: Message): Record<string, unknown> => {
    const name = commands.get(module)?.get(command.type);
    return name ? { ...command, __typename: name } : { __typename: 'JsonCommand', module, json: command };
  };
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
      modules: () => modules,
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
    CampaignMember: {
      characterSheet: guard(async (member: { character: string | null }) =>
        member.character === null ? null : platform.characters.get(member.character),
      ),
    },
    Game: {
      view: guard(async (game: GameParent, _: unknown, ctx: Context) =>
        typedView(game.module, await games.view(game.id, await viewer(ctx, game.id))),
      ),
      legalCommands: guard(async (game: GameParent, _: unknown, ctx: Context) =>
        (await legalFor(app, credentials(ctx), game.id)).commands.map((c) => typedCommand(game.module, c)),
      ),
      commandTemplates: guard(
        async (game: GameParent, _: unknown, ctx: Context) => (await legalFor(app, credentials(ctx), game.id)).templates,
      ),
      events: guard(async (game: GameParent, args: { from: number; limit: number }, ctx: Context) =>
        page(game.id, await viewer(ctx, game.id), args.from, args.limit),
      ),
    },
    Mutation: {
      createGame: guard(async (_: unknown, args: { module: string; options?: Record<string, unknown> | null; seats: number }) => {
        const { summary } = await createGame(app, {
          module: args.module,
          seats: args.seats,
          ...(args.options != null && { options: args.options }),
        });
        return summaryBody(summary);
      }),
      claimSeat: guard(
        async (_: unknown, args: { gameId: string; seat?: number | null; name?: string | null; character?: string | null }, ctx: Context) =>
          claimSeat(app, credentials(ctx), args.gameId, {
            ...(args.seat != null && { seat: args.seat }),
            ...(args.name != null && { name: args.name }),
            ...(args.character != null && { character: args.character }),
          }),
      ),
      sendCommand: guard(async (_: unknown, args: { gameId: string; command: unknown; idempotencyKey?: string | null }, ctx: Context) => {
        const key = args.idempotencyKey ?? undefined;
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
          throw new HttpProblem(400, 'graphql/bad-argument', 'idempotencyKey is 1 to 200 printable ASCII characters without spaces');
        }
        const { module } = await games.summary(args.gameId);
        const result = await sendCommand(app, credentials(ctx), args.gameId, args.command, key);
        return { ...result, events: result.events.map(eventBody), view: typedView(module, result.view) };
      }),
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
            async (from) => {
              // The summary first, then the range up to its revision: the status pushed is the status at that revision
              // (a summary read beside the range could already say "finished" for events the range does not hold).
              const summary = await games.summary(gameId);
              const to = summary.revision;
              if (to < from) return null;
              const [items, view] = await Promise.all([
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

  // GraphiQL from installed packages, not a CDN; like mercurius' own, only outside production.
  if (app.config.development) await app.register(graphiql);
  await app.register(mercurius, {
    schema: sdl,
    resolvers: resolvers as never,
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
class GameUpdates<T extends { status: string; revision: number }> implements AsyncIterableIterator<T> {
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
    /** Everything from `from` to the game's head as one update, or null when the head is before `from`. */
    private readonly load: (from: number) => Promise<T | null>,
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
      const { revision: head, status } = await this.games.summary(this.gameId);
      this.sent = after === null ? head : Math.min(after, head);
      await this.advance(head);
      // A game already over with nothing left to push: there is nothing to wait for.
      if (FINAL.has(status) && this.sent >= head) this.finish();
    });
  }

  private async advance(revision: number): Promise<void> {
    if (this.done || revision <= this.sent) return;
    const update = await this.load(this.sent + 1);
    if (update === null) return;
    this.sent = update.revision;
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: update, done: false });
    else this.ready.push(update);
    // The last revision of a game that ended: deliver it, then complete (next() drains `ready` before `done`).
    if (FINAL.has(update.status)) this.finish();
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
