// Players leaving the game (concession, no life left) and what follows: the initiative (725) and the turn.
import type { Seat } from '@delve/kernel';
import { takeInitiative } from './initiative';
import { isOver, nextInTurnOrder } from './table';
import { passTurn } from './turn';
import type { Tx } from './tx';

/**
 * `seats` leave the game at the same time. If the initiative holder is among them, the active player takes it,
 * or the next player in turn order when the active player is also leaving (725). A leaving active player's
 * turn ends at once (a companion simplification, see the rulings).
 */
export function leaveGame(tx: Tx, seats: readonly Seat[], reason: 'conceded' | 'no-life'): void {
  const before = tx.state;
  for (const seat of seats) tx.emit({ type: 'PlayerLeft', seat, reason });
  if (isOver(tx.state)) return;
  const activeLeaves = seats.includes(before.active);
  if (before.initiative !== null && seats.includes(before.initiative)) {
    const taker = activeLeaves ? nextInTurnOrder(tx.state, before.active, seats) : before.active;
    if (taker !== null) takeInitiative(tx, taker);
  }
  if (activeLeaves) passTurn(tx, before.active);
}
