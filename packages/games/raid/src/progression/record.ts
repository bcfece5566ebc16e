// A finished raid on a character: the events recording the run, its XP by the experience table, and the levels reached.
import type { GameResult } from '@delve/kernel';
import { experience, type RaidOutcome } from '../rules/experience';
import { grantsOf, levelsReached } from '../rules/leveling';
import type { RaidCharacterEvent } from './events';
import type { RaidCharacterState } from './state';

/**
 * Record one finished raid (Level Up Rules, Experience Table): the first run at a dungeon earns 5 XP and each later
 * one 2, plus the lines the group earned, the same for every raider of the run whatever became of its hero; then
 * every named level the new total reaches, with what it grants. The kernel calls this once per (game, seat).
 */
export function recordRun(result: GameResult<RaidOutcome | null>, state: RaidCharacterState): RaidCharacterEvent[] {
  const outcome = result.outcome;
  if (!outcome) return [];
  const attempt = state.runs.some((run) => run.dungeon === outcome.dungeon) ? 'later' : 'first';
  const lines = experience(outcome, attempt);
  const xp = lines.reduce((sum, line) => sum + line.xp, 0);
  const total = state.xp + xp;
  return [
    {
      type: 'RunRecorded',
      gameId: result.gameId,
      seat: result.seat,
      at: result.at,
      dungeon: outcome.dungeon,
      difficulty: outcome.difficulty,
      victory: outcome.victory,
      survived: outcome.survived,
      attempt,
      damageDealt: outcome.damageDealt,
      health: outcome.health,
      bossesDestroyed: [...outcome.bossesDestroyed],
      achievements: [...new Set(outcome.achievements)],
      lines,
      xp,
      total,
    },
    ...levelsReached(state.xp, total).map((level): RaidCharacterEvent => ({ type: 'LevelReached', level, ...grantsOf(level) })),
  ];
}
