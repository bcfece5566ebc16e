// TEST DOUBLE, not a server to run in production: the in-memory transaction log behind the EventStoreDB protocol double.

/** One event as the double stores it: raw bytes, exactly as they came over the wire. */
export interface StoredEvent {
  readonly streamId: string;
  /** 0-based, gapless within the stream. */
  readonly revision: number;
  /** Log position; like a single-node EventStoreDB since v20, commit and prepare positions are equal. */
  readonly position: bigint;
  /** Lower-case UUID text. */
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, which is what the client expects in the `created` metadata entry. */
  readonly created: bigint;
}

/** An event proposed by an append, before the log gives it a revision and a position. */
export interface ProposedEvent {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

/** The expected-revision option of an append, as the wire protocol carries it. */
export type ExpectedState =
  | { readonly kind: 'any' }
  | { readonly kind: 'no_stream' }
  | { readonly kind: 'stream_exists' }
  | { readonly kind: 'revision'; readonly revision: number };

/** What an append did. `currentRevision` is null when the stream does not exist; `position` null when nothing is known. */
export type AppendOutcome =
  | { readonly kind: 'success'; readonly currentRevision: number | null; readonly position: bigint | null }
  | { readonly kind: 'wrong_expected_version'; readonly currentRevision: number | null; readonly expected: ExpectedState };

// A fresh EventStoreDB's log does not start at 0 (epoch and system records come first); neither does ours.
const FIRST_POSITION = 1_024n;
// Fixed per-record overhead, so positions are sparse like byte offsets and nobody can treat them as counters.
const RECORD_OVERHEAD = 96n;

/** The double's storage: one global log in commit order plus per-stream indexes, with EventStoreDB's append checks. */
export class DoubleLog {
  readonly all: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly idsByStream = new Map<string, Map<string, number>>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = FIRST_POSITION;

  constructor(
    private readonly now: () => bigint = () => BigInt(Date.now()) * 10_000n,
    private readonly positionOnReplay = true,
  ) {}

  stream(streamId: string): readonly StoredEvent[] | undefined {
    return this.streams.get(streamId);
  }

  /** Calls `listener` after every append that wrote events; returns the function that stops it. */
  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Index in `all` of the first event whose position is after `position` (or at it, when `inclusive`). */
  indexAfter(position: bigint, inclusive: boolean): number {
    let low = 0;
    let high = this.all.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const p = (this.all[mid] as StoredEvent).position;
      if (p > position || (inclusive && p === position)) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /**
   * Appends atomically, checking the expected state the way EventStoreDB's commit check does:
   * a retry whose ids are already stored where they would go succeeds again without writing,
   * a retry that only partly matches is refused as a wrong expected version.
   */
  append(streamId: string, expected: ExpectedState, events: readonly ProposedEvent[]): AppendOutcome {
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length - 1;
    const currentRevision = current < 0 ? null : current;
    const wrong: AppendOutcome = { kind: 'wrong_expected_version', currentRevision, expected };

    if (expected.kind === 'any' || expected.kind === 'stream_exists') {
      if (expected.kind === 'stream_exists' && current < 0) return wrong;
      const known = this.idsByStream.get(streamId);
      const found = events.map((e) => known?.get(e.id));
      if (events.length > 0 && found[0] !== undefined) {
        // Any: every id must already be in this stream, otherwise the retry is corrupt.
        if (found.some((r) => r === undefined)) return wrong;
        return this.replayed(stream, found.at(-1) as number);
      }
      return this.write(streamId, stream, events);
    }

    const expectedRevision = expected.kind === 'no_stream' ? -1 : expected.revision;
    if (expectedRevision === current) return this.write(streamId, stream, events);
    if (expectedRevision > current || events.length === 0) return wrong;
    // Behind the head: only an exact replay of what follows the expected revision is accepted.
    for (const [i, event] of events.entries()) {
      if (stream[expectedRevision + 1 + i]?.id !== event.id) return wrong;
    }
    return this.replayed(stream, expectedRevision + events.length);
  }

  private replayed(stream: readonly StoredEvent[], lastRevision: number): AppendOutcome {
    const last = stream[lastRevision] as StoredEvent;
    return { kind: 'success', currentRevision: last.revision, position: this.positionOnReplay ? last.position : null };
  }

  private write(streamId: string, stream: StoredEvent[], events: readonly ProposedEvent[]): AppendOutcome {
    if (events.length === 0) {
      const last = stream.at(-1);
      return { kind: 'success', currentRevision: last?.revision ?? null, position: null };
    }
    const created = this.now();
    let ids = this.idsByStream.get(streamId);
    if (!ids) this.idsByStream.set(streamId, (ids = new Map()));
    for (const event of events) {
      const stored: StoredEvent = { ...event, streamId, revision: stream.length, position: this.nextPosition, created };
      this.nextPosition += RECORD_OVERHEAD + BigInt(event.type.length + event.data.length + event.customMetadata.length);
      stream.push(stored);
      this.all.push(stored);
      ids.set(event.id, stored.revision);
    }
    this.streams.set(streamId, stream);
    for (const listener of this.listeners) listener();
    const last = stream.at(-1) as StoredEvent;
    return { kind: 'success', currentRevision: last.revision, position: last.position };
  }
}
