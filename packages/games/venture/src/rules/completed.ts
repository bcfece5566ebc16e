// Completed-dungeon queries, as the cards that check them ask (any, a named one, how many different ones).
import type { Seat } from '@delve/kernel';
import type { DungeonId } from '../content';
import type { VentureState } from '../state';

/** How many times `seat` completed `dungeon`. */
export function completedCount(state: VentureState, seat: Seat, dungeon: DungeonId): number {
  return state.players[seat]?.completed.filter((d) => d === dungeon).length ?? 0;
}

/** Whether `seat` completed any dungeon at all. */
export function hasCompletedAny(state: VentureState, seat: Seat): boolean {
  return (state.players[seat]?.completed.length ?? 0) > 0;
}

/** Whether `seat` completed the named dungeon at least once. */
export function hasCompleted(state: VentureState, seat: Seat, dungeon: DungeonId): boolean {
  return completedCount(state, seat, dungeon) > 0;
}

/** How many differently named dungeons `seat` completed. */
export function distinctCompleted(state: VentureState, seat: Seat): number {
  return new Set(state.players[seat]?.completed ?? []).size;
}

/** Completion counts by dungeon name, only for dungeons completed at least once. */
export function completedByDungeon(state: VentureState, seat: Seat): Partial<Record<DungeonId, number>> {
  const counts: Partial<Record<DungeonId, number>> = {};
  for (const d of state.players[seat]?.completed ?? []) counts[d] = (counts[d] ?? 0) + 1;
  return counts;
}
