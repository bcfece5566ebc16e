// The read models as `npm start` runs them (on the process that leads, see leaders.ts), shared with the tests and
// benches so that they check and measure what ships.
import { projectable, type AnyGameModule, type EventStore } from '@delve/kernel';
import { ProjectionRunner, ReadModelStore, readModels, type ReadModelName } from '@delve/projections';
import { AdvisoryLeaderLock } from '@delve/store-postgres';
import type { Sql } from 'postgres';

/** Events folded per transaction. The games list changes with every move, so the runner takes everything a busy node
 * appended between two polls in one go (bench:api at 50 games: ~0.45 -> ~0.55 of the append ceiling). */
const BATCH_SIZE = 5000;

/** The advisory lock whose holder runs the read models (one node at a time). */
export const READ_MODELS_LOCK = 'projection:read-models';

/**
 * One runner for every read model (or those named): each page of the log is read once for all of them and their
 * documents and checkpoints are committed in one transaction. It leads only while it holds its advisory lock (one
 * node at a time), and shows each event as `projectable` gives it (secrets out, game events upcast).
 */
export function readModelRunner(
  store: EventStore,
  sql: Sql,
  modules: Readonly<Record<string, AnyGameModule>>,
  onError: (error: unknown) => void,
  only?: readonly ReadModelName[],
  /** How often the runner looks for new events (ms; default the runner's). */
  pollMs?: number,
  /** Sleep until poked, this long at most, when caught up (ms; default: poll every `pollMs`). */
  idleMs?: number,
): ProjectionRunner<unknown> {
  const projections = Object.entries(readModels(modules))
    .filter(([name]) => !only || only.includes(name as ReadModelName))
    .map(([, projection]) => projection);
  return new ProjectionRunner(store, new ReadModelStore(sql), projections, {
    lock: new AdvisoryLeaderLock(sql, READ_MODELS_LOCK),
    onError,
    prepare: (event) => projectable(event, modules),
    batchSize: BATCH_SIZE,
    ...(pollMs !== undefined && { pollMs }),
    ...(idleMs !== undefined && { idleMs }),
  });
}
