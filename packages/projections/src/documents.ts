// Where read models live in PostgreSQL: documents and their projection's checkpoint, written together in one transaction,
// and read by id (each read model's own queries are beside its projector).
import { type Position } from '@delve/kernel';
import type { Sql } from 'postgres';

import type { ProjectionBatch, ReadModelPort } from './ports';

/** A batch of document changes: a document to store, or null to delete it. */
export type DocumentChanges<D> = ReadonlyMap<string, D | null>;

/** PostgreSQL text cannot hold NUL: a key with one names no document (and must not reach the database). */
export const storable = (...texts: (string | undefined)[]): boolean => texts.every((t) => t === undefined || !t.includes('\0'));

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

export class ReadModelStore implements ReadModelPort {
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

  /** One document by id (null when there is none, or the id cannot name one). */
  async get<D>(projection: string, id: string): Promise<D | null> {
    if (!storable(id)) return null;
    return (await this.load<D>(projection, [id])).get(id) ?? null;
  }

  /**
   * Store `changes` and move the checkpoint from `from` to `to`, atomically. Returns false (writing nothing)
   * when the stored checkpoint is no longer `from`: another runner applied these events already.
   */
  commit<D>(projection: string, changes: DocumentChanges<D>, from: Position | 'start', to: Position): Promise<boolean> {
    return this.commitAll([{ projection, changes, from, to }]);
  }

  /**
   * Several projections' batches in one transaction (a rebuild folds one page of the log into all of them): all land
   * with their checkpoints, or none when any checkpoint is no longer the batch's `from`.
   */
  async commitAll(batches: readonly ProjectionBatch<unknown>[]): Promise<boolean> {
    return this.sql.begin(async (tx) => {
      const names = batches.map((b) => b.projection);
      const rows = await tx<{ projection: string; commit: string; prepare: string }[]>`
        select projection, commit_position::text as commit, prepare_position::text as prepare
          from checkpoints where projection = any(${names}::text[]) for update`;
      const stored = new Map(rows.map((r) => [r.projection, `${r.commit}/${r.prepare}`]));
      if (
        batches.some((b) => (stored.get(b.projection) ?? 'start') !== (b.from === 'start' ? 'start' : `${b.from.commit}/${b.from.prepare}`))
      )
        return false;
      const upserts = batches.flatMap((b) =>
        [...b.changes].flatMap(([id, doc]) => (doc === null ? [] : [[b.projection, id, documentJson(doc)]])),
      );
      const deletes = batches.flatMap((b) => [...b.changes].flatMap(([id, doc]) => (doc === null ? [[b.projection, id]] : [])));
      if (upserts.length > 0) {
        await tx`
          insert into read_models (projection, id, doc)
          select t.projection, t.id, t.doc::jsonb
            from unnest(${upserts.map((u) => u[0] as string)}::text[], ${upserts.map((u) => u[1] as string)}::text[], ${upserts.map((u) => u[2] as string)}::text[]) as t(projection, id, doc)
          on conflict (projection, id) do update set doc = excluded.doc, updated = now()`;
      }
      if (deletes.length > 0) {
        await tx`
          delete from read_models r using unnest(${deletes.map((d) => d[0] as string)}::text[], ${deletes.map((d) => d[1] as string)}::text[]) as t(projection, id)
           where r.projection = t.projection and r.id = t.id`;
      }
      await tx`
        insert into checkpoints (projection, commit_position, prepare_position)
        select t.projection, t.commit::xid8, t.prepare::bigint
          from unnest(${names}::text[], ${batches.map((b) => String(b.to.commit))}::text[], ${batches.map((b) => String(b.to.prepare))}::text[]) as t(projection, commit, prepare)
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
