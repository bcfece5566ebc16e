// The games list as `npm start` runs it, shared with bench:api so the bench measures what ships.
import type { EventStore } from '@delve/kernel';
import { gamesList, PostgresGamesList, ProjectionRunner } from '@delve/projections';
import { AdvisoryLeaderLock, ReadModelStore } from '@delve/store-postgres';
import type { Sql } from 'postgres';

/**
 * A read model in PostgreSQL, kept caught up by a projection runner that one node at a time leads (advisory lock).
 * Call `runner.start()` once the app is up and `runner.stop()` on shutdown.
 */
export function gamesListReadModel(store: EventStore, sql: Sql, onError: (error: unknown) => void) {
  return {
    reader: new PostgresGamesList(sql),
    runner: new ProjectionRunner(store, new ReadModelStore(sql), gamesList, {
      lock: new AdvisoryLeaderLock(sql, `projection:${gamesList.name}`),
      onError,
      // Everything a busy node appends between two polls in one transaction: the list changes once per game per
      // poll instead of once per page (bench:api at 50 games: ~0.45 -> ~0.55 of the append ceiling).
      batchSize: 5000,
    }),
  };
}
