// The experience table (what one finished run earns a raider) and the difficulty modes a raider's record suggests.
import type { Seat } from '@delve/kernel';
import { CATALOG } from '../content/index';
import { DIFFICULTIES, type Difficulty } from '../options';
import type { RaidState } from '../state';

/** XP per line of the experience table (wow-tcg-dungeon-decks.txt, Level Up Rules, Experience Table). */
export const EXPERIENCE = {
  firstAttempt: 5,
  laterRun: 2,
  halfHealth: 2,
  dungeonHeroDestroyed: 5,
  bossDestroyed: 2,
} as const;

/** Why a run earned XP: a line of the experience table, or an achievement card of the dungeon (its printed XP). */
export const XP_REASONS = [...(Object.keys(EXPERIENCE) as (keyof typeof EXPERIENCE)[]), 'achievement'] as const;
export type XpReason = (typeof XP_REASONS)[number];

/** One line a run earned; `card` names the Boss for `bossDestroyed` and the achievement for `achievement`. */
export interface XpLine {
  readonly reason: XpReason;
  readonly xp: number;
  readonly card: string | null;
}

/** Whether a run is the character's first at its dungeon (any difficulty) or a later one. */
export type Attempt = 'first' | 'later';

/**
 * What one seat of a finished raid takes home: the group's facts, the same for every raider, plus whether this
 * raider's hero was still standing. Recorded on the character (GameRecorded) and on the raid group's campaign.
 */
export interface RaidOutcome {
  readonly dungeon: string;
  readonly difficulty: Difficulty;
  /** The Dungeon hero was destroyed: the raiders won. */
  readonly victory: boolean;
  /** This raider's hero was not destroyed. XP does not depend on it. */
  readonly survived: boolean;
  /** Damage dealt to the Dungeon hero over the raid, and its health at the end. */
  readonly damageDealt: number;
  readonly health: number;
  /** Content ids of the Boss allies destroyed, once per destruction. */
  readonly bossesDestroyed: readonly string[];
  /** Ids of the dungeon's achievements the group earned this run. */
  readonly achievements: readonly string[];
}

/** The outcome of `seat` in a finished raid, from the result RaidEnded recorded; null before the end or for no such seat. */
export function raidOutcome(state: RaidState, seat: Seat): RaidOutcome | null {
  const result = state.result;
  const raider = state.raiders[seat];
  if (!result || !raider) return null;
  return {
    dungeon: result.dungeon,
    difficulty: result.difficulty,
    victory: result.outcome === 'raiders',
    survived: raider.alive,
    damageDealt: result.damageDealt,
    health: result.health,
    bossesDestroyed: result.bossesDestroyed.map((b) => b.card),
    achievements: [...result.achievements],
  };
}

/**
 * The lines one run earns: the experience table's, then the printed XP of each of the dungeon's achievement cards the
 * group earned (Experience Table, note: achievements completed during the run grant experience). Every raider of the
 * run gets the same lines, dead or alive: nothing here looks at `survived`. Each line is earned once per run, so a Boss
 * destroyed twice (after an Enrage reshuffle) counts once, and so does an achievement. An achievement the content no
 * longer ships earns nothing.
 */
export function experience(outcome: RaidOutcome, attempt: Attempt): XpLine[] {
  const line = (reason: keyof typeof EXPERIENCE, card: string | null = null): XpLine => ({ reason, xp: EXPERIENCE[reason], card });
  const lines = [line(attempt === 'first' ? 'firstAttempt' : 'laterRun')];
  if (outcome.victory) lines.push(line('dungeonHeroDestroyed'));
  // "At least half": doubled damage against health, so an odd health needs no rounding.
  else if (outcome.damageDealt * 2 >= outcome.health) lines.push(line('halfHealth'));
  for (const boss of new Set(outcome.bossesDestroyed)) lines.push(line('bossDestroyed', boss));
  const cards = CATALOG.dungeons.get(outcome.dungeon)?.achievements ?? [];
  for (const id of new Set(outcome.achievements)) {
    const card = cards.find((a) => a.id === id);
    if (card) lines.push({ reason: 'achievement', xp: card.xp, card: id });
  }
  return lines;
}

/** The run at a dungeon that a suggestion looks at: its mode and whether the raiders won. */
export interface RunAt {
  readonly difficulty: Difficulty;
  readonly victory: boolean;
}

/**
 * The modes a raider's record suggests for a dungeon (docs/rulings/raid.md, Dungeon Difficulty Modes): Novice before
 * the first run there; after a victory the same mode and the next harder one; after a defeat the same mode and the
 * next easier one. A suggestion only: every mode stays open to everyone.
 */
export function suggestedDifficulties(last: RunAt | null): Difficulty[] {
  if (!last) return ['novice'];
  const at = DIFFICULTIES.indexOf(last.difficulty);
  const other = DIFFICULTIES[last.victory ? at + 1 : at - 1];
  const modes = other === undefined ? [last.difficulty] : [last.difficulty, other];
  return DIFFICULTIES.filter((d) => modes.includes(d));
}
