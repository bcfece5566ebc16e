// A process manager's checkpoint in the checkpoints table, as the ones that write their own tables with it use it: read
// it, take it for a transaction (refused when another writer moved it), and move it within that transaction.
import type { Position } from '@delve/kernel';
import type { Sql, TransactionSql } from 'postgres';

/** Where `name` has got to, or 'start'. */
export async function readCheckpoint(sql: Sql, name: string): Promise<Position | 'start'> {
  const [row] = await sql<{ commit: string; prepare: string }[]>`
    select commit_position::text as commit, prepare_position::text as prepare from checkpoints where projection = ${name}`;
  return row ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare) } : 'start';
}

/**
 * Lock `name`'s checkpoint row for the transaction (so its writers take turns) and say whether it is still at `from`:
 * false when another writer moved it, and nothing must be written.
 */
export async function holdCheckpoint(tx: TransactionSql, name: string, from: Position | 'start'): Promise<boolean> {
  const [row] = await tx<{ at: string }[]>`
    select commit_position::text || '/' || prepare_position::text as at from checkpoints where projection = ${name} for update`;
  return (row?.at ?? 'start') === (from === 'start' ? 'start' : `${from.commit}/${from.prepare}`);
}

/** Move `name`'s checkpoint to `to`, in the transaction that wrote what it stands for. */
export async function moveCheckpoint(tx: TransactionSql, name: string, to: Position): Promise<void> {
  await tx`
    insert into checkpoints (projection, commit_position, prepare_position)
    values (${name}, ${String(to.commit)}::xid8, ${String(to.prepare)}::bigint)
    on conflict (projection) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position`;
}
