// A background loop for anything that follows the event log from a checkpoint (projection runners, process managers):
// lead while holding a lock, take what is there in full batches, then sleep until the next poll or a poke.
import type { LeaderLock } from './ports';

export interface LeaderLoopOptions {
  /** One step: handle the next batch and return how many events it took (0 when caught up). */
  readonly step: () => Promise<number>;
  /** A step that took this many was a full page: step again at once. */
  readonly batchSize: number;
  /**
   * How often to look for new events, and to retry leadership (ms). With `idleMs`, the least time between two looks
   * instead: pokes arriving faster are taken together.
   */
  readonly pollMs: number;
  /**
   * When given, a leader that is caught up sleeps until poked (something was appended), or this long at most (ms): the
   * safety poll for appends no poke tells of. Without it, a leader looks every `pollMs` whether poked or not.
   */
  readonly idleMs?: number | undefined;
  /** With `idleMs`: how soon (ms) the step must run again though nothing is appended (null: no such need). */
  readonly nextLook?: (() => number | null) | undefined;
  readonly lock?: LeaderLock | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export class LeaderLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Poked since the current step began: the next look comes `pollMs` after it, not at the safety poll. */
  private poked = false;

  constructor(private readonly options: LeaderLoopOptions) {}

  /** Run in the background: become leader when the lock allows, then keep caught up until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.background();
  }

  /** Look for new events now (or, with `idleMs`, once `pollMs` has passed since the last look) rather than later. */
  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  private async background(): Promise<void> {
    const { lock, onError, pollMs, idleMs } = this.options;
    let leader = !lock;
    while (this.running) {
      this.poked = false;
      let took = 0;
      try {
        // Asked every time, not only until it first succeeds: the lock may have been lost with its session.
        leader = (await lock?.tryAcquire()) ?? true;
        if (leader) took = await this.drain();
      } catch (error) {
        onError?.(error);
      }
      if (!this.running) break;
      if (idleMs === undefined || !leader) {
        // A follower asks for the lock every pollMs, however often appends come (each ask is a statement).
        await this.sleep(pollMs, idleMs === undefined);
        continue;
      }
      // A step that took events looks once more (a page's commit may have started what the next look finds); a poke
      // during the step too. Otherwise sleep until poked, or until the step is due by itself, or the safety poll.
      const looked = performance.now();
      if (took === 0 && !this.poked) {
        const due = this.options.nextLook?.() ?? null;
        await this.sleep(Math.max(0, Math.min(idleMs, due ?? idleMs)), true);
      }
      // Pokes come as fast as appends do: one look per `pollMs` at most takes them in batches, as polling did.
      const rest = pollMs - (performance.now() - looked);
      if (this.running && rest > 0) await this.sleep(rest, false);
    }
    if (leader) await lock?.release();
  }

  /** Wait `ms`; a poke ends the wait when `pokeable`, stop() always does. */
  private sleep(ms: number, pokeable: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = pokeable ? done : () => (this.running ? undefined : done());
    });
  }

  /**
   * Take what is there now: full pages one after another, stopping after the first partial one. This does not chase a
   * log that keeps growing (a few events per step, forever): what arrives meanwhile waits for the next poll. Returns
   * how many events it took.
   */
  private async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      if (!this.running) return total;
      const took = await this.options.step();
      total += took;
      if (took !== this.options.batchSize) return total;
    }
  }
}
