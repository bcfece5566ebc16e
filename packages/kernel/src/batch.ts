// The pure core of the pipeline: one lobby or game input → the events it causes. Live play and the audit share it.
import { nextClock } from './clock';
import { RuleViolation } from './errors';
import { LOBBY_EVENT_TYPES, RecordFold, rosterOf, seatingOf, type GameRecord, type LobbyEvent } from './lobby';
import type { Actor, AnyGameModule, Message, Seat, SeatedCharacter } from './module';
import { randomFor } from './random';

/** An input to a game stream after creation, as recorded in the first event's metadata (`command`). */
export type GameInput =
  | {
      kind: 'claim';
      seat: Seat;
      name: string | null;
      tokenHash: string;
      /** The claiming player account, when the claim was made with a player key. */
      player?: string | null;
      /** The character seated, with the profile the deal will see (snapshot of its stream at `revision`). */
      character?: SeatedCharacter | null;
      /** A server bot of the module takes the seat. */
      bot?: string;
      /** An anonymous claim's recovery secret, hashed. */
      recoveryHash?: string;
    }
  /**
   * The seat's holder takes it back with a new token, revoking every earlier one: a player by their key (`player`), an
   * anonymous holder by the seat's recovery secret (`secretHash`, and the next secret's `recoveryHash`).
   */
  | { kind: 'recover'; seat: Seat; tokenHash: string; player?: string; secretHash?: string; recoveryHash?: string }
  /** A player who holds a seat takes one more token for it (another device; earlier tokens keep working). */
  | { kind: 'token'; seat: Seat; player: string; tokenHash: string }
  /** A player leaves a seat they hold before the game starts (a matchmaking ticket cancelled). */
  | { kind: 'leave'; seat: Seat; player: string }
  | { kind: 'start' }
  | { kind: 'abandon'; by: Seat | null; reason?: 'idle' | 'unfilled' }
  /** A seat's command; `bot` names the server bot that chose it (a bot's seat, or one playing for a timed-out person). */
  | { kind: 'play'; seat: Seat; command: Message; bot?: string }
  /** The seat's deadline `deadline` ran out: the game's timeout policy applies. */
  | { kind: 'timeout'; seat: Seat; deadline: string };

export interface BatchEvent {
  readonly event: Message;
  /** 'seat:<n>', 'automaton', 'setup' (the deal) or 'lobby'. */
  readonly actor: string;
  /** The module state just before this event (what `redact` needs). */
  readonly stateBefore: unknown;
}

/** More automaton steps than this after one command means a module bug, not a long turn. */
const AUTOMATON_STEP_LIMIT = 10_000;

/**
 * Decide `input` against `record`: the events it causes, folded in order, including the deal when the
 * game starts, every automaton step it sets off, GameFinished when the module reports winners, and the clock's new
 * deadlines. Randomness for each decision is drawn from (seed, revision the decision is made at); `now` is the instant
 * the input is decided at (the injected clock's, recorded with it), which only clocks read.
 */
