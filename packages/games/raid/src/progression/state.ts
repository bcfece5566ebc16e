// A raid character's state: class, XP and level, the deck with the origin of each card, unlocks, and every run.
import { STARTING_HAND_SIZE } from '../rules/leveling';
import type { RunFacts } from './events';

/** One recorded run, as the RunRecorded event stated it. */
export type RunRecord = Readonly<RunFacts>;

/** A card of the deck: its content id and where it came from (null: the class starter deck; else the unlock's level). */
export interface DeckCard {
  readonly card: string;
  readonly origin: number | null;
}

/** A change made by spending an unlock, kept for the sheet's history. */
export interface Upgrade {
  readonly level: number;
  readonly card: string;
  readonly replaced: string | null;
}

export interface RaidCharacterState {
  /** The class ('' until the character's creation event is folded). */
  readonly classId: string;
  readonly xp: number;
  /** The named level reached (0 below 10 XP). */
  readonly level: number;
  /** Starting and maximum hand size, and the hero's health bonus, as the levels reached grant them. */
  readonly handSize: number;
  readonly heroHealthBonus: number;
  /** One entry per copy, starter cards first, upgrades in the order they were added. */
  readonly deck: readonly DeckCard[];
  /** Each unlock reached, in order, and whether it has been spent. */
  readonly unlocks: readonly { readonly level: number; readonly spent: boolean }[];
  readonly upgrades: readonly Upgrade[];
  /** Every run recorded, oldest first. */
  readonly runs: readonly RunRecord[];
}

export const initialCharacterState = (): RaidCharacterState => ({
  classId: '',
  xp: 0,
  level: 0,
  handSize: STARTING_HAND_SIZE,
  heroHealthBonus: 0,
  deck: [],
  unlocks: [],
  upgrades: [],
  runs: [],
});
