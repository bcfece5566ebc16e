// Rebuilding read models from the event log: `npm run rebuild -- <read model|all>` runs this. Each read model is
// projected again beside the live one and swapped in atomically, so it is safe while servers run and serve it.
import type { AnyGameModule, EventStore } from '@delve/kernel';
import type { ReadModelName } from '@delve/projections';
import type { Sql } from 'postgres';
import { readModelRunners } from './readModels';

export interface RebuildReport {
  readonly name: ReadModelName;
  readonly events: number;
  readonly seconds: number;
}

/** Rebuild the named read models one after another; `onProgress` hears (name, events done so far). */
export async function rebuildReadModels(
  store: EventStore,
  sql: Sql,
  modules: Readonly<Record<string, AnyGameModule>>,
  names: readonly ReadModelName[],
  onProgress: (name: ReadModelName, done: number) => void = () => {},
): Promise<RebuildReport[]> {
  const reports: RebuildReport[] = [];
  const runners = readModelRunners(
    store,
    sql,
    modules,
    (error) => {
      throw error;
    },
    names,
  );
  for (const [name, runner] of runners) {
    const started = performance.now();
    const events = await runner.rebuild((done) => onProgress(name, done));
    reports.push({ name, events, seconds: (performance.now() - started) / 1000 });
  }
  return reports;
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
