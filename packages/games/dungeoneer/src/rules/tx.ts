// A decision in progress (the kernel's Decision over our evolve), and the context deciders share.
import { Decision, type Random, type Seat } from '@delve/kernel';
import type { DungeoneerEvent } from '../events';
import { evolve } from '../evolve';
import type { DungeoneerState } from '../state';

/** Dungeoneer's decision in progress: rules emit into it and read the state their earlier events led to. */
export class Tx extends Decision<DungeoneerState, DungeoneerEvent> {
  constructor(state: DungeoneerState) {
    super(state, evolve);
  }
}

/** What every decider gets: the decision, the acting seat and the random source for dice and shuffles. */
export interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly random: Random;
}

/** One six-sided die through the decision's random source (tests script it with `{ roll }`). */
export const die = (random: Random): number => random.int(6) + 1;
