// The event-store port, with EventStoreDB's semantics; adapters live in packages/store-*.

/** Expected revision of a stream for an append: any state, no stream yet, some stream, or exactly revision n (0-based). */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

/**
 * A position in the global (all-streams) order. Totally ordered by (commit, prepare).
 * PostgreSQL: commit = transaction id, prepare = global sequence. EventStoreDB: its commit/prepare positions.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** An event to append. `id` is a UUID; appending the same ids again at the same place is a no-op (idempotent). */
export interface EventData {
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: Record<string, unknown>;
}

/** An event as stored. */
export interface RecordedEvent {
  readonly streamId: string;
  /** 0-based, gapless within the stream. */
  readonly revision: number;
  readonly position: Position;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
  /** ISO-8601 time the store recorded the event. */
  readonly created: string;
}

export interface AppendResult {
  /** Revision of the last event now in the stream (pass it as the next expected revision). */
  readonly nextExpectedRevision: number;
  readonly position: Position;
}

export interface ReadStreamOptions {
  /** Start here (inclusive). Default: 'start' forwards, 'end' backwards. */
  readonly fromRevision?: number | 'start' | 'end';
  readonly direction?: 'forwards' | 'backwards';
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Start after this position (exclusive) going forwards, before it going backwards. Default: start/end. */
  readonly fromPosition?: Position | 'start' | 'end';
  readonly direction?: 'forwards' | 'backwards';
  readonly maxCount?: number;
}

export interface SubscribeOptions {
  /** Resume after this checkpoint (exclusive); 'start' to see every event. */
  readonly fromPosition?: Position | 'start';
  /** Only events whose stream id starts with one of these prefixes. */
  readonly streamPrefixes?: readonly string[];
  /**
   * false: appends made through this store object need not wake the subscription at once, because its owner hears of
   * them another way; they still arrive, in order, by the store's next poll. A hint about latency only: a store that
   * does not poll ignores it (default true).
   */
  readonly wakeOnLocalAppends?: boolean;
}

/** A catch-up subscription: every matching event exactly once, in commit order, then live ones as they commit. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
}

export interface EventStore {
  /** Append atomically: all events land, or none. Throws WrongExpectedVersionError on a revision mismatch. */
  appendToStream(streamId: string, events: readonly EventData[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** Throws StreamNotFoundError when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in commit order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/**
 * `store` with some of its operations replaced (`own`, which may add members of its own), the others passed through:
 * how a wrapper adds to a store without restating every operation.
 */
export function storeWith<Own extends Partial<EventStore>>(store: EventStore, own: Own): EventStore & Own {
  return {
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
    ...own,
  };
}

export const START: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** A checkpoint as a string ("commit/prepare"), for storing next to read models. */
export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new RangeError(`not a position: ${text}`);
  return { commit: BigInt(match[1] as string), prepare: BigInt(match[2] as string) };
}
