// The Dungeon plays itself: its next step by the fixed rules of rules/dungeon.ts, or null while raiders must act.
import type { DungeonCommand } from './commands';
import { nextDungeonStep } from './rules/dungeon';
import type { RaidState } from './state';

/** The kernel runs this after every command until it returns null (packages/kernel/src/batch.ts). */
export function automaton(state: RaidState): DungeonCommand | null {
  return nextDungeonStep(state);
}
