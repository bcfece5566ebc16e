// Matchmaking over the store. A ticket is placed by its pool's decision (one stream per kind of table, so placements
// across nodes are serialised by the stream's expected revision), then that decision is carried out: the ticket is
// marked placed (from then on it cannot be cancelled), the table's game is created under the id the pool chose, and
// the seat is claimed for the ticket's player. Each step is idempotent, so the request that opened the ticket does it
// at once and the matchmaker process manager finishes whatever a crash interrupted.
import { ConflictError, NotFoundError, RuleViolation, StreamNotFoundError, ValidationError } from '../errors';
import type { ClockOptions, TimeoutPolicy } from '../clock';
import {
  decidePool,
  decideTicket,
  EMPTY_POOL,
  evolvePool,
  evolveTicket,
  poolStream,
  ticketStream,
  type PoolCommand,
  type PoolEvent,
  type PoolState,
  type TicketCommand,
  type TicketEvent,
  type TicketState,
} from '../matchmaking';
import type { AnyGameModule, Seat } from '../module';
import { sha256Hex } from '../random';
import type { EventStore, RecordedEvent } from '../store';
import type { CharacterService } from './characters';
import { eventTime, isUuid } from './events';
import { KeptCheckpoint } from './keptCheckpoint';
import { tableOf } from './gameLobby';
import type { GameServices } from './gameService';
import { canonicalJson, stampedMetadata, StreamHandler } from './handler';
import type { CheckpointStore } from './outcomes';
import type { PlayerService } from './players';

export interface MatchmakingDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly games: Pick<GameServices, 'lobby' | 'reads' | 'streams'>;
  readonly players: Pick<PlayerService, 'summary'>;
  readonly characters: Pick<CharacterService, 'get' | 'claimSeat'>;
  readonly clock: () => Date;
  readonly newId: () => string;
}

/** What a player asks matchmaking for. */
export interface TicketRequest {
  readonly module: string;
  readonly options?: unknown;
  readonly seats?: number;
  readonly character?: string;
  readonly clock?: ClockOptions;
  readonly onTimeout?: TimeoutPolicy;
  readonly fillWithBotsAfter?: number;
}

/** A seat a placement reached: the ticket's game and seat, and a token when this call claimed it. */
export interface Placement {
  readonly ticket: TicketState;
  readonly token: string | null;
}

/** Codes of claim refusals that end a ticket (its character cannot sit there), rather than send it to another table. */
const FATAL_CLAIMS: ReadonlySet<string> = new Set([
  'character/busy',
  'character/not-owner',
  'character/wrong-module',
  'game/character-seated',
]);

/** A command waiting for its pool's decision, and who to tell of it. */
interface PoolWaiter {
  readonly command: PoolCommand;
  readonly resolve: (state: PoolState) => void;
  readonly reject: (error: unknown) => void;
}

export class MatchmakingService {
  private readonly tickets: StreamHandler<TicketState>;
  private readonly pools: StreamHandler<PoolState>;
  /** Commands waiting for their pool's next decision, by pool (present while the pool is deciding). */
  private readonly waiting = new Map<string, PoolWaiter[]>();

