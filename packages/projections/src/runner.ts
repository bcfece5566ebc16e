// Runs a projection: reads events after its checkpoint, folds them, and stores documents + checkpoint atomically.
import type { EventStore, Position, RecordedEvent } from '@delve/kernel';
import { LeaderLoop } from './loop';
import type { Projection } from './projection';
import { foldPage } from './fold';
import { rebuildProjections } from './rebuild';

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
  commit<D>(projection: string, changes: ReadonlyMap<string, D | null>, from: Position | 'start', to: Position): Promise<boolean>;
  /** Several projections' batches in one transaction: all land, or none when any checkpoint moved meanwhile. */
  commitAll(batches: readonly ProjectionBatch<unknown>[]): Promise<boolean>;
  reset(projection: string): Promise<void>;
  /** Replace `live`'s documents and checkpoint with `shadow`'s, atomically, and forget `shadow`. */
  swap(shadow: string, live: string): Promise<void>;
}

/** One leader per projection across nodes (PostgreSQL: an advisory lock held on a reserved connection). */
export interface LeaderLock {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface RunnerOptions {
  readonly batchSize?: number;
  /** How often the background loop looks for new events, and retries leadership (ms). */
  readonly pollMs?: number;
  readonly lock?: LeaderLock;
  readonly onError?: (error: unknown) => void;
  /** What the projector sees of each event (Delve passes the kernel's `projectable`: secrets out, upcast). */
  readonly prepare?: (event: RecordedEvent) => RecordedEvent;
}

/** How far a rebuild has come: events folded so far. */
export type RebuildProgress = (done: number) => void;

export class ProjectionRunner<D> {
  private readonly batchSize: number;
  private readonly loop: LeaderLoop;

  constructor(
    private readonly store: EventStore,
    private readonly readModels: ReadModelPort,
    private readonly projection: Projection<D>,
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.loop = new LeaderLoop({
      step: () => this.step(),
      batchSize: this.batchSize,
      pollMs: options.pollMs ?? 100,
      lock: options.lock,
      onError: options.onError,
    });
  }

  /** Apply every event committed so far; returns how many events the projection consumed. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const applied = await this.step();
      if (applied === 0) return total;
      total += applied;
    }
  }

  /**
   * Project the read model again from the first event, beside the live one, then swap it in atomically: readers see
   * the old documents until the new ones are complete, and a runner leading the live one meanwhile (a running server)
   * simply continues from the rebuilt checkpoint. Returns how many events were folded.
   */
  rebuild(onProgress: RebuildProgress = () => {}): Promise<number> {
    const { lock: _lock, ...options } = this.options; // nobody else writes the shadow
    return rebuildProjections(this.store, this.readModels, [this.projection], options, onProgress);
  }

  /** Run in the background: become leader when the lock allows, then keep caught up until stop(). */
  start(): void {
    this.loop.start();
  }

  /** Look for new events now rather than at the next poll. */
  poke(): void {
    this.loop.poke();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch: fold the events after the checkpoint and commit them with the new checkpoint, or nothing. */
  async step(): Promise<number> {
    const { name } = this.projection;
    const from = await this.readModels.checkpoint(name);
    const page = await this.store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    if (!last) return 0;
    const changes = await foldPage(this.projection, page, this.options.prepare, (ids) => this.readModels.load<D>(name, ids));
    // Refused when another runner moved the checkpoint meanwhile: the next step re-reads it either way.
    await this.readModels.commit(name, changes, from, last.position);
    return page.length;
  }
}
