// The dungeon as a tree: which nodes a new passage may hang from, the last passage, cheating checks, and what a
// player's dungeon makes a card in hand worth.
import { CELL, type PassageNode, type PlayerState } from '../state';
import { isJoker, rankOf, type Card } from './cards';

/** Value the cell stands for, so that a passage is always worth its parent's value minus one. */
export const CELL_VALUE = 11;

/** A place a passage may go: under `parent`, standing for `value`. */
export interface Slot {
  readonly parent: number;
  readonly value: number;
}

export function valueOf(player: PlayerState, id: number): number | null {
  if (id === CELL) return CELL_VALUE;
  return player.dungeon.find((n) => n.id === id)?.value ?? null;
}

/** The last passage played that is still in the dungeon (null: the player is in the cell). */
export function lastPassage(player: PlayerState): PassageNode | null {
  return player.dungeon[player.dungeon.length - 1] ?? null;
}

/**
 * Where a passage may go (see docs/rulings/dungeon.md, "Passages"):
 * - an empty dungeon takes a 10 on the cell;
 * - every dead end (a passage with nothing built on it) takes the next lower value: going on, or building
 *   on an earlier branch;
 * - the card under any lowest passage takes another card of that lowest value: a branch off the current
 *   passage. After a retreat or cave-in the lowest value is recomputed, which is the "second lowest" branch.
 */
export function openSlots(player: PlayerState): Slot[] {
  const nodes = player.dungeon;
  if (nodes.length === 0) return [{ parent: CELL, value: 10 }];
  const slots = new Map<number, number>();
  const hasChild = new Set(nodes.map((n) => n.parent));
  for (const n of nodes) if (!hasChild.has(n.id) && n.value > 2) slots.set(n.id, n.value - 1);
  const lowest = Math.min(...nodes.map((n) => n.value));
  for (const n of nodes) if (n.value === lowest) slots.set(n.parent, lowest);
  return [...slots].map(([parent, value]) => ({ parent, value })).sort((a, b) => a.parent - b.parent);
}

/** Pitch Black: a passage whose card is not what it stands for (a Joker may stand for anything). */
export function isCheat(node: PassageNode): boolean {
  return !isJoker(node.card) && rankOf(node.card) !== node.value;
}

/** The value this player needs next (the lowest open slot), 10 in the cell. */
export function needed(p: PlayerState): number {
  return Math.min(...openSlots(p).map((s) => s.value));
}

/**
 * How much a card in hand is worth keeping to its player (higher: keep), from the hand and the player's own dungeon
 * only: a Joker, a 2 (escape, and it beats a King) and an Ace (two cards) most; passages by how soon the dungeon needs
 * them; creatures in between; passages above what the dungeon can still take least. The heuristic bot plays by it,
 * and a seat whose time ran out gives up the card it rates lowest (see rulings).
 */
export function worthKeeping(card: Card, p: PlayerState): number {
  const r = rankOf(card);
  if (isJoker(card)) return 20;
  if (r === 1) return 12;
  if (r === 2) return 15;
  if (r >= 11) return 6 + (r - 11);
  const n = needed(p);
  if (r <= n) return 14 - (n - r);
  return 1;
}
