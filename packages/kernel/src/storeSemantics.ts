// Semantics every EventStore adapter shares: expected-revision checks, idempotent re-append, catch-up subscriptions.
import { WrongExpectedVersionError } from './errors';
import type { AppendResult, EventData, ExpectedRevision, Position, RecordedEvent, SubscribeOptions, Subscription } from './store';

const describe = (revision: number): string => (revision < 0 ? 'no_stream' : String(revision));

/** Throws WrongExpectedVersionError unless a stream whose last revision is `actual` (-1: none) satisfies `expected`. */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, actual: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual < 0) ||
    (expected === 'stream_exists' && actual >= 0) ||
    (typeof expected === 'number' && expected === actual);
  if (!ok) throw new WrongExpectedVersionError(streamId, String(expected), describe(actual));
}

/**
 * EventStoreDB's idempotence: if the events' ids are already stored right after the expected revision, in
 * the same order, the append succeeds again without writing. Returns that result, or null to append normally.
 * `stored` is the stream, or any run of it in revision order that holds the candidates (an adapter may pass
 * only the rows whose ids match).
 */
export function idempotentReplay(
  stored: readonly Pick<RecordedEvent, 'id' | 'revision' | 'position'>[],
  events: readonly EventData[],
  expected: ExpectedRevision,
): AppendResult | null {
  const firstId = events[0]?.id;
  if (firstId === undefined) return null;
  const at = stored.findIndex((e) => e.id === firstId);
  if (at < 0) return null;
  const start = (stored[at] as RecordedEvent).revision;
  // With an exact expectation the retry must sit right after it; 'any'/'stream_exists' accept it wherever it is.
  if (typeof expected === 'number' && start !== expected + 1) return null;
  if (expected === 'no_stream' && start !== 0) return null;
  const run = stored.slice(at, at + events.length);
  if (run.length !== events.length || run.some((e, i) => e.id !== events[i]?.id || e.revision !== start + i)) return null;
  const last = run.at(-1) as RecordedEvent;
  return { nextExpectedRevision: last.revision, position: last.position };
}

/** How an adapter feeds a catch-up subscription: page through events after a position, and wake on appends. */
export interface SubscriptionSource {
  readAfter(position: Position | 'start'): Promise<RecordedEvent[]>;
  /** Calls `notify` whenever new events may have committed; returns a function that stops it. */
  onAppend(notify: () => void): () => void;
}

/** A catch-up subscription over `source`: pages after the checkpoint, then sleeps until woken by an append. */
export function liveSubscription(options: SubscribeOptions, source: SubscriptionSource): Subscription {
  let checkpoint: Position | 'start' = options.fromPosition ?? 'start';
  const prefixes = options.streamPrefixes;
  let stopped = false;
  let wake: (() => void) | null = null;
  let pending = false;
  const stopListening = source.onAppend(() => {
    pending = true;
    wake?.();
  });
  const matches = (e: RecordedEvent) => !prefixes || prefixes.some((p) => e.streamId.startsWith(p));

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    while (!stopped) {
      pending = false;
      const page = await source.readAfter(checkpoint);
      for (const event of page) {
        if (stopped) return;
        checkpoint = event.position;
        if (matches(event)) yield event;
      }
      if (page.length > 0) continue;
      // unsubscribe() may have come while the read was in flight: then nothing is left to wake us.
      if (stopped) return;
      if (!pending) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async unsubscribe() {
      stopped = true;
      stopListening();
      wake?.();
      await iterator.return(undefined);
    },
  };
}
