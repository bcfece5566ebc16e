// Response windows: opening one, and closing it once everyone asked has passed, with what follows (see rulings).
import type { Seat } from '@delve/kernel';
import type { EventOf } from '../events';
import type { ResponseWindow } from '../state';
import { windowAwaiting } from './table';
import { draw } from './turn';
import type { Tx } from './tx';

/** A response window opens after `last` put a card down: every other living player may answer it or pass. */
export function openWindow(tx: Tx, kind: ResponseWindow['kind'], last: Seat, escape: EventOf<'WindowOpened'>['escape']): void {
  tx.emit({ type: 'WindowOpened', kind, last, escape });
}

/**
 * Once nobody is left to answer: the window's Aces resolve, the last played first (§Aces), each drawing two; the window
 * closes; then what opened it goes ahead. A creature asks for the defence; a power not cancelled by Counter Attack
 * asks its question (a Graverobber with nothing to take simply ends); a Pitch Black escape that survived wins.
 */
export function closeWindowIfDone(tx: Tx): void {
  const w = tx.state.window;
  if (!w || windowAwaiting(tx.state).length > 0) return;
  for (const ace of [...w.aces].reverse()) {
    tx.emit({ type: 'AceResolved', seat: ace.seat, card: ace.card });
    draw(tx, ace.seat, 2, 'ace');
  }
  const cancelled = w.kind === 'power' && w.interrupts.length % 2 === 1;
  tx.emit({ type: 'WindowClosed', cancelled });
  const { combat, power, discard, players } = tx.state;
  if (w.kind === 'attack' && combat) tx.emit({ type: 'PromptOpened', kind: 'defend', seat: combat.defender });
  if (w.kind === 'power' && power) {
    if (power.kind === 'myrmiddon' && power.target !== null) tx.emit({ type: 'PromptOpened', kind: 'answer', seat: power.target });
    else if (discard.length > 0) tx.emit({ type: 'PromptOpened', kind: 'pick', seat: power.seat });
    else tx.emit({ type: 'PowerFinished', seat: power.seat, to: 'limbo' });
  }
  const escape = w.escape;
  if (escape && players[escape.seat]?.dungeon.some((n) => n.id === escape.node))
    tx.emit({ type: 'GameWon', seat: escape.seat, how: 'escaped' });
}
