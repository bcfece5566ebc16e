// A hero's scores and limits: level row plus Boons, Treasures, Banes, Artifacts, quest effects and turn boosts, and
// the level and Life a hero starts at.
import type { Seat } from '@delve/kernel';
import type { CheckStat, HeroCard, Level, Modifier, Stat } from '../content/index';
import type { DungeoneerState } from '../state';
import { design, heroDesign, heroOf, playerOf, questDesign } from './table';

type S = DungeoneerState;

/** The hero's row of scores for its current level (the last row once past the table). */
export function levelRow(s: S, seat: Seat): Level {
  const h = heroOf(s, seat);
  const levels = heroDesign(h.id).levels;
  return (levels[Math.min(h.level, levels.length) - 1] ?? levels[0]) as Level;
}

/**
 * Every score change on the hero, in the priority order of MISCELLANEOUS (Boons, then Treasures, then Banes), then
 * Artifacts, quests in play (its personal quests, and the Global Quest for everyone) and boosts until the end of turn.
 */
export function modifiers(s: S, seat: Seat): Modifier[] {
  const p = playerOf(s, seat);
  const h = heroOf(s, seat);
  const fromCards = (cards: readonly string[]) =>
    cards.flatMap((c) => ('modifiers' in design(c) ? (design(c) as { modifiers: Modifier[] }).modifiers : []));
  const global = s.globalQuests.flatMap((q) => questDesign(q).effect);
  return [
    ...fromCards(h.boons),
    ...fromCards(h.treasures),
    ...fromCards(h.curses),
    ...p.completed.flatMap((q) => questDesign(q).artifact?.modifiers ?? []),
    ...p.quests.flatMap((q) => questDesign(q).effect),
    ...global,
    ...h.boosts,
  ];
}

/** A combat score (never below 0), or the hero's Life or Level for threats that use them; `none` is the bare die. */
export function score(s: S, seat: Seat, stat: CheckStat): number {
  const h = heroOf(s, seat);
  if (stat === 'life') return h.life;
  if (stat === 'level') return h.level;
  if (stat === 'none') return 0;
  return Math.max(0, levelRow(s, seat)[stat] + modifiers(s, seat).reduce((sum, m) => sum + (m.stat === stat ? m.amount : 0), 0));
}

/** A hero's score in an attack form. */
export const combatScore = (s: S, seat: Seat, stat: Stat): number => score(s, seat, stat);

/** ADVENTURE CARDS, Boon Cards: how many permanent Boons the hero may have readied. */
export const boonLimit = (s: S, seat: Seat): number => levelRow(s, seat).boons;

/** ADVENTURE CARDS, Treasure Cards: the hero's Treasure slots plus those of readied storage items. */
export function treasureSlots(s: S, seat: Seat): number {
  const storage = heroOf(s, seat).treasures.reduce((n, c) => {
    const d = design(c);
    return n + (d.kind === 'treasure' ? d.slots : 0);
  }, 0);
  return levelRow(s, seat).treasures + storage;
}

/**
 * What a seat brings to the table besides the cards: a character's hero, and — when a campaign carries them — the
 * level it reached and the Treasures (by design) it kept. `life` sets a hero's starting Life (tests and tools; a
 * character always starts an adventure at full Life). Everything is optional; a standard game passes none.
 */
export interface HeroProfile {
  readonly hero?: string;
  readonly level?: number;
  readonly life?: number;
  readonly treasures?: readonly string[];
}

/** Set-Up, Assign Heroes: a hero starts at level 1 with 6 Life unless a character profile says otherwise. */
export function heroSetup(hero: HeroCard, profile: HeroProfile | null = null): { hero: string; level: number; life: number } {
  const level = Math.min(Math.max(1, profile?.level ?? 1), hero.levels.length);
  const life = Math.min(Math.max(1, profile?.life ?? 6), hero.maxLife);
  return { hero: hero.id, level, life };
}
