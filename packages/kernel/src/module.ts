// The GameModule contract: what every pure rules module exports, and the types it shares with the kernel.
import type { TSchema } from '@sinclair/typebox';
import type { Random } from './random';
import type { CommandTemplate, ContentItem } from './schemas';

/** A seat at the table, 0-based in clockwise order ("to the left" is seat + 1). */
export type Seat = number;

/** Who is looking: a seated player, an anonymous spectator, or the omniscient auditor (after the end or with an admin key). */
export type Viewer = { kind: 'seat'; seat: Seat } | { kind: 'spectator' } | { kind: 'audit' };

/** Every command and event is a plain JSON object discriminated by `type`. */
export interface Message {
  readonly type: string;
}

/** Who sent a command: a seated player, or the module's own automaton (e.g. the raid's Dungeon). */
export type Actor = { kind: 'seat'; seat: Seat } | { kind: 'automaton' };

/** What `decide` may use besides the state: the acting party and a deterministic random source. */
export interface DecideContext {
  readonly actor: Actor;
  /** Deterministic for this game and revision; every outcome drawn must be written into an event. */
  readonly random: Random;
}

/** Where a game stands, as the lobby and clients need it. */
export interface GameStatus {
  /** Free-form phase name owned by the module (e.g. "play", "defend", "finished"). */
  readonly phase: string;
  /**
   * Seats whose command the game is waiting for: who must act before the game can go on (several while a response
   * window is open). Other seats may still have legal commands (see `legalCommands`).
   */
  readonly awaiting: readonly Seat[];
  /** Set once the game is over: the winning seats (empty when nobody wins, e.g. everyone died). */
  readonly winners?: readonly Seat[];
}

/** A character seated at a game: its id, the revision of its stream and its profile as recorded when the seat was claimed. */
export interface SeatedCharacter {
  readonly id: string;
  readonly revision: number;
  /** What the module's progression says the deal should see (for the raid: the deck, hand size, hero health). */
  readonly profile: unknown;
}

/** Each seat at the deal: the character playing it, or null for a seat claimed without one. */
export type Seating = readonly (SeatedCharacter | null)[];

/** A finished game as one seated character's stream records it. */
export interface GameResult<R = unknown> {
  readonly gameId: string;
  readonly seat: Seat;
  /** True when the seat is among the winners. */
  readonly won: boolean;
  /** When the game ended (the GameFinished event's time). */
  readonly at: string;
  /** What the module's progression says the seat earned (`Progression.outcome`). */
  readonly outcome: R;
}

/**
 * What a character of a module is: state that outlives a game (a raider's XP and deck). Pure, like the module.
 * PC/PE/PS: the owner's commands, the character's module events and state; P: the profile the deal sees;
 * R: what one seat earns from one finished game; CO: the creation options.
 */
export interface Progression<S, PC extends Message, PE extends Message, PS, P = unknown, R = unknown, CO = unknown> {
  /** JSON Schema of the options a player gives when creating a character (a class, a hero). */
  readonly createSchema: TSchema;
  /** JSON Schema of the commands the character's owner may send (a union discriminated by `type`). */
  readonly commandSchema: TSchema;
  /** JSON Schema of the character's module events. */
  readonly eventSchema: TSchema;
  /** JSON Schema of the character sheet `sheet` returns (GraphQL builds a type per module from it). */
  readonly sheetSchema: TSchema;
  /** The state before the first module event. */
  initialState(): PS;
  /** The character's first module events; throws RuleViolation for options the rules refuse. */
  create(options: CO): PE[];
  /** The owner's command: the events it causes, or RuleViolation. */
  decide(command: PC, state: PS): PE[];
  /** Apply one event. Total, pure, never throws. */
  evolve(state: PS, event: PE): PS;
  /** What `seat` earned in the finished game whose final state is `state`; null when the seat earns nothing. */
  outcome(state: S, seat: Seat): R | null;
  /** The events recording one finished game on the character (experience, achievements, levels…). */
  record(result: GameResult<R>, state: PS): PE[];
  /** What the deal sees of the character when it takes a seat; recorded in the game stream at the claim. */
  profile(state: PS): P;
  /** Everything a character sheet shows, from the character's state. */
  sheet(state: PS): unknown;
}

/** What discovery (`GET /modules`) tells a client about a module before it plays. */
export interface ModuleDescription {
  /** The game's name as players know it. */
  readonly title: string;
  /** A few sentences on how the game goes, in our own words. */
  readonly summary: string;
  /** The seat counts the module accepts with some options (`checkSeats` has the last word for given options). */
  readonly seats: { readonly min: number; readonly max: number };
  /** Where the module's notation (cards, rooms, coordinates) is explained: a path inside the repository. */
  readonly notation: string;
}

/** What a bot sees when it is its move: exactly what a client playing the seat sees. */
export interface BotTurn<V, C> {
  readonly seat: Seat;
  /** The seat's redacted view. */
  readonly view: V;
  /** The seat's legal commands, each accepted as is. */
  readonly legal: readonly C[];
  /** Its commands with free parameters. */
  readonly templates: readonly CommandTemplate[];
}

