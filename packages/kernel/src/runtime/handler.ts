// The one command handler for every stream (games, players, characters, campaigns): load (cache + catch-up) → decide →
// append at the expected revision → re-decide on conflict, with idempotency keys carried in event metadata.
import { ConflictError, RuleViolation, StreamNotFoundError, WrongExpectedVersionError } from '../errors';
import type { EventData, EventStore, RecordedEvent } from '../store';
import { StateCache } from './cache';

/** The revisions one command wrote, first to last (from > to when it wrote nothing). */
export interface Written {
  readonly from: number;
  readonly to: number;
}

/** What a command sent with an idempotency key wrote, and a digest of the request it came with (when given). */
export interface KeyedWrite extends Written {
  /** The request's fingerprint recorded with the key (absent on events written before fingerprints were). */
  readonly fingerprint?: string | undefined;
}

/** A stream folded up to `revision`, with the idempotency keys its commands carried. */
export interface Folded<S> {
  readonly state: S;
  /** Revision of the last event folded in (0-based). */
  readonly revision: number;
  /** Idempotency key → the revisions its command wrote. */
  readonly keys: ReadonlyMap<string, KeyedWrite>;
}

/** Fold one stored event into a stream's state (`undefined` before its first event). Total: never throws on a stored event. */
export type StreamFold<S> = (state: S | undefined, event: RecordedEvent) => S;

/** What every event of one command shares, handed to `decide` so it can build each event's metadata in one go. */
export interface Stamp {
  readonly commandId: string;
  /** ISO time of the command, from the injected clock. */
  readonly at: string;
  readonly idempotencyKey: string | undefined;
}

/** An event to append; the handler gives it an id. `metadata` must carry the stamp (see `stampedMetadata`). */
export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

/** What `decide` returns: the events, and optionally the state they fold into when it already computed it. */
export interface Decided<S> {
  readonly events: readonly NewEvent[];
  /** The fold of `events` onto the current state, when decide produced it anyway (saves folding them twice). */
  readonly state?: S;
}

export interface Handled<S, D> {
  /** The stream after the command (or as it stood, for a replayed key or a command that wrote nothing). */
  readonly folded: Folded<S>;
  readonly written: KeyedWrite;
  /** True when the idempotency key was seen before: nothing was appended, `written` is the first outcome's. */
  readonly replayed: boolean;
  /** What decide returned for the command that was appended; null when replayed. */
  readonly decision: D | null;
  readonly stamp: Stamp | null;
}

export interface StreamHandlerDeps<S> {
  readonly store: EventStore;
  readonly fold: StreamFold<S>;
  /** The clock, injected: the kernel never reads it itself. */
  readonly clock: () => Date;
  /** A fresh UUID (event and command ids). */
  readonly newId: () => string;
  /** Re-decide this many times when another writer got in first (default 5). */
  readonly maxRetries?: number;
  /** Streams kept folded in memory (default 1000). */
  readonly cacheSize?: number;
  /** The code of the ConflictError when retries run out (default 'stream/concurrency'). */
  readonly conflictCode?: string;
  /**
   * Fold a run of stored events at once (default: `fold` one at a time): a stream type may skip building a whole state
   * per event, or keep snapshots on the way. Must give what `fold` event by event would.
   */
  readonly foldMany?: (state: S | undefined, events: readonly RecordedEvent[]) => S;
  /**
   * While this process is the store's only writer, a number naming that stretch of time (the sole writer's epoch, ADR
   * 0060), else null. A fold read or appended within the current epoch is exact until it ends: `load` takes it as it is.
   */
  readonly soleEpoch?: () => number | null;
}

/** Metadata field of a command's first event holding the request fingerprint sent with its idempotency key. */
export const FINGERPRINT_FIELD = 'idempotencyFingerprint';

/** JSON with object keys sorted, so one request serialised in another key order has the same fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The metadata fields every event gets from its command's stamp, built in one fixed order (one object shape). */
export function stampedMetadata(stamp: Stamp, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const metadata: Record<string, unknown> = { commandId: stamp.commandId, causationId: stamp.commandId, at: stamp.at, ...extra };
  if (stamp.idempotencyKey !== undefined) metadata.idempotencyKey = stamp.idempotencyKey;
  return metadata;
}

