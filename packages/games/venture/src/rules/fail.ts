// How the venture module refuses a command: the kernel's failure under the `venture/` prefix, for published codes only.
import { failureFor } from '@delve/kernel';
import type { VentureCode } from './codes';

/**
 * Refuse the command: throws RuleViolation('venture/<code>', message). Typed never, so `x ?? fail(...)` narrows; only
 * a published code (rules/codes.ts) compiles.
 */
export const fail: (code: VentureCode, message: string) => never = failureFor('venture');