/** A server bot of a module: it plays a seat from what that seat sees, never from the full state. */
export interface ModuleBot<V = unknown, C extends Message = Message> {
  /** Its name, as `POST /games/{id}/seats { bot }` takes it. */
  readonly name: string;
  readonly description: string;
  /** How strong it is, as the module's win-rate bench measured it (see the module's README). */
  readonly strength: {
    /** Share of games it won against `against` in the bench's run. */
    readonly winRate: number;
    readonly against: string;
    readonly games: number;
    readonly seats: number;
  };
  /** Its command for the seat now, or null when it has none; `random` is its own (never the game's seed). */
  play(turn: BotTurn<V, C>, random: Random): C | null;
}

/**
 * A pure rules module. No I/O, no clock, no Math.random: everything nondeterministic comes in through
 * `ctx.random`, and its outcome is recorded in the events so `evolve` never draws.
 */
export interface GameModule<C extends Message, E extends Message, S, V, O = unknown> {
  readonly name: string;
  readonly rulesVersion: string;
  readonly info: ModuleDescription;
  /** JSON Schema (TypeBox) of the options accepted at game creation. */
  readonly optionsSchema: TSchema;
  /** JSON Schema of every command (a union discriminated by `type`); the API validates input against it. */
  readonly commandSchema: TSchema;
  /** JSON Schema of every event. */
  readonly eventSchema: TSchema;
  /**
   * JSON Schema of what `view` returns, for typed clients (GraphQL builds one object type per module from it).
   * Optional: a module without one is served as JSON. Every view the module produces must validate against it.
   */
  readonly viewSchema?: TSchema;
  /** Seat counts the module accepts for these options; throws RuleViolation when the options do not allow `seats`. */
  checkSeats(options: O, seats: number): void;
  /** The state before the first module event. */
  initialState(options: O, seats: number): S;
  /**
   * The deal: events that set the game up once the game starts. `seating` holds each seat's character (profile as
   * recorded at the claim) or null. The kernel always passes it; modules without a progression may leave it out.
   */
  setup(state: S, random: Random, seating?: Seating): E[];
  /** Enforce the rules; return the events the command causes, or throw RuleViolation. */
  decide(command: C, state: S, ctx: DecideContext): E[];
  /** Apply one event. Total: never throws, never mutates `state`, never draws. */
  evolve(state: S, event: E): S;
  /** The state as `viewer` may see it. */
  view(state: S, viewer: Viewer): V;
  /** What `viewer` may see of `event`, or null when it must not see it at all. `state` is the state before the event. */
  redact(event: E, viewer: Viewer, state: S): E | null;
  /**
   * One short sentence saying what `event` did, for a log in words. It is given the event already redacted for
   * `viewer`, so it names only what that viewer may see. Optional: a page shows a module without it by event type.
   */
  describe?(event: E, viewer: Viewer): string;
  /**
   * Every command `seat` may send now, each accepted by `decide` as is. Not only awaited seats: `awaiting` says who
   * must act, this says who may (an off-turn Ace, a concession).
   */
  legalCommands(state: S, seat: Seat): C[];
  /** Legal commands with free parameters, as templates (see CommandTemplate); omitted when a module has none. */
  commandTemplates?(state: S, seat: Seat): CommandTemplate[];
  /** A server-driven actor: the next command it takes, or null when it has nothing to do. */
  automaton?(state: S): C | null;
  /**
   * The least harmful legal command for `seat` when its time runs out under the `default` timeout policy (end the
   * turn, pass a response window, discard…), or null when the seat has nothing it must do. Accepted by `decide`.
   */
  timeoutCommand?(state: S, seat: Seat): C | null;
  /** The command by which `seat` concedes under the module's own rules (the `forfeit` policy), or null when it cannot now. */
  concession?(state: S, seat: Seat): C | null;
  /** The server bots that can hold or play a seat, the default first. */
  readonly bots?: readonly ModuleBot<V, C>[];
  /**
   * The commands a seat may send: `commandSchema` without the commands only the module's automaton sends (the raid's
   * Dungeon). Absent: every command is a seat's.
   */
  readonly seatCommandSchema?: TSchema;
  /** Every refusal code the rules may give (`<module>/<code>`), with what it means: clients branch on these. */
  readonly codes?: Readonly<Record<string, string>>;
  /** The module's own shipped content (cards, heroes, rooms…), so a client can show and explain it. */
  readonly content?: readonly ContentItem[];
  status(state: S): GameStatus;
  /** Schema version of the events the module writes now (default 1); recorded in each event's metadata. */
  readonly eventVersion?: number;
  /** Bring an event written under an older `eventVersion` up to date. Applied on read; stored events are never rewritten. */
  upcast?(event: Message, writtenAt: number): E;
  /** Characters of this module: what they are, what a game earns them and what the deal sees of them. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly progression?: Progression<S, any, any, any, any, any, any>;
}

/** A module with its type parameters erased, as registries and the API hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any>;