/**
 * Runs commands against one kind of stream. Stateless apart from a cache that is re-validated against the store: a
 * stale cache costs nothing extra, because the store refuses the append (wrong expected revision) and the command is
 * re-decided on a fresh fold. A rejection is only reported after re-deciding on a fresh fold, so a node that missed
 * another node's writes never refuses a command that became legal.
 */
export class StreamHandler<S> {
  /**
   * Each stream's fold, the number of the latest read of the store it includes (see `mark`), and the sole writer's
   * epoch it is exact in (null: none known).
   */
  private readonly cache: StateCache<{ readonly folded: Folded<S>; readonly read: number; readonly epoch: number | null }>;
  /** Appends in flight by stream: until one is folded, the cached fold may be behind the store even for a sole writer. */
  private readonly appending = new Map<string, number>();
  private readonly maxRetries: number;
  /** Reads of streams issued so far: the logical clock of `mark` (the kernel reads no clock). */
  private reads = 0;

  constructor(private readonly deps: StreamHandlerDeps<S>) {
    this.cache = new StateCache(deps.cacheSize ?? 1000);
    this.maxRetries = deps.maxRetries ?? 5;
  }

  /**
   * This moment, for `load`'s `freshAfter`: a fold caught up by a read issued after it includes every event committed
   * before it, as a read issued now would. A request marks its start, then shares one catch-up among its reads.
   */
  mark(): number {
    return this.reads;
  }

