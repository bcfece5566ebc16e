// The lobby lifecycle every game shares, and the fold of a game stream into a GameRecord.
import { startingClock, type ClockOptions, type ClockReading, type GameClock, type TimeoutPolicy } from './clock';
import type { AnyGameModule, Message, SeatedCharacter, Seat, Seating, Viewer } from './module';
import type { GameLifecycle, GameSummary } from './schemas';

/** Who sat where, as a game's last event records it: what the process manager and read models credit. */
export interface RosterEntry {
  readonly seat: Seat;
  readonly player: string | null;
  readonly character: string | null;
}

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
      /** The campaign the game was scheduled for (absent on games created outside one). */
      campaign?: string;
      /** The turn clock (absent: none). */
      clock?: Exclude<ClockOptions, { kind: 'none' }>;
      /** What a timeout does (absent with no clock). */
      onTimeout?: TimeoutPolicy;
      /** The matchmaking pool the game is a table of (absent: created by a client). */
      pool?: string;
    }
  | {
      type: 'SeatClaimed';
      seat: Seat;
      name: string | null;
      /** Never served. */
      tokenHash: string;
      /** The player account that claimed it (absent: anonymous). */
      player?: string | null;
      /** The character seated, with its profile as the deal will see it (absent: none). */
      character?: SeatedCharacter | null;
      /** The server bot that plays the seat (absent: a person does). */
      bot?: string;
      /** Hash of the recovery secret an anonymous claim is given once (absent: a player's or a bot's seat). Never served. */
      recoveryHash?: string;
    }
  /** The seat's holder took it back (a lost token): this token replaces every earlier one, which stop working. */
  | {
      type: 'SeatRecovered';
      seat: Seat;
      /** Never served. */
      tokenHash: string;
      /** An anonymous seat's next recovery secret, replacing the one just used. Never served. */
      recoveryHash?: string;
    }
  /** One more token for a seat a player holds (another device); earlier tokens keep working. */
  | { type: 'SeatTokenIssued'; seat: Seat; /** Never served. */ tokenHash: string }
  /** The seat's player left it before the game started: it is free again (its character too). */
  | { type: 'SeatReleased'; seat: Seat; player: string | null; character: string | null }
  | { type: 'GameStarted' }
  /** The clock after a command: every deadline in force (and each seat's time bank). */
  | ({ type: 'ClockSet' } & ClockReading)
  /** A seat's time ran out: what the game's timeout policy applied to it. */
  | { type: 'SeatTimedOut'; seat: Seat; deadline: string; applied: TimeoutPolicy }
  /** A server bot plays the seat until its player sends a command again. */
  | { type: 'AutopilotEngaged'; seat: Seat; bot: string }
  /** The seat's player is back: the bot stops playing it. */
  | { type: 'AutopilotReleased'; seat: Seat }
  | {
      type: 'GameAbandoned';
      by: Seat | null;
      roster?: RosterEntry[];
      /** Why, when nobody chose to: nobody acted for too long (idle), or the table never filled (unfilled). */
      reason?: 'idle' | 'unfilled';
    }
  | {
      type: 'GameFinished';
      winners: Seat[];
      /** The seed, revealed so anyone can re-run the game. */
      seed: string;
      /** Who sat where (absent on games finished before rosters were recorded). */
      roster?: RosterEntry[];
    };

export const LOBBY_EVENT_TYPES: ReadonlySet<string> = new Set([
  'GameCreated',
  'SeatClaimed',
  'SeatTokenIssued',
  'SeatRecovered',
  'SeatReleased',
  'GameStarted',
  'ClockSet',
  'SeatTimedOut',
  'AutopilotEngaged',
  'AutopilotReleased',
  'GameAbandoned',
  'GameFinished',
]);

export interface SeatRecord {
  readonly claimed: boolean;
  readonly name: string | null;
  /** Hashes of the tokens that act for the seat: the claim's, and any a player took since. */
  readonly tokenHashes: readonly string[];
  readonly player: string | null;
  readonly character: SeatedCharacter | null;
  /** The server bot that holds the seat, or null when a person does. */
  readonly bot: string | null;
  /** The bot playing for the seat's person since a timeout, until they send a command again (null: none). */
  readonly autopilot: string | null;
  /** Hash of an anonymous seat's recovery secret (null: a player's or a bot's seat, which have none). */
  readonly recoveryHash: string | null;
}

const EMPTY_SEAT: SeatRecord = {
  claimed: false,
  name: null,
  tokenHashes: [],
  player: null,
  character: null,
  bot: null,
  autopilot: null,
  recoveryHash: null,
};

