// The heuristic bot (placeholder until written).
import type { Random, Seat } from '@delve/kernel';
import type { DungeoneerCommand } from '../commands';
import type { DungeoneerView } from '../viewSchema';
import { randomBot } from './random';

export function heuristicBot(view: DungeoneerView, seat: Seat, random: Random): DungeoneerCommand | null {
  return randomBot(view, seat, random);
}
