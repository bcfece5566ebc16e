// Who is at the table: players still in the game, turn order and APNAP order.
import type { Seat } from '@delve/kernel';
import type { PlayerState, VentureState } from '../state';

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
