// Presence: which seats of a game are connected now, across every node. A seat is connected while it holds an open
// subscription or made a request within the window. Never written into game streams: each node notes what it sees in
// memory and flushes it to the `presence` table (migration 004) every flushMs; a node that dies stops refreshing its
// rows, and its seats count as gone once the window has passed.
import type { Seat } from '@delve/kernel';
import type { Sql } from 'postgres';

export interface PresenceOptions {
  /** Where nodes share what they see (absent: this node's own knowledge only, as in tests without a database). */
  readonly sql?: Sql;
  /** A seat counts as connected for this long after its last request (ms). */
  readonly windowMs: number;
  /** How often this node writes what it saw, and how long a read of the table is reused (ms). */
  readonly flushMs: number;
  /** This node's name in the table (a process id and a random suffix). */
  readonly node: string;
  readonly onError?: (error: unknown) => void;
  /** The clock (tests move it). */
  readonly now?: () => number;
}

interface Seen {
  /** The last request's time (ms). */
  at: number;
  /** Open subscriptions of the seat on this node. */
  open: number;
}

export class Presence {
  /** What this node saw, by game and seat. */
  private readonly seen = new Map<string, Map<Seat, Seen>>();
  /** Connected seats of a game as the table said at `at` (ms), reused for flushMs. */
  private readonly read = new Map<string, { at: number; seats: readonly Seat[] }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly options: PresenceOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The seat made a request now. */
  touch(gameId: string, seat: Seat): void {
    this.entry(gameId, seat).at = this.now();
  }

  private entry(gameId: string, seat: Seat): Seen {
    let seats = this.seen.get(gameId);
    if (!seats) this.seen.set(gameId, (seats = new Map()));
    let entry = seats.get(seat);
    if (!entry) seats.set(seat, (entry = { at: this.now(), open: 0 }));
    return entry;
  }

  /** The seat opened a subscription; call the returned function when it ends. */
  open(gameId: string, seat: Seat): () => void {
    const entry = this.entry(gameId, seat);
    entry.at = this.now();
    entry.open++;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      entry.open--;
      entry.at = this.now();
    };
  }

  /**
   * The seats of `gameId` connected now, on any node, in seat order. Given the table's number of seats, a table whose
   * every seat this node sees connected (each seat's subscription on it: the common case) is answered without a read.
   */
  async connected(gameId: string, tableSeats?: number): Promise<Seat[]> {
    const seats = new Set<Seat>(this.localSeats(gameId));
    if (this.options.sql && seats.size !== tableSeats) for (const seat of await this.shared(gameId)) seats.add(seat);
    return [...seats].sort((a, b) => a - b);
  }

  /** Write this node's live seats every flushMs until stop(). */
  start(): void {
    if (!this.options.sql || this.timer) return;
    this.timer = setInterval(() => {
      this.flushing = this.flush().catch((error: unknown) => this.options.onError?.(error));
    }, this.options.flushMs);
    this.timer.unref();
  }

  /** Stop flushing and remove this node's rows, so its seats stop counting at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
    if (this.options.sql) await this.options.sql`delete from presence where node = ${this.options.node}`;
  }

  /** Write what this node saw within the window; forget what it no longer needs. */
  async flush(): Promise<void> {
    const { sql, node, windowMs } = this.options;
    const now = this.now();
    const live = this.live();
    if (!sql) return;
    if (live.length > 0) {
      // Times go in as ages against the database's clock, so nodes whose clocks disagree still agree on the window.
      await sql`
        insert into presence (game_id, seat, node, seen_at)
        select game_id, seat, ${node}, now() - age * interval '1 millisecond'
          from unnest(${live.map((l) => l.gameId)}::text[], ${live.map((l) => l.seat)}::int[], ${live.map((l) => now - l.at)}::float8[])
               as t(game_id, seat, age)
        on conflict (game_id, seat, node) do update set seen_at = excluded.seen_at`;
    }
    // Rows past the window say nothing any more, whichever node wrote them (one that died never cleans its own).
    await sql`delete from presence where seen_at < now() - ${windowMs * 2} * interval '1 millisecond'`;
  }

  /** Seats this node has seen within the window (an open subscription keeps a seat seen now), forgetting the rest. */
  private live(): { gameId: string; seat: Seat; at: number }[] {
    const now = this.now();
    const out: { gameId: string; seat: Seat; at: number }[] = [];
    for (const [gameId, seats] of this.seen) {
      for (const [seat, entry] of seats) {
        const at = entry.open > 0 ? now : entry.at;
        if (now - at > this.options.windowMs) seats.delete(seat);
        else out.push({ gameId, seat, at });
      }
      if (seats.size === 0) this.seen.delete(gameId);
    }
    return out;
  }

  private localSeats(gameId: string): Seat[] {
    const now = this.now();
    const seats: Seat[] = [];
    for (const [seat, entry] of this.seen.get(gameId) ?? []) {
      if (entry.open > 0 || now - entry.at <= this.options.windowMs) seats.push(seat);
    }
    return seats;
  }

  /** What every node wrote for this game within the window (reused for flushMs). */
  private async shared(gameId: string): Promise<readonly Seat[]> {
    const now = this.now();
    const cached = this.read.get(gameId);
    if (cached && now - cached.at < this.options.flushMs) return cached.seats;
    const sql = this.options.sql as Sql;
    const rows = await sql<{ seat: number }[]>`
      select distinct seat from presence
       where game_id = ${gameId} and seen_at >= now() - ${this.options.windowMs} * interval '1 millisecond'`;
    const seats = rows.map((r) => r.seat);
    if (this.read.size > 10_000) this.read.clear(); // a bound, not a policy: entries live one flush period
    this.read.set(gameId, { at: now, seats });
    return seats;
  }
}
