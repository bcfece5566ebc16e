// §Creature: attacking with a Jack, Queen or King, fighting it off or retreating; the value a card fights with,
// which sets of cards beat a creature, and every such set for a hand.
import { isCreatureRank, isJoker, isPassageRank, KING, rankOf, type Card, JACK } from './cards';
import type { CommandOf } from '../commands';
import { darkDiscards } from '../options';
import { lastPassage } from './passages';
import { checkLastAlive } from './turn';
import { fail } from './fail';
import { openWindow } from './windows';
import type { Ctx } from './tx';
import { cardPlay, inHand, opponent, playedAs, promptFor } from './guards';

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

/** §Creature: a Jack, Queen or King attacks an opponent's last passage, once that opponent has laid a 10. */
export function attack(c: Ctx, cmd: CommandOf<'Attack'>): void {
  cardPlay(c, cmd.card);
  const value = playedAs(c.tx.state, cmd.card, cmd.as, (r) => r >= JACK && r <= KING, 'a creature');
  const target = opponent(c, cmd.target);
  if (!target.leftCell) fail('still-in-cell', `seat ${cmd.target} has not left the cell yet`);
  c.tx.emit({ type: 'CreatureAttacked', seat: c.seat, card: cmd.card, value, target: cmd.target, node: lastPassage(target)?.id ?? null });
  openWindow(c.tx, 'attack', c.seat, null);
}

/** §Creature: beat it with passages totalling its value, an equal or stronger creature, or a 2 against a King. */
export function fight(c: Ctx, cmd: CommandOf<'Fight'>): void {
  promptFor(c, 'defend');
  const s = c.tx.state;
  const combat = s.combat ?? fail('wrong-step', 'there is no creature to fight');
  const cards = cmd.cards.map((x) => x.card);
  if (new Set(cards).size !== cards.length) fail('bad-defence', 'a card may be used once');
  for (const card of cards) inHand(c, card);
  const used: CombatCard[] = cmd.cards.map((x) => ({
    card: x.card,
    value: playedAs(s, x.card, x.as, (r) => r >= 2 && r <= KING, 'a fighting card'),
  }));
  if (!beats(used, combat.value)) fail('bad-defence', `those cards do not beat a creature of ${combat.value} (with no card to spare)`);
  c.tx.emit({ type: 'CreatureDefeated', seat: c.seat, cards: used, creature: combat.card });
}

/** §Retreat: give up the attacked passage; attacked in the cell, retreating means being slain. */
export function retreat(c: Ctx): void {
  promptFor(c, 'defend');
  const s = c.tx.state;
  const passage = c.me.dungeon.find((n) => n.id === s.combat?.node);
  if (passage) {
    const faceDown = passage.faceDown || darkDiscards(s.options);
    c.tx.emit({ type: 'Retreated', seat: c.seat, node: passage.id, card: passage.card, faceDown });
    return;
  }
  c.tx.emit({ type: 'PlayerSlain', seat: c.seat });
  checkLastAlive(c.tx);
}