/** Everything the server knows about one game, folded from its stream. Never leaves the server as is. */
export interface GameRecord<S = unknown> {
  readonly id: string;
  readonly module: string;
  readonly rulesVersion: string;
  readonly options: unknown;
  readonly seatCount: number;
  readonly seedHash: string;
  readonly seed: string;
  readonly campaign: string | null;
  readonly seats: readonly SeatRecord[];
  readonly status: GameLifecycle;
  /** The turn clock, or null for a game without one. */
  readonly clock: GameClock | null;
  /** The matchmaking pool the game is a table of, or null. */
  readonly pool: string | null;
  /** The module's state (null when the game is retired). */
  readonly state: S;
  /**
   * The game was created under a rules version this server no longer runs: its module events are not folded (the
   * current rules might misread them), it accepts no moves, and its audit says the rules are unavailable.
   */
  readonly retired: boolean;
  readonly winners: readonly Seat[] | null;
  /** Revision of the last event folded in (0-based). */
  readonly revision: number;
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
  /** The game's module, so an event read on its own (by a projection) can be upcast (absent on older events). */
  readonly module?: string;
  readonly rulesVersion: string;
  /** Version of the event's schema, for upcasting old events when they are read. */
  readonly eventVersion: number;
}

export function isLobbyEvent(event: Message): event is LobbyEvent {
  return LOBBY_EVENT_TYPES.has(event.type);
}

/** Start a record from GameCreated. */
export function createdRecord(event: Extract<LobbyEvent, { type: 'GameCreated' }>, module: AnyGameModule): GameRecord {
  const retired = module.rulesVersion !== event.rulesVersion;
  return {
    id: event.gameId,
    module: event.module,
    rulesVersion: event.rulesVersion,
    options: event.options,
    seatCount: event.seats,
    seedHash: event.seedHash,
    seed: event.seed,
    campaign: event.campaign ?? null,
    seats: Array.from({ length: event.seats }, () => EMPTY_SEAT),
    status: 'open',
    clock: event.clock ? startingClock(event.clock, event.onTimeout ?? 'default', event.seats) : null,
    pool: event.pool ?? null,
    state: retired ? null : module.initialState(event.options, event.seats),
    retired,
    winners: null,
    revision: 0,
  };
}

/** Each seat's character as the deal sees it. */
export function seatingOf(record: GameRecord): Seating {
  return record.seats.map((s) => s.character);
}

/** Who sat where: recorded in the game's last event. */
export function rosterOf(record: GameRecord): RosterEntry[] {
  return record.seats.map((s, seat) => ({ seat, player: s.player, character: s.character?.id ?? null }));
}

/** Fold one event (kernel or module) into the record. Total: never throws on a stored event. */
export function evolveRecord(record: GameRecord, event: Message, module: AnyGameModule, revision: number): GameRecord {
  // One copy of the record per event: this runs for every event of every command and every replay.
  if (!isLobbyEvent(event))
    return record.retired ? { ...record, revision } : { ...record, state: module.evolve(record.state, event), revision };
  switch (event.type) {
    case 'GameCreated':
      return { ...record, revision }; // only ever first; createdRecord handled it
    case 'SeatClaimed': {
      const claimed: SeatRecord = {
        claimed: true,
        name: event.name,
        tokenHashes: [event.tokenHash],
        player: event.player ?? null,
        character: event.character ?? null,
        bot: event.bot ?? null,
        autopilot: null,
        recoveryHash: event.recoveryHash ?? null,
      };
      return { ...record, seats: record.seats.map((s, i) => (i === event.seat ? claimed : s)), revision };
    }
    case 'SeatTokenIssued':
      return {
        ...record,
        seats: record.seats.map((s, i) => (i === event.seat ? { ...s, tokenHashes: [...s.tokenHashes, event.tokenHash] } : s)),
        revision,
      };
    case 'SeatRecovered': {
      const recovered = (s: SeatRecord): SeatRecord => ({
        ...s,
        tokenHashes: [event.tokenHash],
        recoveryHash: event.recoveryHash ?? s.recoveryHash,
      });
      return { ...record, seats: record.seats.map((s, i) => (i === event.seat ? recovered(s) : s)), revision };
    }
    case 'SeatReleased':
      return { ...record, seats: record.seats.map((s, i) => (i === event.seat ? EMPTY_SEAT : s)), revision };
    case 'GameStarted':
      return { ...record, status: 'active', revision };
    case 'ClockSet': {
      if (!record.clock) return { ...record, revision };
      const { deadlines, banks } = event;
      // A deadline carried over keeps the revision that set it; a new one is set here.
      const setAt = deadlines.map(({ seat, at }) => {
        const kept = record.clock?.deadlines.some((d) => d.seat === seat && d.at === at);
        return { seat, revision: kept ? (record.clock?.setAt.find((s) => s.seat === seat)?.revision ?? revision) : revision };
      });
      return { ...record, clock: { ...record.clock, deadlines, setAt, ...(banks && { banks }) }, revision };
    }
    case 'SeatTimedOut':
      return { ...record, revision };
    case 'AutopilotEngaged':
    case 'AutopilotReleased': {
      const bot = event.type === 'AutopilotEngaged' ? event.bot : null;
      return { ...record, seats: record.seats.map((s, i) => (i === event.seat ? { ...s, autopilot: bot } : s)), revision };
    }
    case 'GameAbandoned':
      return { ...record, status: 'abandoned', revision };
    case 'GameFinished':
      return { ...record, status: 'finished', winners: event.winners, revision };
  }
}

