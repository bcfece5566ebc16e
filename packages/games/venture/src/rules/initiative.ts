// The initiative (725): taking it, its venture trigger, and where it goes when its holder leaves.
import type { Seat } from '@delve/kernel';
import type { Tx } from './tx';
import { requireOpenTable } from './table';

/** `seat` takes the initiative (even if they hold it already) and its venture-into-Undercity trigger goes on the stack. */
export function takeInitiative(tx: Tx, seat: Seat): void {
  tx.emit({ type: 'InitiativeTaken', seat });
  tx.emit({ type: 'InitiativeVentureTriggered', stackId: tx.nextId(), seat });
}

/** The holder's upkeep trigger (725): put on the stack as their upkeep begins. */
export function upkeepTrigger(tx: Tx, active: Seat): void {
  if (tx.state.initiative === active) tx.emit({ type: 'InitiativeVentureTriggered', stackId: tx.nextId(), seat: active });
}

/** 725.1–725.3: the sender takes the initiative (again, if they hold it), which triggers a venture into Undercity. */
export function takeInitiativeCommand(tx: Tx, seat: Seat): void {
  requireOpenTable(tx.state);
  takeInitiative(tx, seat);
}
