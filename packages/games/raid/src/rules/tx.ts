// The module's Decision (events so far and the state they fold into) and `fail`, which throws a RuleViolation.
import { Decision, RuleViolation } from '@delve/kernel';
import type { RaidEvent } from '../events';
import { evolve } from '../evolve';
import type { RaidState } from '../state';

export class Tx extends Decision<RaidState, RaidEvent> {
  constructor(state: RaidState) {
    super(state, evolve);
  }
}

/** Why a command is refused: a stable code (without the `raid/` prefix) and a message for people. */
export interface Problem {
  readonly code: string;
  readonly message: string;
}

export const problem = (code: string, message: string): Problem => ({ code, message });

/** Throw `raid/<code>`. Returns never, so `x ?? fail(...)` narrows. */
export function fail(code: string, message: string): never {
  throw new RuleViolation(`raid/${code}`, message);
}

/** Throw the problem, if there is one. */
export function failOn(p: Problem | null): void {
  if (p) fail(p.code, p.message);
}
