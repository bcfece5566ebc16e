// The PostgreSQL event store (postgres.js): appends through one SQL function call, reads in (transaction, sequence) order.
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  liveSubscription,
} from '@delve/kernel';

import type { Sql } from 'postgres';

interface EventRow {
  stream_id: string;
  revision: string;
  commit_position: string;
  prepare_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created: Date;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  streamId: row.stream_id,
  revision: Number(row.revision),
  position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  id: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  created: row.created.toISOString(),
});

const PAGE = 5000;

export interface PostgresEventStoreOptions {
  /** How often a live subscription polls for events committed by other processes (ms, default 100). */
  readonly pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  private readonly localAppends = new Set<() => void>();
  private readonly pollIntervalMs: number;

  constructor(
    private readonly sql: Sql,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 100;
  }

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = String(options.expectedRevision ?? 'any');
    const batch = events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {} }));
    try {
      const [row] = await this.sql<{ last_revision: string; commit_position: string; prepare_position: string }[]>`
        select * from append_events(${streamId}, ${expected}, ${this.sql.json(batch as never)})`;
      for (const notify of this.localAppends) notify();
      return {
        nextExpectedRevision: Number(row?.last_revision ?? -1),
        position: { commit: BigInt(row?.commit_position ?? 0), prepare: BigInt(row?.prepare_position ?? 0) },
      };
    } catch (error) {
      const e = error as { code?: string; detail?: string };
      if (e.code === 'DV001') throw new WrongExpectedVersionError(streamId, expected, e.detail ?? 'unknown');
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const rows = backwards
      ? await this.sql<EventRow[]>`
          select ${this.sql.unsafe(COLUMNS)} from events
          where stream_id = ${streamId} ${from === 'end' ? this.sql`` : this.sql`and revision <= ${from === 'start' ? 0 : from}`}
          order by revision desc limit ${limit}`
      : await this.sql<EventRow[]>`
          select ${this.sql.unsafe(COLUMNS)} from events
          where stream_id = ${streamId} and revision >= ${from === 'start' ? 0 : from === 'end' ? Number.MAX_SAFE_INTEGER : from}
          order by revision limit ${limit}`;
    if (rows.length === 0 && !(await this.exists(streamId))) throw new StreamNotFoundError(streamId);
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    // Only transactions below the oldest one still running are visible, so the order never changes under a reader.
    const visible = this.sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
    if (backwards) {
      const rows = await this.sql<EventRow[]>`
        select ${this.sql.unsafe(COLUMNS)} from events where ${visible}
        ${typeof from === 'object' ? this.sql`and (transaction_id, global_position) < (${String(from.commit)}::xid8, ${String(from.prepare)}::bigint)` : this.sql``}
        ${from === 'start' ? this.sql`and false` : this.sql``}
        order by transaction_id desc, global_position desc limit ${limit}`;
      return rows.map(toRecorded);
    }
    if (from === 'end') return [];
    const out: RecordedEvent[] = [];
    let after: Position | 'start' = from;
    while (out.length < limit) {
      const page = Math.min(PAGE, limit - out.length);
      const rows = await this.sql<EventRow[]>`
        select ${this.sql.unsafe(COLUMNS)} from events where ${visible}
        ${after === 'start' ? this.sql`` : this.sql`and (transaction_id, global_position) > (${String(after.commit)}::xid8, ${String(after.prepare)}::bigint)`}
        order by transaction_id, global_position limit ${page}`;
      for (const row of rows) out.push(toRecorded(row));
      if (rows.length < page) break;
      after = (out.at(-1) as RecordedEvent).position;
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    return liveSubscription(options, {
      readAfter: (position) => this.readAll({ fromPosition: position, maxCount: 1000 }),
      onAppend: (notify) => {
        // Appends through this store wake subscribers at once; other processes' appends are found by polling.
        this.localAppends.add(notify);
        const timer = setInterval(notify, this.pollIntervalMs);
        timer.unref();
        return () => {
          clearInterval(timer);
          this.localAppends.delete(notify);
        };
      },
    });
  }

  async close(): Promise<void> {
    this.localAppends.clear();
  }

  private async exists(streamId: string): Promise<boolean> {
    const [row] = await this.sql`select 1 from events where stream_id = ${streamId} limit 1`;
    return row !== undefined;
  }
}

const COLUMNS = `stream_id, revision::text as revision, transaction_id::text as commit_position,
  global_position::text as prepare_position, event_id::text as event_id, type, data, metadata, created`;
