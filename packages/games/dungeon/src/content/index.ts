// The dungeon's content: the playing cards it deals (both decks), as a client shows them, with what each does here.
import type { ContentItem } from '@delve/kernel';
import { buildCards, isJoker, JACK, KING, QUEEN, rankOf, type Card } from '../rules/cards';

const RANK_NAMES = ['Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King'];
const SUIT_NAMES: Readonly<Record<string, string>> = { S: 'Spades', H: 'Hearts', D: 'Diamonds', C: 'Clubs' };

/** The role a creature rank plays (§Creature), with its power in our words. */
const CREATURES: Readonly<Record<number, { role: string; power: string }>> = {
  [JACK]: { role: 'Graverobber', power: 'or play it for its power to take a card of your choice from the discard pile' },
  [QUEEN]: { role: 'Myrmiddon', power: 'or play it for its power to ask an opponent for a card of a rank you name' },
  [KING]: { role: 'Wight', power: 'it has no power, and a lone 2 beats it too' },
};

/** What a card does in this game, by its rank, in our own words. */
function textOf(card: Card): { type: string; text: string } {
  const rank = rankOf(card);
  if (isJoker(card))
    return {
      type: 'joker',
      text:
        'In the standard game a face-up cell a dungeon starts from. With Jokers wild it is shuffled in and stands for ' +
        'any card it is played as, keeping that card’s qualities until it is discarded.',
    };
  if (rank === 1)
    return {
      type: 'ace',
      text: 'Play it at any time, on your turn or not: you draw two cards when its response window closes. No combat value; lowest in the play-off.',
    };
  const creature = CREATURES[rank];
  if (creature)
    return {
      type: 'creature',
      text: `${creature.role}, combat value ${rank}: set it on the last passage of an opponent who has left the cell; ${creature.power}.`,
    };
  return {
    type: 'passage',
    text:
      `A passage worth ${rank}: lay it in your dungeon where a ${rank} goes (10 on the cell, each card one lower), or ` +
      `play it on an opponent’s last passage of ${rank} to cave it in; fights as ${rank}` +
      (rank === 2 ? '. Laying the 2 of a path from 10 down escapes, and a 2 alone beats a King.' : '.'),
  };
}

/** One card as content: id as commands name it, a plain name, its kind and what it does here. */
function itemOf(card: Card): ContentItem {
  const second = card.endsWith('.2');
  const base = second ? card.slice(0, -2) : card;
  const rank = rankOf(card);
  const name = isJoker(card)
    ? `Joker ${base.slice(1)}`
    : `${RANK_NAMES[rank - 1] ?? base} of ${SUIT_NAMES[base.slice(-1)] ?? base.slice(-1)}`;
  const { type, text } = textOf(card);
  return {
    id: card,
    name: second ? `${name} (second deck)` : name,
    type,
    rarity: null,
    text,
    stats: { rank, suit: isJoker(card) ? null : base.slice(-1), deck: second ? 2 : 1 },
  };
}

/** Every card a game may use (two decks, Jokers included): the content a client can look a card id up in. */
export const content: readonly ContentItem[] = (() => {
  const { plain, jokers } = buildCards(2);
  return [...plain, ...jokers].map(itemOf);
})();
