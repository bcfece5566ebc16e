// Matchmaking as pure deciders. A ticket (`ticket-<uuid>`) is one player's wish for a seat at a kind of table. Tickets
// that want the same table (module, options, seat count, clock) share a pool (`pool-<key>`): one stream whose
// optimistic concurrency serialises every placement across nodes, so two tickets never get one seat and a table is
// filled before another is opened.
import { RuleViolation } from './errors';
import type { ClockOptions, TimeoutPolicy } from './clock';
import type { Seat } from './module';
import type { TicketDocument } from './schemas';

export const ticketStream = (id: string): string => `ticket-${id}`;
export const poolStream = (key: string): string => `pool-${key}`;

/** What a ticket asks for: everything a table must have in common with the others in its pool. */
export interface TableWish {
  readonly module: string;
  /** The module's options with defaults filled in. */
  readonly options: unknown;
  readonly seats: number;
  readonly clock: ClockOptions;
  readonly onTimeout: TimeoutPolicy;
}

export type TicketEvent =
  | {
      type: 'TicketOpened';
      ticketId: string;
      player: string;
      /** The player's name, for the seat. */
      name: string;
      character: string | null;
      wish: TableWish;
      pool: string;
      /** Seconds after which the rest of its table is filled with server bots (null: never). */
      fillWithBotsAfter: number | null;
    }
  /** A seat is assigned: it is being claimed for the ticket's player. */
  | { type: 'TicketPlaced'; gameId: string; seat: Seat }
  /** The seat is the player's: claimed in its game. */
  | { type: 'TicketSeatTaken'; gameId: string; seat: Seat }
  /** The seat it was placed at could not be given after all (its game ended, a stranger took it): open again. */
  | { type: 'TicketRequeued'; gameId: string; seat: Seat }
  | { type: 'TicketCancelled' }
  | { type: 'TicketFailed'; code: string; reason: string };

export type TicketStatus = 'open' | 'placed' | 'seated' | 'cancelled' | 'failed';

export interface TicketState {
  readonly id: string;
  readonly player: string;
  readonly name: string;
  readonly character: string | null;
  readonly wish: TableWish;
  readonly pool: string;
  readonly fillWithBotsAfter: number | null;
  readonly status: TicketStatus;
  readonly openedAt: string;
  readonly gameId: string | null;
  readonly seat: Seat | null;
  readonly endedAt: string | null;
  readonly failure: { readonly code: string; readonly reason: string } | null;
}

export type TicketCommand =
  | { kind: 'open'; event: Extract<TicketEvent, { type: 'TicketOpened' }> }
  | { kind: 'place'; gameId: string; seat: Seat }
  | { kind: 'seated' }
  | { kind: 'requeue' }
  | { kind: 'cancel'; player: string }
  | { kind: 'fail'; code: string; reason: string };

/**
 * A ticket: opened once, then placed (or put back in the queue when its seat could not be given after all), cancelled
 * by its player (leaving its seat, if its game has not started), or failed; placing it at the seat it has decides
 * nothing.
 */
export function decideTicket(command: TicketCommand, state: TicketState | null): TicketEvent[] {
  if (command.kind === 'open') {
    if (state) throw new RuleViolation('ticket/exists', 'this ticket already exists');
    return [command.event];
  }
  if (!state) throw new RuleViolation('ticket/not-found', 'no such ticket');
  switch (command.kind) {
    case 'place':
      if ((state.status === 'placed' || state.status === 'seated') && state.gameId === command.gameId && state.seat === command.seat) {
        return [];
      }
      if (state.status !== 'open') throw new RuleViolation('ticket/not-open', `the ticket is ${state.status}`);
      return [{ type: 'TicketPlaced', gameId: command.gameId, seat: command.seat }];
    case 'seated':
      return state.status === 'placed' && state.gameId !== null && state.seat !== null
        ? [{ type: 'TicketSeatTaken', gameId: state.gameId, seat: state.seat }]
        : [];
    case 'requeue':
      return state.status === 'placed' && state.gameId !== null && state.seat !== null
        ? [{ type: 'TicketRequeued', gameId: state.gameId, seat: state.seat }]
        : [];
    case 'cancel':
      if (command.player !== state.player) throw new RuleViolation('ticket/not-yours', 'a ticket is cancelled by its own player');
      if (state.status === 'cancelled') return [];
      if (state.status === 'failed') throw new RuleViolation('ticket/not-open', 'the ticket failed already');
      return [{ type: 'TicketCancelled' }];
    case 'fail':
      return state.status === 'open' || state.status === 'placed'
        ? [{ type: 'TicketFailed', code: command.code, reason: command.reason }]
        : [];
  }
}

