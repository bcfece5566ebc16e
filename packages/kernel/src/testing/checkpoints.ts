// An in-memory CheckpointStore for process-manager tests (PostgreSQL's lives beside the read models).
import type { CheckpointStore } from '../runtime/outcomes';
import { formatPosition, type Position } from '../store';

export class MemoryCheckpoints implements CheckpointStore {
  private readonly positions = new Map<string, Position>();

  async checkpoint(name: string): Promise<Position | 'start'> {
    return this.positions.get(name) ?? 'start';
  }

  async advance(name: string, from: Position | 'start', to: Position): Promise<boolean> {
    const stored = this.positions.get(name);
    const expected = from === 'start' ? undefined : formatPosition(from);
    if ((stored === undefined ? undefined : formatPosition(stored)) !== expected) return false;
    this.positions.set(name, to);
    return true;
  }
}
