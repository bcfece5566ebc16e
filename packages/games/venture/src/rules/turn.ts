// Turn structure: steps of the active player's turn and passing the turn clockwise.
import type { Seat } from '@delve/kernel';
import { StepSchema, type Step } from '../events';
import { upkeepTrigger } from './initiative';
import { nextInTurnOrder, requireOpenTable } from './table';
import type { Tx } from './tx';
import { fail } from './fail';

/** The steps of a turn in order, as the event schema lists them. */
export const STEPS: readonly Step[] = StepSchema.anyOf.map((literal) => literal.const);

export function beginStep(tx: Tx, active: Seat, step: Step, turn: number): void {
  tx.emit({ type: 'StepBegan', active, step, turn });
  if (step === 'upkeep') upkeepTrigger(tx, active);
}

/** The next player's turn begins at their upkeep. `from` defaults to the active player. */
export function passTurn(tx: Tx, from: Seat = tx.state.active): void {
  const next = nextInTurnOrder(tx.state, from);
  if (next === null) return;
  beginStep(tx, next, 'upkeep', tx.state.turn + 1);
}

export function advanceStep(tx: Tx): void {
  const index = STEPS.indexOf(tx.state.step);
  const following = STEPS[index + 1];
  if (following === undefined) passTurn(tx);
  else beginStep(tx, tx.state.active, following, tx.state.turn);
}

export function requireActiveWithEmptyStack(tx: Tx, seat: Seat): void {
  requireOpenTable(tx.state);
  if (tx.state.active !== seat) fail('not-active-player', 'only the active player moves the turn on');
  if (tx.state.stack.length > 0) fail('stack-not-empty', 'resolve the stack before moving on');
}

/** The active player moves to the next step; the holder's upkeep puts the initiative trigger on the stack (725.2). */
export function advanceStepCommand(tx: Tx, seat: Seat): void {
  requireActiveWithEmptyStack(tx, seat);
  advanceStep(tx);
}

/** The active player ends the turn; the next player in turn order begins at upkeep. */
export function passTurnCommand(tx: Tx, seat: Seat): void {
  requireActiveWithEmptyStack(tx, seat);
  passTurn(tx);
}
