// One reader of the log's tail for every leader of a process (ADR 0051). The read models, the outcome recorder, the
// matchmaker, the scheduler and the notifier each follow `$all` from a checkpoint of their own; without this each read
// and parsed every event again. The log's order never changes under a reader (the store only shows what can no longer
// be overtaken), so a stretch of it read once can be handed to every follower that asks for it, and only a follower
// that asks past its end makes the store read on: one such read at a time, shared by whoever waits for it.
import { comparePositions, storeWith, type EventStore, type Position, type ReadAllOptions, type RecordedEvent } from '@delve/kernel';

export interface SharedLogOptions {
  /** Events kept behind the tail, for followers a little behind (default 10,000): older reads go to the store. */
  readonly keep?: number;
  /** Events asked of the store per read at the tail (default 1,000). */
  readonly page?: number;
  /**
   * After a read at the tail found nothing new, followers asking within this long (ms) are told so without another
   * read, unless `poke` said something was appended meanwhile (default 0: always read). It bounds what idle followers
   * cost the store, polling every 20–200 ms each, at one read per `freshMs` between them.
   */
  readonly freshMs?: number;
  /** The clock `freshMs` is measured on (ms; default performance.now). */
  readonly now?: () => number;
  /**
   * How long (ms) an append told by `poke` with its position is looked for (default 5,000): while a read at the tail has
   * not reached it (an older transaction still open hides it), the followers are told again every `freshMs`.
   */
  readonly lookForMs?: number;
  /**
   * Told of each run of events that extends the stretch or starts it anew, before any follower is served it (it must not
   * throw). A follower too far behind for the stretch reads on its own, untold.
   */
  readonly onRead?: (events: readonly RecordedEvent[]) => void;
}

/** The shared reader: a store whose forward reads of `$all` share one stretch of the tail, and what wakes its followers. */
export interface SharedLog extends EventStore {
  /** Reads of the store made so far. */
  readonly reads: () => number;
  /** Something was appended (at `position`, when known): the next follower at the tail reads the store. */
  poke(position?: Position): void;
  /** Hear when followers should look: at each poke, and again while a poked append is not yet readable. */
  onNews(listener: () => void): () => void;
}

