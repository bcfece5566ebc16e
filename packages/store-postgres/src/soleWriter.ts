// The sole writer's lock (ADR 0060): a process that is the database's only writer holds the writers' advisory lock
// exclusively while it runs, so nothing it has folded can change behind its back, and it may serve games from memory.
import type { PendingQuery, Row, Sql } from 'postgres';

/** The SQLSTATE of an append refused because another process holds the database as its sole writer. */
export const HELD_BY_SOLE_WRITER = 'DL001';

export interface SoleWriterOptions {
  /** How often the held lock's session is checked, and a lost or refused lock asked for again (ms, default 1,000). */
  readonly pollMs?: number;
  /**
   * How long after the last successful check the lock is taken as held (ms, default 3,000). It bounds what a session
   * lost without a word (a network cut: PostgreSQL frees its lock only once it notices) can cost: nothing is served
   * from memory past it. PostgreSQL notices a dead peer far later than this (TCP keepalive, minutes at the least).
   */
  readonly trustMs?: number;
  /** The monotonic clock the checks are timed on (ms; default performance.now). */
  readonly now?: () => number;
  /** Told when the lock is taken or lost (a lost session, a refused try): the log, the metrics. */
  readonly onChange?: (held: boolean) => void;
}

/**
 * What an append statement asks before it writes: nothing while `lock` (this process's) is held, else the writers' key
 * shared for the statement's transaction, which PostgreSQL refuses with HELD_BY_SOLE_WRITER while another process
 * holds it (migration 006).
 */
export function mayWrite(sql: Sql, lock?: SoleWriterLock): PendingQuery<Row[]> {
  return lock?.holding() ? sql`true` : sql`delve_may_write()`;
}

/**
 * Takes the writers' lock exclusively in a transaction kept open (as AdvisoryLeaderLock does), which needs that no
 * append of another process is in flight: each of those holds it shared for its transaction. Once held, no other
 * process can append until it is freed, by `stop` or with the session. Each time it is taken anew is a new epoch: what
 * was folded in an earlier epoch, or before any, may have missed another process's appends.
 */
export class SoleWriterLock {
  private readonly pollMs: number;
  private readonly trustMs: number;
  private readonly now: () => number;
  private epochs = 0;
  /** The epoch held, and when its last successful check was asked (null: not held). */
  private held: { readonly epoch: number; checked: number } | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Ends the transaction holding the lock (null: none open). */
  private release: (() => void) | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly options: SoleWriterOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000;
    this.trustMs = options.trustMs ?? 3_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Ask for the lock now and keep it (asking again every pollMs while another process writes) until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.background();
  }

  /** The epoch while this process holds the lock (no other process can append), else null. */
  epoch(): number | null {
    const held = this.held;
    return held !== null && this.now() - held.checked < this.trustMs ? held.epoch : null;
  }

  /** True while the lock is taken as held: this process's own appends need not ask for it shared. */
  holding(): boolean {
    return this.held !== null;
  }

  /** Free the lock (commits its transaction) and stop asking for it. */
  async stop(): Promise<void> {
    this.running = false;
    this.release?.();
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async background(): Promise<void> {
    while (this.running) {
      await this.hold().catch(() => undefined); // a refused try, or a session lost: asked for again after a pause
      if (this.running) await this.pause();
    }
  }

  /** One try: take the lock and hold it, checking its session every pollMs, until `stop` or the session is lost. */
  private hold(): Promise<void> {
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const released = new Promise<void>((resolve) => (this.release = resolve));
    const ended = this.sql.begin(async (tx) => {
      const asked = this.now();
      const [row] = await tx<{ locked: boolean }[]>`select pg_try_advisory_xact_lock(delve_writers_key()) as locked`;
      if (!row?.locked || !this.running) return;
      const held = { epoch: ++this.epochs, checked: asked };
      this.held = held;
      this.options.onChange?.(true);
      const check = () => {
        if (over) return;
        const checking = this.now();
        tx`select 1`.then(
          () => {
            if (over) return;
            held.checked = checking;
            timer = setTimeout(check, this.pollMs);
          },
          () => undefined, // the session is gone: `ended` says so
        );
      };
      timer = setTimeout(check, this.pollMs);
      await released;
    });
    // postgres.js rejects an open transaction as soon as its connection closes: a lost lock is noticed at once.
    return ended.finally(() => {
      over = true;
      clearTimeout(timer);
      this.release = null;
      if (this.held === null) return;
      this.held = null;
      this.options.onChange?.(false);
    });
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
