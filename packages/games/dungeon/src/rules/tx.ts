// A decision in progress (the kernel's Decision over the dungeon's evolve) and `fail`, the one way a command is refused.
import { Decision, RuleViolation } from '@delve/kernel';
import type { DungeonEvent } from '../events';
import { evolve } from '../evolve';
import type { DungeonState } from '../state';

/** The events one command has emitted so far and the state they fold into, so later rules see earlier effects. */
export class Tx extends Decision<DungeonState, DungeonEvent> {
  constructor(state: DungeonState) {
    super(state, evolve);
  }
}

/**
 * Refuse the command: throws RuleViolation('dungeon/<code>', message). Typed `never` (and declared as a function, which
 * TypeScript needs for that), so `x ?? fail(...)` and `if (!x) fail(...)` narrow `x` with no fallback value or cast.
 */
export function fail(code: string, message: string): never {
  throw new RuleViolation(`dungeon/${code}`, message);
}
