// Card identities, ranks and the decks: a card is a short string such as "7H", "QS", "X1" (Joker), "10D.2" (second deck).
import type { ResolvedOptions } from '../options';

/** A physical card. Unique within a game: the second deck's cards carry a ".2" suffix. */
export type Card = string;

/** What a viewer sees in place of a card it may not see. */
export const HIDDEN: Card = '?';

/** Rank of a card: 1 = Ace, 2..10 passages, 11 Jack, 12 Queen, 13 King, 0 = Joker. */
export type Rank = number;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

export const ACE = 1;
export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;

/** The natural rank of a card (0 for a Joker, -1 for anything that is not a card of ours). */
export function rankOf(card: Card): Rank {
  const base = card.endsWith('.2') ? card.slice(0, -2) : card;
  if (base === 'X1' || base === 'X2') return 0;
  const index = RANKS.indexOf(base.slice(0, -1) as (typeof RANKS)[number]);
  if (index < 0 || !SUITS.includes(base.slice(-1) as (typeof SUITS)[number])) return -1;
  return index + 1;
}

export const isJoker = (card: Card): boolean => rankOf(card) === 0;
/** Whether `card` may be played as `rank`: its own rank, or any rank for a Joker when Jokers are wild. */
export const playableAs = (card: Card, rank: Rank, wild: boolean): boolean => rankOf(card) === rank || (wild && isJoker(card));
export const isPassageRank = (rank: Rank): boolean => rank >= 2 && rank <= 10;
export const isCreatureRank = (rank: Rank): boolean => rank >= JACK && rank <= KING;

/** Short name of a rank for messages ("A", "7", "K"). */
export function rankName(rank: Rank): string {
  return RANKS[rank - 1] ?? 'Joker';
}

/** Every card of `decks` standard decks, Jokers listed separately. */
export function buildCards(decks: number): { plain: Card[]; jokers: Card[] } {
  const plain: Card[] = [];
  const jokers: Card[] = [];
  for (let d = 1; d <= decks; d++) {
    const suffix = d === 1 ? '' : `.${d}`;
    for (const suit of SUITS) for (const rank of RANKS) plain.push(`${rank}${suit}${suffix}`);
    jokers.push(`X1${suffix}`, `X2${suffix}`);
  }
  return { plain, jokers };
}

/** The cards a game with these options uses, whatever zone they end up in. */
export function allCards(options: ResolvedOptions): Card[] {
  const { plain, jokers } = buildCards(options.decks);
  return [...plain, ...jokers];
}
