// Known faults of the postgres.js driver (3.4.9), not of ours, and what the server does about each.
import { Socket } from 'node:net';
import type { Sql } from 'postgres';

/**
 * True for the driver's write-after-close TypeError and nothing else. A small write it deferred with setImmediate can
 * run after the connection closed and throw on the null socket (porsager/postgres issues 1154 and 1208, fixes not
 * released). Thrown from an immediate, it escapes every await and would take the process down whenever PostgreSQL
 * goes away under load. The queries on that connection have already been rejected with CONNECTION_CLOSED, so a
 * server may treat this one error as harmless; every other uncaught error stays fatal.
 */
export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '') &&
    /\bnextWrite\b/.test(error.stack ?? '')
  );
}

/**
 * True for a connection's close, as the driver rejects a query of its own with it and nobody hears: right after a
 * connection starts, the driver reads the database's array types with a query it never awaits, so when the database
 * dies at that moment the rejection goes unhandled and Node turns it into an uncaught error (seen under kill -9 of
 * PostgreSQL). Our own queries on that connection are rejected with CONNECTION_CLOSED too, and handled; a server may
 * treat this one as harmless, like the write after close above.
 */
export function isDriverOwnQueryClosed(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === 'CONNECTION_CLOSED' &&
    /postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '') &&
    /\bclosed\b/.test(error.stack ?? '')
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

/**
 * A connection the server closed before it said anything (see silentCloseAsError): a refused connect, in effect. Its
 * code is ECONNRESET, as the driver expects of a failed socket.
 */
class ClosedBeforeAnswering extends Error {
  readonly code = 'ECONNRESET';
  constructor() {
    super('the server closed the connection before answering');
  }
}

/**
 * True for a refused connect to the database, as a promise nobody awaits rejects with it. When PostgreSQL dies, the
 * driver connects again for whatever waits on a connection, its own queries too (the array types it reads, never
 * awaited): each of our queries rejected with the refusal is awaited and answered (503, a leader's retry), but one of
 * the driver's own goes unhandled, and Node turns it into an uncaught error that ended the process (seen about one time
 * in two with WORKERS=2 when PostgreSQL was killed). Only as an unhandled rejection is it harmless; thrown, it is not.
 * Through a proxy, the same refusal is a connection closed before answering (ClosedBeforeAnswering). Taken for fatal,
 * it would end the process: in outage.test.ts under load, the node behind the proxy went away when its database
 * stopped while the node connected directly lived on, and a pool of 20 behind a proxy, its database's sessions
 * terminated under load, let two such rejections go unhandled in six outages.
 */
export function isDriverConnectRefused(error: unknown, origin: string): boolean {
  if (origin !== 'unhandledRejection' || !(error instanceof Error)) return false;
  // Behind a proxy that accepts and then closes while the database is down, the same refusal is this error of ours.
  if (error instanceof ClosedBeforeAnswering) return true;
  return (error as { code?: unknown }).code === 'ECONNREFUSED' && (error as { syscall?: unknown }).syscall === 'connect';
}

/**
 * A socket whose error nobody listens to any more is destroyed rather than thrown. The driver can start a second
 * socket while the first is still open (two connect attempts racing), and the first one's close strips every listener
 * from the second (`socket.removeAllListeners()` on whichever socket it holds then): once that one's connection is
 * refused, its error would end the process. The driver has let go of such a socket; nothing is lost with its error.
 */
class UnheardErrorsDropped extends Socket {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) return false;
    return super.emit(event, ...args);
  }
}

/**
 * A socket for the driver (its `socket` option) that turns a connection the server closes before saying anything into
 * an error. The driver treats such a close, while it is connecting on behalf of a waiting query, as a reason to connect
 * again at once, forever: its connect timeout is cleared on every close and the query is neither run nor rejected. A
 * TCP proxy or load balancer that accepts a connection before it has found a database to pass it to does that while
 * the database is down, so every request waited for the whole outage and a core spun reconnecting; as an error
 * (ECONNRESET) the waiting query is refused and the request answered 503.
 */
export function silentCloseAsError(host: string, port: number): Socket {
  const socket = new UnheardErrorsDropped();
  socket.once('end', () => {
    if (socket.bytesRead === 0) {
      socket.destroy(new ClosedBeforeAnswering());
    }
  });
  return socket.connect(port, host);
}
