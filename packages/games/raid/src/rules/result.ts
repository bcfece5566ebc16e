// The raid's result (what the experience table needs) and the dungeon's achievements, earned or not.
import { dungeonDef, type Achievement } from '../content/index';
import type { EventOf } from '../events';
import type { RaidState } from '../state';
import { allyDef, healthOf } from './board';

/** Whether `a` is earned in `s`; `won` says the Dungeon hero has been destroyed (only known at the end). */
export function earned(s: RaidState, a: Achievement, won: boolean): boolean {
  const c = a.condition;
  switch (c.kind) {
    case 'defeat-dungeon':
      return won;
    case 'destroy-card':
      return s.destroyed.some((id) => s.cards[id] === c.card);
    case 'destroy-allies':
      return s.destroyed.length >= c.count;
    case 'no-raider-lost':
      return won && s.raiders.every((r) => r.alive);
    case 'within-turns':
      return won && s.dungeonTurns <= c.turns;
    case 'at-level':
      return won && s.dungeon.level >= c.level;
  }
}

/** The dungeon's achievements with whether each is earned so far (or in the finished raid). */
export function achievements(s: RaidState): { achievement: Achievement; earned: boolean }[] {
  const won = s.result?.outcome === 'raiders';
  return dungeonDef(s.dungeon.id).achievements.map((achievement) => ({ achievement, earned: earned(s, achievement, won) }));
}

/** The result recorded in RaidEnded: everything needed to score the raid without replaying it. */
export function raidResult(s: RaidState, outcome: 'raiders' | 'dungeon'): EventOf<'RaidEnded'>['result'] {
  const won = outcome === 'raiders';
  return {
    outcome,
    dungeon: s.dungeon.id,
    difficulty: s.options.difficulty,
    level: s.dungeon.level,
    dungeonHeroDestroyed: won,
    damageDealt: s.dungeon.damageDealt,
    health: healthOf(s, 'dh'),
    bossesDestroyed: s.destroyed.filter((id) => allyDef(s, id)?.keywords.includes('boss')).map((id) => ({ id, card: s.cards[id] ?? '' })),
    raidersDestroyed: s.raiders.filter((r) => !r.alive).map((r) => r.seat),
    dungeonTurns: s.dungeonTurns,
    achievements: dungeonDef(s.dungeon.id)
      .achievements.filter((a) => earned(s, a, won))
      .map((a) => a.id),
  };
}