  constructor(private readonly deps: MatchmakingDeps) {
    this.tickets = new StreamHandler<TicketState>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'ticket/concurrency',
      fold: (state, event) => evolveTicket(state, event.data as TicketEvent, eventTime(event)),
    });
    // Pools are where nodes contend: many retries, each on a fresh fold.
    this.pools = new StreamHandler<PoolState>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'pool/concurrency',
      maxRetries: 50,
      fold: (state, event) => evolvePool(state ?? EMPTY_POOL, event.data as PoolEvent),
    });
  }

  /** Open a ticket for `player`: the kind of table is checked as a game's creation would check it. */
  async open(player: string, request: TicketRequest): Promise<TicketState> {
    const module = this.deps.modules[request.module];
    const seats = request.seats ?? module?.info.seats.min ?? 2;
    const wish = tableOf(this.deps.modules, { ...request, seats });
    const { name } = await this.deps.players.summary(player);
    const character = request.character ?? null;
    if (character !== null) {
      const sheet = await this.deps.characters.get(character);
      if (sheet.owner !== player) throw new RuleViolation('character/not-owner', 'only its owner may bring this character');
      if (sheet.module !== wish.module) {
        throw new RuleViolation('character/wrong-module', `this is a ${sheet.module} character; the ticket is for ${wish.module}`);
      }
    }
    const ticketId = this.deps.newId();
    const pool = sha256Hex(canonicalJson(wish)).slice(0, 32);
    const event: Extract<TicketEvent, { type: 'TicketOpened' }> = {
      type: 'TicketOpened',
      ticketId,
      player,
      name,
      character,
      wish,
      pool,
      fillWithBotsAfter: request.fillWithBotsAfter ?? null,
    };
    return (await this.ticket(ticketId, { kind: 'open', event }, true)).state;
  }

  async get(ticketId: string): Promise<TicketState> {
    if (!isUuid(ticketId)) throw new NotFoundError('ticket/not-found', `no ticket ${ticketId}`);
    try {
      return (await this.tickets.load(ticketStream(ticketId))).state;
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('ticket/not-found', `no ticket ${ticketId}`);
      throw error;
    }
  }

  /**
   * Cancel a ticket (its own player only). A placed one leaves its seat when its game has not started yet; once it has,
   * the seat is the player's to play or give up (`left` says which happened).
   */
  async cancel(player: string, ticketId: string): Promise<{ ticket: TicketState; left: boolean }> {
    const before = await this.get(ticketId);
    if (before.player === player && (before.status === 'placed' || before.status === 'seated') && before.gameId !== null) {
      const game = await this.deps.games.reads.summary(before.gameId);
      if (game.status !== 'open') throw new RuleViolation('ticket/not-open', 'its game has started: leave it by abandoning or conceding');
    }
    const ticket = (await this.ticket(ticketId, { kind: 'cancel', player })).state;
    return { ticket, left: await this.leave(ticket) };
  }

  /** What a cancelled ticket leaves behind: its seat (while its game is open) and its place in the pool. */
  async leave(ticket: TicketState): Promise<boolean> {
    if (ticket.status !== 'cancelled' || ticket.gameId === null || ticket.seat === null) return false;
    let left = false;
    const game = await this.deps.games.reads.summary(ticket.gameId).catch(() => null);
    if (game?.seats[ticket.seat]?.player === ticket.player) {
      left = await this.deps.games.lobby.leaveSeat(ticket.gameId, ticket.seat, ticket.player).then(
        () => true,
        (error: unknown) => (error instanceof RuleViolation ? false : Promise.reject(error)),
      );
    }
    await this.pool(ticket.pool, { kind: 'withdraw', ticketId: ticket.id, outsider: false });
    return left;
  }

  /**
   * Give an open ticket a seat: its pool decides where, then the decision is carried out. A ticket whose seat could not
   * be given after all (a stranger took it, its game ended) goes to another table; one whose character cannot sit
   * fails with the reason.
   */
  async place(ticketId: string): Promise<Placement> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const ticket = await this.get(ticketId);
      if ((ticket.status === 'placed' || ticket.status === 'seated') && ticket.gameId !== null && ticket.seat !== null) {
        return this.carryOut(ticket, ticket.gameId, ticket.seat);
      }
      if (ticket.status !== 'open') return { ticket, token: null };
      const fillAt =
        ticket.fillWithBotsAfter === null ? null : new Date(Date.parse(ticket.openedAt) + ticket.fillWithBotsAfter * 1000).toISOString();
      const decided = await this.pool(ticket.pool, {
        kind: 'seat',
        ticketId,
        player: ticket.player,
        character: ticket.character,
        seats: ticket.wish.seats,
        fillAt,
        newGameId: this.deps.newId(),
      });
      const table = decided.tables.find((t) => t.taken.some((s) => s.ticketId === ticketId));
      const seat = table?.taken.find((s) => s.ticketId === ticketId)?.seat;
      if (!table || seat === undefined) continue;
      const placement = await this.carryOut(ticket, table.gameId, seat);
      if (placement.ticket.status !== 'open') return placement;
    }
    return { ticket: await this.get(ticketId), token: null };
  }

  /**
   * Carry out a seat the pool gave: mark the ticket placed, create the table's game, claim the seat for the player.
   * Each step finds it done already when it was.
   */
  async carryOut(ticket: TicketState, gameId: string, seat: Seat): Promise<Placement> {
    const { lobby, reads } = this.deps.games;
    try {
      await this.ticket(ticket.id, { kind: 'place', gameId, seat });
    } catch (error) {
      // Cancelled (or failed) before it was placed: the seat goes back to the pool.
      if (!(error instanceof RuleViolation)) throw error;
      await this.pool(ticket.pool, { kind: 'withdraw', ticketId: ticket.id, outsider: false });
      return { ticket: await this.get(ticket.id), token: null };
    }
    const { wish } = ticket;
    await lobby
      .createGame({ ...wish, gameId, pool: ticket.pool })
      .catch((error: unknown) => (error instanceof ConflictError && error.code === 'game/exists' ? null : Promise.reject(error)));
    const seated = async (token: string | null): Promise<Placement> => ({
      ticket: (await this.ticket(ticket.id, { kind: 'seated' })).state,
      token,
    });
    const game = await reads.summary(gameId);
    if (game.seats[seat]?.player === ticket.player) return seated(null);
    try {
      const claim = { seat, name: ticket.name, ...(ticket.character !== null && { character: ticket.character }) };
      return seated((await this.deps.characters.claimSeat(gameId, ticket.player, claim)).token);
    } catch (error) {
      if (!(error instanceof RuleViolation)) throw error;
      // Another node carrying out the same seat at the same moment won: the seat is the player's after all.
      const holder = (await reads.summary(gameId)).seats[seat];
      if (holder?.player === ticket.player) return seated(null);
      await this.pool(ticket.pool, { kind: 'withdraw', ticketId: ticket.id, outsider: holder?.claimed === true });
      if (FATAL_CLAIMS.has(error.code)) {
        return { ticket: (await this.ticket(ticket.id, { kind: 'fail', code: error.code, reason: error.message })).state, token: null };
      }
      // The game started or ended without this seat, or a stranger took it: the ticket looks for another table.
      if (error.code === 'game/not-open') await this.pool(ticket.pool, { kind: 'done', gameId, reason: 'ended' });
      return { ticket: (await this.ticket(ticket.id, { kind: 'requeue' })).state, token: null };
    }
  }

  /** A table's game left the lobby (started, abandoned): the pool stops offering it. */
  async tableDone(pool: string, gameId: string, reason: 'started' | 'bots' | 'ended'): Promise<void> {
    await this.pool(pool, { kind: 'done', gameId, reason });
  }

  /**
   * Fill what is left of a table with the module's first server bot (a ticket's fillWithBotsAfter came due): the seats
   * its pool gave no ticket. A fill can fall due before the placement that gave a seat has created the game or claimed
   * that seat (at once, when fillWithBotsAfter is 0): bots seated then would take the ticket's seat, or find no game
   * and leave the table empty for good. So it waits: false while a seat the pool gave is not its player's yet, and the
   * scheduler tries again. Each such seat is claimed or given back (the matchmaker finishes a placement a crash cut short).
   */
  async fillWithBots(pool: string, gameId: string): Promise<boolean> {
    const table = (await this.pools.load(poolStream(pool))).state.tables.find((t) => t.gameId === gameId);
    const game = await this.deps.games.reads
      .summary(gameId)
      .catch((error: unknown) => (error instanceof NotFoundError ? null : Promise.reject(error)));
    // A taken seat with no ticket is one a stranger claimed outside matchmaking: nobody's placement waits on it.
    const given = table?.taken.filter((s) => s.ticketId !== '') ?? [];
    if (given.some((s) => game?.seats[s.seat]?.player !== s.player)) return false;
    // Bots fill a table for the people waiting at it. When nobody is left (every ticket was withdrawn, and no stranger
    // claimed a seat), the table is given up as never filled rather than played out by bots alone (ADR 0059).
    const nobody = game !== null && game.status === 'open' && !game.seats.some((s) => s.claimed && s.bot === null);
    await this.pool(pool, { kind: 'done', gameId, reason: nobody ? 'ended' : 'bots' });
    if (nobody) {
      await this.deps.games.lobby.abandonGame(gameId, null, 'unfilled').catch((error: unknown) => {
        if (!(error instanceof RuleViolation)) throw error;
      });
      return true;
    }
    const bot = game ? this.deps.modules[game.module]?.bots?.[0]?.name : undefined;
    if (!game || game.status !== 'open' || bot === undefined) return true;
    await this.deps.games.lobby.seatBots(gameId, bot).catch((error: unknown) => {
      if (!(error instanceof RuleViolation)) throw error;
    });
    return true;
  }

  private async ticket(ticketId: string, command: TicketCommand, newStream = false) {
    const { folded } = await this.tickets.handle(
      ticketStream(ticketId),
      (current, stamp) => ({
        events: decideTicket(command, current?.state ?? null).map((event) => ({
          type: event.type,
          data: event,
          metadata: stampedMetadata(stamp),
        })),
      }),
      { newStream },
    );
    return folded;
  }

  /**
   * Have `pool` decide `command`, answering the pool as the command left it. A pool is one stream that every placement
   * of its kind of table goes through, so a node does not send its requests to it one against another (each losing
   * the race would read and try again): the commands that arrive while the pool's last decision is being stored wait,
   * and are then decided together, in order, in one append. Nodes still contend with each other, once per batch.
   */
  private pool(pool: string, command: PoolCommand): Promise<PoolState> {
    return new Promise<PoolState>((resolve, reject) => {
      const queue = this.waiting.get(pool);
      if (queue) queue.push({ command, resolve, reject });
      else {
        this.waiting.set(pool, [{ command, resolve, reject }]);
        void this.decideWaiting(pool);
      }
    });
  }

  /** Decide the commands waiting for `pool`, a batch per append, until none is left. */
  private async decideWaiting(pool: string): Promise<void> {
    for (let batch = this.waiting.get(pool) ?? []; batch.length > 0; batch = this.waiting.get(pool) ?? []) {
      // Commands arriving from now on wait for the next batch.
      this.waiting.set(pool, []);
      let after: PoolState[] = [];
      try {
        await this.pools.handle(poolStream(pool), (current, stamp) => {
          // Decided afresh on each try: every command on the pool as the ones before it in the batch left it.
          let state = current?.state ?? EMPTY_POOL;
          const events: PoolEvent[] = [];
          after = batch.map(({ command }) => {
            for (const event of decidePool(command, state)) {
              events.push(event);
              state = evolvePool(state, event);
            }
            return state;
          });
          return { events: events.map((event) => ({ type: event.type, data: event, metadata: stampedMetadata(stamp) })) };
        });
        batch.forEach((waiter, i) => waiter.resolve(after[i] as PoolState));
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    this.waiting.delete(pool);
  }
}

/** Refuse a fillWithBotsAfter a table cannot use. */
export function checkFillAfter(seconds: number | undefined): void {
  if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400)) {
    throw new ValidationError('ticket/bad-fill', 'fillWithBotsAfter is whole seconds from 0 to 86400', [
      { path: '/fillWithBotsAfter', message: 'an integer from 0 to 86400' },
    ]);
  }
}

