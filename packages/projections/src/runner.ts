// Runs a projection: reads events after its checkpoint, folds them, and stores documents + checkpoint atomically.
import type { EventStore, Position, RecordedEvent } from '@delve/kernel';
import { LeaderLoop } from './loop';
import type { Projection } from './projection';

/** Where a runner keeps documents and checkpoints (PostgreSQL's ReadModelStore implements it). */
export interface ReadModelPort {
  checkpoint(projection: string): Promise<Position | 'start'>;
  load<D>(projection: string, ids: readonly string[]): Promise<Map<string, D>>;
  commit<D>(projection: string, changes: ReadonlyMap<string, D | null>, from: Position | 'start', to: Position): Promise<boolean>;
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
  async rebuild(onProgress: RebuildProgress = () => {}): Promise<number> {
    const live = this.projection.name;
    const shadow = `${live}#rebuild`;
    const { lock: _lock, ...unlocked } = this.options; // nobody else writes the shadow
    const builder = new ProjectionRunner(this.store, this.readModels, { ...this.projection, name: shadow }, unlocked);
    await this.readModels.reset(shadow);
    let total = 0;
    for (;;) {
      const applied = await builder.step();
      total += applied;
      onProgress(total);
      if (applied === 0) break;
    }
    await this.readModels.swap(shadow, live);
    return total;
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
    const { name, streamPrefixes } = this.projection;
    const from = await this.readModels.checkpoint(name);
    const page = await this.store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    if (!last) return 0;
    const prepare = this.options.prepare;
    const relevant = page.filter((e) => streamPrefixes.some((p) => e.streamId.startsWith(p))).map((e) => (prepare ? prepare(e) : e));
    const touched = relevant.map((e) => [e, this.projection.idsOf(e)] as const).filter(([, ids]) => ids.length > 0);
    const stored = await this.readModels.load<D>(name, [...new Set(touched.flatMap(([, ids]) => ids))]);
    const changes = new Map<string, D | null>();
    for (const [event, ids] of touched) {
      for (const id of ids) {
        const current = changes.has(id) ? (changes.get(id) ?? null) : (stored.get(id) ?? null);
        changes.set(id, this.projection.apply(current, event, id));
      }
    }
    // Refused when another runner moved the checkpoint meanwhile: the next step re-reads it either way.
    await this.readModels.commit(name, changes, from, last.position);
    return page.length;
  }
}
