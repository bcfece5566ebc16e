// Read-model documents and their projection's checkpoint, written together in one transaction.
import { type Position } from '@delve/kernel';
import type { Sql } from 'postgres';

/** A batch of document changes: a document to store, or null to delete it. */
export type DocumentChanges<D> = ReadonlyMap<string, D | null>;

/**
 * A document as jsonb accepts it. jsonb refuses the NUL character, which JSON and the event store's json column
 * allow: a name with a NUL in it would otherwise stop a projection at that event forever. Read models are derived,
 * so such characters are shown as U+FFFD instead.
 */
export function documentJson(doc: unknown): string {
  const json = JSON.stringify(doc);
  return json.includes('\\u0000')
    ? JSON.stringify(doc, (_key, value: unknown) => (typeof value === 'string' ? value.replaceAll('\0', '\uFFFD') : value))
    : json;
}

export class ReadModelStore {
  constructor(private readonly sql: Sql) {}

  /** The position the projection has applied up to, or 'start'. */
  async checkpoint(projection: string): Promise<Position | 'start'> {
    const [row] = await this.sql<{ commit: string; prepare: string }[]>`
      select commit_position::text as commit, prepare_position::text as prepare from checkpoints where projection = ${projection}`;
    return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : 'start';
  }

  async load<D>(projection: string, ids: readonly string[]): Promise<Map<string, D>> {
    if (ids.length === 0) return new Map();
    const rows = await this.sql<{ id: string; doc: D }[]>`
      select id, doc from read_models where projection = ${projection} and id = any(${ids as string[]}::text[])`;
    return new Map(rows.map((r) => [r.id, r.doc]));
  }

  async get<D>(projection: string, id: string): Promise<D | null> {
    return (await this.load<D>(projection, [id])).get(id) ?? null;
  }

  /**
   * Store `changes` and move the checkpoint from `from` to `to`, atomically. Returns false (writing nothing)
   * when the stored checkpoint is no longer `from`: another runner applied these events already.
   */
  async commit<D>(projection: string, changes: DocumentChanges<D>, from: Position | 'start', to: Position): Promise<boolean> {
    return this.sql.begin(async (tx) => {
      const [row] = await tx<{ commit: string; prepare: string }[]>`
        select commit_position::text as commit, prepare_position::text as prepare from checkpoints where projection = ${projection} for update`;
      const stored = row ? `${row.commit}/${row.prepare}` : 'start';
      const expected = from === 'start' ? 'start' : `${from.commit}/${from.prepare}`;
      if (stored !== expected) return false;
      const upserts = [...changes].filter((c): c is [string, D] => c[1] !== null);
      const deletes = [...changes].filter(([, doc]) => doc === null).map(([id]) => id);
      if (upserts.length > 0) {
        await tx`
          insert into read_models (projection, id, doc)
          select ${projection}, t.id, t.doc::jsonb from unnest(${upserts.map(([id]) => id)}::text[], ${upserts.map(([, d]) => documentJson(d))}::text[]) as t(id, doc)
          on conflict (projection, id) do update set doc = excluded.doc, updated = now()`;
      }
      if (deletes.length > 0) await tx`delete from read_models where projection = ${projection} and id = any(${deletes}::text[])`;
      await tx`
        insert into checkpoints (projection, commit_position, prepare_position)
        values (${projection}, ${String(to.commit)}::xid8, ${String(to.prepare)}::bigint)
        on conflict (projection) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position`;
      return true;
    });
  }

  /** Move a checkpoint from `from` to `to` with no documents (a process manager's): false when another node moved it. */
  advance(projection: string, from: Position | 'start', to: Position): Promise<boolean> {
    return this.commit(projection, new Map(), from, to);
  }

  /**
   * Replace `live`'s documents and checkpoint with `shadow`'s in one transaction, and forget `shadow`. The live
   * checkpoint row is locked first, so a runner committing to `live` at the same moment either lands before the swap
   * (and is replaced) or sees the new checkpoint and re-reads.
   */
  async swap(shadow: string, live: string): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`select 1 from checkpoints where projection = ${live} for update`;
      const [row] = await tx<{ commit: string; prepare: string }[]>`
        select commit_position::text as commit, prepare_position::text as prepare from checkpoints where projection = ${shadow}`;
      await tx`delete from read_models where projection = ${live}`;
      await tx`update read_models set projection = ${live} where projection = ${shadow}`;
      await tx`delete from checkpoints where projection in (${live}, ${shadow})`;
      if (row) {
        await tx`insert into checkpoints (projection, commit_position, prepare_position) values (${live}, ${row.commit}::xid8, ${row.prepare}::bigint)`;
      }
    });
  }

  /** Forget a projection's documents and checkpoint, so its runner rebuilds it from the first event. */
  async reset(projection: string): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`delete from read_models where projection = ${projection}`;
      await tx`delete from checkpoints where projection = ${projection}`;
    });
  }
}
