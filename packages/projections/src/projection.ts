// The shape of a read model: a pure projector from (document, event) to document, keyed by a document id.
import type { RecordedEvent } from '@delve/kernel';

/**
 * A read model. `apply` is pure and total (an event is a fact: never throw); returning null deletes the
 * document. A runner stores the documents together with the checkpoint in one transaction.
 */
export interface Projection<D> {
  /** Stable name: the key of its documents and checkpoint. Bump the suffix to rebuild after a change of shape. */
  readonly name: string;
  /** Only events of streams with these prefixes reach the projector. */
  readonly streamPrefixes: readonly string[];
  /** The document an event concerns, or null when the projection ignores it. */
  idOf(event: RecordedEvent): string | null;
  apply(doc: D | null, event: RecordedEvent): D | null;
}
