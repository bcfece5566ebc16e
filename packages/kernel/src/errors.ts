// Typed failures with stable codes; the HTTP layer maps each kind to a status once.

/** A command broke a rule of the game or of the lobby. Maps to 422. `code` is stable: `<module>/<reason>`. */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The event store refused an append because the stream is not at the expected revision. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  readonly code = 'store/wrong-expected-version';
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`stream ${streamId}: expected revision ${expected}, actual ${actual}`);
  }
}

/** Reading a stream that has no events. */
export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
  readonly code = 'store/stream-not-found';
  constructor(readonly streamId: string) {
    super(`stream ${streamId} not found`);
  }
}

/** The request is well formed but names something that does not exist. Maps to 404. */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request conflicts with the current state (retries exhausted, game not accepting commands). Maps to 409. */
export class ConflictError extends Error {
  override readonly name = 'ConflictError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request is malformed (fails a schema). Maps to 400. `details` lists what failed, without echoing secrets. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    readonly code: string,
    message: string,
    readonly details: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** The caller may not do this (wrong token for the seat, or not a seated player). Maps to 403. */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A module's way to refuse a command: throws `RuleViolation('<module>/<code>', message)`. */
export type Failure = (code: string, message: string) => never;

/**
 * The `fail` of the module named `prefix`. Declare it with its type, `export const fail: Failure = failureFor('dungeon')`:
 * TypeScript narrows after a call returning `never` only through a function declaration or an explicitly typed const,
 * so `x ?? fail(...)` and `if (!x) fail(...)` narrow `x` with no fallback value or cast.
 */
export function failureFor(prefix: string): Failure {
  return (code, message) => {
    throw new RuleViolation(`${prefix}/${code}`, message);
  };
}