/** `store`, with forward reads of `$all` served from one shared stretch of the log's tail; the rest passes through. */
export function sharedLog(store: EventStore, options: SharedLogOptions = {}): SharedLog {
  const keep = options.keep ?? 10_000;
  const page = options.page ?? 1_000;
  const freshMs = options.freshMs ?? 0;
  const lookForMs = options.lookForMs ?? 5_000;
  const now = options.now ?? (() => performance.now());
  /** When a read at the tail last found nothing new (null: since then something may have been appended). */
  let emptyAt: number | null = null;
  /** Pokes so far: a read asked before the latest one cannot stand for a read after it. */
  let pokes = 0;
  /** The furthest append poked with its position and not yet read at the tail, and when it was poked. */
  let awaited: { position: Position; since: number } | null = null;
  const listeners = new Set<() => void>();
  let again: ReturnType<typeof setTimeout> | null = null;
  const tell = () => {
    for (const listener of listeners) listener();
  };
  /** The stretch: every event after `origin`, in order, up to the last one read. Null until the first read. */
  let origin: Position | 'start' | null = null;
  let events: RecordedEvent[] = [];
  /** The read at the tail in flight, if any (and the pokes before it): followers at the tail wait for it rather than read. */
  let reading: { found: Promise<number>; pokes: number } | null = null;
  let reads = 0;

  const tail = (): Position | 'start' | null => events.at(-1)?.position ?? origin;
  const same = (a: Position | 'start', b: Position | 'start') => (a === 'start' || b === 'start' ? a === b : comparePositions(a, b) === 0);
  /** Where the events after `from` begin in the stretch, or -1 when `from` is not in it. */
  const indexAfter = (from: Position | 'start'): number => {
    if (origin === null) return -1;
    if (same(from, origin)) return 0;
    if (from === 'start') return -1;
    let lo = 0;
    let hi = events.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = comparePositions((events[mid] as RecordedEvent).position, from);
      if (c === 0) return mid + 1;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
  /** Read on from the tail once (shared); resolves with how many events it added. */
  const readOn = (): Promise<number> => {
    if (reading) return reading.found;
    const asked = { at: now(), pokes };
    const found = (async () => {
      try {
        const from = tail() ?? 'start';
        reads++;
        const more = await store.readAll({ fromPosition: from, maxCount: page });
        // A quiet tail is taken at its word only if nothing was poked while the read was under way.
        emptyAt = more.length === 0 && pokes === asked.pokes ? asked.at : null;
        // Appended only if the stretch still ends where this read began (it is never moved while a read is in flight).
        if (more.length > 0 && tail() !== null && same(tail() as Position | 'start', from)) {
          events.push(...more);
          options.onRead?.(more);
          if (events.length > keep) {
            const dropped = events.splice(0, events.length - keep);
            origin = (dropped.at(-1) as RecordedEvent).position;
          }
        }
        lookAgain();
        return more.length;
      } finally {
        reading = null;
      }
    })();
    reading = { found, pokes };
    return found;
  };
  /**
   * After a read at the tail: a poked append it did not reach is hidden behind a transaction still open, and becomes
   * readable when that one ends, which nothing tells. The followers are told again in `freshMs`, for `lookForMs` at most
   * (then the followers' own safety poll finds it).
   */
  const lookAgain = () => {
    const end = tail();
    if (awaited === null || again !== null || listeners.size === 0) return;
    if ((end !== null && end !== 'start' && comparePositions(end, awaited.position) >= 0) || now() - awaited.since > lookForMs) {
      awaited = null;
      return;
    }
    again = setTimeout(() => {
      again = null;
      emptyAt = null;
      tell();
    }, freshMs);
  };
  /** Start the stretch afresh at `from`, with what a read from there found. */
  const restart = (from: Position | 'start', found: readonly RecordedEvent[]) => {
    origin = from;
    events = found.slice(-keep);
    options.onRead?.(found);
    if (found.length > keep) origin = (found[found.length - keep - 1] as RecordedEvent).position;
  };

  const readAll = async (options: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    const from = options.fromPosition ?? (options.direction === 'backwards' ? 'end' : 'start');
    if (options.direction === 'backwards' || from === 'end') return store.readAll(options);
    const limit = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    for (;;) {
      // A read of the tail already under way is this follower's too: what it finds is what the store showed a moment ago,
      // as a poll a moment earlier would have; whatever committed since is there at the next one.
      // Not one asked before a poke this follower heard of, though: it may not have seen that append.
      const joined = reading !== null && reading.pokes === pokes ? (await reading.found.catch(() => page)) < page : false;
      if (reading !== null && !joined) await reading.found.catch(() => page);
      const at = indexAfter(from);
      if (at < 0) {
        // Not in the stretch: a follower far behind reads on its own; one ahead of it (or the first) starts it anew.
        reads++;
        const found = await store.readAll({ fromPosition: from, maxCount: limit });
        const end = tail();
        if (reading === null && (end === null || (from !== 'start' && end !== 'start' && comparePositions(from, end) > 0))) {
          restart(from, found);
          lookAgain();
        }
        return found;
      }
      const served = events.slice(at, at + limit);
      if (served.length === limit || joined) return served;
      // At the tail, and the tail was found quiet a moment ago with nothing appended since: nothing new yet.
      if (served.length === 0 && emptyAt !== null && now() - emptyAt < freshMs) return served;
      // At the tail: read on (shared), then serve again; a short read means the follower is caught up.
      if ((await readOn()) < page) {
        const now = indexAfter(from);
        return now < 0 ? served : events.slice(now, now + limit);
      }
    }
  };

  const shared = storeWith(store, {
    readAll,
    reads: () => reads,
    poke(position?: Position) {
      emptyAt = null;
      pokes++;
      if (position !== undefined && (awaited === null || comparePositions(position, awaited.position) > 0)) {
        awaited = { position, since: now() };
      }
      tell();
    },
    onNews(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && again !== null) {
          clearTimeout(again);
          again = null;
        }
      };
    },
  });
  return shared;
}
