import t from 'tap';
import { Decision } from '../src/decision';

type Counter = { readonly total: number; readonly seen: readonly number[] };
const fold = (state: Counter, event: { add: number }): Counter => ({ total: state.total + event.add, seen: [...state.seen, state.total] });

t.test('a decision folds each event as it is emitted, so later rules see earlier effects', async (t) => {
  const start: Counter = { total: 0, seen: [] };
  const decision = new Decision(start, fold);
  decision.emit({ add: 2 }).emit({ add: 3 });
  t.same(decision.events, [{ add: 2 }, { add: 3 }], 'events kept in emission order');
  t.same(decision.state, { total: 5, seen: [0, 2] }, 'the second event was folded onto the first one’s state');
  t.same(start, { total: 0, seen: [] }, 'the starting state is not touched');
});
