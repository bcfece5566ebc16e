// Reading your own writes (ADR 0036, ADR 0058): the position a write answers, at or past everything the write appended
// or found in the log, and the bounded wait of a read served from a read model until that read model has reached a
// position a client gives.
import { comparePositions, parsePosition, storeWith, type EventStore, type Position, type RecordedEvent } from '@delve/kernel';
import type { ReadModelName, ReadModels } from '@delve/projections';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from './problems';

/** The furthest position appended or read through the noting wrappers of one store (keyed by the store wrapped). */
interface Furthest {
  position: Position | null;
}
const furthest = new WeakMap<EventStore, Furthest>();
const noting = new WeakSet<EventStore>();

const furthestOf = (store: EventStore): Furthest => {
  let mark = furthest.get(store);
  if (!mark) furthest.set(store, (mark = { position: null }));
  return mark;
};

/**
 * The store, noting the furthest log position each append reaches and each read finds (a store already noting is
 * returned as is). Every wrapper of one store shares one mark.
 */
export function notingPositions(store: EventStore): EventStore {
  if (noting.has(store)) return store;
  const mark = furthestOf(store);
  const note = (position: Position | undefined) => {
    if (position && (mark.position === null || comparePositions(position, mark.position) > 0)) mark.position = position;
  };
  // A read's events are in log order one way or the other: its first and its last hold its furthest position.
  const noted = (events: RecordedEvent[]): RecordedEvent[] => {
    note(events[0]?.position);
    note(events.at(-1)?.position);
    return events;
  };
  const wrapped: EventStore = storeWith(store, {
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      // An empty append reaches no position (the store answers 0/0 for it).
      if (events.length > 0) note(result.position);
      return result;
    },
    readStream: async (streamId, options) => noted(await store.readStream(streamId, options)),
    readAll: async (options) => noted(await store.readAll(options)),
  });
  noting.add(wrapped);
  return wrapped;
}

/** The position a write answers with, asked once the write is done. */
export type WrittenPosition = () => Promise<Position | null>;

/**
 * What a write through `store` (noted by `notingPositions`) answers (ADR 0058): the furthest position this process has
 * appended or read, which is at or past every event the write appended and every event the state it decided on was
 * folded from (a replayed idempotency key's first write among them). Before this process has appended or read
 * anything, the log's head.
 */
export function writtenPosition(store: EventStore): WrittenPosition {
  const mark = furthestOf(store);
  const head = storeHead(store);
  return async () => mark.position ?? (await head());
}

/** The log's head as a store reads it. */
const storeHead =
  (store: EventStore): WrittenPosition =>
  async () =>
    (await store.readAll({ direction: 'backwards', maxCount: 1 }))[0]?.position ?? null;

/** A log position as clients hold it (`X-Log-Position`, GraphQL's `extensions.logPosition`) and give back (`after`). */
export const LogPosition = Type.String({
  pattern: '^[0-9]{1,20}/[0-9]{1,20}$',
  maxLength: 41,
  description:
    'A log position a write answered with (X-Log-Position; GraphQL: extensions.logPosition). The read waits, briefly, ' +
    'until its read model has reached it, so it shows that write; 503 read-model/behind if it does not in time. It has ' +
    'no example: only a position a write answered means anything.',
});

/** How often a waiting read looks at its read model's checkpoint: soon at first, then every 50 ms at most. */
const POLL = { firstMs: 5, maxMs: 50 } as const;

/**
 * Resolve once `readModel` has reached `after` (at once when no position is given); 503 read-model/behind when it has
 * not within `maxMs`, for the client to retry.
 */
export async function awaitReadModel(reads: ReadModels, readModel: ReadModelName, after: string | undefined, maxMs: number): Promise<void> {
  if (after === undefined) return;
  const position = parsePosition(after);
  const deadline = performance.now() + maxMs;
  for (let poll: number = POLL.firstMs; ; poll = Math.min(POLL.maxMs, poll * 2)) {
    if (await reads.reached(readModel, position)) return;
    const left = deadline - performance.now();
    if (left <= 0) {
      throw new HttpProblem(503, 'read-model/behind', `the ${readModel} read model has not reached ${after} yet; retry shortly`, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(poll, left)));
  }
}
