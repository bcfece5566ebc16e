// Rate-limit buckets every node shares (RATE_LIMIT_STORE=postgres), kept in PostgreSQL by rate-limiter-flexible: one
// atomic upsert per call, a quarter-second bound on each decision, and this node's own memory deciding meanwhile when
// the database does not answer in time.
import type { Sql } from 'postgres';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { BucketSize } from '../config';
import type { SharedBuckets } from './limits';

/** The longest a call waits for the shared decision before this node's memory decides it. */
const DECISION_TIMEOUT_MS = 250;
/** The table rate-limiter-flexible keeps (and creates if missing). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * rate-limiter-flexible speaks to PostgreSQL through a `pg`-style client (`query({ text, values })` answering
 * `{ rows, rowCount }`); this one runs each statement on the server's own postgres.js pool, so sharing limits opens no
 * connection of its own.
 */
function pgClientOver(sql: Sql) {
  return {
    async query({ text, values = [] }: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(text, values as never[]);
      return { rows: [...rows], rowCount: rows.count };
    },
  };
}

/**
 * Fixed windows rather than this node's smooth token buckets: `burst` calls per `burst / perSecond` seconds (rounded
 * up), so the long-run rate is the same and a client may at most double its burst across a window's edge.
 */
export class PostgresBuckets implements SharedBuckets {
  private readonly limiters = new Map<string, { readonly limiter: RLWrapperTimeouts; readonly created: Promise<void> }>();
  private readonly client: ReturnType<typeof pgClientOver>;

  constructor(sql: Sql) {
    this.client = pgClientOver(sql);
  }

  async take(key: string, size: BucketSize): Promise<number> {
    const { limiter, created } = this.limiter(size);
    // The library refuses to use its table until it has made sure it exists: wait for that, within the bound.
    await Promise.race([created, new Promise((resolve) => setTimeout(resolve, DECISION_TIMEOUT_MS).unref())]);
    try {
      await limiter.consume(key);
      return 0;
    } catch (refusal) {
      // Over the limit: the library rejects with the result; anything else (both stores failing) lets the call through.
      return refusal instanceof RateLimiterRes ? Math.max(1, refusal.msBeforeNext) : 0;
    }
  }

  async refund(key: string, size: BucketSize): Promise<void> {
    await this.limiter(size)
      .limiter.reward(key, 1)
      .catch(() => undefined);
  }

  /** One limiter per bucket size (reads, writes, the players' ceilings), made on first use. */
  private limiter(size: BucketSize): { readonly limiter: RLWrapperTimeouts; readonly created: Promise<void> } {
    const name = `${size.burst}-${size.perSecond}`;
    let entry = this.limiters.get(name);
    if (!entry) {
      const window = { points: size.burst, duration: Math.ceil(size.burst / size.perSecond), keyPrefix: `delve-${name}` };
      let done: () => void = () => {};
      const created = new Promise<void>((resolve) => (done = resolve));
      const limiter = new RLWrapperTimeouts({
        // The table is created by the first node to need it (CREATE TABLE IF NOT EXISTS); if that fails (the database
        // is away), this node's memory decides until the process starts again.
        limiter: new RateLimiterPostgres({ ...window, storeClient: this.client, storeType: 'client', tableName: RATE_LIMIT_TABLE }, done),
        timeoutMs: DECISION_TIMEOUT_MS,
        insuranceLimiter: new RateLimiterMemory(window),
      });
      entry = { limiter, created };
      this.limiters.set(name, entry);
    }
    return entry;
  }
}
