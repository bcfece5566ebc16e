// The start of a venture table: life totals and a first player drawn at random, recorded in TableSet.
import type { Random } from '@delve/kernel';
import type { VentureEvent } from './events';
import type { VentureState } from './state';

/** The table is set: every seat at the starting life, and a first player drawn at random (ruling 15). */
export function setup(state: VentureState, random: Random): VentureEvent[] {
  return [{ type: 'TableSet', seats: state.seats, startingLife: state.startingLife, firstPlayer: random.int(state.seats) }];
}