export interface MatchmakerDeps {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  readonly matchmaking: MatchmakingService;
  readonly games: Pick<GameServices, 'streams'>;
  /** Characters leave a game whose seat they left. */
  readonly characters: Pick<CharacterService, 'release'>;
  readonly clock: () => Date;
  /**
   * How long it leaves a request to carry out its own placement before finishing it itself (ms; default 2000): the
   * request answers with the seat token only when it claimed the seat.
   */
  readonly graceMs?: number;
  /** Events read per step (default 500). */
  readonly batchSize?: number;
}

export const MATCHMAKER = 'process:matchmaker';

/**
 * The process manager behind matchmaking: it follows the log and finishes what requests began, so a crash never
 * strands a ticket. An opened or requeued ticket is placed; a seat a pool gave is carried out; a table whose game left
 * the lobby is taken off its pool. Every step is idempotent and the checkpoint moves only after a whole page is done.
 */
export class Matchmaker {
  readonly batchSize: number;
  /** When (by `clock`, ms) the oldest event the last step held back for its grace is old enough; null: none held. */
  private heldBackUntil: number | null = null;
  private readonly at: KeptCheckpoint;

  constructor(private readonly deps: MatchmakerDeps) {
    this.batchSize = deps.batchSize ?? 500;
    this.at = new KeptCheckpoint(() => deps.checkpoints.checkpoint(MATCHMAKER));
  }

