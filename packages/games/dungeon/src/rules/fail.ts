// How the dungeon module refuses a command: the kernel's failure under the `dungeon/` prefix, for published codes only.
import { failureFor } from '@delve/kernel';
import type { DungeonCode } from './codes';

/**
 * Refuse the command: throws RuleViolation('dungeon/<code>', message). Typed never, so `x ?? fail(...)` narrows; only
 * a published code (rules/codes.ts) compiles.
 */
export const fail: (code: DungeonCode, message: string) => never = failureFor('dungeon');
