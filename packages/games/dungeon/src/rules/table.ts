// Reading the state: living seats, turn order, who the game waits for, and where every card is.
import type { Seat } from '@delve/kernel';
import { jokersWild, pitchBlack } from '../options';
import type { DungeonState } from '../state';
import { isJoker, type Card } from './cards';

export const livingSeats = (s: DungeonState): Seat[] => s.players.filter((p) => p.alive).map((p) => p.seat);

/** The next living seat clockwise ("to the left") after `seat`. */
export function nextLiving(s: DungeonState, seat: Seat): Seat {
  for (let i = 1; i <= s.seats; i++) {
    const next = (seat + i) % s.seats;
    if (s.players[next]?.alive) return next;
  }
  return seat;
}

/** Seats a response window still waits for, clockwise from the seat after the last to play. */
export function windowAwaiting(s: DungeonState): Seat[] {
  const w = s.window;
  if (!w) return [];
  const out: Seat[] = [];
  for (let i = 1; i < s.seats; i++) {
    const seat = (w.last + i) % s.seats;
    if (s.players[seat]?.alive && !w.passed.includes(seat)) out.push(seat);
  }
  return out;
}

/** Every seat whose command the game is waiting for. */
export function awaiting(s: DungeonState): Seat[] {
  if (s.phase === 'playoff' && s.playoff) return s.playoff.contenders.filter((seat) => s.playoff?.chosen[seat] === null);
  if (s.phase !== 'play') return [];
  if (s.window) return windowAwaiting(s);
  if (s.prompt) return [s.prompt.seat];
  return s.turn ? [s.turn.seat] : [];
}

/** Whether a cave-in on this node waits for its owner's Jokers Wild choice (always in Pitch Black, where nobody else can tell). */
export function needsJokerChoice(s: DungeonState, target: Seat, node: number): boolean {
  if (pitchBlack(s.options)) return true;
  const card = s.players[target]?.dungeon.find((n) => n.id === node)?.card;
  return jokersWild(s.options) && card !== undefined && isJoker(card);
}

/** Cards on the table for the moment: a fighting creature, a pending power, a cave-in card, Aces and interrupts in a window. */
export function tableCards(s: DungeonState): Card[] {
  const out: Card[] = [];
  if (s.combat) out.push(s.combat.card);
  if (s.power) out.push(s.power.card);
  if (s.collapse) out.push(s.collapse.card);
  if (s.window) for (const x of [...s.window.aces, ...s.window.interrupts]) out.push(x.card);
  if (s.playoff) for (const c of s.playoff.chosen) if (c !== null) out.push(c);
  return out;
}

/** Every card in every zone, for the conservation invariant. */
export function everyCard(s: DungeonState): Card[] {
  const out: Card[] = [...s.deck, ...s.discard, ...s.setAside, ...s.limbo, ...tableCards(s)];
  for (const p of s.players) {
    out.push(...p.hand, ...p.dungeon.map((n) => n.card));
    if (p.cell !== null) out.push(p.cell);
  }
  return out;
}
