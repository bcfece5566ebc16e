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
  checkExpectedRevision,
  idempotentReplay,
  liveSubscription,
} from '@delve/kernel';

import type { PendingQuery, Row, Sql } from 'postgres';
import { appendResultOf, type AppendedRow } from './appendedRow';
import { GroupCommitter } from './groupCommit';
import { mayWrite, type SoleWriterLock } from './soleWriter';

/** A piece of SQL spliced into a larger query. */
type Fragment = PendingQuery<Row[]>;

interface EventRow {
  stream_id: string;
  revision: string;
  commit_position: string;
  prepare_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  created: string;
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  streamId: row.stream_id,
  revision: Number(row.revision),
  position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  id: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  created: row.created,
});

const PAGE = 5000;

/**
 * SQL for the transaction id below which `$all` is final: no transaction that may still commit events here has a
 * lower one. That is the oldest transaction still running, leaving out those PostgreSQL reports as running in another
 * database, which cannot write to this one's events: a long transaction elsewhere on a shared server no longer holds
 * back this store's readers. A transaction whose database is not reported (no permission to see it, or an id assigned
 * a moment ago) is kept, which can only lower the bound, never skip an event. Both snapshot calls of one statement
 * see the same snapshot; an id is matched on its low 32 bits (`backend_xid` is an `xid`), which cannot collide among
 * transactions running at once.
 */
export const FINAL_BELOW = `coalesce(
  (select min(running) from pg_snapshot_xip(pg_current_snapshot()) as running
    where (running::text::bigint % 4294967296)::text::xid <> all (array(
      select backend_xid from pg_stat_activity
       where backend_xid is not null and datname is distinct from current_database()))),
  pg_snapshot_xmax(pg_current_snapshot()))`;

const lastOf = (rows: readonly AppendedRow[]): AppendResult => appendResultOf(rows.at(-1) as AppendedRow);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export interface PostgresEventStoreOptions {
  /** How often a live subscription polls for events committed by other processes (ms, default 100). */
  readonly pollIntervalMs?: number;
  /**
   * Merge concurrent appends at exact revisions into one INSERT (default true). Same semantics, fewer
   * transactions: the figure that matters on a small machine under many concurrent games.
   */
  readonly groupCommit?: boolean;
  /** Statements in flight before appends queue up and get merged (default 1: classic group commit). */
  readonly maxInFlight?: number;
  /** Told of each append and each group-commit statement (the server's metrics); the store works the same without. */
  readonly observer?: AppendObserver;
  /**
   * This process's sole-writer lock (ADR 0060), when it runs as the database's only writer: while it holds the lock
   * its appends need not take it shared. Every other append does, and is refused while another process holds it.
   */
  readonly soleWriter?: SoleWriterLock;
}

/** What the store reports as it writes, for an operator's metrics. */
export interface AppendObserver {
  /** An append finished (landed or refused), `seconds` after it was asked for. */
  appended(seconds: number): void;
  /** One group-commit statement carried `appends` appends. */
  batched(appends: number): void;
}

export class PostgresEventStore implements EventStore {
  private readonly localAppends = new Set<() => void>();
  private readonly pollIntervalMs: number;
  private readonly group: GroupCommitter | null;
  private readonly observer: AppendObserver | undefined;
  private readonly soleWriter: SoleWriterLock | undefined;