/** Fold one ticket event (`at`: when it was recorded). Total. */
export function evolveTicket(state: TicketState | undefined, event: TicketEvent, at: string): TicketState {
  if (event.type === 'TicketOpened') {
    return {
      id: event.ticketId,
      player: event.player,
      name: event.name,
      character: event.character,
      wish: event.wish,
      pool: event.pool,
      fillWithBotsAfter: event.fillWithBotsAfter,
      status: 'open',
      openedAt: at,
      gameId: null,
      seat: null,
      endedAt: null,
      failure: null,
    };
  }
  const s = state as TicketState;
  switch (event.type) {
    case 'TicketPlaced':
      return { ...s, status: 'placed', gameId: event.gameId, seat: event.seat, endedAt: at };
    case 'TicketSeatTaken':
      return { ...s, status: 'seated', endedAt: at };
    case 'TicketRequeued':
      return { ...s, status: 'open', gameId: null, seat: null, endedAt: null };
    case 'TicketCancelled':
      return { ...s, status: 'cancelled', endedAt: at };
    case 'TicketFailed':
      return { ...s, status: 'failed', endedAt: at, failure: { code: event.code, reason: event.reason } };
    default:
      return s;
  }
}

// --- Pools ---------------------------------------------------------------------------------------------------------

export type PoolEvent =
  | { type: 'TableOpened'; gameId: string; seats: number }
  /** A ticket gets a seat; `fillAt` is when the rest of its table is to be filled with bots (null: never). */
  | { type: 'TicketSeated'; ticketId: string; gameId: string; seat: Seat; player: string; character: string | null; fillAt: string | null }
  /** Every seat of the table is given: no more tickets go to it unless one is withdrawn. */
  | { type: 'TableFull'; gameId: string }
  /**
   * The seat could not be given to the ticket after all: it is free again, or, when someone claimed it outside
   * matchmaking (`outsider`), taken for good.
   */
  | { type: 'TicketWithdrawn'; ticketId: string; gameId: string; seat: Seat; outsider: boolean }
  /** The table is no longer the pool's to fill: its game started, its rest went to bots, or it ended. */
  | { type: 'TableDone'; gameId: string; reason: 'started' | 'bots' | 'ended' };

export interface PoolTable {
  readonly gameId: string;
  readonly seats: number;
  /** Each taken seat: the ticket and its player and character. */
  readonly taken: readonly { readonly seat: Seat; readonly ticketId: string; readonly player: string; readonly character: string | null }[];
  /** Every seat is given (a withdrawal opens it again). */
  readonly full: boolean;
  readonly fillAt: string | null;
}

export interface PoolState {
  /** Tables in the order they were opened: the oldest open one with a free seat is filled first. */
  readonly tables: readonly PoolTable[];
}

export type PoolCommand =
  | {
      kind: 'seat';
      ticketId: string;
      player: string;
      character: string | null;
      seats: number;
      /** When the ticket's table should be filled with bots, if it asks for that. */
      fillAt: string | null;
      /** The id a new table's game gets (the caller makes it up; used only when a table is opened). */
      newGameId: string;
    }
  | { kind: 'withdraw'; ticketId: string; outsider: boolean }
  | { kind: 'done'; gameId: string; reason: 'started' | 'bots' | 'ended' };

