// Leader election for runners and process managers: an advisory lock held by a transaction kept open while leading.
import type { Sql } from 'postgres';
import { leaderKey } from './lockKey';

/**
 * One leader per name and database. The lock is transaction-scoped and the transaction stays open (idle, without a
 * transaction id, so it holds back neither `$all` nor vacuum) while this process leads. postgres.js rejects an open
 * transaction when its connection closes, so a lost session (PostgreSQL restarted or killed) is noticed at once and
 * never queried again: a query on a reserved connection that had closed never settled (the driver wrote to its null
 * socket), which hung every shutdown made while PostgreSQL was away, and kept a node leading without its lock.
 */
export class AdvisoryLeaderLock {
  private held: { readonly release: () => void; readonly ended: Promise<unknown> } | null = null;
  private key: string | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly name: string,
  ) {}

  /** True while this process holds the lock (taken now or earlier, and its session still alive); false while another leads. */
  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    if (this.key === null) {
      const [database] = await this.sql<{ name: string }[]>`select current_database() as name`;
      this.key = leaderKey(String(database?.name), this.name);
    }
    const key = this.key;
    // A follower asks every poll: one statement (taken and freed at once) tells it the lock is still held elsewhere,
    // where opening the transaction would cost three round trips.
    const [probe] = await this.sql<{ free: boolean }[]>`select pg_try_advisory_xact_lock(${key}::bigint) as free`;
    if (!probe?.free) return false;
    return new Promise<boolean>((resolve, reject) => {
      let release: () => void = () => {};
      const leading = new Promise<void>((r) => (release = r));
      let answered = false;
      const ended = this.sql.begin(async (tx) => {
        const [row] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(${key}::bigint) as locked`;
        answered = true;
        if (!row?.locked) return resolve(false); // commits at once: another process leads
        this.held = { release, ended };
        resolve(true);
        await leading;
      });
      ended.catch((error: unknown) => {
        if (!answered) return reject(error);
        // The session is gone, and the lock with it.
        if (this.held?.ended === ended) this.held = null;
      });
    });
  }

  /** Stop leading (commits the transaction, which frees the lock); a lock already lost with its session is a no-op. */
  async release(): Promise<void> {
    if (!this.held) return;
    const { release, ended } = this.held;
    this.held = null;
    release();
    await ended.catch(() => undefined);
  }
}