  constructor(
    private readonly sql: Sql,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 100;
    this.observer = options.observer;
    this.soleWriter = options.soleWriter;
    this.group =
      options.groupCommit === false
        ? null
        : new GroupCommitter(
            sql,
            ({ streamId, base, events }) => this.insertAtRevision(streamId, events, base),
            () => mayWrite(sql, this.soleWriter),
            options.maxInFlight,
            undefined,
            this.observer && ((appends) => this.observer?.batched(appends)),
          );
  }

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    const started = this.observer ? performance.now() : 0;
    try {
      const result =
        events.length === 0 ? await this.appendNothing(streamId, expected) : await this.appendBatch(streamId, events, expected);
      for (const notify of this.localAppends) notify();
      return result;
    } finally {
      this.observer?.appended((performance.now() - started) / 1000);
    }
  }

  /** One INSERT: at an exact revision it lands only if that revision is the head (UNIQUE(stream, revision) settles races). */
  private async appendBatch(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    if (expected === 'any' || expected === 'stream_exists') {
      const replay = await this.idempotentReplay(streamId, events, expected);
      if (replay) return replay;
      // The head is read in the same statement; a racing writer makes it a unique violation, so try again.
      for (let attempt = 0; ; attempt++) {
        try {
          const rows = await this.insert(streamId, events, null, expected === 'stream_exists');
          if (rows.length === 0) throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
          return lastOf(rows);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 20) throw error;
        }
      }
    }
    const base = expected === 'no_stream' ? -1 : expected;
    const landed = this.group ? await this.group.append(streamId, base, events) : await this.insertAtRevision(streamId, events, base);
    if (landed) return landed;
    // Refused: either a retry of events already stored right there (succeed without writing) or a real conflict.
    const replay = await this.idempotentReplay(streamId, events, expected);
    if (replay) return replay;
    const head = await this.head(streamId);
    throw new WrongExpectedVersionError(streamId, String(expected), head < 0 ? 'no_stream' : String(head));
  }

  /** Append right after revision `base` (-1: a new stream), or null when the stream is not at `base`. */
  private async insertAtRevision(streamId: string, events: readonly EventData[], base: number): Promise<AppendResult | null> {
    try {
      const rows = await this.insert(streamId, events, base, false);
      return rows.length > 0 ? lastOf(rows) : null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  private insert(streamId: string, events: readonly EventData[], base: number | null, mustExist: boolean) {
    const only = events.length === 1 ? (events[0] as EventData) : null;
    if (only && base !== null) {
      // The common case, one event at an exact revision, without array parameters.
      const guard =
        base < 0 ? this.sql`true` : this.sql`exists (select 1 from events where stream_id = ${streamId} and revision = ${base})`;
      return this.sql<AppendedRow[]>`
        insert into events (stream_id, revision, event_id, type, data, metadata)
        select ${streamId}, ${base + 1}, ${only.id}::uuid, ${only.type}, ${JSON.stringify(only.data)}::text::json, ${JSON.stringify(only.metadata ?? {})}::text::json
         where ${mayWrite(this.sql, this.soleWriter)} and ${guard}
        returning revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position`;
    }
    const ids = events.map((e) => e.id);
    const types = events.map((e) => e.type);
    const data = events.map((e) => JSON.stringify(e.data));
    const metadata = events.map((e) => JSON.stringify(e.metadata ?? {}));
    const rows = (head: Fragment, guard: Fragment) => this.sql<AppendedRow[]>`
      insert into events (stream_id, revision, event_id, type, data, metadata)
      select ${streamId}, ${head} + t.i, t.id, t.type, t.data::json, t.metadata::json
        from unnest(${ids}::uuid[], ${types}::text[], ${data}::text[], ${metadata}::text[]) with ordinality as t(id, type, data, metadata, i)
       where ${mayWrite(this.sql, this.soleWriter)} and ${guard}
       order by t.i
      returning revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position`;
    if (base === null) {
      const head = this.sql`(select coalesce(max(revision), -1) from events where stream_id = ${streamId})`;
      return rows(head, mustExist ? this.sql`exists (select 1 from events where stream_id = ${streamId})` : this.sql`true`);
    }
    const guard = base < 0 ? this.sql`true` : this.sql`exists (select 1 from events where stream_id = ${streamId} and revision = ${base})`;
    return rows(this.sql`${base}::bigint`, guard);
  }

  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const head = await this.head(streamId);
    checkExpectedRevision(streamId, expected, head);
    return { nextExpectedRevision: head, position: { commit: 0n, prepare: 0n } };
  }

  /** EventStoreDB's idempotence: the batch's ids already stored in order at the place `expected` names. */
  private async idempotentReplay(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult | null> {
    const stored = await this.sql<{ id: string; revision: string; commit_position: string; prepare_position: string }[]>`
      select event_id::text as id, revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position
        from events where stream_id = ${streamId} and event_id = any(${events.map((e) => e.id)}::uuid[]) order by events.revision`;
    if (stored.length === 0) return null;
    return idempotentReplay(
      stored.map((r) => ({
        id: r.id,
        revision: Number(r.revision),
        position: { commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) },
      })),
      events,
      expected,
    );
  }

  private async head(streamId: string): Promise<number> {
    const [row] = await this.sql<{ head: string | null }[]>`select max(revision)::text as head from events where stream_id = ${streamId}`;
    return row?.head == null ? -1 : Number(row.head);
  }

  /** Group-commit counters (statements sent, appends carried), for benchmarks; null when group commit is off. */
  get groupCommitStats(): { statements: number; appends: number } | null {
    return this.group ? { ...this.group.stats } : null;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (!backwards && typeof from === 'number' && from > 0) return this.readOn(streamId, from, limit);
    const rows = backwards
      ? await this.sql<EventRow[]>`
          select ${this.sql.unsafe(COLUMNS)} from events
          where stream_id = ${streamId} ${from === 'end' ? this.sql`` : this.sql`and revision <= ${from === 'start' ? 0 : from}`}
          order by events.revision desc limit ${limit}`
      : await this.sql<EventRow[]>`
          select ${this.sql.unsafe(COLUMNS)} from events
          where stream_id = ${streamId} and revision >= ${from === 'start' ? 0 : from === 'end' ? Number.MAX_SAFE_INTEGER : from}
          order by events.revision limit ${limit}`;
    if (rows.length === 0 && !(await this.exists(streamId))) throw new StreamNotFoundError(streamId);
    return rows.map(toRecorded);
  }

  /**
   * Events from `from` (> 0) on, read with the event before them (without its data) as proof that the stream exists: a
   * reader catching up with a stream it holds (the commonest read of all) mostly finds nothing new, and would otherwise
   * need a second statement to tell "nothing new" from "no such stream".
   */
  private async readOn(streamId: string, from: number, limit: number): Promise<RecordedEvent[]> {
    const rows = await this.sql<EventRow[]>`
      select stream_id, revision::text as revision, transaction_id::text as commit_position,
        global_position::text as prepare_position, event_id::text as event_id, type,
        case when revision >= ${from} then data end as data, case when revision >= ${from} then metadata end as metadata,
        ${this.sql.unsafe(CREATED)} as created
      from events where stream_id = ${streamId} and revision >= ${from - 1}
      order by events.revision limit ${Math.min(limit, Number.MAX_SAFE_INTEGER - 1) + 1}`;
    const before = rows[0] !== undefined && Number(rows[0].revision) === from - 1;
    const events = (before ? rows.slice(1) : rows).slice(0, limit);
    if (events.length === 0 && !before && !(await this.exists(streamId))) throw new StreamNotFoundError(streamId);
    return events.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    // Only transactions below the oldest one still running are visible, so the order never changes under a reader.
    const visible = this.sql.unsafe(`transaction_id < ${FINAL_BELOW}`);
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
        // Appends through this store wake subscribers at once (unless they hear of them otherwise); other processes'
        // appends are found by polling.
        if (options.wakeOnLocalAppends !== false) this.localAppends.add(notify);
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

// `created` as JavaScript's toISOString writes it, made by the server: no Date parsed and printed again per row.
const CREATED = `to_char(created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `stream_id, revision::text as revision, transaction_id::text as commit_position,
  global_position::text as prepare_position, event_id::text as event_id, type, data, metadata, ${CREATED} as created`;
