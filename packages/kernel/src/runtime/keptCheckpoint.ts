// A process manager's checkpoint as it last found or moved it, so a step needs no read to learn where it starts.
import type { Position } from '../store';

/**
 * Read from the store only when not known: at the first step, and after a move the store refused (another node led
 * meanwhile, so the one kept was stale). Unknown while a step runs, until the step says how it ended.
 */
export class KeptCheckpoint {
  private known: Position | 'start' | undefined;

  constructor(private readonly read: () => Promise<Position | 'start'>) {}

  /** Where this step starts. */
  async take(): Promise<Position | 'start'> {
    const at = this.known ?? (await this.read());
    this.known = undefined;
    return at;
  }

  /** The step found nothing to take: the checkpoint is still `at`. */
  unchanged(at: Position | 'start'): void {
    this.known = at;
  }

  /** The step tried to move it to `to`: kept when the move took, read afresh by the next step otherwise. */
  moved(took: boolean, to: Position): void {
    if (took) this.known = to;
  }
}
