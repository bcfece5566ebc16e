// Known faults of the postgres.js driver (3.4.9), not of ours. A small write it deferred with setImmediate can run after
// the connection closed and throw on the null socket (porsager/postgres issues 1154 and 1208, fixes not released).
// Thrown from an immediate, it escapes every await and would take the process down whenever PostgreSQL goes away
// under load. The queries on that connection have already been rejected with CONNECTION_CLOSED, so a server may
// treat this one error as harmless; every other uncaught error stays fatal.
import type { Sql } from 'postgres';

/** True for the driver's write-after-close TypeError and nothing else. */
export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '') &&
    /\bnextWrite\b/.test(error.stack ?? '')
  );
}

/**
 * Close a pool whose users have stopped. Another fault of the same driver: a connection whose server went away in the
 * middle of a query keeps that (already rejected) query as its current one, so `end()` waits for it until its
 * timeout (porsager/postgres issues 1097 and 1130, fix in pull request 1142, not released). Every shutdown after a
 * PostgreSQL restart paid the whole grace period; callers have drained their queries by now, so a second is plenty.
 */
export function closePool(sql: Sql): Promise<void> {
  return sql.end({ timeout: 1 });
}
