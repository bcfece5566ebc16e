// The row an append statement returns (revision and position as text), and the AppendResult it stands for.
import type { AppendResult } from '@delve/kernel';

export interface AppendedRow {
  revision: string;
  commit_position: string;
  prepare_position: string;
}

export function appendResultOf(row: AppendedRow): AppendResult {
  return {
    nextExpectedRevision: Number(row.revision),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
  };
}
