// @delve/client: a typed client for Delve, generated from openapi.yaml (openapi-typescript types, openapi-fetch calls)
// and typed per module: a seat of a dungeon game sends DungeonCommands and reads DungeonViews. Live updates come over
// GraphQL's WebSocket (graphql-ws).
import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { Modules } from './modules.js';
import { Positions } from './positions.js';
import { ok } from './problems.js';
import type { components, paths } from './schema.js';
import { bearer, SeatClient, type GameSummary, type ModuleName, type SeatContext } from './seat.js';
import {
  gameUpdates,
  myTurns,
  type GameUpdated,
  type MyTurnsOptions,
  type SubscribeOptions,
  type WebSocketConstructor,
} from './updates.js';

export type { components, paths } from './schema.js';
export type { Modules } from './modules.js';
export { DelveError, type Problem } from './problems.js';
export {
  SeatClient,
  type Command,
  type CommandTemplate,
  type GameSummary,
  type Legal,
  type ModuleName,
  type Outcome,
  type View,
  type VisibleEvent,
} from './seat.js';
export type { GameUpdated, MyTurnsOptions, SubscribeOptions } from './updates.js';

/** Every named schema of the contract. */
export type Schemas = components['schemas'];
/** A module's options, events, refusal codes and (for modules with characters) character options, commands and sheet. */
export type Options<M extends ModuleName> = Modules[M]['options'];
export type Event<M extends ModuleName> = Modules[M]['event'];
export type Code<M extends ModuleName> = Modules[M]['code'];
export type CharacterOptions<M extends ModuleName> = Modules[M]['characterOptions'];
export type CharacterCommand<M extends ModuleName> = Modules[M]['characterCommand'];
export type Sheet<M extends ModuleName> = Modules[M]['sheet'];
/** The command of a module with this type. */
export type CommandOf<M extends ModuleName, T extends Modules[M]['command']['type']> = Extract<Modules[M]['command'], { type: T }>;

export type ModuleInfo = Schemas['ModuleInfo'];
export type Player = Schemas['PlayerRegistered'];
export type Character<M extends ModuleName = ModuleName> = Omit<Schemas['Character'], 'sheet'> & { sheet: Sheet<M> };
export type Campaign = Schemas['Campaign'];
export type ScheduledGame = Schemas['ScheduledGame'];

/** What the client is built from. */
export interface ClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:3000. */
  readonly baseUrl: string;
  /** A player key: the client acts as that player (characters, campaigns, seats with characters, seat recovery). */
  readonly playerKey?: string;
  readonly fetch?: typeof fetch;
  /** The WebSocket constructor for `subscribe` (default: the global one of browsers and Node 22; else pass `ws`'s). */
  readonly webSocket?: WebSocketConstructor;
  /**
   * Reads served from the server's read models (games, players, character lists, campaigns) wait until they show this
   * client's own writes (default true; the server bounds the wait, then answers 503 read-model/behind).
   */
  readonly readYourWrites?: boolean;
}

/** A game's turn clock and what happens when a seat's time runs out (default: no clock). */
export interface Timing {
  readonly clock?: Schemas['Clock'];
  readonly onTimeout?: Schemas['TimeoutPolicy'];
}

