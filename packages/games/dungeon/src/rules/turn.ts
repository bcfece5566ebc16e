// §Setting Up's play-off, drawing, the empty deck, the end-of-turn discard and the hand-over from one turn to the next.
import type { Random, Seat } from '@delve/kernel';
import type { EventOf } from '../events';
import { livingSeats, nextLiving } from './table';
import type { Tx, Ctx } from './tx';
import type { CommandOf } from '../commands';
import { darkDiscards } from '../options';
import { isJoker, KING, rankOf, type Card } from './cards';
import { mustPlay } from './plays';
import { fail } from './fail';
import { inHand, mainStep, promptFor } from './guards';

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

/** §Setting Up: every contender puts one card down; highest starts, ties play off again; played cards are replaced. */
export function playOffCard(c: Ctx, cmd: CommandOf<'PlayOffCard'>): void {
  if (c.tx.state.phase !== 'playoff') fail('wrong-step', 'the play-off is over');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'PlayOffCardChosen', seat: c.seat, card: cmd.card });
  settlePlayOff(c.tx, c.random);
}

/**
 * §Setting Up: once every contender's card is down, the cards are shown and replaced; the highest plays first, tied
 * seats play off again. After a concession (see rulings) a contender left alone starts without another card, and a
 * round whose contenders all left starts again among the living.
 */
export function settlePlayOff(tx: Tx, random: Random): void {
  const po = tx.state.playoff;
  if (!po) return;
  const [alone, ...others] = po.contenders;
  if (alone === undefined) {
    tx.emit({ type: 'PlayOffStarted', contenders: livingSeats(tx.state) });
    return;
  }
  if (others.length === 0 && po.chosen[alone] === null) {
    tx.emit({ type: 'FirstPlayerChosen', seat: alone });
    startTurn(tx, alone, random);
    return;
  }
  const cards: { seat: Seat; card: Card }[] = [];
  for (const seat of po.contenders) {
    const card = po.chosen[seat];
    if (card === null || card === undefined) return; // someone has yet to put a card down
    cards.push({ seat, card });
  }
  tx.emit({ type: 'PlayOffRevealed', cards });
  for (const { seat } of cards) draw(tx, seat, 1, 'replace');
  const worth = (card: Card) => (isJoker(card) ? KING + 1 : rankOf(card));
  const best = Math.max(...cards.map((x) => worth(x.card)));
  const [first, ...tied] = cards.filter((x) => worth(x.card) === best).map((x) => x.seat);
  if (first === undefined) return;
  if (tied.length > 0) {
    tx.emit({ type: 'PlayOffStarted', contenders: [first, ...tied] });
    return;
  }
  tx.emit({ type: 'FirstPlayerChosen', seat: first });
  startTurn(tx, first, random);
}

/** §On your turn 3: over five cards at the end of the turn, discard one at a time down to five. */
export function discard(c: Ctx, cmd: CommandOf<'Discard'>): void {
  promptFor(c, 'discard');
  inHand(c, cmd.card);
  c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [cmd.card], faceDown: darkDiscards(c.tx.state.options) });
  if (c.me.hand.length - 1 <= 5) finishTurn(c.tx, c.seat, c.random);
}

/**
 * §On your turn: end the turn. §On your turn 2: not while the turn's card could still be played (unless the
 * optionalPlay option says playing is optional). The hand limit applies now, then the next living player's turn starts.
 */
export function endTurn(c: Ctx): void {
  mainStep(c);
  if (mustPlay(c.tx.state, c.me)) fail('must-play', 'you can play a card, so you must before ending your turn');
  const excess = c.me.hand.length - 5;
  if (excess > 0) c.tx.emit({ type: 'HandLimitReached', seat: c.seat, excess });
  else finishTurn(c.tx, c.seat, c.random);
}
