// Group commit: appends waiting at the same moment are written by one INSERT statement (one transaction, one WAL flush).
import type { AppendResult, EventData } from '@delve/kernel';
import type { PendingQuery, Sql } from 'postgres';
import { appendResultOf, type AppendedRow } from './appendedRow';

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
  k: number;
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
    private readonly maxInFlight = 8,
    private readonly maxBatch = 200,
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
    if (batch.length === 1) return this.writeAlone(batch[0] as PendingAppend);
    let rows: Row[];
    try {
      rows = await batchInsert(this.sql, batch);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        await Promise.all(batch.map((pending) => this.writeAlone(pending)));
      } else {
        for (const pending of batch) pending.fail(error);
      }
      return;
    }
    const landed = new Map(rows.map((r) => [r.k, r]));
    // Left out of the statement: the stream was not at its base then; try it on its own to be sure.
    await Promise.all(
      batch.map((pending, index) => {
        const row = landed.get(index);
        return row ? pending.settle(appendResultOf(row)) : this.writeAlone(pending);
      }),
    );
  }
}

/**
 * The one statement that appends a whole batch: each entry lands only if its stream's head is its base, found by an
 * index probe per entry (a lateral max() the planner cannot turn into a scan of the table, whatever its size).
 * Returns, per landed entry `k` (its index in the batch), its last event's revision and position.
 */
export function batchInsert(sql: Sql, batch: readonly Pick<PendingAppend, 'streamId' | 'base' | 'events'>[]): PendingQuery<Row[]> {
  const k: number[] = [];
  const streams: string[] = [];
  const bases: number[] = [];
  const ids: string[] = [];
  const types: string[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  batch.forEach((pending, index) => {
    for (const e of pending.events) {
      k.push(index);
      streams.push(pending.streamId);
      bases.push(pending.base);
      ids.push(e.id);
      types.push(e.type);
      data.push(JSON.stringify(e.data));
      metadata.push(JSON.stringify(e.metadata ?? {}));
    }
  });
  return sql<Row[]>`
    with input as (
      select * from unnest(${k}::int[], ${streams}::text[], ${bases}::bigint[], ${ids}::uuid[], ${types}::text[], ${data}::text[], ${metadata}::text[])
        with ordinality as t(k, stream_id, base, id, type, data, metadata, i)
    ), accepted as (
      select h.k from (select distinct k, stream_id, base from input) h
       cross join lateral (select max(e.revision) as head from events e where e.stream_id = h.stream_id) m
       where coalesce(m.head, -1) = h.base
    ), inserted as (
      insert into events (stream_id, revision, event_id, type, data, metadata)
      select x.stream_id, x.base + row_number() over (partition by x.k order by x.i), x.id, x.type, x.data::json, x.metadata::json
        from input x where x.k in (select k from accepted)
       order by x.i
      returning stream_id, revision, transaction_id, global_position
    )
    select distinct on (x.k) x.k, i.revision::text as revision, i.transaction_id::text as commit_position, i.global_position::text as prepare_position
      from inserted i join (select distinct k, stream_id from input) x on x.stream_id = i.stream_id
     order by x.k, i.revision desc`;
}
