// What a projection runner needs from outside it: where documents and checkpoints are kept, the leader lock, and its
// options. The runner, its leader loop and a rebuild all see these, and none of them sees the others' files for it.
import type { Position, RecordedEvent } from '@delve/kernel';

/** One projection's part of a commit: its changed documents (null: delete) and the move of its checkpoint. */
export interface ProjectionBatch<D> {
  readonly projection: string;
  readonly changes: ReadonlyMap<string, D | null>;
  readonly from: Position | 'start';
  readonly to: Position;
}

/** Where a runner keeps documents and checkpoints (PostgreSQL's ReadModelStore implements it). */
export interface ReadModelPort {
  checkpoint(projection: string): Promise<Position | 'start'>;
  load<D>(projection: string, ids: readonly string[]): Promise<Map<string, D>>;
  /** Projections' batches in one transaction: all land, or none when any checkpoint moved meanwhile. */
  commitAll(batches: readonly ProjectionBatch<unknown>[]): Promise<boolean>;
  reset(projection: string): Promise<void>;
  /** Replace `live`'s documents and checkpoint with `shadow`'s, atomically, and forget `shadow`. */
  swap(shadow: string, live: string): Promise<void>;
}

/** One leader per runner across nodes (PostgreSQL: an advisory lock held by an open transaction). */
export interface LeaderLock {
  /** True while this process leads; asked before every step, so a lock lost with its session ends the lead. */
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface RunnerOptions {
  readonly batchSize?: number;
  /** How often the background loop looks for new events, and retries leadership (ms). */
  readonly pollMs?: number;
  /** Sleep until poked (or this long at most, ms) when caught up, instead of polling (see LeaderLoopOptions). */
  readonly idleMs?: number;
  readonly lock?: LeaderLock;
  readonly onError?: (error: unknown) => void;
  /** What the projector sees of each event (Delve passes the kernel's `projectable`: secrets out, upcast). */
  readonly prepare?: (event: RecordedEvent) => RecordedEvent;
}

/** How far a rebuild has come: events folded so far. */
export type RebuildProgress = (done: number) => void;