  /**
   * Decide against the stream (null when it has no events yet) and append what decide returns atomically at the
   * revision it decided on. A key seen before returns the first outcome without deciding; seen before with another
   * request fingerprint, it is refused (RuleViolation `request/idempotency-key-reused`), as payment APIs do.
   */
  async handle<D extends Decided<S>>(
    streamId: string,
    decide: (current: Folded<S> | null, stamp: Stamp) => D,
    options: {
      idempotencyKey?: string | undefined;
      /** A digest of the request sent with the key (see canonicalJson), recorded with it and compared on a retry. */
      fingerprint?: string | undefined;
      /** The caller just made the id up: decide as new without a read. */ newStream?: boolean;
    } = {},
  ): Promise<Handled<S, D>> {
    const key = options.idempotencyKey;
    const fingerprint = key === undefined ? undefined : options.fingerprint;
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      const cached = fresh ? undefined : this.cache.get(streamId)?.folded;
      const assumeNew = options.newStream === true && attempt === 0;
      const current = assumeNew ? null : (cached ?? (await this.loadOrNull(streamId)));
      fresh = cached === undefined && !assumeNew;
      const seen = key === undefined || !current ? undefined : current.keys.get(key);
      if (seen && current) {
        if (fingerprint !== undefined && seen.fingerprint !== undefined && seen.fingerprint !== fingerprint) {
          throw new RuleViolation(
            'request/idempotency-key-reused',
            'this Idempotency-Key was already used for a different request; send a new key with a new request',
          );
        }
        return { folded: current, written: seen, replayed: true, decision: null, stamp: null };
      }
      const stamp: Stamp = { commandId: this.deps.newId(), at: this.deps.clock().toISOString(), idempotencyKey: key };
      let decision: D;
      try {
        decision = decide(current, stamp);
      } catch (error) {
        if (fresh) throw error;
        fresh = true; // re-decide on the latest state before refusing
        continue;
      }
      const revision = current?.revision ?? -1;
      if (decision.events.length === 0) {
        if (!current) throw new Error(`a command on ${streamId}, which has no events yet, decided nothing`);
        return { folded: current, written: { from: revision + 1, to: revision }, replayed: false, decision, stamp };
      }
      const data: EventData[] = decision.events.map((e, i) => ({
        id: this.deps.newId(),
        type: e.type,
        data: e.data,
        // The fingerprint goes with the command's first event, where the key is first seen on a fold.
        metadata: i === 0 && fingerprint !== undefined ? { ...e.metadata, [FINGERPRINT_FIELD]: fingerprint } : e.metadata,
      }));
      const epoch = this.soleEpoch();
      if (!(await this.appendAt(streamId, data, current ? revision : 'no_stream'))) {
        this.cache.delete(streamId);
        fresh = true;
        if (attempt >= this.maxRetries) {
          throw new ConflictError(this.deps.conflictCode ?? 'stream/concurrency', 'the stream kept changing under this command; retry');
        }
        continue;
      }
      const written: KeyedWrite = { from: revision + 1, to: revision + data.length, fingerprint };
      const folded = this.after(streamId, current, decision, data, written, stamp);
      // Landed at the revision it expected, with no other writer all along: the fold is the stream's, in that epoch.
      this.keep(streamId, folded, -1, this.sameEpoch(epoch));
      return { folded, written, replayed: false, decision, stamp };
    }
  }

  /**
   * Append at the revision decided on; false when the store had moved on (another writer got in first). Marked in flight
   * meanwhile, so a sole writer's `load` does not take the fold from before it as exact (the caller keeps the fold after
   * it in the same turn of the event loop as the mark is cleared).
   */
  private async appendAt(streamId: string, data: readonly EventData[], expectedRevision: number | 'no_stream'): Promise<boolean> {
    this.appending.set(streamId, (this.appending.get(streamId) ?? 0) + 1);
    try {
      await this.deps.store.appendToStream(streamId, data, { expectedRevision });
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return false;
      throw error;
    } finally {
      const left = (this.appending.get(streamId) ?? 1) - 1;
      if (left > 0) this.appending.set(streamId, left);
      else this.appending.delete(streamId);
    }
  }

  /** The sole writer's epoch now (null when this process is not known to be the only writer). */
  private soleEpoch(): number | null {
    return this.deps.soleEpoch?.() ?? null;
  }

  /** `epoch` when it is still the current one (nobody else could write since it was taken), else null. */
  private sameEpoch(epoch: number | null): number | null {
    return epoch !== null && epoch === this.soleEpoch() ? epoch : null;
  }

  /** Lookups of the folded-state cache that found a state (hits) and that had to read the stream (misses). */
  get cacheLookups(): { readonly hits: number; readonly misses: number } {
    return this.cache.lookups;
  }

  /**
   * The stream folded to its last event: from the cache, caught up with whatever other writers appended since. With
   * `freshAfter` (a `mark`), a fold already caught up by a read issued after that mark is taken as it is.
   */
  async load(streamId: string, options: { freshAfter?: number } = {}): Promise<Folded<S>> {
    const entry = this.cache.get(streamId);
    if (entry && options.freshAfter !== undefined && entry.read > options.freshAfter) return entry.folded;
    // A sole writer's fold made in the current epoch is the stream as it stands, unless its own append is in flight.
    const epoch = this.soleEpoch();
    if (entry && epoch !== null && entry.epoch === epoch && !this.appending.has(streamId)) return entry.folded;
    const read = ++this.reads;
    if (entry) {
      const newer = await this.deps.store.readStream(streamId, { fromRevision: entry.folded.revision + 1 });
      return this.keep(streamId, newer.length === 0 ? entry.folded : this.extend(entry.folded, newer), read, this.sameEpoch(epoch));
    }
    return this.keep(streamId, this.foldAll(await this.deps.store.readStream(streamId)), read, this.sameEpoch(epoch));
  }

  /**
   * Cache `folded` (which includes read number `read`, -1 for none) unless the cache holds a later revision already (a
   * concurrent read or append got there first): a cached fold never goes back, so it includes every read it is credited
   * with. Returns the fold now cached.
   */
  private keep(streamId: string, folded: Folded<S>, read: number, epoch: number | null = null): Folded<S> {
    const current = this.cache.peek(streamId);
    const behind = current !== undefined && current.folded.revision > folded.revision;
    const latest = behind ? current.folded : folded;
    // The epoch goes with the fold it was proved for; the same revision proved either way keeps whichever proof holds.
    const same = current !== undefined && current.folded.revision === folded.revision;
    const exactIn = behind ? current.epoch : (epoch ?? (same ? current.epoch : null));
    this.cache.set(streamId, { folded: latest, read: Math.max(read, current?.read ?? -1), epoch: exactIn });
    return latest;
  }

  /** Every event of the stream (throws StreamNotFoundError when it has none). */
  read(streamId: string): Promise<RecordedEvent[]> {
    return this.deps.store.readStream(streamId);
  }

  /** Fold a run of stored events from the stream's first (a replay stops early by passing fewer). */
  foldAll(events: readonly RecordedEvent[]): Folded<S> {
    const last = events.at(-1);
    if (!last) throw new Error('foldAll needs at least one event');
    return { state: this.foldRun(undefined, events), revision: last.revision, keys: withKeys(new Map(), events) };
  }

  /** The stream as this node last folded it, without asking the store whether it grew since (a replay's starting point). */
  cached(streamId: string): Folded<S> | undefined {
    return this.cache.get(streamId)?.folded;
  }

  private async loadOrNull(streamId: string): Promise<Folded<S> | null> {
    try {
      return await this.load(streamId);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  /** `folded` with a run of the stream's next events folded in. */
  private extend(folded: Folded<S>, events: readonly RecordedEvent[]): Folded<S> {
    const last = events.at(-1);
    if (!last) return folded;
    const keyed = events.some((e) => typeof e.metadata.idempotencyKey === 'string');
    // The map is copied once per run, not per keyed event, and only when the run brings keys.
    return {
      state: this.foldRun(folded.state, events),
      revision: last.revision,
      keys: keyed ? withKeys(new Map(folded.keys), events) : folded.keys,
    };
  }

  private foldRun(state: S | undefined, events: readonly RecordedEvent[]): S {
    if (this.deps.foldMany) return this.deps.foldMany(state, events);
    for (const event of events) state = this.deps.fold(state, event);
    return state as S;
  }

  /** The fold after a successful append: decide's own state when it gave one, else the appended events folded. */
  private after(
    streamId: string,
    current: Folded<S> | null,
    decision: Decided<S>,
    data: readonly EventData[],
    written: KeyedWrite,
    stamp: Stamp,
  ): Folded<S> {
    let folded: Folded<S>;
    if (decision.state !== undefined && current) {
      folded = { state: decision.state, revision: written.to, keys: current.keys };
    } else {
      // Folded as the store will give them back (JSON round trip), so the cached fold equals a replayed one.
      const recorded = data.map((e, i): RecordedEvent => ({
        streamId,
        revision: written.from + i,
        position: { commit: 0n, prepare: 0n },
        id: e.id,
        type: e.type,
        data: JSON.parse(JSON.stringify(e.data)) as unknown,
        metadata: JSON.parse(JSON.stringify(e.metadata ?? {})) as Record<string, unknown>,
        created: stamp.at,
      }));
      return current ? this.extend(current, recorded) : this.foldAll(recorded);
    }
    if (stamp.idempotencyKey !== undefined) {
      const keys = new Map(folded.keys);
      keys.set(stamp.idempotencyKey, written);
      folded = { ...folded, keys };
    }
    return folded;
  }

  /**
   * The stream's next events as another reader of the store found them (the log, in order): folded onto the cached fold
   * when it ends just before them, or from scratch when they begin the stream and none is cached. Anything else is left
   * as it is, since a gap is only filled by reading. Credited as no read, so a later `load` still asks the store.
   */
  observe(streamId: string, events: readonly RecordedEvent[]): void {
    const first = events[0];
    if (!first) return;
    const entry = this.cache.peek(streamId);
    if (entry ? entry.folded.revision !== first.revision - 1 : first.revision !== 0) return;
    this.keep(streamId, entry ? this.extend(entry.folded, events) : this.foldAll(events), -1);
  }

  /** Keep a fold in the cache (the creator of a stream knows it without reading it back). */
  remember(streamId: string, folded: Folded<S>): void {
    this.cache.set(streamId, { folded, read: -1, epoch: null });
  }
}

/** `keys` with the idempotency keys that `events` carry (each key: the revisions its command wrote, its fingerprint). Mutates `keys`. */
function withKeys(keys: Map<string, KeyedWrite>, events: readonly RecordedEvent[]): Map<string, KeyedWrite> {
  for (const event of events) {
    const key = event.metadata.idempotencyKey;
    if (typeof key !== 'string') continue;
    const first = keys.get(key);
    // The fingerprint rides on the command's first event; later events of the same command keep it.
    const recorded = event.metadata[FINGERPRINT_FIELD];
    const fingerprint = first ? first.fingerprint : typeof recorded === 'string' ? recorded : undefined;
    keys.set(key, { from: first?.from ?? event.revision, to: event.revision, fingerprint });
  }
  return keys;
}
