// Which store failures are the database being away (503, retry) and which are text it cannot hold (400, the input).

/** Socket errors from Node and postgres.js's own connection errors: the database could not be reached. */
const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/** EventStoreDB client errors (their `type`) that mean the cluster is away or electing a leader. */
const ESDB_AWAY: ReadonlySet<string> = new Set(['unavailable', 'timeout', 'deadline-exceeded', 'not-leader']);

interface ErrorShape {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly type?: unknown;
}

/**
 * True when `error` says the event store or the read-model database is unreachable, restarting or shutting down:
 * a connection refused or lost, PostgreSQL's connection-exception class (08), admin/crash shutdown or "starting up"
 * (57P01..57P03), too many connections (53300), and an append refused while another process is the database's sole
 * writer (DL001). Such a request may succeed if retried.
 */
export function storeUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, type } = error as ErrorShape;
  if (typeof code === 'string') {
    if (CONNECTION_CODES.has(code)) return true;
    if (name === 'PostgresError' && (code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300')) return true;
    // Another process holds the database as its only writer (ADR 0060): appends succeed again once it stops.
    if (name === 'PostgresError' && code === 'DL001') return true;
  }
  return typeof type === 'string' && ESDB_AWAY.has(type);
}

/**
 * True when PostgreSQL refused a value the client sent because text cannot hold it (a NUL character, or an escape
 * it cannot translate): the request was malformed, not the server broken.
 */
export function unstorableText(error: unknown): boolean {
  const { name, code } = (error ?? {}) as ErrorShape;
  return name === 'PostgresError' && (code === '22021' || code === '22P05');
}
