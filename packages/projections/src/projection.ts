// The shape of a read model: a pure projector from (document, event) to document, for any number of documents.
import type { RecordedEvent } from '@delve/kernel';

/**
 * A read model. `apply` is pure and total (an event is a fact: never throw); returning null deletes the document.
 * One event may concern several documents (a finished game touches every seated player's profile). Projectors see
 * events as `projectable` gives them: secrets removed, game events upcast to their module's current schema. A runner
 * stores the documents together with the checkpoint in one transaction.
 */
export interface Projection<D> {
  /** Stable name: the key of its documents and checkpoint. Bump the suffix to rebuild after a change of shape. */
  readonly name: string;
  /** Only events of streams with these prefixes reach the projector. */
  readonly streamPrefixes: readonly string[];
  /** The documents an event concerns (none when the projection ignores it). */
  idsOf(event: RecordedEvent): readonly string[];
  /** Fold `event` into document `id` (`doc` null: it does not exist yet). */
  apply(doc: D | null, event: RecordedEvent, id: string): D | null;
}
