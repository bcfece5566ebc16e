// A decision in progress: events emitted so far and the state they lead to, plus the shared draw and turn steps.
import { Decision, type Random, type Seat } from '@delve/kernel';
import type { DungeonEvent, EventOf } from '../events';
import { evolve } from '../evolve';
import type { DungeonState } from '../state';
import type { Card } from './cards';
import { livingSeats, nextLiving } from './table';

export class Tx extends Decision<DungeonState, DungeonEvent> {
  constructor(state: DungeonState) {
    super(state, evolve);
  }
}

/**
 * Draw `n` cards for `seat`. An empty deck is refilled from the shuffled discard pile when a card is needed,
 * except while a Graverobber's search is pending (the pile must stay for it); with nothing left, fewer are drawn.
 */
export function draw(tx: Tx, seat: Seat, n: number, random: Random, reason: EventOf<'CardsDrawn'>['reason']): void {
  let batch: Card[] = [];
  const flush = () => {
    if (batch.length > 0) tx.emit({ type: 'CardsDrawn', seat, cards: batch, reason });
    batch = [];
  };
  for (let i = 0; i < n; i++) {
    if (tx.state.deck.length - batch.length === 0) {
      flush();
      const held = tx.state.power?.kind === 'graverobber';
      if (tx.state.discard.length === 0 || held) break;
      tx.emit({ type: 'DeckShuffled', reason: 'reshuffle', order: random.shuffle(tx.state.discard) });
    }
    const top = tx.state.deck[batch.length];
    if (top === undefined) break;
    batch.push(top);
  }
  flush();
}

export function startTurn(tx: Tx, seat: Seat, random: Random): void {
  tx.emit({ type: 'TurnStarted', seat });
  draw(tx, seat, 1, random, 'turn');
}

/** End the current turn and start the next living player's. */
export function finishTurn(tx: Tx, random: Random): void {
  const seat = tx.state.turn?.seat ?? 0;
  tx.emit({ type: 'TurnEnded', seat });
  startTurn(tx, nextLiving(tx.state, seat), random);
}

/** After a death: the last one alive wins. */
export function checkLastAlive(tx: Tx): void {
  const alive = livingSeats(tx.state);
  if (alive.length === 1 && alive[0] !== undefined) tx.emit({ type: 'GameWon', seat: alive[0], how: 'last-alive' });
}