export function decideBatch(
  record: GameRecord,
  module: AnyGameModule,
  input: GameInput,
  now = '',
): { events: BatchEvent[]; record: GameRecord } {
  const batch = new Batch(record, module);
  if (record.retired && input.kind !== 'abandon') {
    throw new RuleViolation(
      'game/rules-retired',
      `this game was created under ${record.module} rules version ${record.rulesVersion}, which this server no longer runs`,
    );
  }
  switch (input.kind) {
    case 'claim': {
      if (batch.record.status !== 'open') throw new RuleViolation('game/not-open', 'seats can only be claimed before the game starts');
      const seat = batch.record.seats[input.seat];
      if (!seat) throw new RuleViolation('game/no-such-seat', `seat ${input.seat} does not exist`);
      if (seat.claimed) throw new RuleViolation('game/seat-taken', `seat ${input.seat} is already claimed`);
      const character = input.character ?? null;
      if (character && batch.record.seats.some((s) => s.character?.id === character.id)) {
        throw new RuleViolation('game/character-seated', 'this character already holds a seat in this game');
      }
      if (input.bot !== undefined && !module.bots?.some((b) => b.name === input.bot)) {
        throw new RuleViolation('game/unknown-bot', `${module.name} has no bot named ${JSON.stringify(input.bot)}`);
      }
      const claimed: LobbyEvent = { type: 'SeatClaimed', seat: input.seat, name: input.name, tokenHash: input.tokenHash };
      // Only claims made by players carry these, so anonymous claims are stored exactly as before.
      if (input.player) Object.assign(claimed, { player: input.player, character });
      if (input.bot !== undefined) Object.assign(claimed, { bot: input.bot });
      if (input.recoveryHash !== undefined) Object.assign(claimed, { recoveryHash: input.recoveryHash });
      batch.emit(claimed, 'lobby');
      if (batch.record.seats.every((s) => s.claimed)) batch.start();
      break;
    }
    case 'token': {
      const seat = batch.record.seats[input.seat];
      if (!seat || seat.player !== input.player)
        throw new RuleViolation('game/not-your-seat', `seat ${input.seat} is not held by this player`);
      if (batch.record.status !== 'open' && batch.record.status !== 'active') throw new RuleViolation('game/over', 'the game has ended');
      batch.emit({ type: 'SeatTokenIssued', seat: input.seat, tokenHash: input.tokenHash }, 'lobby');
      break;
    }
    case 'recover': {
      const seat = batch.record.seats[input.seat];
      if (!seat?.claimed || seat.bot !== null) throw new RuleViolation('game/no-such-seat', `seat ${input.seat} is not held by anyone`);
      const byPlayer = input.player !== undefined && seat.player === input.player;
      const bySecret = input.secretHash !== undefined && seat.recoveryHash !== null && seat.recoveryHash === input.secretHash;
      if (!byPlayer && !bySecret) {
        throw new RuleViolation(
          'game/not-your-seat',
          input.player !== undefined ? `seat ${input.seat} is not held by this player` : 'the recovery secret does not fit this seat',
        );
      }
      if (batch.record.status !== 'open' && batch.record.status !== 'active') throw new RuleViolation('game/over', 'the game has ended');
      batch.emit(
        {
          type: 'SeatRecovered',
          seat: input.seat,
          tokenHash: input.tokenHash,
          ...(bySecret && input.recoveryHash !== undefined && { recoveryHash: input.recoveryHash }),
        },
        'lobby',
      );
      break;
    }
    case 'leave': {
      const seat = batch.record.seats[input.seat];
      if (!seat || seat.player !== input.player)
        throw new RuleViolation('game/not-your-seat', `seat ${input.seat} is not held by this player`);
      if (batch.record.status !== 'open') throw new RuleViolation('game/not-open', 'a seat is left only before the game starts');
      batch.emit({ type: 'SeatReleased', seat: input.seat, player: seat.player, character: seat.character?.id ?? null }, 'lobby');
      break;
    }
    case 'start':
      if (batch.record.status !== 'open') throw new RuleViolation('game/not-open', 'the game has already started or ended');
      if (!batch.record.seats.some((s) => s.claimed)) throw new RuleViolation('game/no-players', 'claim at least one seat before starting');
      batch.start();
      break;
    case 'abandon':
      if (batch.record.status !== 'open' && batch.record.status !== 'active') {
        throw new RuleViolation('game/over', 'the game has already ended');
      }
      batch.emit(
        { type: 'GameAbandoned', by: input.by, roster: rosterOf(batch.record), ...(input.reason && { reason: input.reason }) },
        input.by === null ? 'lobby' : `seat:${input.by}`,
      );
      break;
    case 'play': {
      const { status, seats } = batch.record;
      if (status !== 'active') throw new RuleViolation('game/not-active', `the game is ${status}, not accepting moves`);
      const seat = seats[input.seat];
      if (input.bot !== undefined) {
        if (seat?.bot !== input.bot && seat?.autopilot !== input.bot) {
          throw new RuleViolation('game/not-a-bot-seat', `no bot ${input.bot} plays seat ${input.seat}`);
        }
      } else if (seat?.autopilot) {
        // The seat's person is back: the bot that played for them since their timeout stops.
        batch.emit({ type: 'AutopilotReleased', seat: input.seat }, 'clock');
      }
      batch.decide(input.command, { kind: 'seat', seat: input.seat });
      batch.settle();
      break;
    }
    case 'timeout':
      batch.timeout(input.seat, input.deadline, now);
      break;
  }
  batch.runClock(input.kind === 'play' || input.kind === 'timeout' ? input.seat : null, now);
  return { events: batch.events, record: batch.record };
}

