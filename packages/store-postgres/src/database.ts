// Connecting to PostgreSQL: DATABASE_URL when given, otherwise an embedded server; migrations applied on open.
import postgres, { type Sql } from 'postgres';
import { closePool, driverSocket } from './driverFaults';
import { startEmbeddedPostgres, type EmbeddedOptions } from './embedded';
import { migrate } from './migrate';

export interface Database {
  readonly sql: Sql;
  readonly url: string;
  /** True when this process started the server (and stops it on close). */
  readonly embedded: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A postgres:// URL; when omitted an embedded PostgreSQL is started. */
  readonly url?: string | undefined;
  readonly embedded?: EmbeddedOptions;
  /** Pool size (default 20). */
  readonly max?: number;
}

/**
 * Seconds a pool waits before its next connection attempt after `retries` failed ones: 50 ms doubling up to 1 s, with
 * jitter. The driver's own backoff grows as 3^retries/100 up to 20 s, so after an outage of a few seconds a pool
 * kept refusing requests for up to 20 s after PostgreSQL was back.
 */
export function reconnectDelay(retries: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1);
}

/**
 * A pool on `url`. A connection attempt gives up after 5 s, so requests made while the database is away fail fast
 * (503) instead of queueing; a pool reconnects by itself within about a second of its return.
 */
export function connect(url: string, max = 20): Sql {
  const target = singleHost(url);
  return postgres(url, {
    ...(target && { socket: () => driverSocket(target.host, target.port) }),
    max,
    onnotice: () => undefined,
    idle_timeout: 30,
    connect_timeout: 5,
    backoff: reconnectDelay,
    // pg_stat_activity then tells which server process a session is (and, through pg_locks, which one leads).
    connection: { application_name: `delve/${process.pid}` },
  });
}

/** The one TCP host and port of a URL, or null (several hosts, or a Unix socket: the driver connects as it would). */
function singleHost(url: string): { host: string; port: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.hostname === '' || parsed.host.includes(',') || parsed.searchParams.has('host')) return null;
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 5432) };
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const server = options.url ? null : await startEmbeddedPostgres(options.embedded);
  const url = options.url ?? (server?.url as string);
  const sql = connect(url, options.max);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.end({ timeout: 1 });
    await server?.stop();
    throw error;
  }
  return {
    sql,
    url,
    embedded: server !== null,
    async close() {
      await closePool(sql);
      await server?.stop();
    },
  };
}
