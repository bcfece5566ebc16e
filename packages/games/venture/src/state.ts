// The table as the companion tracks it: players, turn, command zones, tokens, the initiative and the stack.
import type { Seat, DeepReadonly } from '@delve/kernel';
import { DUNGEON_IDS, DUNGEONS, type DungeonId, type TokenKind } from './content';
import type { Choices, Step } from './events';
import { DEFAULT_STARTING_LIFE, type VentureOptions } from './options';

/** A dungeon card in a player's command zone with the venture marker on `room`. `instance` tells re-entries apart (a new object each time). */
export interface DungeonInPlay {
  readonly dungeon: DungeonId;
  readonly instance: number;
  readonly room: string;
}

/** One player at the table. */
export interface PlayerState {
  readonly seat: Seat;
  readonly life: number;
  /** False once the player has left the game (conceded or lost). */
  readonly inGame: boolean;
  /** The dungeon they own in the command zone, if any (309.3: at most one). */
  readonly dungeon: DungeonInPlay | null;
  /** Every dungeon they completed, in order (309.7). */
  readonly completed: readonly DungeonId[];
}

/** A token on the battlefield created by a room ability. */
export interface Token {
  readonly id: number;
  readonly kind: TokenKind;
  readonly controller: Seat;
  /** +1/+1 counters on it. */
  readonly counters: number;
}

/** Choices the controller makes as a room ability resolves (the same shape events record). */
export type ResolveChoices = DeepReadonly<Choices>;

/** A player's answer to an "unless" cost: pay it (optionally with a tracked token) or take the life loss. */
export interface UnlessAnswer {
  readonly seat: Seat;
  readonly pay: boolean;
  readonly token?: number;
}

/** Combat damage reported against `player` in the first-strike or the regular combat damage step. */
export interface CombatReport {
  readonly player: Seat;
  readonly firstStrike: boolean;
}

/** A triggered ability waiting on the stack (top is the last element). */
export type StackItem =
  | {
      readonly id: number;
      readonly kind: 'room';
      readonly controller: Seat;
      readonly dungeon: DungeonId;
      readonly instance: number;
      readonly room: string;
      /** Set once the controller has started resolving it and other players' answers are awaited. */
      readonly resolving: ResolveChoices | null;
      readonly answers: readonly UnlessAnswer[];
    }
  | { readonly id: number; readonly kind: 'initiative-venture'; readonly controller: Seat }
  | { readonly id: number; readonly kind: 'initiative-steal'; readonly controller: Seat; readonly taker: Seat };

/**
 * A choice that comes before anything else: a venture's dungeon (309.2a, 309.5b) or arrow (309.5a), or which of
 * several legendary tokens with the same name to keep (704.5j).
 */
export type PendingChoice =
  | { readonly seat: Seat; readonly kind: 'dungeon'; readonly options: readonly DungeonId[] }
  | { readonly seat: Seat; readonly kind: 'room'; readonly options: readonly string[] }
  | { readonly seat: Seat; readonly kind: 'legend'; readonly options: readonly number[] };

/** The whole state of a venture table. */
export interface VentureState {
  readonly seats: number;
  readonly startingLife: number;
  /** The dungeons a plain venture may bring in at this table (309.2a, rulings 2 and 20). */
  readonly ventureChoices: readonly DungeonId[];
  readonly started: boolean;
  readonly players: readonly PlayerState[];
  readonly active: Seat;
  readonly step: Step;
  readonly turn: number;
  readonly initiative: Seat | null;
  /** Combat damage reported in the current step: each defending player once per damage step (725.2, ruling 11). */
  readonly combatDamage: readonly CombatReport[];
  readonly tokens: readonly Token[];
  readonly stack: readonly StackItem[];
  readonly pending: PendingChoice | null;
  readonly nextId: number;
}

/** The state before setup: seats known, nobody seated at the table yet. */
export function initialState(options: VentureOptions, seats: number): VentureState {
  const startingLife = options.startingLife ?? DEFAULT_STARTING_LIFE;
  const offered = (id: DungeonId) =>
    !DUNGEONS[id].onlyByVentureIntoUndercity && (!DUNGEONS[id].optIn || options.baldursGateWilderness === true);
  return {
    seats,
    startingLife,
    ventureChoices: DUNGEON_IDS.filter(offered),
    started: false,
    players: Array.from({ length: seats }, (_, seat) => ({ seat, life: startingLife, inGame: true, dungeon: null, completed: [] })),
    active: 0,
    step: 'upkeep',
    turn: 0,
    initiative: null,
    combatDamage: [],
    tokens: [],
    stack: [],
    pending: null,
    nextId: 1,
  };
}
