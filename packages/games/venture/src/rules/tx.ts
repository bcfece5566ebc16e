// A decision in progress: events emitted so far and the state they lead to, so later rules see earlier effects.
import { Decision, type Random } from '@delve/kernel';
import type { VentureEvent } from '../events';
import { evolve } from '../evolve';
import type { VentureState } from '../state';

/** Venture's decision in progress: the kernel's Decision over Venture's evolve, the id counter and the decision's dice. */
export class Tx extends Decision<VentureState, VentureEvent> {
  constructor(
    state: VentureState,
    /** The decision's random source: every outcome drawn goes into an event. */
    readonly random: Random,
  ) {
    super(state, evolve);
  }

  /** The next free id for a token, stack item or dungeon instance (evolve bumps it when the event lands). */
  nextId(): number {
    return this.state.nextId;
  }
}
