// An in-memory DuePlanStore for scheduler tests (PostgreSQL's is the due_actions table): the plan and its checkpoint.
import type { DueAction, DuePlanStore, PlanChange } from '../runtime/scheduler';
import { formatPosition, type Position } from '../store';

const keyOf = (a: { gameId: string; kind: string; seat: number }) => `${a.gameId}/${a.kind}/${a.seat}`;

export class MemoryDuePlan implements DuePlanStore {
  readonly actions = new Map<string, DueAction>();
  private position: Position | 'start' = 'start';

  async checkpoint(): Promise<Position | 'start'> {
    return this.position;
  }

  async commit(changes: readonly PlanChange[], from: Position | 'start', to: Position): Promise<boolean> {
    const at = (p: Position | 'start') => (p === 'start' ? 'start' : formatPosition(p));
    if (at(this.position) !== at(from)) return false;
    for (const change of changes) {
      if ('set' in change) this.actions.set(keyOf(change.set), change.set);
      else if ('drop' in change) this.actions.delete(keyOf(change.drop));
      else {
        const prefix = 'dropKind' in change ? `${change.dropKind.gameId}/${change.dropKind.kind}/` : `${change.dropGame}/`;
        for (const key of [...this.actions.keys()]) if (key.startsWith(prefix)) this.actions.delete(key);
      }
    }
    this.position = to;
    return true;
  }

  async due(until: string, limit: number): Promise<DueAction[]> {
    return [...this.actions.values()]
      .filter((a) => a.due <= until)
      .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0))
      .slice(0, limit);
  }

  async done(actions: readonly DueAction[]): Promise<void> {
    for (const action of actions) {
      const key = keyOf(action);
      if (JSON.stringify(this.actions.get(key)) === JSON.stringify(action)) this.actions.delete(key);
    }
  }
}
