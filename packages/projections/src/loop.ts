// A background loop for anything that follows the event log from a checkpoint (projection runners, process managers):
// lead while holding a lock, take what is there in full batches, then sleep until the next poll or a poke.
import type { LeaderLock } from './ports';

export interface LeaderLoopOptions {
  /** One step: handle the next batch and return how many events it took (0 when caught up). */
  readonly step: () => Promise<number>;
  /** A step that took this many was a full page: step again at once. */
  readonly batchSize: number;
  /** How often to look for new events, and to retry leadership (ms). */
  readonly pollMs: number;
  readonly lock?: LeaderLock | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export class LeaderLoop {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly options: LeaderLoopOptions) {}

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
    const { lock, onError, pollMs } = this.options;
    let leader = !lock;
    while (this.running) {
      try {
        // Asked every time, not only until it first succeeds: the lock may have been lost with its session.
        leader = (await lock?.tryAcquire()) ?? true;
        if (leader) await this.drain();
      } catch (error) {
        onError?.(error);
      }
      if (!this.running) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    if (leader) await lock?.release();
  }

  /**
   * Take what is there now: full pages one after another, stopping after the first partial one. This does not chase a
   * log that keeps growing (a few events per step, forever): what arrives meanwhile waits for the next poll.
   */
  private async drain(): Promise<void> {
    while (this.running && (await this.options.step()) === this.options.batchSize);
  }
}
