// How the dungeoneer module refuses a command: the kernel's failure under the `dungeoneer/` prefix.
import { failureFor, type Failure } from '@delve/kernel';

/** Refuse the command: throws RuleViolation('dungeoneer/<code>', message). Typed never, so `x ?? fail(...)` narrows. */
export const fail: Failure = failureFor('dungeoneer');
