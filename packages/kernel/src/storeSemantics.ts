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
 */
export function idempotentReplay(
  stream: readonly Pick<RecordedEvent, 'id' | 'revision' | 'position'>[],
  events: readonly EventData[],
  expected: ExpectedRevision,
): AppendResult | null {
  if (events.length === 0) return null;
  const first = typeof expected === 'number' ? expected + 1 : expected === 'no_stream' ? 0 : null;
  let start = first;
  if (start === null) {
    // 'any' / 'stream_exists': a retry is recognised wherever the first id sits.
    const index = stream.findIndex((e) => e.id === events[0]?.id);
    if (index < 0) return null;
    start = index;
  }
  const stored = stream.slice(start, start + events.length);
  if (stored.length !== events.length || stored.some((e, i) => e.id !== events[i]?.id)) return null;
  const last = stored.at(-1) as RecordedEvent;
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
