// State-based actions the companion checks after every command: no life left (704.5a), the legend rule (704.5j), completion (704.5t).
import { isBottommost } from '../content';
import type { VentureState } from '../state';
import { leaveGame } from './leave';
import { legendsToChoose } from './legend';
import { awaitingAnswers, finishResolution } from './resolve';
import { isOver, midAction } from './table';
import type { Tx } from './tx';

/** Players whose dungeon's marker is on its bottommost room and no room ability from that card is on the stack (309.6). */
export function dungeonsToRemove(state: VentureState): number[] {
  return state.players
    .filter((p) => p.inGame && p.dungeon !== null && isBottommost(p.dungeon.dungeon, p.dungeon.room))
    .filter((p) => !state.stack.some((item) => item.kind === 'room' && item.instance === p.dungeon?.instance))
    .map((p) => p.seat);
}

/** A resolution whose last answer went away (its player left) finishes now. */
function finishAnswered(tx: Tx): void {
  const top = tx.state.stack.at(-1);
  if (tx.state.pending === null && top?.kind === 'room' && top.resolving !== null && awaitingAnswers(tx.state, top).length === 0)
    finishResolution(tx, top, top.resolving, top.answers);
}

/** Run state-based actions until none applies (704.3). */
export function settle(tx: Tx): void {
  finishAnswered(tx);
  for (;;) {
    if (isOver(tx.state) || midAction(tx.state)) return;
    const completing = dungeonsToRemove(tx.state);
    const dying = tx.state.players.filter((p) => p.inGame && p.life <= 0).map((p) => p.seat);
    if (completing.length === 0 && dying.length === 0) {
      // 704.5j asks a choice of the controller, which the next command makes (ChooseLegend).
      const legends = legendsToChoose(tx.state);
      if (legends) tx.emit({ type: 'LegendChoiceOpened', seat: legends.seat, options: [...legends.tokens] });
      return;
    }
    for (const seat of completing) {
      const d = tx.state.players[seat]?.dungeon;
      if (d) tx.emit({ type: 'DungeonCompleted', seat, dungeon: d.dungeon, instance: d.instance });
    }
    if (dying.length > 0) leaveGame(tx, dying, 'no-life');
  }
}
