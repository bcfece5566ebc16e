// A decision in progress: the kernel's Decision over the dungeon's evolve, so later rules see earlier effects.
import { Decision } from '@delve/kernel';
import type { DungeonEvent } from '../events';
import { evolve } from '../evolve';
import type { DungeonState } from '../state';

/** The events one command has emitted so far and the state they fold into, so later rules see earlier effects. */
export class Tx extends Decision<DungeonState, DungeonEvent> {
  constructor(state: DungeonState) {
    super(state, evolve);
  }
}
