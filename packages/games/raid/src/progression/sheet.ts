// The character sheet: everything the paper sheet holds (class, hero, level, XP, runs, achievements, deck) and more.
import { CATALOG } from '../content/index';
import { suggestedDifficulties } from '../rules/experience';
import { nextLevel, slotText, UNLOCKS, type UnlockLevel } from '../rules/leveling';
import { achievementText } from '../rules/text';
import { DIFFICULTIES } from '../options';
import type { RaidSheet } from './sheetSchema';
import type { RaidCharacterState, RunRecord } from './state';

// Total over content that may have changed since an event was written: an unknown id shows as itself.
const cardName = (id: string): string => CATALOG.cards.get(id)?.name ?? id;
const achievementName = (dungeon: string, id: string): string =>
  CATALOG.dungeons.get(dungeon)?.achievements.find((a) => a.id === id)?.name ?? id;

/** The sheet of a raid character. Pure and total: it never throws, even before the character's creation is folded. */
export function characterSheet(state: RaidCharacterState): RaidSheet {
  const cls = CATALOG.classes.get(state.classId);
  const printedHealth = cls?.hero.health ?? 0;
  const next = nextLevel(state.xp);
  return {
    class: { id: state.classId, name: cls?.name ?? state.classId },
    hero: { id: cls?.hero.id ?? '', name: cls?.hero.name ?? '', printedHealth, health: printedHealth + state.heroHealthBonus },
    level: state.level,
    levelName: state.level === 0 ? 'Starter' : `Level ${state.level}`,
    xp: state.xp,
    nextLevel: next === null ? null : { level: next, xp: next, xpToGo: next - state.xp },
    handSize: state.handSize,
    heroHealthBonus: state.heroHealthBonus,
    deck: { size: state.deck.length, cards: deckEntries(state) },
    upgrades: state.upgrades.map((u) => ({
      ...u,
      name: cardName(u.card),
      replacedName: u.replaced === null ? null : cardName(u.replaced),
    })),
    unlocksToSpend: state.unlocks
      .filter((u) => !u.spent)
      .map((u) => ({ level: u.level, allows: (UNLOCKS[u.level as UnlockLevel] ?? []).map(slotText) })),
    unlocksSpent: state.unlocks.filter((u) => u.spent).map((u) => u.level),
    runs: state.runs.map((run) => ({
      ...run,
      dungeonName: CATALOG.dungeons.get(run.dungeon)?.name ?? run.dungeon,
      achievements: run.achievements.map((id) => ({
        id,
        name: achievementName(run.dungeon, id),
        xp: run.lines.find((line) => line.reason === 'achievement' && line.card === id)?.xp ?? 0,
      })),
    })),
    dungeons: CATALOG.content.dungeons.map((d) => dungeonRecord(d.id, state.runs)),
  };
}

/** The deck grouped by card and origin, in the deck's order (starter cards first). */
function deckEntries(state: RaidCharacterState): RaidSheet['deck']['cards'] {
  const entries = new Map<string, RaidSheet['deck']['cards'][number]>();
  for (const { card, origin } of state.deck) {
    const key = `${card}@${origin ?? 'starter'}`;
    const seen = entries.get(key);
    if (seen) {
      entries.set(key, { ...seen, copies: seen.copies + 1 });
      continue;
    }
    const def = CATALOG.cards.get(card);
    entries.set(key, {
      card,
      name: def?.name ?? card,
      type: def?.type ?? '',
      rarity: def?.rarity ?? null,
      copies: 1,
      origin: origin === null ? 'starter' : 'unlock',
      unlockLevel: origin,
    });
  }
  return [...entries.values()];
}

/** The record at one dungeon: runs, victories, the modes it suggests and every achievement with how often it was earned. */
function dungeonRecord(dungeon: string, allRuns: readonly RunRecord[]): RaidSheet['dungeons'][number] {
  const def = CATALOG.dungeons.get(dungeon);
  const runs = allRuns.filter((r) => r.dungeon === dungeon);
  const won = runs.filter((r) => r.victory).map((r) => DIFFICULTIES.indexOf(r.difficulty));
  const last = runs.at(-1);
  return {
    dungeon,
    name: def?.name ?? dungeon,
    runs: runs.length,
    victories: won.length,
    hardestVictory: won.length === 0 ? null : (DIFFICULTIES[Math.max(...won)] ?? null),
    lastRun: last ? { difficulty: last.difficulty, victory: last.victory } : null,
    suggestedDifficulties: suggestedDifficulties(last ?? null),
    achievements: (def?.achievements ?? []).map((a) => {
      const earnedIn = runs.filter((r) => r.achievements.includes(a.id));
      return {
        id: a.id,
        name: a.name,
        text: achievementText(a.condition),
        xp: a.xp,
        timesEarned: earnedIn.length,
        firstEarnedAt: earnedIn[0]?.at ?? null,
      };
    }),
  };
}
