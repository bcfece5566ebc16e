// Rebuilding read models from the event log: `npm run rebuild -- <read model|all>` runs this. The named read models
// are projected again together, in one pass over the log, each beside its live one and swapped in atomically, so it
// is safe while servers run and serve them.
import { projectable, type AnyGameModule, type EventStore } from '@delve/kernel';
import { ReadModelStore, readModels, rebuildProjections, type ReadModelName } from '@delve/projections';

import type { Sql } from 'postgres';

export interface RebuildReport {
  readonly name: ReadModelName;
  readonly events: number;
  readonly seconds: number;
}

/** Events read per page (and per transaction) of a rebuild. */
const REBUILD_PAGE = 5000;

/**
 * Rebuild the named read models in one pass over the log; `onProgress` hears (names, events read so far). Each report
 * names one read model with the events and time of the whole pass, which they shared.
 */
export async function rebuildReadModels(
  store: EventStore,
  sql: Sql,
  modules: Readonly<Record<string, AnyGameModule>>,
  names: readonly ReadModelName[],
  onProgress: (names: readonly ReadModelName[], done: number) => void = () => {},
): Promise<RebuildReport[]> {
  const all = readModels(modules);
  const started = performance.now();
  const events = await rebuildProjections(
    store,
    new ReadModelStore(sql),
    names.map((name) => all[name]),
    { batchSize: REBUILD_PAGE, prepare: (event) => projectable(event, modules) },
    (done) => onProgress(names, done),
  );
  const seconds = (performance.now() - started) / 1000;
  return names.map((name) => ({ name, events, seconds }));
}

/** A progress line: events done of total, rate and time left (total unknown: no bar, no ETA). */
export function progressLine(name: string, done: number, total: number | null, seconds: number, width = 30): string {
  const rate = seconds > 0 ? done / seconds : 0;
  const count = `${done.toLocaleString('en')}${total === null ? '' : `/${total.toLocaleString('en')}`} events`;
  const speed = `${Math.round(rate).toLocaleString('en')} ev/s`;
  if (total === null || total === 0) return `${name}: ${count}  ${speed}`;
  const share = Math.min(1, done / total);
  const filled = Math.round(share * width);
  const eta = rate > 0 ? Math.max(0, (total - done) / rate) : null;
  return `${name} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count}  ${speed}  ETA ${eta === null ? '?' : `${eta.toFixed(1)} s`}`;
}
