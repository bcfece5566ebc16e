// The full (unredacted) game state that evolve folds and decide reads, and the state before the deal.
import type { Seat } from '@delve/kernel';
import type { Static } from '@sinclair/typebox';
import type { PowerKind, PromptKind, WindowKind } from './events';
import { resolveOptions, type DungeonOptions, type ResolvedOptions } from './options';
import type { Card } from './rules/cards';

/** Node id of a player's cell, the root of every dungeon tree. */
export const CELL = 0;

/** One passage card in a dungeon tree. `value` is what it stands for: its parent's value minus one (the cell counts 11). */
export interface PassageNode {
  readonly id: number;
  readonly parent: number;
  readonly value: number;
  readonly card: Card;
  /** Pitch Black passages lie face down: only their owner knows the card. */
  readonly faceDown: boolean;
}

/** One seat at the table. */
export interface PlayerState {
  readonly seat: Seat;
  readonly alive: boolean;
  readonly hand: readonly Card[];
  /** The cell card; null before the deal. */
  readonly cell: Card | null;
  /** A Joker cell lies face up; a random cell lies face down and nobody may look at it. */
  readonly cellFaceUp: boolean;
  /** Passages in the order they were played; the last one is the "last passage played". */
  readonly dungeon: readonly PassageNode[];
  /** Has ever laid a 10, so may be attacked (even back in the cell). */
  readonly leftCell: boolean;
  /** Next node id to hand out (ids are never reused, so commands can name nodes safely). */
  readonly nextNode: number;
}

/** A creature fighting a defender. */
export interface Combat {
  readonly attacker: Seat;
  readonly card: Card;
  readonly value: number;
  readonly defender: Seat;
  /** The passage attacked, or null when the defender is in the cell. */
  readonly node: number | null;
}

/** A Graverobber or Myrmiddon played for its power, until it resolves. */
export interface Power {
  readonly seat: Seat;
  readonly card: Card;
  readonly kind: Static<typeof PowerKind>;
  /** Myrmiddon only: the opponent fished and the rank asked for (0: a Joker). */
  readonly target: Seat | null;
  readonly ask: number | null;
  /** Myrmiddon only: the target said it has no such card. */
  readonly denied: boolean;
  /**
   * Myrmiddon only: whether that denial was true when it was given (the hand held no card of the rank asked). Secret:
   * a look reveals it; views leave it out, and a state rebuilt from a view has null.
   */
  readonly truthful: boolean | null;
}

/** A cave-in card waiting for the owner of a Joker passage to choose (Jokers Wild). */
export interface Collapse {
  readonly seat: Seat;
  readonly card: Card;
  readonly target: Seat;
  readonly node: number;
}

/**
 * A response window: after a card goes to the table every other living seat may answer (Ace, Counter Attack
 * interrupt, Pitch Black accusation) or pass. It closes once every living seat but the last to play has passed.
 */
export interface ResponseWindow {
  /** What opened it, which decides what happens when it closes. */
  readonly kind: Static<typeof WindowKind>;
  /** The seat whose card opened or last reopened the window; it is not asked. */
  readonly last: Seat;
  readonly passed: readonly Seat[];
  /** Aces played in this window, in play order; they resolve last-played first when it closes. */
  readonly aces: readonly { readonly seat: Seat; readonly card: Card }[];
  /** Counter Attack creatures played against the power in this window. */
  readonly interrupts: readonly { readonly seat: Seat; readonly card: Card }[];
  /** Pitch Black: the passage just laid claims a 2; the escape stands if it survives the window. */
  readonly escape: { readonly seat: Seat; readonly node: number } | null;
}

/** A decision the game waits for from one seat. */
export interface Prompt {
  /** A PromptOpened question, or the end-of-turn discard (HandLimitReached). */
  readonly kind: Static<typeof PromptKind> | 'discard';
  readonly seat: Seat;
}

/** Everything about one game, hidden cards included; only `view` may show it to anyone. */
export interface DungeonState {
  readonly options: ResolvedOptions;
  readonly seats: number;
  readonly phase: 'lobby' | 'playoff' | 'play' | 'over';
  /** Top of the deck is index 0. */
  readonly deck: readonly Card[];
  /** Top of the discard pile is the last element. */
  readonly discard: readonly Card[];
  /** Jokers not needed as cells in the standard game. */
  readonly setAside: readonly Card[];
  readonly players: readonly PlayerState[];
  /** Who still competes in the first-player play-off, and the card each has put down this round. */
  readonly playoff: { readonly contenders: readonly Seat[]; readonly chosen: readonly (Card | null)[] } | null;
  readonly turn: { readonly seat: Seat; readonly played: boolean } | null;
  /** Cards out of every hand until the end of the turn (a Graverobber used for its power). */
  readonly limbo: readonly Card[];
  readonly combat: Combat | null;
  readonly power: Power | null;
  readonly collapse: Collapse | null;
  readonly window: ResponseWindow | null;
  readonly prompt: Prompt | null;
  readonly winners: readonly Seat[] | null;
}

/** The state before the deal: every seat alive, empty-handed, in its cell. */
export function initialState(input: DungeonOptions, seats: number): DungeonState {
  return {
    options: resolveOptions(input),
    seats,
    phase: 'lobby',
    deck: [],
    discard: [],
    setAside: [],
    players: Array.from({ length: seats }, (_, seat) => ({
      seat,
      alive: true,
      hand: [],
      cell: null,
      cellFaceUp: false,
      dungeon: [],
      leftCell: false,
      nextNode: 1,
    })),
    playoff: null,
    turn: null,
    limbo: [],
    combat: null,
    power: null,
    collapse: null,
    window: null,
    prompt: null,
    winners: null,
  };
}
