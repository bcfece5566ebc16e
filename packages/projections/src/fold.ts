// One page of the log folded into the documents of one projection: what a runner's step and a rebuild both do.
import type { RecordedEvent } from '@delve/kernel';
import type { Projection } from './projection';

/**
 * Fold a page of the log into the documents its events concern, each event of the projection's streams shown as
 * `prepare` makes it: the changed documents, null for deleted ones. `load` fetches the stored documents of those ids.
 */
export async function foldPage<D>(
  projection: Projection<D>,
  page: readonly RecordedEvent[],
  prepare: ((event: RecordedEvent) => RecordedEvent) | undefined,
  load: (ids: readonly string[]) => Promise<ReadonlyMap<string, D | null>>,
): Promise<Map<string, D | null>> {
  const touched: [RecordedEvent, readonly string[]][] = [];
  const wanted = new Set<string>();
  for (const recorded of page) {
    if (!projection.streamPrefixes.some((p) => recorded.streamId.startsWith(p))) continue;
    const event = prepare ? prepare(recorded) : recorded;
    const ids = projection.idsOf(event);
    if (ids.length === 0) continue;
    touched.push([event, ids]);
    for (const id of ids) wanted.add(id);
  }
  const stored = wanted.size === 0 ? new Map<string, D | null>() : await load([...wanted]);
  const changes = new Map<string, D | null>();
  for (const [event, ids] of touched) {
    for (const id of ids) {
      const current = changes.has(id) ? (changes.get(id) ?? null) : (stored.get(id) ?? null);
      changes.set(id, projection.apply(current, event, id));
    }
  }
  return changes;
}
