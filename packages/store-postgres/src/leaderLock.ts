// Leader election for projection runners: a session advisory lock held on a reserved connection.
import type { ReservedSql, Sql } from 'postgres';
import { sha256Key } from './lockKey';

export class AdvisoryLeaderLock {
  private held: { connection: ReservedSql; key: string } | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly name: string,
  ) {}

  /** True when this process now holds (or already held) the lock; false while another node leads. */
  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    const connection = await this.sql.reserve();
    try {
      // Advisory locks belong to the whole PostgreSQL server, not to a database: the key names the database too, so
      // deployments (or test runs) sharing a server each elect their own leader.
      const [database] = await connection<{ name: string }[]>`select current_database() as name`;
      const key = sha256Key(`${database?.name}/${this.name}`);
      const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${key}::bigint) as locked`;
      if (row?.locked) {
        this.held = { connection, key };
        return true;
      }
    } catch (error) {
      connection.release();
      throw error;
    }
    connection.release();
    return false;
  }

  async release(): Promise<void> {
    if (!this.held) return;
    const { connection, key } = this.held;
    this.held = null;
    try {
      await connection`select pg_advisory_unlock(${key}::bigint)`;
    } finally {
      connection.release();
    }
  }
}
