// Game records kept every N events per game (at revisions 0, N, 2N…), and the stored events this node has read, so a
// replay folds fewer than N events from the nearest record without asking the store again. A node's memory only,
// bounded, and never the source of truth: each record is a fold of events that never change, made by the code this
// process runs (a restart with other rules or event versions starts empty).
import type { GameRecord } from '../lobby';
import type { RecordedEvent } from '../store';

export interface SnapshotOptions {
  /** Keep the records at revisions that are multiples of this (default 64). */
  readonly every?: number;
  /** Games whose snapshots are kept, least recently replayed out first (default 256). */
  readonly games?: number;
  /**
   * Stored events kept across all games, least recently replayed game out first (default 50,000: about 60 MB, at some
   * 1.2 KB a parsed event; 0 keeps none).
   */
  readonly events?: number;
}

/** What a node keeps of one game: records in revision order, and stored events by revision (with holes). */
interface Kept {
  readonly records: GameRecord[];
  events: RecordedEvent[];
  eventCount: number;
}

/** Records of each game at every revision that is a multiple of `every`, and its events, as far as this node has read. */
export class RecordSnapshots {
  readonly every: number;
  private readonly maxGames: number;
  private readonly maxEvents: number;
  /** Least recently used first (Map order: re-inserted on use). */
  private readonly byGame = new Map<string, Kept>();
  private eventCount = 0;

  constructor(options: SnapshotOptions = {}) {
    this.every = Math.max(1, options.every ?? 64);
    this.maxGames = Math.max(1, options.games ?? 256);
    this.maxEvents = Math.max(0, options.events ?? 50_000);
  }

  /** The latest record of the game at or before `revision`, if one is kept. */
  atOrBefore(gameId: string, revision: number): GameRecord | undefined {
    const records = this.byGame.get(gameId)?.records;
    if (!records) return undefined;
    const at = lastAtOrBefore(records, revision);
    return at < 0 ? undefined : records[at];
  }

  /** Keep `record` when its revision is a multiple of `every` and no record of that revision is kept yet; cheap otherwise. */
  offer(record: GameRecord): void {
    if (record.revision % this.every !== 0) return;
    const { records } = this.use(record.id);
    const at = lastAtOrBefore(records, record.revision);
    if (records[at]?.revision !== record.revision) records.splice(at + 1, 0, record);
  }

  /** The game's stored events `from`..`to` when every one of them is kept, else undefined (read them from the store). */
  events(gameId: string, from: number, to: number): RecordedEvent[] | undefined {
    const kept = this.byGame.get(gameId);
    if (!kept) return undefined;
    const out: RecordedEvent[] = [];
    for (let revision = from; revision <= to; revision++) {
      const event = kept.events[revision];
      if (!event) return undefined;
      out.push(event);
    }
    this.use(gameId);
    return out;
  }

  /** Keep a run of the game's stored events (read from the store: they never change), within the events budget. */
  keep(gameId: string, events: readonly RecordedEvent[]): void {
    if (this.maxEvents === 0 || events.length === 0) return;
    const kept = this.use(gameId);
    for (const event of events) {
      if (kept.events[event.revision]) continue;
      kept.events[event.revision] = event;
      kept.eventCount++;
      this.eventCount++;
    }
    this.trim(gameId);
  }

  /** The game's entry, made most recently used (created when missing). */
  private use(gameId: string): Kept {
    let kept = this.byGame.get(gameId);
    if (kept) this.byGame.delete(gameId);
    else kept = { records: [], events: [], eventCount: 0 };
    this.byGame.set(gameId, kept);
    if (this.byGame.size > this.maxGames) this.trim(gameId);
    return kept;
  }

  /** Forget the least recently used games until both budgets hold; `current`'s records stay, its events may go. */
  private trim(current: string): void {
    for (const [gameId, kept] of this.byGame) {
      if (this.byGame.size <= this.maxGames && this.eventCount <= this.maxEvents) return;
      this.eventCount -= kept.eventCount;
      if (gameId !== current) this.byGame.delete(gameId);
      else [kept.events, kept.eventCount] = [[], 0]; // one game over the whole budget keeps no events
    }
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
