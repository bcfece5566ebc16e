// A known fault of the postgres.js driver (3.4.9), not of ours: a small write it deferred with setImmediate can run after
// the connection closed and throw on the null socket (porsager/postgres issues 1154 and 1208, fixes not released).
// Thrown from an immediate, it escapes every await and would take the process down whenever PostgreSQL goes away
// under load. The queries on that connection have already been rejected with CONNECTION_CLOSED, so a server may
// treat this one error as harmless; every other uncaught error stays fatal.

/** True for the driver's write-after-close TypeError and nothing else. */
export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '') &&
    /\bnextWrite\b/.test(error.stack ?? '')
  );
}
