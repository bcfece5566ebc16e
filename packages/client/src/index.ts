// @delve/client: a typed client for Delve's REST API, generated from openapi.yaml (openapi-typescript types,
// openapi-fetch calls), typed per module: a seat of a dungeon game sends DungeonCommands and reads DungeonViews.
import createClient, { type Client } from 'openapi-fetch';
import type { Modules } from './modules';
import type { components, paths } from './schema';

export type { components, paths } from './schema';
export type { Modules } from './modules';

/** Every named schema of the contract. */
export type Schemas = components['schemas'];
/** The modules the contract describes. */
export type ModuleName = keyof Modules;
/** A module's options, commands, events and view. */
export type Options<M extends ModuleName> = Modules[M]['options'];
export type Command<M extends ModuleName> = Modules[M]['command'];
export type Event<M extends ModuleName> = Modules[M]['event'];
export type View<M extends ModuleName> = Modules[M]['view'];
/** The command of a module with this type. */
export type CommandOf<M extends ModuleName, T extends Command<M>['type']> = Extract<Command<M>, { type: T }>;

export type Problem = Schemas['Problem'];
export type GameSummary = Schemas['GameSummary'];
export type ModuleInfo = Schemas['ModuleInfo'];
export type CommandTemplate = Schemas['CommandTemplate'];
export type VisibleEvent = Schemas['Event'];

/** A refused request: the problem the server answered with (`code` is stable, `detail` says why). */
export class DelveError extends Error {
  override readonly name = 'DelveError';
  readonly code: string;
  readonly status: number;
  constructor(readonly problem: Problem) {
    super(`${problem.code}: ${problem.detail}`);
    this.code = problem.code;
    this.status = problem.status;
  }
}

/** What the client is built from: where the server is, and optionally the fetch to use. */
export interface ClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  readonly baseUrl: string;
  readonly fetch?: typeof fetch;
}

/** The data of an openapi-fetch answer, or the server's problem thrown as a DelveError. */
async function ok<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (error !== undefined || data === undefined) {
    const problem = (error ?? {}) as Partial<Problem>;
    throw new DelveError({
      type: problem.type ?? 'about:blank',
      title: problem.title ?? response.statusText,
      status: problem.status ?? response.status,
      code: problem.code ?? (`http/${response.status}` as Problem['code']),
      detail: problem.detail ?? 'the server answered without a problem document',
      ...(problem.errors !== undefined && { errors: problem.errors }),
    });
  }
  return data;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What a seat may send now: each command as is, and templates for commands with free parameters. */
export interface Legal<M extends ModuleName> {
  readonly seat: number;
  readonly commands: Command<M>[];
  readonly templates: CommandTemplate[];
}

/** The outcome of a command, typed for its module. */
export interface Outcome<M extends ModuleName> {
  readonly revision: number;
  readonly events: VisibleEvent[];
  readonly view: View<M>;
  readonly replayed: boolean;
}

/** A claimed seat of a game of module M: acts with its token, sees what the seat sees. */
export class SeatClient<M extends ModuleName> {
  constructor(
    readonly http: Client<paths>,
    readonly module: M,
    readonly gameId: string,
    readonly seat: number,
    readonly token: string,
  ) {}

  private get auth() {
    return { params: { path: { id: this.gameId } }, headers: bearer(this.token) };
  }

  /** The seat's view now, or as it was at `revision`. */
  async view(revision?: number): Promise<{ revision: number; view: View<M> }> {
    const query = revision === undefined ? {} : { revision };
    const got = await ok(this.http.GET('/games/{id}/view', { params: { path: { id: this.gameId }, query }, headers: bearer(this.token) }));
    return { revision: got.revision, view: got.view as View<M> };
  }

  /** Everything the seat may send now, awaited or not. */
  async legal(): Promise<Legal<M>> {
    const got = await ok(this.http.GET('/games/{id}/legal-commands', this.auth));
    return { seat: got.seat, commands: got.commands as Command<M>[], templates: got.templates };
  }

  /** Send a command; with an idempotency key, a retry returns the first outcome and appends nothing. */
  async send(command: Command<M>, options: { idempotencyKey?: string } = {}): Promise<Outcome<M>> {
    const headers = { ...bearer(this.token), ...(options.idempotencyKey !== undefined && { 'idempotency-key': options.idempotencyKey }) };
    const got = await ok(
      this.http.POST('/games/{id}/commands', {
        params: { path: { id: this.gameId }, header: {} },
        headers,
        body: command as Schemas['Command'],
      }),
    );
    return { revision: got.revision, events: got.events, view: got.view as View<M>, replayed: got.replayed };
  }

  /** The event log as this seat may see it, from a revision. */
  async events(from = 0, limit = 100): Promise<{ items: VisibleEvent[]; nextFrom: number | null }> {
    return ok(
      this.http.GET('/games/{id}/events', { params: { path: { id: this.gameId }, query: { from, limit } }, headers: bearer(this.token) }),
    );
  }

  /** Start before every seat is claimed (unclaimed seats stay empty). */
  async start(): Promise<GameSummary> {
    return ok(this.http.POST('/games/{id}/start', this.auth));
  }
}

/** A client of one Delve server. */
export class DelveClient {
  /** The raw typed client: every path of openapi.yaml with its parameters, bodies and answers typed. */
  readonly http: Client<paths>;
  /** The server's origin, as given. */
  readonly baseUrl: string;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl;
    this.http = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch !== undefined && { fetch: options.fetch }) });
  }

  /** The modules the server runs, with options, defaults, seat counts and notation. */
  async modules(): Promise<ModuleInfo[]> {
    return (await ok(this.http.GET('/modules'))).items;
  }

  /** Create a game of module M. */
  async createGame<M extends ModuleName>(module: M, seats: number, options?: Options<M>): Promise<GameSummary> {
    return ok(this.http.POST('/games', { body: { module, seats, ...(options !== undefined && { options: options as never }) } }));
  }

  /** A game's public summary: status, who is awaited, winners. */
  async game(id: string): Promise<GameSummary> {
    return ok(this.http.GET('/games/{id}', { params: { path: { id } } }));
  }

  /** Claim a seat (a given one or the lowest free one) of a game of module M; the seat client holds its token. */
  async claimSeat<M extends ModuleName>(module: M, gameId: string, claim: { seat?: number; name?: string } = {}): Promise<SeatClient<M>> {
    const got = await ok(this.http.POST('/games/{id}/seats', { params: { path: { id: gameId } }, body: claim }));
    // Only a bot's seat comes without a token, and this claim seats no bot.
    if (got.token === null) throw new Error(`seat ${got.seat} was claimed without a token`);
    return new SeatClient(this.http, module, gameId, got.seat, got.token);
  }

  /** A seat whose token the caller already holds. */
  seat<M extends ModuleName>(module: M, gameId: string, seat: number, token: string): SeatClient<M> {
    return new SeatClient(this.http, module, gameId, seat, token);
  }

  /** The spectator's view of a game, now or at a revision (everything, once the game is over). */
  async spectate<M extends ModuleName>(_module: M, gameId: string, revision?: number): Promise<{ revision: number; view: View<M> }> {
    const query = revision === undefined ? {} : { revision };
    const got = await ok(this.http.GET('/games/{id}/view', { params: { path: { id: gameId }, query } }));
    return { revision: got.revision, view: got.view as View<M> };
  }

  /** Once the game is over: the revealed seed, the command log and the server's re-run of it. */
  async audit(gameId: string): Promise<Schemas['Audit']> {
    return ok(this.http.GET('/games/{id}/audit', { params: { path: { id: gameId } } }));
  }
}
