// How the venture module refuses a command: the kernel's failure under the `venture/` prefix.
import { failureFor, type Failure } from '@delve/kernel';

/** Refuse the command: throws RuleViolation('venture/<code>', message). Typed never, so `x ?? fail(...)` narrows. */
export const fail: Failure = failureFor('venture');
