// Rebuilding read models from the first event in one pass over the log: each page is read once (the next one while
// this one is folded and committed), folded into every projection, and committed in one transaction with their
// checkpoints. Each is built beside its live one and swapped in when complete.
import type { EventStore, Position, RecordedEvent } from '@delve/kernel';
import type { Projection } from './projection';
import { foldPage } from './fold';
import type { ProjectionBatch, ReadModelPort, RebuildProgress, RunnerOptions } from './ports';

/** A read model being rebuilt: its shadow's name, and the documents written to the shadow so far (while they fit). */
interface Shadow {
  readonly projection: Projection<unknown>;
  readonly live: string;
  readonly name: string;
  known: Map<string, unknown> | null;
}

/**
 * Project every read model of `projections` again from the first event, beside its live one, then swap each in
 * atomically. Returns how many events of the log were read; `onProgress` hears the count after each page.
 */
export async function rebuildProjections(
  store: EventStore,
  readModels: ReadModelPort,
  projections: readonly Projection<unknown>[],
  options: Pick<RunnerOptions, 'batchSize' | 'prepare'> & {
    /** Documents of each read model kept in memory, so pages need not load them back; past this many, they are (default 100,000). */
    keep?: number;
  } = {},
  onProgress: RebuildProgress = () => {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const keep = options.keep ?? 100_000;
  const shadows: Shadow[] = projections.map((p) => ({ projection: p, live: p.name, name: `${p.name}#rebuild`, known: new Map() }));
  for (const shadow of shadows) await readModels.reset(shadow.name);
  const read = (from: Position | 'start') => {
    const page = store.readAll({ fromPosition: from, maxCount: batchSize });
    page.catch(() => undefined); // a failure is seen where the page is awaited, not as an unhandled rejection meanwhile
    return page;
  };
  let from: Position | 'start' = 'start';
  let next = read(from);
  let total = 0;
  for (;;) {
    const page: RecordedEvent[] = await next;
    const last = page.at(-1);
    if (!last) break;
    next = read(last.position);
    const batches: ProjectionBatch<unknown>[] = [];
    for (const shadow of shadows) {
      const changes = await foldPage(shadow.projection, page, options.prepare, (ids) => documentsOf(readModels, shadow, ids));
      batches.push({ projection: shadow.name, changes, from, to: last.position });
    }
    // Nobody else writes a shadow, so a refused commit means someone reset it under this rebuild.
    if (!(await readModels.commitAll(batches))) throw new Error('a read model being rebuilt was changed by someone else');
    for (const [i, shadow] of shadows.entries()) remember(shadow, (batches[i] as ProjectionBatch<unknown>).changes, keep);
    from = last.position;
    total += page.length;
    onProgress(total);
  }
  for (const shadow of shadows) await readModels.swap(shadow.name, shadow.live);
  return total;
}

/** The shadow's documents among `ids`: from memory while the rebuild keeps them all, else from the store. */
async function documentsOf(readModels: ReadModelPort, shadow: Shadow, ids: readonly string[]): Promise<ReadonlyMap<string, unknown>> {
  if (shadow.known) return shadow.known;
  return readModels.load(shadow.name, ids);
}

function remember(shadow: Shadow, changes: ReadonlyMap<string, unknown>, keep: number): void {
  if (!shadow.known) return;
  for (const [id, doc] of changes) {
    if (doc === null) shadow.known.delete(id);
    else shadow.known.set(id, doc);
  }
  if (shadow.known.size > keep) shadow.known = null;
}
