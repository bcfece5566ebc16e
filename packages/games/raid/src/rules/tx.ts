// A decision in progress: the kernel's Decision over the raid's evolve (events so far and the state they fold into).
import { Decision, type Random, type Seat } from '@delve/kernel';
import type { RaidEvent } from '../events';
import { evolve } from '../evolve';
import type { RaidState } from '../state';

export class Tx extends Decision<RaidState, RaidEvent> {
  constructor(state: RaidState) {
    super(state, evolve);
  }
}

export interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly random: Random;
}
