// Known faults of the postgres.js driver (3.4.9), not of ours, and what the server does about each.
import { Socket } from 'node:net';
import postgres, { type Sql } from 'postgres';

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
 * A connection the server closed before it said anything (see DriverSocket): a refused connect, in effect. Its
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
 * The driver socket refuses in two more ways that mean the same (see DriverSocket): a connection closed before
 * answering (a proxy in front of a database that is down), and a database shutting down or starting up that refuses
 * the session with an error. Taken for fatal, these would end the process: in outage.test.ts under load, the node
 * behind the proxy went away when its database stopped while the node connected directly lived on, and a pool of 20
 * behind a proxy, its database's sessions terminated under load, let two such rejections go unhandled in six outages.
 */
export function isDriverConnectRefused(error: unknown, origin: string): boolean {
  if (origin !== 'unhandledRejection' || !(error instanceof Error)) return false;
  if (refusedByDriverSocket.has(error)) return true;
  return (error as { code?: unknown }).code === 'ECONNREFUSED' && (error as { syscall?: unknown }).syscall === 'connect';
}

/** The errors with which a DriverSocket refused a connection, as a refused connect would (see isDriverConnectRefused). */
const refusedByDriverSocket = new WeakSet<Error>();

/** Fail `socket` with a refusal of the driver socket's own. */
function refuse(socket: Socket, error: Error): void {
  refusedByDriverSocket.add(error);
  socket.destroy(error);
}

/** PostgreSQL's message types the driver socket below looks at. */
const ERROR_RESPONSE = 0x45; // 'E'
const READY_FOR_QUERY = 0x5a; // 'Z'
/** What a server's first byte is when it answers a plain startup message: an authentication request, an error, or
 * a protocol version negotiation. Anything else ('S' or 'N' to a TLS request, a TLS record) is not ours to read. */
const PLAIN_SESSION_STARTS: ReadonlySet<number> = new Set([0x52, ERROR_RESPONSE, 0x76]);

/** The fields of an ErrorResponse's body, by the names the driver gives them (its own parser's, for the common ones). */
const ERROR_FIELDS: Readonly<Record<string, string>> = {
  S: 'severity_local',
  V: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  W: 'where',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The driver's error class, built as the driver builds it: from the parsed fields (its typings say a message). */
const PostgresErrorOf = postgres.PostgresError as unknown as new (fields: Record<string, string>) => postgres.PostgresError;

/** The session-ending error an ErrorResponse body carries (severity FATAL or PANIC), or null for any other error. */
function sessionEndingError(body: Buffer): postgres.PostgresError | null {
  const fields: Record<string, string> = {};
  for (let at = 0; at < body.length && body[at] !== 0;) {
    const end = body.indexOf(0, at + 1);
    if (end < 0) break;
    const name = ERROR_FIELDS[String.fromCharCode(body[at] as number)];
    if (name) fields[name] = body.toString('utf8', at + 1, end);
    at = end + 1;
  }
  const severity = fields.severity ?? fields.severity_local;
  return severity === 'FATAL' || severity === 'PANIC' ? new PostgresErrorOf(fields) : null;
}

/**
 * The driver's socket. It works around three faults of the driver (3.4.9), each of which a test in
 * driverFaults.test.ts shows on the driver's own socket:
 * - **An error nobody listens to any more is dropped, not thrown.** The driver can start a second socket while the
 *   first is still open (two connect attempts racing), and the first one's close strips every listener from the
 *   second (`socket.removeAllListeners()` on whichever socket it holds then): once that one's connection is refused,
 *   its error would end the process. The driver has let go of such a socket; nothing is lost with its error.
 * - **A close before the server's first byte is an error** (ClosedBeforeAnswering). The driver treats such a close,
 *   while it is connecting on behalf of a waiting query, as a reason to connect again at once, forever: its connect
 *   timeout is cleared on every close and the query is neither run nor rejected. A TCP proxy or load balancer that
 *   accepts a connection before it has found a database to pass it to does that while the database is down, so every
 *   request waited for the whole outage and a core spun reconnecting; as an error the waiting query is refused and the
 *   request answered 503.
 * - **A session-ending error (FATAL, PANIC) is not passed on as a message.** When one arrives while a query is in
 *   flight (a backend terminated, a database shutting down), the driver keeps it as that query's pending error and
 *   reports it at the next ReadyForQuery, which comes only after the connection has reconnected: the first query on
 *   the fresh session, whenever the pool next needed that connection, was refused with the old session's error (a
 *   503 seconds after PostgreSQL was back). Instead the socket closes (in an open session, which rejects what was in
 *   flight with CONNECTION_CLOSED, as the driver did anyway) or fails with the error (while connecting, which
 *   refuses the query waiting for the session), and nothing is left over. Only plain sessions are read this way:
 *   when the session is TLS, the bytes are the driver's alone.
 */
class DriverSocket extends Socket {
  /** Whether the server's first byte began a plain session (not TLS): only then is the stream read. */
  private reading: boolean | undefined;
  /** Whether the server has said it is ready for a query: the session is open. */
  private ready = false;
  /** Bytes of the message under way that are still to come, passed on unread. */
  private skip = 0;
  /** The start of a message not yet passed on: an incomplete header, or an ErrorResponse not yet whole. */
  private held: Buffer | null = null;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error' && this.listenerCount('error') === 0) return false;
    if (event !== 'data' || !Buffer.isBuffer(args[0])) return super.emit(event, ...args);
    let chunk: Buffer = args[0];
    this.reading ??= PLAIN_SESSION_STARTS.has(chunk[0] as number);
    if (!this.reading) return super.emit(event, ...args);
    if (this.held) {
      chunk = Buffer.concat([this.held, chunk]);
      this.held = null;
    }
    // Walk the messages by their headers (a type byte and a length), looking only into ErrorResponses.
    let at = this.skip;
    let passUpTo = chunk.length;
    while (at < chunk.length) {
      if (chunk.length - at < 5) {
        passUpTo = at;
        break;
      }
      const end = at + 1 + chunk.readUInt32BE(at + 1);
      if (chunk[at] === READY_FOR_QUERY) this.ready = true;
      if (chunk[at] === ERROR_RESPONSE) {
        if (end > chunk.length) {
          passUpTo = at;
          break;
        }
        const ending = sessionEndingError(chunk.subarray(at + 5, end));
        if (ending) {
          if (at > 0) super.emit('data', chunk.subarray(0, at));
          // Connecting, the driver waits for the session on behalf of a query: refuse that query with the error. In
          // an open session, the driver hears a plain close, which rejects whatever it had sent, even a query sent
          // after the error came (an error event would leave those waiting forever).
          if (this.ready) this.destroy();
          else refuse(this, ending);
          return true;
        }
      }
      at = end;
    }
    this.skip = Math.max(0, at - chunk.length);
    if (passUpTo < chunk.length) this.held = Buffer.from(chunk.subarray(passUpTo));
    if (passUpTo === 0) return true;
    return super.emit('data', passUpTo === chunk.length ? chunk : chunk.subarray(0, passUpTo));
  }
}

/** A socket for the driver (its `socket` option) connected to `host`:`port`: see DriverSocket for what it mends. */
export function driverSocket(host: string, port: number): Socket {
  const socket = new DriverSocket();
  socket.once('end', () => {
    if (socket.bytesRead === 0) refuse(socket, new ClosedBeforeAnswering());
  });
  return socket.connect(port, host);
}
