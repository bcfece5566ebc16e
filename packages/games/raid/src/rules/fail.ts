// How the raid module refuses a command: the kernel's failure under the `raid/` prefix, and problems found before it.
import { failureFor } from '@delve/kernel';
import type { RaidCode } from './codes';

/**
 * Refuse the command: throws RuleViolation('raid/<code>', message). Typed never, so `x ?? fail(...)` narrows; only a
 * published code (rules/codes.ts) compiles.
 */
export const fail: (code: RaidCode, message: string) => never = failureFor('raid');

/** Why a command is refused: a stable code (without the `raid/` prefix) and a message for people. */
export interface Problem {
  readonly code: RaidCode;
  readonly message: string;
}

export const problem = (code: RaidCode, message: string): Problem => ({ code, message });

/** Throw the problem, if there is one. */
export function failOn(p: Problem | null): void {
  if (p) fail(p.code, p.message);
}
