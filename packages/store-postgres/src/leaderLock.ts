// Leader election for projection runners: a session advisory lock held on a reserved connection.
import type { ReservedSql, Sql } from 'postgres';
import { sha256Key } from './lockKey';

export class AdvisoryLeaderLock {
  private connection: ReservedSql | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly name: string,
  ) {}

  /** True when this process now holds (or already held) the lock; false while another node leads. */
  async tryAcquire(): Promise<boolean> {
    if (this.connection) return true;
    const connection = await this.sql.reserve();
    const [row] = await connection<{ locked: boolean }[]>`select pg_try_advisory_lock(${sha256Key(this.name)}::bigint) as locked`;
    if (row?.locked) {
      this.connection = connection;
      return true;
    }
    connection.release();
    return false;
  }

  async release(): Promise<void> {
    if (!this.connection) return;
    await this.connection`select pg_advisory_unlock(${sha256Key(this.name)}::bigint)`;
    this.connection.release();
    this.connection = null;
  }
}