/**
 * A game cannot be started with a seat nobody holds: every module deals to and waits on each seat the table was
 * created with, and the contract gives a module no way to fill or skip one, so such a game would wait forever for a
 * seat nobody can claim any more. The message says which seats are empty and, when the module allows it, the table
 * to create instead. Checked when a start is asked for, not inside decideBatch: a game started with empty seats
 * before this rule must still pass its audit.
 */
export function refuseEmptySeats(record: GameRecord, module: AnyGameModule): void {
  const empty = record.seats.flatMap((s, seat) => (s.claimed ? [] : [seat]));
  const claimed = record.seatCount - empty.length;
  if (empty.length === 0 || claimed === 0) return; // nobody seated: decideBatch says game/no-players
  let instead = '';
  try {
    module.checkSeats(record.options, claimed);
    instead = `, or create a game of ${claimed} seat${claimed === 1 ? '' : 's'}`;
  } catch {
    // The module does not play with that few: claiming the seats is the only way.
  }
  throw new RuleViolation(
    'game/seats-empty',
    `seat${empty.length === 1 ? '' : 's'} ${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty and ${module.name} cannot play an empty seat: claim ${empty.length === 1 ? 'it' : 'them'}${instead}`,
  );
}

/**
 * The events of one input so far and the record they fold into. A class rather than closures inside decideBatch:
 * it runs for every command, and closures would be made afresh each time.
 */
class Batch {
  readonly events: BatchEvent[] = [];
  private readonly fold: RecordFold;

  constructor(
    record: GameRecord,
    private readonly module: AnyGameModule,
  ) {
    this.fold = new RecordFold(record);
  }

  /** The record with every event so far folded in. */
  get record(): GameRecord {
    return this.fold.record;
  }

  emit(event: Message | LobbyEvent, actor: string): void {
    const { fold } = this;
    this.events.push({ event, actor, stateBefore: fold.state });
    fold.apply(event, this.module, fold.revision + 1);
  }

  /** The module decides `command` for `actor` against the record as it stands, drawing from (seed, revision now). */
  decide(command: Message, actor: Actor): void {
    const label = actor.kind === 'seat' ? `seat:${actor.seat}` : 'automaton';
    const { state, revision, fields } = this.fold;
    const context = { actor, random: randomFor(fields.seed, revision) };
    for (const event of this.module.decide(command, state, context)) this.emitFromModule(event, label);
  }

  private emitFromModule(event: Message, actor: string): void {
    // Lobby event names are the kernel's: a module event with one would be folded as a lobby event.
    if (LOBBY_EVENT_TYPES.has(event.type)) throw new Error(`${this.module.name} emitted ${event.type}, a name reserved for the lobby`);
    // Fold exactly what a store will give back on replay: JSON drops undefined fields, turns NaN into null…
    // so the live state can never differ from the replayed one. An event that is plain JSON already comes back
    // as it is, so only the others take the round trip.
    this.emit(isPlainJson(event) ? event : (JSON.parse(JSON.stringify(event)) as Message), actor);
  }