/** A client of one Delve server, anonymous or acting as one player. */
export class DelveClient {
  /** The raw typed client: every path of openapi.yaml with its parameters, bodies and answers typed. */
  readonly http: Client<paths>;
  readonly baseUrl: string;
  private readonly positions = new Positions();
  private readonly seats: SeatContext;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.http = createClient<paths>({ baseUrl: this.baseUrl, ...(options.fetch !== undefined && { fetch: options.fetch }) });
    this.http.use(this.positions.middleware());
    this.seats = {
      http: this.http,
      graphqlUrl: `${this.baseUrl.replace(/^http/, 'ws')}/graphql`,
      webSocket: options.webSocket ?? (globalThis as { WebSocket?: unknown }).WebSocket,
    };
  }

  /** The same server, acting as the player whose key this is. */
  asPlayer(playerKey: string): DelveClient {
    return new DelveClient({ ...this.options, playerKey });
  }

  /** The furthest log position this client's writes reached (X-Log-Position), or null before its first write. */
  get position(): string | null {
    return this.positions.position;
  }

  private get key() {
    return this.options.playerKey === undefined ? {} : bearer(this.options.playerKey);
  }

  /** `after` for a read from a read model: this client's last write, unless told not to wait for it. */
  private get after(): { after?: string } {
    const position = this.positions.position;
    return this.options.readYourWrites === false || position === null ? {} : { after: position };
  }

  // --- Modules ---------------------------------------------------------------------------------------------------

  /** The modules the server runs: options with defaults, seat counts, refusal codes, bots, notation. */
  async modules(): Promise<ModuleInfo[]> {
    return (await ok(this.http.GET('/modules'))).items;
  }

  /** A module's shipped content (cards, dungeons…): id, name, type, rarity and text of each. */
  async content(module: ModuleName): Promise<Schemas['ModuleContent']> {
    return ok(this.http.GET('/modules/{name}/content', { params: { path: { name: module } } }));
  }

  // --- Games -----------------------------------------------------------------------------------------------------

  /** Create a game of module M, with its options (defaults for those left out) and a turn clock if wanted. */
  async createGame<M extends ModuleName>(module: M, seats: number, options?: Options<M>, timing: Timing = {}): Promise<GameSummary> {
    const body = { module, seats, ...(options !== undefined && { options }), ...timing } as Schemas['CreateGameRequest'];
    return ok(this.http.POST('/games', { body }));
  }

  /** Games, newest first, a page at a time (`cursor`: the previous page's nextCursor). */
  async games(
    query: { module?: ModuleName; status?: Schemas['GameStatus']; limit?: number; cursor?: string } = {},
  ): Promise<Schemas['GameList']> {
    return ok(this.http.GET('/games', { params: { query: { ...query, ...this.after } } }));
  }

  /** A game's public summary: status, who is awaited, winners. */
  async game(id: string): Promise<GameSummary> {
    return ok(this.http.GET('/games/{id}', { params: { path: { id } } }));
  }

  /**
   * Claim a seat (a given one or the lowest free one) of a game of module M; the seat client holds its token. As a
   * player, a claim may bring one of the player's characters.
   */
  async claimSeat<M extends ModuleName>(
    module: M,
    gameId: string,
    claim: { seat?: number; name?: string; character?: string } = {},
  ): Promise<SeatClient<M>> {
    const got = await ok(this.http.POST('/games/{id}/seats', { params: { path: { id: gameId } }, headers: this.key, body: claim }));
    return this.seatOf(module, gameId, got);
  }

  /** A seat whose token the caller already holds. */
  seat<M extends ModuleName>(module: M, gameId: string, seat: number, token: string): SeatClient<M> {
    return new SeatClient(this.seats, module, gameId, seat, token);
  }

  /** Another token for a seat the player holds (another device, a campaign game); earlier tokens keep working. */
  async takeSeatToken<M extends ModuleName>(module: M, gameId: string, seat: number): Promise<SeatClient<M>> {
    const got = await ok(this.http.POST('/games/{id}/seats/{seat}/tokens', { params: { path: { id: gameId, seat } }, headers: this.key }));
    return this.seatOf(module, gameId, got);
  }

  /**
   * Take a seat back with a new token when its token is lost: with the player key the client acts with, or with the
   * recovery secret an anonymous claim answered. Every earlier token of the seat stops working.
   */
  async recoverSeat<M extends ModuleName>(module: M, gameId: string, seat: number, secret?: string): Promise<SeatClient<M>> {
    const body = secret === undefined ? {} : { secret };
    const got = await ok(
      this.http.POST('/games/{id}/seats/{seat}/recovery', { params: { path: { id: gameId, seat } }, headers: this.key, body }),
    );
    return this.seatOf(module, gameId, got);
  }

  private seatOf<M extends ModuleName>(module: M, gameId: string, claimed: Schemas['SeatClaimed']): SeatClient<M> {
    // Only a bot's seat comes without a token, and none of these seats a bot.
    if (claimed.token === null) throw new Error(`seat ${claimed.seat} came without a token`);
    return new SeatClient(this.seats, module, gameId, claimed.seat, claimed.token, claimed.recoverySecret);
  }

  /** The spectator's view of a game, now or at a revision (everything, once the game is over). */
  async spectate<M extends ModuleName>(
    _module: M,
    gameId: string,
    revision?: number,
  ): Promise<{ revision: number; view: Modules[M]['view'] }> {
    const query = revision === undefined ? {} : { revision };
    const got = await ok(this.http.GET('/games/{id}/view', { params: { path: { id: gameId }, query } }));
    return { revision: got.revision, view: got.view as Modules[M]['view'] };
  }

  /** The event log as a spectator sees it, from a revision (default: the first), a page at a time. */
  async events(gameId: string, page: { from?: number; limit?: number } = {}): Promise<Schemas['EventPage']> {
    return ok(this.http.GET('/games/{id}/events', { params: { path: { id: gameId }, query: page } }));
  }

  /** Once the game is over: the revealed seed, the command log and the server's re-run of it. */
  async audit(gameId: string): Promise<Schemas['Audit']> {
    return ok(this.http.GET('/games/{id}/audit', { params: { path: { id: gameId } } }));
  }

  /** Every new revision of a game as a spectator (or the holder of `token`) sees it, until the game ends. */
  subscribe(gameId: string, options: SubscribeOptions = {}): AsyncGenerator<GameUpdated, void, undefined> {
    return gameUpdates(this.seats.graphqlUrl, gameId, options, this.seats.webSocket);
  }

  // --- Players ---------------------------------------------------------------------------------------------------

  /** Register a player; the answer holds its first key, shown once (`asPlayer(key)` acts with it). */
  async registerPlayer(name: string): Promise<Player> {
    return ok(this.http.POST('/players', { body: { name } }));
  }

  /** A player's public profile: name, characters and the games they took a seat in. */
  async player(id: string): Promise<Schemas['PlayerProfile']> {
    return ok(this.http.GET('/players/{id}', { params: { path: { id }, query: this.after } }));
  }

  /** The player's live keys (ids and dates, never the keys). */
  async keys(playerId: string): Promise<Schemas['PlayerKeyInfo'][]> {
    return (await ok(this.http.GET('/players/{id}/keys', { params: { path: { id: playerId } }, headers: this.key }))).items;
  }

  /** Another key for the player, shown once. */
  async issueKey(playerId: string): Promise<Schemas['NewPlayerKey']> {
    return ok(this.http.POST('/players/{id}/keys', { params: { path: { id: playerId } }, headers: this.key }));
  }

  /** The player's seats in games not over (with the player key: a lost token is recovered with `recoverSeat`). */
  async activeSeats(playerId: string): Promise<Schemas['ActiveSeat'][]> {
    return (await ok(this.http.GET('/players/{id}/seats', { params: { path: { id: playerId }, query: this.after }, headers: this.key })))
      .items;
  }

  /** Revoke a key; it stops working at once (the last live key cannot be revoked). */
  async revokeKey(playerId: string, keyId: string): Promise<void> {
    await ok(this.http.DELETE('/players/{id}/keys/{keyId}', { params: { path: { id: playerId, keyId } }, headers: this.key }));
  }

  // --- Being told ----------------------------------------------------------------------------------------------

  /** The player's notifications, newest first (with the player key); the next page starts after `nextCursor`. */
  async inbox(playerId: string, page: { limit?: number; cursor?: string } = {}): Promise<Schemas['Inbox']> {
    return ok(this.http.GET('/players/{id}/inbox', { params: { path: { id: playerId }, query: page }, headers: this.key }));
  }

  /** The player's notifications as they come, over GraphQL's WebSocket (with the player key). */
  myTurns(playerId: string, options: MyTurnsOptions = {}): AsyncGenerator<Schemas['Notification'], void, undefined> {
    if (this.options.playerKey === undefined) throw new Error('myTurns needs a player key: asPlayer(key) first');
    return myTurns(this.seats.graphqlUrl, playerId, this.options.playerKey, options, this.seats.webSocket);
  }

  /** Register an https URL for the player's own games' events; the answer holds its signing secret, shown once. */
  async createWebhook(url: string, events: Schemas['WebhookEvent'][]): Promise<Schemas['NewWebhook']> {
    return ok(this.http.POST('/webhooks', { headers: this.key, body: { url, events } }));
  }

  /** The player's webhooks, newest first. */
  async webhooks(): Promise<Schemas['Webhook'][]> {
    return (await ok(this.http.GET('/webhooks', { headers: this.key }))).items;
  }

  /** One webhook: its deliveries by status, and why it was disabled if it was. */
  async webhook(id: string): Promise<Schemas['Webhook']> {
    return ok(this.http.GET('/webhooks/{id}', { params: { path: { id } }, headers: this.key }));
  }

  /** A webhook's delivery log, newest first, each delivery with every attempt. */
  async webhookDeliveries(id: string, page: { limit?: number; cursor?: string } = {}): Promise<Schemas['WebhookDeliveryLog']> {
    return ok(this.http.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query: page }, headers: this.key }));
  }

  /** Delete a webhook; nothing more is sent to it. */
  async deleteWebhook(id: string): Promise<void> {
    await ok(this.http.DELETE('/webhooks/{id}', { params: { path: { id } }, headers: this.key }));
  }

  // --- Matchmaking -----------------------------------------------------------------------------------------------

  /** Ask for a seat at a kind of table; placed at once when it can be (the answer then holds the seat token). */
  async openTicket(request: Schemas['OpenTicketRequest']): Promise<Schemas['TicketPlacement']> {
    return ok(this.http.POST('/matchmaking/tickets', { headers: this.key, body: request }));
  }

  /** The player's tickets, newest first. */
  async tickets(): Promise<Schemas['Ticket'][]> {
    return (await ok(this.http.GET('/matchmaking/tickets', { params: { query: this.after }, headers: this.key }))).items;
  }

  /** One of the player's tickets: waiting, or the game and seat it got. */
  async ticket(id: string): Promise<Schemas['Ticket']> {
    return ok(this.http.GET('/matchmaking/tickets/{id}', { params: { path: { id } }, headers: this.key }));
  }

  /** Cancel a ticket (a placed one leaves its seat while its game has not started). */
  async cancelTicket(id: string): Promise<Schemas['Ticket']> {
    return ok(this.http.DELETE('/matchmaking/tickets/{id}', { params: { path: { id } }, headers: this.key }));
  }

  // --- Characters ------------------------------------------------------------------------------------------------

  /** Create a character of a module with characters (`characters` in `modules()`). */
  async createCharacter<M extends ModuleName>(module: M, name: string, options?: CharacterOptions<M>): Promise<Character<M>> {
    const body = { module, name, ...(options !== undefined && { options }) } as Schemas['CreateCharacterRequest'];
    return (await ok(this.http.POST('/characters', { headers: this.key, body }))) as Character<M>;
  }

  /** A character and its sheet, as its stream stands now. */
  async character<M extends ModuleName = ModuleName>(id: string): Promise<Character<M>> {
    return (await ok(this.http.GET('/characters/{id}', { params: { path: { id } } }))) as Character<M>;
  }

  /** A player's characters, oldest first, optionally of one module. */
  async characters<M extends ModuleName = ModuleName>(owner: string, module?: M): Promise<Character<M>[]> {
    const query = { owner, ...(module !== undefined && { module }), ...this.after };
    return (await ok(this.http.GET('/characters', { params: { query } }))).items as Character<M>[];
  }

  /** The owner's command to a character (spend an unlock, change the deck…). */
  async commandCharacter<M extends ModuleName>(
    id: string,
    command: CharacterCommand<M>,
    options: { idempotencyKey?: string } = {},
  ): Promise<Schemas['CharacterCommandResult']> {
    const headers = { ...this.key, ...(options.idempotencyKey !== undefined && { 'idempotency-key': options.idempotencyKey }) };
    return ok(
      this.http.POST('/characters/{id}/commands', {
        params: { path: { id }, header: {} },
        headers,
        body: command as Schemas['CharacterCommand'],
      }),
    );
  }

  // --- Campaigns -------------------------------------------------------------------------------------------------

  /** Create a campaign of a module; the player is its first member (with a character, if given). */
  async createCampaign(name: string, module: ModuleName, character?: string): Promise<Campaign> {
    return ok(this.http.POST('/campaigns', { headers: this.key, body: { name, module, ...(character !== undefined && { character }) } }));
  }

  /** A campaign's members and every game played in its name, with results. */
  async campaign(id: string): Promise<Campaign> {
    return ok(this.http.GET('/campaigns/{id}', { params: { path: { id }, query: this.after } }));
  }

  /** Join a campaign, with one of the player's characters of its module if given. */
  async joinCampaign(id: string, character?: string): Promise<Campaign> {
    return ok(
      this.http.POST('/campaigns/{id}/members', {
        params: { path: { id } },
        headers: this.key,
        body: character === undefined ? {} : { character },
      }),
    );
  }

  /** Schedule a campaign game with every member seated; the answer holds the caller's own seat token. */
  async scheduleCampaignGame(id: string, options?: Schemas['ScheduleCampaignGameRequest']['options']): Promise<ScheduledGame> {
    return ok(
      this.http.POST('/campaigns/{id}/games', {
        params: { path: { id } },
        headers: this.key,
        body: options === undefined ? {} : { options },
      }),
    );
  }
}
