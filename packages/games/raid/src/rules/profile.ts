// A raider as the game builds it: class, deck, hand size and health bonus. Today from the options; later from a character.
import type { Seat } from '@delve/kernel';
import { CATALOG, classDef } from '../content/index';
import type { RaidOptions } from '../options';

/**
 * What setup needs to build one raider. The character issue passes one per seat (levelled decks, hand size 8 and
 * +10 hero health at level 85); until then `profileFromOptions` builds it from the seat's class.
 */
export interface RaiderProfile {
  readonly classId: string;
  /** Card ids, one entry per copy. */
  readonly deck: readonly string[];
  /** Starting and maximum hand size (7; 8 at raider level 85). */
  readonly handSize: number;
  /** Added to the hero's printed health (+10 at raider level 85). */
  readonly heroHealthBonus: number;
}

/** The starter profile of the seat's class: its starter deck, seven cards, no bonus. */
export function profileFromOptions(options: RaidOptions, seat: Seat): RaiderProfile {
  const cls = classDef(options.classes[seat] ?? '');
  return { classId: cls.id, deck: cls.deck.flatMap((e) => Array.from({ length: e.count }, () => e.card)), handSize: 7, heroHealthBonus: 0 };
}

/** Problems with a profile handed to setup (an unknown class or card, a Dungeon card, a bad hand size). */
export function profileProblems(p: RaiderProfile): string[] {
  const out: string[] = [];
  if (!CATALOG.classes.has(p.classId)) out.push(`unknown class ${p.classId}`);
  if (!Number.isInteger(p.handSize) || p.handSize < 1 || p.handSize > 10) out.push(`hand size ${p.handSize} is not 1..10`);
  if (!Number.isInteger(p.heroHealthBonus) || p.heroHealthBonus < 0 || p.heroHealthBonus > 30)
    out.push(`bad health bonus ${p.heroHealthBonus}`);
  if (p.deck.length < 1 || p.deck.length > 60) out.push(`a deck of ${p.deck.length} cards`);
  for (const id of p.deck) {
    if (!CATALOG.cards.has(id)) out.push(`unknown card ${id}`);
    else if (CATALOG.dungeonCards.has(id)) out.push(`${id} is a Dungeon card`);
  }
  return out;
}