  /** GameStarted, the module's deal, and whatever the automaton does before the first seat moves. */
  start(): void {
    this.emit({ type: 'GameStarted' }, 'lobby');
    const { fold } = this;
    const random = randomFor(fold.fields.seed, fold.revision);
    for (const event of this.module.setup(fold.state, random, seatingOf(fold.fields))) {
      this.emitFromModule(event, 'setup');
    }
    this.settle();
  }

  /**
   * A seat's deadline ran out: the game's policy applies. forfeit plays the module's concession for the seat, default
   * its least harmful legal move, bot hands the seat to the module's first bot until its person sends a command. A
   * policy the module cannot apply now falls back to the next (forfeit → default → nothing).
   */
  timeout(seat: Seat, deadline: string, now: string): void {
    const { fields, state } = this.fold;
    const { clock, status } = fields;
    if (status !== 'active') throw new RuleViolation('game/not-active', `the game is ${status}`);
    const running = clock?.deadlines.find((d) => d.seat === seat);
    if (!clock || running?.at !== deadline) {
      throw new RuleViolation('clock/moot', `seat ${seat} has no deadline ${deadline} in force: it moved, or its time was dealt with`);
    }
    if (now < deadline) throw new RuleViolation('clock/not-due', `seat ${seat}'s time runs out at ${deadline}`);
    const { module } = this;
    const bot = module.bots?.[0]?.name;
    let applied = clock.onTimeout;
    let command: Message | null = null;
    if (applied === 'forfeit') command = module.concession?.(state, seat) ?? null;
    if (applied === 'forfeit' && command === null) applied = 'default';
    if (applied === 'bot' && bot === undefined) applied = 'default';
    if (applied === 'default') command = module.timeoutCommand?.(state, seat) ?? null;
    this.emit({ type: 'SeatTimedOut', seat, deadline, applied }, 'clock');
    if (applied === 'bot' && bot !== undefined) this.emit({ type: 'AutopilotEngaged', seat, bot }, 'clock');
    else if (command !== null) this.decide(command, { kind: 'seat', seat });
    this.settle();
  }

  /** After the input: the clock's new deadlines, when the game has a clock, is still going and they changed. */
  runClock(moved: Seat | null, now: string): void {
    const { fields, state } = this.fold;
    if (!fields.clock || fields.status !== 'active') return;
    const reading = nextClock(fields.clock, this.module.status(state).awaiting, moved, now);
    if (reading) this.emit({ type: 'ClockSet', ...reading }, 'clock');
  }

  /** Let the automaton act until it has nothing to do, then finish the game if the module reports winners. */
  settle(): void {
    const { module, fold } = this;
    for (let step = 0; module.automaton && fold.fields.status === 'active'; step++) {
      if (step >= AUTOMATON_STEP_LIMIT) throw new Error(`${module.name}: automaton did not settle`);
      const command = module.automaton(fold.state);
      if (!command) break;
      this.decide(command, { kind: 'automaton' });
    }
    const winners = module.status(fold.state).winners;
    const { fields } = fold;
    if (fields.status === 'active' && winners) {
      this.emit({ type: 'GameFinished', winners: [...winners], seed: fields.seed, roster: rosterOf(fields) }, 'lobby');
    }
  }
}

/**
 * True when `value` survives a JSON round trip unchanged: strings, booleans, null, finite numbers other than -0,
 * arrays without holes, and plain objects without undefined fields, all the way down (and not absurdly deep).
 */
export function isPlainJson(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (depth > 64) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) {
        if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      // Symbol keys and non-enumerable properties are dropped by JSON; plain event objects never have them.
      return Object.getOwnPropertySymbols(value).length === 0;
    }
    default:
      return false;
  }
}

/** Structural equality of JSON values, ignoring key order (stores such as JSONB do not keep it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
