// The read models as `npm start` runs them (in the projection worker thread), shared with bench:api and
// `npm run rebuild` so both measure and rebuild what ships.
import { projectable, type AnyGameModule, type EventStore } from '@delve/kernel';
import { ProjectionRunner, readModels, type ReadModelName } from '@delve/projections';
import { AdvisoryLeaderLock, ReadModelStore } from '@delve/store-postgres';
import type { Sql } from 'postgres';

/** Events folded per transaction. The games list changes with every move, so it takes everything a busy node appended
 * between two polls in one go (bench:api at 50 games: ~0.45 -> ~0.55 of the append ceiling). */
const BATCH_SIZE: Readonly<Record<ReadModelName, number>> = {
  'games-list': 5000,
  'character-sheets': 2000,
  'player-profiles': 2000,
  'campaign-progress': 2000,
};

/**
 * One runner per read model, each leading only while it holds its projection's advisory lock (one node at a time),
 * and each seeing events as `projectable` gives them (secrets out, game events upcast).
 */
export function readModelRunners(
  store: EventStore,
  sql: Sql,
  modules: Readonly<Record<string, AnyGameModule>>,
  onError: (error: unknown) => void,
  only?: readonly ReadModelName[],
  /** How often each runner looks for new events (ms; default the runner's). */
  pollMs?: number,
): Map<ReadModelName, ProjectionRunner<unknown>> {
  const runners = new Map<ReadModelName, ProjectionRunner<unknown>>();
  const prepare = (event: Parameters<typeof projectable>[0]) => projectable(event, modules);
  const projections = readModels(modules);
  for (const name of Object.keys(projections) as ReadModelName[]) {
    if (only && !only.includes(name)) continue;
    const projection = projections[name];
    runners.set(
      name,
      new ProjectionRunner(store, new ReadModelStore(sql), projection, {
        lock: new AdvisoryLeaderLock(sql, `projection:${projection.name}`),
        onError,
        prepare,
        batchSize: BATCH_SIZE[name],
        ...(pollMs !== undefined && { pollMs }),
      }),
    );
  }
  return runners;
}