const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * Seat a ticket: at the oldest open table with a free seat where its player and character do not sit yet, else at a new
 * table. Seating a ticket twice decides nothing the second time. A table is full when its last seat is given.
 */
export function decidePool(command: PoolCommand, state: PoolState): PoolEvent[] {
  switch (command.kind) {
    case 'seat': {
      if (state.tables.some((t) => t.taken.some((s) => s.ticketId === command.ticketId))) return [];
      const fits = (t: PoolTable) =>
        !t.full &&
        t.taken.length < t.seats &&
        !t.taken.some((s) => s.player === command.player || (command.character !== null && s.character === command.character));
      const table = state.tables.find(fits);
      const events: PoolEvent[] = [];
      const target: PoolTable = table ?? { gameId: command.newGameId, seats: command.seats, taken: [], full: false, fillAt: null };
      if (!table) events.push({ type: 'TableOpened', gameId: target.gameId, seats: target.seats });
      const seat = Array.from({ length: target.seats }, (_, i) => i).find((i) => !target.taken.some((s) => s.seat === i)) as Seat;
      const { ticketId, player, character } = command;
      events.push({
        type: 'TicketSeated',
        ticketId,
        gameId: target.gameId,
        seat,
        player,
        character,
        fillAt: earlier(target.fillAt, command.fillAt),
      });
      if (target.taken.length + 1 === target.seats) events.push({ type: 'TableFull', gameId: target.gameId });
      return events;
    }
    case 'withdraw': {
      const table = state.tables.find((t) => t.taken.some((s) => s.ticketId === command.ticketId));
      const taken = table?.taken.find((s) => s.ticketId === command.ticketId);
      if (!table || !taken) return [];
      return [{ type: 'TicketWithdrawn', ticketId: command.ticketId, gameId: table.gameId, seat: taken.seat, outsider: command.outsider }];
    }
    case 'done':
      return state.tables.some((t) => t.gameId === command.gameId)
        ? [{ type: 'TableDone', gameId: command.gameId, reason: command.reason }]
        : [];
  }
}

export const EMPTY_POOL: PoolState = { tables: [] };

/** Fold one pool event. Tables done are dropped: nothing is decided about them any more. Total. */
export function evolvePool(state: PoolState, event: PoolEvent): PoolState {
  const update = (gameId: string, change: (t: PoolTable) => PoolTable) => ({
    tables: state.tables.map((t) => (t.gameId === gameId ? change(t) : t)),
  });
  switch (event.type) {
    case 'TableOpened':
      return { tables: [...state.tables, { gameId: event.gameId, seats: event.seats, taken: [], full: false, fillAt: null }] };
    case 'TicketSeated': {
      const { ticketId, player, character, seat } = event;
      return update(event.gameId, (t) => ({ ...t, taken: [...t.taken, { seat, ticketId, player, character }], fillAt: event.fillAt }));
    }
    case 'TableFull':
      return update(event.gameId, (t) => ({ ...t, full: true }));
    case 'TicketWithdrawn':
      return update(event.gameId, (t) => {
        const taken = t.taken.filter((s) => s.ticketId !== event.ticketId);
        if (event.outsider) taken.push({ seat: event.seat, ticketId: '', player: '', character: null });
        return { ...t, taken, full: taken.length === t.seats };
      });
    case 'TableDone':
      return { tables: state.tables.filter((t) => t.gameId !== event.gameId) };
    default:
      return state;
  }
}

/** A ticket as its player sees it. */
export function ticketDocument(t: TicketState): TicketDocument {
  return {
    id: t.id,
    player: t.player,
    status: t.status,
    module: t.wish.module,
    seats: t.wish.seats,
    character: t.character,
    fillWithBotsAfter: t.fillWithBotsAfter,
    gameId: t.gameId,
    seat: t.seat,
    openedAt: t.openedAt,
    endedAt: t.endedAt,
    failure: t.failure,
  };
}
