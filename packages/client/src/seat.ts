// A claimed seat of a game: acts with its token and sees what the seat sees, typed by the game's module.
import type { Client } from 'openapi-fetch';
import type { Modules } from './modules.js';
import { ok } from './problems.js';
import type { components, paths } from './schema.js';
import { gameUpdates, type GameUpdated, type SubscribeOptions } from './updates.js';

type Schemas = components['schemas'];
/** The modules the contract describes. */
export type ModuleName = keyof Modules;
export type Command<M extends ModuleName> = Modules[M]['command'];
export type View<M extends ModuleName> = Modules[M]['view'];
export type CommandTemplate = Schemas['CommandTemplate'];
export type VisibleEvent = Schemas['Event'];
export type GameSummary = Schemas['GameSummary'];

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** What a seat may send now: each command as is, and templates for commands with free parameters. */
export interface Legal<M extends ModuleName> {
  readonly seat: number;
  readonly commands: Command<M>[];
  readonly templates: CommandTemplate[];
}

/** The outcome of a command, typed for its module, with the game's summary at the revision it reached. */
export interface Outcome<M extends ModuleName> {
  readonly revision: number;
  readonly events: VisibleEvent[];
  readonly view: View<M>;
  readonly game: GameSummary;
  readonly replayed: boolean;
}

/** What a seat client needs of the client that made it. */
export interface SeatContext {
  readonly http: Client<paths>;
  /** Where gameUpdated is served (ws://…/graphql). */
  readonly graphqlUrl: string;
  readonly webSocket: unknown;
}

/** A claimed seat of a game of module M: acts with its token, sees what the seat sees. */
export class SeatClient<M extends ModuleName> {
  constructor(
    private readonly context: SeatContext,
    readonly module: M,
    readonly gameId: string,
    readonly seat: number,
    readonly token: string,
    /** An anonymous seat's recovery secret, shown once at the claim (null for a player's seat: the key recovers it). */
    readonly recoverySecret: string | null = null,
  ) {}

  private get http(): Client<paths> {
    return this.context.http;
  }

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
    return { revision: got.revision, events: got.events, view: got.view as View<M>, game: got.game, replayed: got.replayed };
  }

  /** The event log as this seat may see it, from a revision (default: the first), a page at a time. */
  async events(page: { from?: number; limit?: number } = {}): Promise<Schemas['EventPage']> {
    return ok(this.http.GET('/games/{id}/events', { params: { path: { id: this.gameId }, query: page }, headers: bearer(this.token) }));
  }

  /** Start before every seat is claimed (refused while a seat is empty). */
  async start(): Promise<GameSummary> {
    return ok(this.http.POST('/games/{id}/start', this.auth));
  }

  /** Seat the module's server bots (or the one named) in every empty seat, or in the seats given. */
  async seatBots(bots: { bot?: string; seats?: number[] } = {}): Promise<GameSummary> {
    return ok(this.http.POST('/games/{id}/bots', { ...this.auth, body: bots }));
  }

  /** Abandon the game. */
  async abandon(): Promise<GameSummary> {
    return ok(this.http.POST('/games/{id}/abandon', this.auth));
  }

  /** Every new revision of the game as this seat sees it (gameUpdated), until the game ends. */
  updates(options: Omit<SubscribeOptions, 'token'> = {}): AsyncGenerator<GameUpdated, void, undefined> {
    return gameUpdates(this.context.graphqlUrl, this.gameId, { ...options, token: this.token }, this.context.webSocket);
  }
}
