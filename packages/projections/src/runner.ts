// Runs projections: reads each page of the log after their checkpoints once, folds it into each of them, and stores
// their documents and checkpoints in one transaction.
import { comparePositions, type EventStore, type Position } from '@delve/kernel';
import { LeaderLoop } from './loop';
import type { Projection } from './projection';
import { foldPage } from './fold';
import { rebuildProjections } from './rebuild';
import type { ProjectionBatch, ReadModelPort, RebuildProgress, RunnerOptions } from './ports';

/**
 * Runs one projection, or several as one: each page of the log is read once however many read models follow it (the
 * read is most of a projection's cost), and their documents and checkpoints are committed together.
 */
export class ProjectionRunner<D> {
  private readonly batchSize: number;
  private readonly loop: LeaderLoop;
  private readonly projections: readonly Projection<D>[];
  /**
   * The checkpoints as this runner's last commit left them, so a busy runner's next step needs no query to learn them;
   * null at first, after a step that found nothing new, and after a refused commit or an error (another runner, a
   * rebuild's swap or a reset moved them).
   */
  private checkpoints: (Position | 'start')[] | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly readModels: ReadModelPort,
    projection: Projection<D> | readonly Projection<D>[],
    private readonly options: RunnerOptions = {},
  ) {
    this.projections = Array.isArray(projection) ? projection : [projection as Projection<D>];
    this.batchSize = options.batchSize ?? 500;
    this.loop = new LeaderLoop({
      step: () => this.step(),
      batchSize: this.batchSize,
      pollMs: options.pollMs ?? 100,
      idleMs: options.idleMs,
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
    const { lock: _lock, ...options } = this.options; // nobody else writes the shadows
    return rebuildProjections(this.store, this.readModels, this.projections as readonly Projection<unknown>[], options, onProgress);
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

  /**
   * One page: read from the earliest checkpoint, fold into each projection the events past its own, and commit them all
   * with their new checkpoints, or nothing. Returns how many events the page held.
   */
  async step(): Promise<number> {
    const checkpoints = this.checkpoints ?? (await Promise.all(this.projections.map((p) => this.readModels.checkpoint(p.name))));
    this.checkpoints = null; // known again only once this step has committed
    const next = [...checkpoints];
    const from = checkpoints.reduce((a, b) => (a === 'start' || (b !== 'start' && comparePositions(b, a) >= 0) ? a : b));
    const page = await this.store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    // Caught up: the next step reads the checkpoints afresh, so an idle runner notices a reset or a swap at once.
    if (!last) return 0;
    const batches: ProjectionBatch<unknown>[] = [];
    for (const [i, projection] of this.projections.entries()) {
      const since = checkpoints[i] as Position | 'start';
      // A read model rebuilt meanwhile may be ahead of the others: it waits until the page passes its checkpoint.
      if (since !== 'start' && comparePositions(since, last.position) >= 0) continue;
      const events = since === from ? page : page.filter((e) => since === 'start' || comparePositions(e.position, since) > 0);
      const changes = await foldPage(projection, events, this.options.prepare, (ids) => this.readModels.load<D>(projection.name, ids));
      batches.push({ projection: projection.name, changes, from: since, to: last.position });
      next[i] = last.position;
    }
    // Refused when another runner moved a checkpoint meanwhile: the next step reads them afresh.
    if (await this.readModels.commitAll(batches)) this.checkpoints = next;
    return page.length;
  }
}
