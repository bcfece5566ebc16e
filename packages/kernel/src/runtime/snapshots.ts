// Game records kept every N events per game (at revisions 0, N, 2N…), so a replay folds fewer than N events from the
// nearest one instead of the whole stream from its first event. A node's memory only, bounded, and never the source of truth: each snapshot is a
// fold of events that never change, made by the code this process runs.
import type { GameRecord } from '../lobby';
import { StateCache } from './cache';

export interface SnapshotOptions {
  /** Keep the records at revisions that are multiples of this (default 64). */
  readonly every?: number;
  /** Games whose snapshots are kept, least recently replayed out first (default 256). */
  readonly games?: number;
}

/** Records of each game at every revision that is a multiple of `every`, as far as this node has folded it. */
export class RecordSnapshots {
  readonly every: number;
  private readonly byGame: StateCache<GameRecord[]>;

  constructor(options: SnapshotOptions = {}) {
    this.every = Math.max(1, options.every ?? 64);
    this.byGame = new StateCache(Math.max(1, options.games ?? 256));
  }

  /** The latest record of the game at or before `revision`, if one is kept. */
  atOrBefore(gameId: string, revision: number): GameRecord | undefined {
    const records = this.byGame.get(gameId);
    if (!records) return undefined;
    const at = lastAtOrBefore(records, revision);
    return at < 0 ? undefined : records[at];
  }

  /** Keep `record` when its revision is a multiple of `every` and no record of that revision is kept yet; cheap otherwise. */
  offer(record: GameRecord): void {
    if (record.revision % this.every !== 0) return;
    let records = this.byGame.get(record.id);
    if (!records) this.byGame.set(record.id, (records = []));
    const at = lastAtOrBefore(records, record.revision);
    if (records[at]?.revision !== record.revision) records.splice(at + 1, 0, record);
  }
}

/** Index of the last record at or before `revision` (-1: none), by binary search over revision order. */
function lastAtOrBefore(records: readonly GameRecord[], revision: number): number {
  let low = 0;
  let high = records.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((records[mid] as GameRecord).revision <= revision) low = mid + 1;
    else high = mid - 1;
  }
  return high;
}
