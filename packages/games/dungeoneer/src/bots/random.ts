// The random bot: a random kind of legal command, then a random command of that kind, from the seat's view alone.
import type { Random, Seat } from '@delve/kernel';
import type { DungeoneerCommand } from '../commands';
import { legalCommands } from '../legal';
import type { DungeoneerView } from '../viewSchema';
import { stateFromView } from './seen';

/** A uniformly random kind of legal command, then one of that kind; null when the seat has nothing to do. */
export function randomBot(view: DungeoneerView, seat: Seat, random: Random): DungeoneerCommand | null {
  const legal = legalCommands(stateFromView(view), seat);
  if (legal.length === 0) return null;
  const kinds = [...new Set(legal.map((c) => c.type))];
  const kind = random.pick(kinds);
  return random.pick(legal.filter((c) => c.type === kind));
}
