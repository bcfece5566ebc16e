// Reading your own writes (ADR 0036): the log position each write reached, noted as the store appends within the call,
// and the bounded wait of a read served from a read model until that read model has reached a position a client gives.
import { AsyncLocalStorage } from 'node:async_hooks';
import { comparePositions, parsePosition, storeWith, type EventStore, type Position } from '@delve/kernel';
import type { ReadModelName, ReadModels } from '@delve/projections';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from './problems';

/** The furthest position the appends of the current call reached (one call may append to several streams). */
interface Reached {
  position: Position | null;
}
const calls = new AsyncLocalStorage<Reached>();
const noting = new WeakSet<EventStore>();

/** The store, noting each append's position for the call it happens in (a store already noting is returned as is). */
export function notingPositions(store: EventStore): EventStore {
  if (noting.has(store)) return store;
  const wrapped: EventStore = storeWith(store, {
    appendToStream: async (streamId, events, options) => {
      const result = await store.appendToStream(streamId, events, options);
      const reached = calls.getStore();
      // An empty append reaches no position (the store answers 0/0 for it).
      if (reached && events.length > 0 && (reached.position === null || comparePositions(result.position, reached.position) > 0)) {
        reached.position = result.position;
      }
      return result;
    },
  });
  noting.add(wrapped);
  return wrapped;
}

/** Run a write and learn the furthest log position its appends reached (null when it appended nothing). */
export async function reachedBy<T>(write: () => Promise<T>): Promise<{ value: T; position: Position | null }> {
  const reached: Reached = { position: null };
  const value = await calls.run(reached, write);
  return { value, position: reached.position };
}

/** Where the event log ends now (for a write that appended nothing: a replayed idempotency key). */
export type LogHead = () => Promise<Position | null>;

/** The log's head as a store reads it. */
export const storeHead =
  (store: EventStore): LogHead =>
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
