// How the dungeoneer module refuses a command: the kernel's failure under the `dungeoneer/` prefix.
import { failureFor } from '@delve/kernel';
import type { DungeoneerCode } from './codes';

/**
 * Refuse the command: throws RuleViolation('dungeoneer/<code>', message). Typed never, so `x ?? fail(...)` narrows;
 * only a published code (rules/codes.ts) compiles.
 */
export const fail: (code: DungeoneerCode, message: string) => never = failureFor('dungeoneer');
