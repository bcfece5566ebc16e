// When a player may step in outside the plain order of play: Aces at any time, and Pitch Black accusations.
import type { Seat } from '@delve/kernel';
import { pitchBlack } from '../options';
import type { DungeonState, PlayerState } from '../state';
import type { DungeonCode } from './codes';

/** §Aces ("at any time, whether it's your turn or not"): from the first turn until the game ends, for any living player. */
export const acesOpen = (s: DungeonState): boolean => s.phase === 'play';

/**
 * §Pitch Black: why `me` may not accuse `target` now, as [code, message], or null when it may. An accusation is made on
 * one's own turn or as one's answer in the window after a passage or cave-in, against a living opponent with passages,
 * and (ruling) only with a dungeon of one's own at stake, since a wrong accusation costs the accuser that dungeon.
 */
export function accusationRefusal(s: DungeonState, me: PlayerState, target: Seat): [code: DungeonCode, message: string] | null {
  if (!pitchBlack(s.options)) return ['not-pitch-black', 'accusations belong to Pitch Black'];
  if (s.window ? s.window.kind !== 'play' : s.prompt || s.turn?.seat !== me.seat)
    return ['wrong-step', 'accuse on your turn or right after a passage or cave-in'];
  const accused = s.players[target];
  if (!accused || target === me.seat || !accused.alive) return ['bad-target', `seat ${target} is not a living opponent`];
  if (accused.dungeon.length === 0) return ['no-passage', `seat ${target} has no passages to reveal`];
  if (me.dungeon.length === 0) return ['no-stake', 'an accuser stakes their own dungeon, and yours is empty'];
  return null;
}
