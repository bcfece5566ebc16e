// The Raider Leveling Guide: levels named by the XP that reaches them, what each grants, and the deck unlocks with
// their rarity and type limits, checked against the treasure pool.
import { CATALOG, type CardDef, type RARITIES } from '../content/index';
import { fail } from './fail';

/** Every named level, in order; a level is reached at exactly that much XP (Level 30 at 30 XP). */
export const LEVELS = [10, 20, 30, 40, 50, 60, 70, 80, 85] as const;
/** The levels that unlock a deck change. */
export const UNLOCK_LEVELS = [10, 20, 30, 40, 50, 60, 70, 80] as const;
export type UnlockLevel = (typeof UNLOCK_LEVELS)[number];

/** Starting and maximum hand size, and the hero's health bonus, before level 85 and from it on. */
export const STARTING_HAND_SIZE = 7;
export const TOP_LEVEL = 85;
export const TOP_HAND_SIZE = 8;
export const TOP_HEALTH_BONUS = 10;

/** The level `xp` reaches: the highest named level at or below it; 0 below 10 XP (docs/rulings/raid.md). */
export function levelOf(xp: number): number {
  return LEVELS.filter((level) => level <= xp).at(-1) ?? 0;
}

/** The next named level above `xp`, or null past the last (XP keeps counting, the level stays 85). */
export function nextLevel(xp: number): number | null {
  return LEVELS.find((level) => level > xp) ?? null;
}

/** The levels reached when XP goes from `before` to `after` (several when one run crosses more than one). */
export function levelsReached(before: number, after: number): number[] {
  return LEVELS.filter((level) => level > before && level <= after);
}

/** What reaching `level` grants: an unlock to spend, and the hand size and health bonus from then on. */
export function grantsOf(level: number): { unlock: boolean; handSize: number; heroHealthBonus: number } {
  const top = level >= TOP_LEVEL;
  return {
    unlock: (UNLOCK_LEVELS as readonly number[]).includes(level),
    handSize: top ? TOP_HAND_SIZE : STARTING_HAND_SIZE,
    heroHealthBonus: top ? TOP_HEALTH_BONUS : 0,
  };
}

type CardType = CardDef['type'];
type Rarity = (typeof RARITIES)[number];
const ALL_TYPES: readonly CardType[] = ['ally', 'ability', 'equipment', 'talent'];

/** One part of an unlock: up to `cards` cards of these types and rarities; `oneCard`: all copies of a single card. */
export interface UnlockSlot {
  readonly cards: number;
  readonly oneCard: boolean;
  readonly types: readonly CardType[];
  readonly rarities: readonly Rarity[];
}

const copies = (types: readonly CardType[], rarities: readonly Rarity[]): UnlockSlot => ({ cards: 2, oneCard: true, types, rarities });
const anyTwo = (rarities: readonly Rarity[]): UnlockSlot => ({ cards: 2, oneCard: false, types: ALL_TYPES, rarities });
const COMMON_UNCOMMON: readonly Rarity[] = ['common', 'uncommon'];

/** The deck change each level unlocks (wow-tcg-dungeon-decks.txt, Raider Leveling Guide), as data. */
export const UNLOCKS: Readonly<Record<UnlockLevel, readonly UnlockSlot[]>> = {
  10: [copies(['ability'], ['common']), copies(['ally'], ['common'])],
  20: [anyTwo(['rare'])],
  30: [copies(['equipment'], COMMON_UNCOMMON), copies(['ally'], COMMON_UNCOMMON)],
  40: [anyTwo(['rare'])],
  50: [copies(['ability'], COMMON_UNCOMMON), copies(['ally'], COMMON_UNCOMMON)],
  60: [anyTwo(['rare', 'epic'])],
  70: [copies(['equipment'], COMMON_UNCOMMON), copies(['ally'], COMMON_UNCOMMON)],
  80: [anyTwo(['rare', 'epic'])],
};

/** A slot in words, for sheets and error messages. */
export function slotText(slot: UnlockSlot): string {
  const rarity = slot.rarities.join(' or ');
  const kind = slot.types === ALL_TYPES ? 'cards of any type (talents included)' : `${slot.types.join(' or ')} cards`;
  return slot.oneCard ? `up to ${slot.cards} copies of one ${rarity} card among ${kind}` : `up to ${slot.cards} ${rarity} ${kind}`;
}

/** A card the player picks for an unlock, and the card of the deck it replaces (null: the deck grows by one). */
export interface Pick {
  readonly card: string;
  readonly replaces?: string | undefined;
}

/** A change as recorded: the card added and the card it replaced, if any. */
export interface DeckChange {
  readonly card: string;
  readonly replaced: string | null;
}

const TREASURE: ReadonlySet<string> = new Set(CATALOG.content.treasure);

/**
 * Check the picks for the unlock of `level` against a raider of `classId` with `deck` (content ids) and return the
 * changes they make. Enforces: cards from the treasure pool only; talents of the raider's own class (or of none);
 * every card fits a slot's types and rarities, each slot holds at most its number of cards and a one-card slot
 * copies of a single card; a replaced card is in the deck (one copy per replacement).
 */
export function deckChanges(level: UnlockLevel, classId: string, deck: readonly string[], picks: readonly Pick[]): DeckChange[] {
  const slots = UNLOCKS[level];
  const filled = slots.map(() => [] as string[]);
  const left = new Map<string, number>();
  for (const card of deck) left.set(card, (left.get(card) ?? 0) + 1);
  return picks.map(({ card, replaces }) => {
    const def = CATALOG.cards.get(card);
    if (!def || !TREASURE.has(card)) fail('not-treasure', `${card} is not a card of the treasure pool`);
    if (def.class !== undefined && def.class !== classId) fail('other-class', `${def.name} belongs to the ${def.class} class`);
    const fits = slots.flatMap((slot, i) => (slot.types.includes(def.type) && def.rarity && slot.rarities.includes(def.rarity) ? [i] : []));
    if (fits.length === 0)
      fail('not-allowed-at-level', `level ${level} allows ${slots.map(slotText).join('; ')}: not a ${def.rarity ?? ''} ${def.type}`);
    const room = fits.find((i) => {
      const { cards, oneCard } = slots[i] as UnlockSlot;
      const taken = filled[i] as string[];
      return taken.length < cards && (!oneCard || taken.every((c) => c === card));
    });
    if (room === undefined)
      fail(
        'unlock-limit',
        `level ${level} allows ${fits.map((i) => slotText(slots[i] as UnlockSlot)).join('; ')}: ${def.name} does not fit`,
      );
    filled[room]?.push(card);
    if (replaces === undefined) return { card, replaced: null };
    const copiesLeft = left.get(replaces) ?? 0;
    if (copiesLeft < 1) fail('not-in-deck', `the deck holds no${left.has(replaces) ? ' more' : ''} copy of ${replaces} to replace`);
    left.set(replaces, copiesLeft - 1);
    return { card, replaced: replaces };
  });
}