  /** How long (ms) until what the last step held back for its grace may be taken (null: nothing held back). */
  heldBackMs(): number | null {
    return this.heldBackUntil === null ? null : Math.max(0, this.heldBackUntil - this.deps.clock().getTime());
  }

  async step(): Promise<number> {
    const { store, checkpoints, matchmaking } = this.deps;
    const from = await this.at.take();
    const read = await store.readAll({ fromPosition: from, maxCount: this.batchSize });
    // Events younger than the grace wait for a later step (the checkpoint stays before them).
    const grace = this.deps.graceMs ?? 2000;
    const until = this.deps.clock().getTime() - grace;
    const young = read.findIndex((e) => Date.parse(eventTime(e)) > until);
    this.heldBackUntil = young < 0 ? null : Date.parse(eventTime(read[young] as RecordedEvent)) + grace;
    const page = young < 0 ? read : read.slice(0, young);
    const last = page.at(-1);
    if (!last) {
      this.at.unchanged(from);
      return 0;
    }
    for (const event of page) {
      const data = event.data as { type?: string; ticketId?: string; gameId?: string; seat?: Seat; character?: unknown };
      if (event.streamId.startsWith('ticket-') && (data.type === 'TicketOpened' || data.type === 'TicketRequeued')) {
        await matchmaking.place(event.streamId.slice('ticket-'.length));
      } else if (event.streamId.startsWith('ticket-') && data.type === 'TicketCancelled') {
        await matchmaking.leave(await matchmaking.get(event.streamId.slice('ticket-'.length)));
      } else if (event.streamId.startsWith('game-') && data.type === 'SeatReleased' && typeof data.character === 'string') {
        await this.deps.characters.release(data.character, event.streamId.slice('game-'.length), 'seat-left');
      } else if (event.streamId.startsWith('pool-') && data.type === 'TicketSeated') {
        const ticket = await matchmaking.get(String(data.ticketId));
        if (ticket.status === 'open' || (ticket.status === 'placed' && ticket.gameId === data.gameId && ticket.seat === data.seat)) {
          await matchmaking.carryOut(ticket, String(data.gameId), data.seat as Seat);
        }
      } else if (event.streamId.startsWith('game-') && LEFT_LOBBY[data.type ?? ''] !== undefined) {
        const gameId = event.streamId.slice('game-'.length);
        // A game's pool is set when it is created, so any fold of it this node holds will do.
        const record =
          this.deps.games.streams.cachedRecord(gameId) ?? (await this.deps.games.streams.loadAt(gameId, event.revision).catch(() => null));
        if (record?.pool) await matchmaking.tableDone(record.pool, gameId, LEFT_LOBBY[data.type ?? ''] as 'started' | 'ended');
      }
    }
    this.at.moved(await checkpoints.advance(MATCHMAKER, from, last.position), last.position);
    return page.length;
  }
}

/** Game events after which a table is no longer its pool's to fill. */
const LEFT_LOBBY: Readonly<Record<string, 'started' | 'ended'>> = { GameStarted: 'started', GameAbandoned: 'ended', GameFinished: 'ended' };
