// Who is at the table: players still in the game, turn order and APNAP order.
import type { Seat } from '@delve/kernel';
import type { PlayerState, VentureState } from '../state';
import { MAX_AMOUNT, type CommandOf } from '../commands';
import type { Tx } from './tx';
import { fail } from './fail';

export function playerAt(state: VentureState, seat: Seat): PlayerState | undefined {
  return state.players[seat];
}

export function isInGame(state: VentureState, seat: Seat): boolean {
  return state.players[seat]?.inGame === true;
}

export function seatsInGame(state: VentureState): Seat[] {
  return state.players.filter((p) => p.inGame).map((p) => p.seat);
}

/** The first player still in the game after `from` in clockwise turn order (never `from` itself), or null. */
export function nextInTurnOrder(state: VentureState, from: Seat, skip: readonly Seat[] = []): Seat | null {
  for (let i = 1; i < state.seats; i++) {
    const seat = (from + i) % state.seats;
    if (isInGame(state, seat) && !skip.includes(seat)) return seat;
  }
  return null;
}

/** Players in the game starting with the active player, then clockwise (the order simultaneous choices are made in). */
export function apnapOrder(state: VentureState): Seat[] {
  const order: Seat[] = [];
  for (let i = 0; i < state.seats; i++) {
    const seat = (state.active + i) % state.seats;
    if (isInGame(state, seat)) order.push(seat);
  }
  return order;
}

export function isOver(state: VentureState): boolean {
  return state.started && seatsInGame(state).length <= 1;
}

/** True while a choice or a resolution's answers are outstanding: nobody gets priority, so no checks run. */
export function midAction(state: VentureState): boolean {
  const top = state.stack.at(-1);
  return state.pending !== null || (top?.kind === 'room' && top.resolving !== null);
}

/** Nothing else may happen while a venture waits for its choice or a resolution waits for answers. */
export function requireOpenTable(state: VentureState): void {
  if (state.pending !== null) fail('choice-pending', `seat ${state.pending.seat} must first choose a ${state.pending.kind}`);
  if (midAction(state)) fail('answers-pending', 'the resolving room ability is waiting for answers');
}

/** A life change from outside the dungeons; reaching 0 makes that player lose (704.5a). */
export function adjustLife(tx: Tx, seat: Seat, command: CommandOf<'AdjustLife'>): void {
  requireOpenTable(tx.state);
  if (!isInGame(tx.state, command.player)) fail('bad-player', 'that player is not in the game');
  if (!Number.isInteger(command.amount) || command.amount === 0 || Math.abs(command.amount) > MAX_AMOUNT)
    fail('bad-amount', `a life change is a non-zero whole number of at most ${MAX_AMOUNT}`);
  tx.emit({ type: 'LifeChanged', seat: command.player, amount: command.amount });
}

/** A token the sender controls left the battlefield. */
export function removeToken(tx: Tx, seat: Seat, command: CommandOf<'RemoveToken'>): void {
  requireOpenTable(tx.state);
  const token = tx.state.tokens.find((t) => t.id === command.token);
  if (!token) fail('no-such-token', 'no such token on the battlefield');
  if (token.controller !== seat) fail('not-your-token', 'you can only remove tokens you control');
  tx.emit({ type: 'TokenRemoved', token: token.id });
}
