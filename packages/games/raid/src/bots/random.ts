// The random bot: any legal command, choosing first the kind of command and then one of that kind.
import type { Random, Seat } from '@delve/kernel';
import type { RaidCommand } from '../commands';
import { legalCommands } from '../legal';
import type { RaidView } from '../viewSchema';
import { stateFromView } from './seen';

/** A uniformly random kind of legal command, then a random one of that kind; null when the seat has nothing to do. */
export function randomBot(view: RaidView, seat: Seat, random: Random): RaidCommand | null {
  const legal = legalCommands(stateFromView(view), seat);
  if (legal.length === 0) return null;
  const kinds = [...new Set(legal.map((c) => c.type))];
  const kind = random.pick(kinds);
  return random.pick(legal.filter((c) => c.type === kind));
}
