// The games list as `npm start` runs it, shared with bench:api so the bench measures what ships.
import type { EventStore } from '@delve/kernel';
import { gamesList, ProjectionRunner } from '@delve/projections';
import { AdvisoryLeaderLock, ReadModelStore } from '@delve/store-postgres';
import type { Sql } from 'postgres';

/**
 * The runner that keeps the games list caught up in PostgreSQL, leading only while it holds the projection's
 * advisory lock (one node at a time). It runs in the projection worker thread (projectionWorker.ts).
 */
export function gamesListRunner(store: EventStore, sql: Sql, onError: (error: unknown) => void) {
  return new ProjectionRunner(store, new ReadModelStore(sql), gamesList, {
    lock: new AdvisoryLeaderLock(sql, `projection:${gamesList.name}`),
    onError,
    // Everything a busy node appends between two polls in one transaction: the list changes once per game per
    // poll instead of once per page (bench:api at 50 games: ~0.45 -> ~0.55 of the append ceiling).
    batchSize: 5000,
  });
}
