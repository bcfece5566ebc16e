// Turn structure: steps of the active player's turn and passing the turn clockwise.
import type { Seat } from '@delve/kernel';
import { StepSchema, type Step } from '../events';
import { upkeepTrigger } from './initiative';
import { nextInTurnOrder } from './table';
import type { Tx } from './tx';

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
