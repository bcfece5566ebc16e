// How the dungeon module refuses a command: the kernel's failure under the `dungeon/` prefix.
import { failureFor, type Failure } from '@delve/kernel';

/** Refuse the command: throws RuleViolation('dungeon/<code>', message). Typed never, so `x ?? fail(...)` narrows. */
export const fail: Failure = failureFor('dungeon');