/**
 * A record being folded event by event, as a command's batch and a replay both do. Module events fold the module
 * state alone (a retired game's not at all); the whole record is rebuilt only for a lobby event or when someone asks
 * for it, since copying it at every event cost about as much as the module's evolve. Gives what evolveRecord would.
 */
export class RecordFold {
  private base: GameRecord;
  /** The module state with every event so far folded in. */
  state: unknown;
  /** Revision of the last event folded in. */
  revision: number;

  constructor(record: GameRecord) {
    this.base = record;
    this.state = record.state;
    this.revision = record.revision;
  }

  /** The record's own fields as they stand (status, seats, seed…), without a copy: its `state` and `revision` may lag. */
  get fields(): GameRecord {
    return this.base;
  }

  /** The record with every event so far folded in. */
  get record(): GameRecord {
    const { base } = this;
    if (base.revision === this.revision) return base;
    this.base = { ...base, state: this.state, revision: this.revision };
    return this.base;
  }

  /** Fold one event (kernel or module) in at `revision`. */
  apply(event: Message, module: AnyGameModule, revision: number): void {
    if (isLobbyEvent(event)) {
      this.base = evolveRecord(this.record, event, module, revision);
      this.state = this.base.state;
    } else if (!this.base.retired) {
      this.state = module.evolve(this.state, event);
    }
    this.revision = revision;
  }
}

/** What a viewer may see of a kernel event: secrets (seed before the end, token hashes) never leave the server. */
export function redactLobbyEvent(event: LobbyEvent, _viewer: Viewer): LobbyEvent {
  switch (event.type) {
    case 'GameCreated': {
      const { seed: _seed, ...visible } = event;
      return visible as LobbyEvent;
    }
    case 'SeatClaimed':
    case 'SeatRecovered': {
      const { tokenHash: _hash, recoveryHash: _recovery, ...visible } = event;
      return visible as LobbyEvent;
    }
    case 'SeatTokenIssued': {
      const { tokenHash: _hash, ...visible } = event;
      return visible as LobbyEvent;
    }
    default:
      return event;
  }
}

/** Once a game is over, everyone sees everything (the seed is revealed too). */
export function effectiveViewer(record: GameRecord, viewer: Viewer): Viewer {
  return record.status === 'finished' || record.status === 'abandoned' ? { kind: 'audit' } : viewer;
}

/** What `viewer` may see of one event of the game: module events through the module's redact, kernel secrets stripped. */
export function redactGameEvent(module: AnyGameModule, event: Message, viewer: Viewer, stateBefore: unknown): Message | null {
  if (isLobbyEvent(event)) return redactLobbyEvent(event, viewer);
  return module.redact(event, viewer, stateBefore) as Message | null;
}

/** The public summary of a game record (`status` from the module while the game is active). */
export function summarize(record: GameRecord, module: AnyGameModule | undefined): GameSummary {
  const status = record.status === 'active' && module && !record.retired ? module.status(record.state) : null;
  return {
    id: record.id,
    module: record.module,
    rulesVersion: record.rulesVersion,
    status: record.status,
    phase: status?.phase ?? (record.status === 'open' ? 'lobby' : record.status),
    seats: record.seats.map((s, seat) => ({
      seat,
      claimed: s.claimed,
      name: s.name,
      player: s.player,
      character: s.character?.id ?? null,
      bot: s.bot,
      autopilot: s.autopilot !== null,
    })),
    awaiting: status ? [...status.awaiting] : [],
    winners: record.winners ? [...record.winners] : null,
    revision: record.revision,
    seedHash: record.seedHash,
    campaign: record.campaign,
    clock: clockOf(record),
  };
}

/** The clock as everyone may see it: how it runs, each deadline in force, each bank (null: no clock). */
export function clockOf(record: GameRecord): GameSummary['clock'] {
  const { clock } = record;
  if (!clock) return null;
  return {
    options: clock.options,
    onTimeout: clock.onTimeout,
    // Deadlines only run while the game does.
    deadlines: record.status === 'active' ? clock.deadlines.map(({ seat, at }) => ({ seat, at })) : [],
    ...(clock.banks && { banks: [...clock.banks] }),
  };
}
