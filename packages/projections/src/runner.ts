// Runs a projection: reads events after its checkpoint, folds them, and stores documents + checkpoint atomically.
import type { EventStore, Position } from '@delve/kernel';
import type { Projection } from './projection';

/** Where a runner keeps documents and checkpoints (PostgreSQL's ReadModelStore implements it). */
export interface ReadModelPort {
  checkpoint(projection: string): Promise<Position | 'start'>;
  load<D>(projection: string, ids: readonly string[]): Promise<Map<string, D>>;
  commit<D>(projection: string, changes: ReadonlyMap<string, D | null>, from: Position | 'start', to: Position): Promise<boolean>;
  reset(projection: string): Promise<void>;
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
}

export class ProjectionRunner<D> {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly readModels: ReadModelPort,
    private readonly projection: Projection<D>,
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollMs = options.pollMs ?? 100;
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

  /** Forget the read model and project it again from the first event. */
  async rebuild(): Promise<number> {
    await this.readModels.reset(this.projection.name);
    return this.catchUp();
  }

  /** Run in the background: become leader when the lock allows, then keep caught up until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.background();
  }

  /** Look for new events now rather than at the next poll. */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async background(): Promise<void> {
    let leader = !this.options.lock;
    while (this.running) {
      try {
        if (!leader) leader = (await this.options.lock?.tryAcquire()) ?? true;
        if (leader) await this.drain();
      } catch (error) {
        this.options.onError?.(error);
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    if (leader) await this.options.lock?.release();
  }

  /**
   * Apply what is there now: full pages one after another, stopping after the first partial one. Unlike catchUp(),
   * this does not chase a stream that keeps growing (a few events per step, eight statements each, forever):
   * what arrives meanwhile waits for the next poll and is taken in one batch.
   */
  private async drain(): Promise<void> {
    while (this.running && (await this.step()) === this.batchSize);
  }

  /** One batch: fold the events after the checkpoint and commit them with the new checkpoint, or nothing. */
  private async step(): Promise<number> {
    const { name, streamPrefixes } = this.projection;
    const from = await this.readModels.checkpoint(name);
    const page = await this.store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    if (!last) return 0;
    const relevant = page.filter((e) => streamPrefixes.some((p) => e.streamId.startsWith(p)));
    const ids = [...new Set(relevant.map((e) => this.projection.idOf(e)).filter((id): id is string => id !== null))];
    const stored = await this.readModels.load<D>(name, ids);
    const changes = new Map<string, D | null>();
    for (const event of relevant) {
      const id = this.projection.idOf(event);
      if (id === null) continue;
      const current = changes.has(id) ? (changes.get(id) ?? null) : (stored.get(id) ?? null);
      changes.set(id, this.projection.apply(current, event));
    }
    // Refused when another runner moved the checkpoint meanwhile: the next step re-reads it either way.
    await this.readModels.commit(name, changes, from, last.position);
    return page.length;
  }
}
