// A decision in progress (the kernel's Decision over the dungeon's evolve) and the context every decider gets.
import { Decision, type Random, type Seat } from '@delve/kernel';
import type { DungeonEvent } from '../events';
import { evolve } from '../evolve';
import type { DungeonState, PlayerState } from '../state';

/** The events one command has emitted so far and the state they fold into, so later rules see earlier effects. */
export class Tx extends Decision<DungeonState, DungeonEvent> {
  constructor(state: DungeonState) {
    super(state, evolve);
  }
}

/** What every decider works with: the decision so far, the acting seat as the command found it, the random source. */
export interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly me: PlayerState;
  readonly random: Random;
}
