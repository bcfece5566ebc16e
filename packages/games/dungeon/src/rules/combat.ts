// Combat: the value a card fights with, which sets of cards beat a creature, and every such set for a hand.
import { isCreatureRank, isJoker, isPassageRank, KING, rankOf, type Card } from './cards';

export interface CombatCard {
  readonly card: Card;
  readonly value: number;
}

/**
 * Whether these cards beat a creature of `creature` value: one creature at least as strong, a single 2
 * against a King, or passages (2..10) adding up to at least its value with no card to spare (see rulings).
 */
export function beats(cards: readonly CombatCard[], creature: number): boolean {
  if (cards.length === 0) return false;
  const [first] = cards;
  if (cards.length === 1 && first) {
    if (isCreatureRank(first.value)) return first.value >= creature;
    if (first.value === 2 && creature === KING) return true;
  }
  if (!cards.every((c) => isPassageRank(c.value))) return false;
  // A 2 among several cards against a King would be a spare card: the 2 alone already wins.
  if (creature === KING && cards.length > 1 && cards.some((c) => c.value === 2)) return false;
  const sum = cards.reduce((a, c) => a + c.value, 0);
  return sum >= creature && cards.every((c) => sum - c.value < creature);
}

/** The ranks a card may fight as: its own, or anything from 2 to King for a wild Joker. */
export function combatValues(card: Card, wild: boolean): number[] {
  if (isJoker(card)) return wild ? [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] : [];
  const rank = rankOf(card);
  return rank >= 2 ? [rank] : [];
}

/** Every winning defence from `hand`, each as cards in hand order (the canonical order legalCommands uses). */
export function defences(hand: readonly Card[], creature: number, wild: boolean): CombatCard[][] {
  const out: CombatCard[][] = [];
  const options = hand.map((card) => ({ card, values: combatValues(card, wild) }));
  for (const { card, values } of options)
    for (const value of values)
      if (!isPassageRank(value) || (value === 2 && creature === KING)) {
        if (beats([{ card, value }], creature)) out.push([{ card, value }]);
      }
  // Passage sets: stop adding once the total is reached, since a further card would be spare.
  const walk = (i: number, chosen: CombatCard[], sum: number): void => {
    if (sum >= creature) {
      if (beats(chosen, creature) && !(chosen.length === 1 && chosen[0]?.value === 2 && creature === KING)) out.push(chosen);
      return;
    }
    if (i >= options.length) return;
    const option = options[i];
    if (!option) return;
    for (const value of option.values) if (isPassageRank(value)) walk(i + 1, [...chosen, { card: option.card, value }], sum + value);
    walk(i + 1, chosen, sum);
  };
  walk(0, [], 0);
  return out;
}
