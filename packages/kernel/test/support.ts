// Test support shared by the service tests: game services on a store, and a store that records its stream reads.
import { randomBytes, randomUUID } from 'node:crypto';
import { gameServices } from '../src/index';
import type { EventStore } from '../src/store';
import { toyGame } from '../src/testing/index';

/** A node of the game service on `store` with the toy module, a fixed clock and real ids and secrets. */
export const serviceOn = (store: EventStore, extra: Partial<Parameters<typeof gameServices>[0]> = {}) =>
  gameServices({
    store,
    modules: { toy: toyGame },
    clock: () => new Date('2026-01-01T00:00:00Z'),
    newId: randomUUID,
    newSecret: () => randomBytes(32).toString('base64url'),
    ...extra,
  });

/** The store with every readStream call's options recorded (undefined options: the whole stream was asked for). */
export function recordingReads(inner: EventStore) {
  const reads: Parameters<EventStore['readStream']>[1][] = [];
  const store: EventStore = Object.create(inner, {
    readStream: { value: (...args: Parameters<EventStore['readStream']>) => (reads.push(args[1]), inner.readStream(...args)) },
  });
  return { store, reads };
}
