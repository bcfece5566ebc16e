// Drawing, the empty deck, and the hand-over from one turn to the next.
import type { Random, Seat } from '@delve/kernel';
import type { EventOf } from '../events';
import { livingSeats, nextLiving } from './table';
import type { Tx } from './tx';

/**
 * Draw up to `n` cards for `seat` from the top of the deck. An empty deck is never refilled here: the discard pile
 * stays where it is until the turn ends (see startTurn), so fewer cards, or none, may be drawn.
 */
export function draw(tx: Tx, seat: Seat, n: number, reason: EventOf<'CardsDrawn'>['reason']): void {
  const cards = tx.state.deck.slice(0, n);
  if (cards.length > 0) tx.emit({ type: 'CardsDrawn', seat, cards, reason });
}

/**
 * §On your turn 1, and the Graverobber note: a turn that starts on an empty deck first turns the shuffled discard pile
 * into the new deck. So the pile stays whole until the end of the turn in which the deck ran out, then becomes the deck.
 */
export function startTurn(tx: Tx, seat: Seat, random: Random): void {
  const { deck, discard } = tx.state;
  if (deck.length === 0 && discard.length > 0) tx.emit({ type: 'DeckShuffled', reason: 'reshuffle', order: random.shuffle(discard) });
  tx.emit({ type: 'TurnStarted', seat });
  draw(tx, seat, 1, 'turn');
}

/** End `seat`'s turn (a used Graverobber goes to the pile) and start the next living player's. */
export function finishTurn(tx: Tx, seat: Seat, random: Random): void {
  tx.emit({ type: 'TurnEnded', seat });
  startTurn(tx, nextLiving(tx.state, seat), random);
}

/** After a death: the last one alive wins. */
export function checkLastAlive(tx: Tx): void {
  const [alone, ...others] = livingSeats(tx.state);
  if (alone !== undefined && others.length === 0) tx.emit({ type: 'GameWon', seat: alone, how: 'last-alive' });
}
