// Group commit: appends waiting at the same moment are written by one INSERT statement (one transaction, one WAL flush).
import type { AppendResult, EventData } from '@delve/kernel';
import type { PendingQuery, Row as SqlRow, Sql } from 'postgres';
import { appendResultOf, type AppendedRow } from './appendedRow';
import { mayWrite } from './soleWriter';

export interface PendingAppend {
  readonly streamId: string;
  /** The revision the stream must be at (-1: no stream yet). */
  readonly base: number;
  readonly events: readonly EventData[];
  /** Landed: the result. Refused (the stream is not at `base`, tried on its own): null. */
  readonly settle: (result: AppendResult | null) => void;
  readonly fail: (error: unknown) => void;
}

export interface Row extends AppendedRow {
  stream_id: string;
}

/**
 * Queues appends and flushes them in batches: at most `maxInFlight` statements at once, each taking every append
 * queued at that moment (one per stream; a second append to a stream waits for the next batch). An append whose
 * expected revision is not the head is left out of the INSERT, and a unique violation (a writer in another process
 * won a race) fails the whole statement: either way the appends concerned are then tried one by one, so a null
 * result always means that append, tried on its own, was refused.
 */
export class GroupCommitter {
  private queue: PendingAppend[] = [];
  private inFlight = 0;
  /** Counters for benchmarks: statements sent and the appends they carried. */
  readonly stats = { statements: 0, appends: 0 };

  /**
   * `single` writes one append with the plain statement (null when refused): used whenever a slot is free, so
   * batching only happens under load, when appends queue up behind `maxInFlight` statements.
   */
  constructor(
    private readonly sql: Sql,
    private readonly single: (pending: PendingAppend) => Promise<AppendResult | null>,
    /** What each statement asks before it writes (the sole-writer lock, ADR 0060). */
    private readonly mayWrite: () => PendingQuery<SqlRow[]>,
    private readonly maxInFlight = 1,
    private readonly maxBatch = 200,
    /** Told how many appends each statement carries (metrics). */
    private readonly onBatch?: (appends: number) => void,
  ) {}

  append(streamId: string, base: number, events: readonly EventData[]): Promise<AppendResult | null> {
    return new Promise((settle, fail) => {
      this.queue.push({ streamId, base, events, settle, fail });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: PendingAppend[] = [];
      const rest: PendingAppend[] = [];
      const streams = new Set<string>();
      for (const pending of this.queue) {
        if (batch.length < this.maxBatch && !streams.has(pending.streamId)) {
          streams.add(pending.streamId);
          batch.push(pending);
        } else rest.push(pending);
      }
      this.queue = rest;
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private writeAlone(pending: PendingAppend): Promise<void> {
    return this.single(pending).then(pending.settle, pending.fail);
  }

  private async write(batch: readonly PendingAppend[]): Promise<void> {
    this.stats.statements++;
    this.stats.appends += batch.length;
    this.onBatch?.(batch.length);
    if (batch.length === 1) return this.writeAlone(batch[0] as PendingAppend);
    let rows: Row[];
    try {
      rows = await batchInsert(this.sql, batch, this.mayWrite());
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        await Promise.all(batch.map((pending) => this.writeAlone(pending)));
      } else {
        for (const pending of batch) pending.fail(error);
      }
      return;
    }
    // Each append's result is its last event: the highest revision returned for its stream.
    const landed = new Map<string, Row>();
    for (const row of rows) {
      const seen = landed.get(row.stream_id);
      if (!seen || Number(row.revision) > Number(seen.revision)) landed.set(row.stream_id, row);
    }
    // Left out of the statement: the stream was not at its base then; try it on its own to be sure.
    await Promise.all(
      batch.map((pending) => {
        const row = landed.get(pending.streamId);
        return row ? pending.settle(appendResultOf(row)) : this.writeAlone(pending);
      }),
    );
  }
}

/**
 * The one statement that appends a whole batch (at most one entry per stream): an entry's events land only if its
 * stream's head is its base. The head is a scalar max() per row, which PostgreSQL can only answer by an index probe
 * (never a scan of the table, whatever its size), and it sees the table as it was before the statement, so every
 * event of an entry is checked against the same head. The batch travels as one JSON parameter: cheaper to encode
 * than seven arrays, and PostgreSQL keeps each event's JSON text verbatim. `asked`: what it asks before it writes
 * (mayWrite, ADR 0060). Returns the rows inserted.
 */
export function batchInsert(
  sql: Sql,
  batch: readonly Pick<PendingAppend, 'streamId' | 'base' | 'events'>[],
  asked: PendingQuery<SqlRow[]> = mayWrite(sql),
): PendingQuery<Row[]> {
  const rows = batch.flatMap(({ streamId, base, events }, k) =>
    events.map((e, offset) => ({ k, s: streamId, b: base, r: base + 1 + offset, id: e.id, t: e.type, d: e.data, m: e.metadata ?? {} })),
  );
  return sql<Row[]>`
    insert into events (stream_id, revision, event_id, type, data, metadata)
    select t.s, t.r, t.id, t.t, t.d, t.m
      from json_to_recordset(${JSON.stringify(rows)}::text::json) as t(k int, s text, b bigint, r bigint, id uuid, t text, d json, m json)
     where ${asked} and coalesce((select max(e.revision) from events e where e.stream_id = t.s), -1) = t.b
     order by t.k, t.r
    returning stream_id, revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position`;
}
