// The lobby lifecycle every game shares, and the fold of a game stream into a GameRecord.
import type { AnyGameModule, Message, Seat, Viewer } from './module';

/** Kernel events on every game stream; module events follow GameStarted. Module event types must not reuse these names. */
export type LobbyEvent =
  | {
      type: 'GameCreated';
      gameId: string;
      module: string;
      rulesVersion: string;
      options: unknown;
      seats: number;
      /** SHA-256 of the seed, published at creation. */
      seedHash: string;
      /** Secret until the game ends: stripped by redaction for every viewer. */
      seed: string;
    }
  | { type: 'SeatClaimed'; seat: Seat; name: string | null; /** Never served. */ tokenHash: string }
  | { type: 'GameStarted' }
  | { type: 'GameAbandoned'; by: Seat | null }
  | { type: 'GameFinished'; winners: Seat[]; /** The seed, revealed so anyone can re-run the game. */ seed: string };

export const LOBBY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'GameCreated',
  'SeatClaimed',
  'GameStarted',
  'GameAbandoned',
  'GameFinished',
]);

export type GameLifecycle = 'open' | 'active' | 'finished' | 'abandoned';

export interface SeatRecord {
  readonly claimed: boolean;
  readonly name: string | null;
  readonly tokenHash: string | null;
}

/** Everything the server knows about one game, folded from its stream. Never leaves the server as is. */
export interface GameRecord<S = unknown> {
  readonly id: string;
  readonly module: string;
  readonly rulesVersion: string;
  readonly options: unknown;
  readonly seatCount: number;
  readonly seedHash: string;
  readonly seed: string;
  readonly seats: readonly SeatRecord[];
  readonly status: GameLifecycle;
  readonly state: S;
  readonly winners: readonly Seat[] | null;
  /** Revision of the last event folded in (0-based). */
  readonly revision: number;
  /** Idempotency key → the revisions its command wrote. */
  readonly idempotency: ReadonlyMap<string, { readonly from: number; readonly to: number }>;
}

/** The metadata recorded with every game event. */
export interface GameEventMetadata {
  readonly commandId: string;
  /** The command that caused this event (for automaton events: the player command that set them off). */
  readonly causationId: string;
  /** 'seat:<n>', 'automaton', 'setup' (the deal) or 'lobby'. */
  readonly actor: string;
  /** On the first event a command wrote: the command itself, so the audit can re-run it. */
  readonly command?: unknown;
  readonly idempotencyKey?: string;
  readonly at: string;
  readonly rulesVersion: string;
  /** Version of the event's schema, for upcasting old events when they are read. */
  readonly eventVersion: number;
}

export function isLobbyEvent(event: Message): event is LobbyEvent {
  return LOBBY_EVENT_TYPES.has(event.type);
}

/** Start a record from GameCreated. */
export function createdRecord(event: Extract<LobbyEvent, { type: 'GameCreated' }>, module: AnyGameModule): GameRecord {
  return {
    id: event.gameId,
    module: event.module,
    rulesVersion: event.rulesVersion,
    options: event.options,
    seatCount: event.seats,
    seedHash: event.seedHash,
    seed: event.seed,
    seats: Array.from({ length: event.seats }, () => ({ claimed: false, name: null, tokenHash: null })),
    status: 'open',
    state: module.initialState(event.options, event.seats),
    winners: null,
    revision: 0,
    idempotency: new Map(),
  };
}

/** Fold one event (kernel or module) into the record. Total: never throws on a stored event. */
export function evolveRecord(
  record: GameRecord,
  event: Message,
  module: AnyGameModule,
  revision: number,
  idempotencyKey?: string,
): GameRecord {
  // One copy of the record per event: this runs for every event of every command and every replay.
  let next: GameRecord;
  if (!isLobbyEvent(event)) {
    next = { ...record, state: module.evolve(record.state, event), revision };
  } else {
    switch (event.type) {
      case 'GameCreated':
        next = { ...record, revision }; // only ever first; createdRecord handled it
        break;
      case 'SeatClaimed':
        next = {
          ...record,
          seats: record.seats.map((s, i) => (i === event.seat ? { claimed: true, name: event.name, tokenHash: event.tokenHash } : s)),
          revision,
        };
        break;
      case 'GameStarted':
        next = { ...record, status: 'active', revision };
        break;
      case 'GameAbandoned':
        next = { ...record, status: 'abandoned', revision };
        break;
      case 'GameFinished':
        next = { ...record, status: 'finished', winners: event.winners, revision };
        break;
    }
  }
  if (idempotencyKey !== undefined) {
    const range = next.idempotency.get(idempotencyKey);
    const idempotency = new Map(next.idempotency);
    idempotency.set(idempotencyKey, { from: range?.from ?? revision, to: revision });
    next = { ...next, idempotency };
  }
  return next;
}

/** What a viewer may see of a kernel event: secrets (seed before the end, token hashes) never leave the server. */
export function redactLobbyEvent(event: LobbyEvent, _viewer: Viewer): LobbyEvent {
  switch (event.type) {
    case 'GameCreated': {
      const { seed: _seed, ...visible } = event;
      return visible as LobbyEvent;
    }
    case 'SeatClaimed': {
      const { tokenHash: _hash, ...visible } = event;
      return visible as LobbyEvent;
    }
    default:
      return event;
  }
}
