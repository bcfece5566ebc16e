// The deal: the shuffle, the cells, five cards each and the start of the first-player play-off, all as events.
import type { Random } from '@delve/kernel';
import type { DungeonEvent } from './events';
import { jokersWild } from './options';
import { buildCards } from './rules/cards';
import { draw } from './rules/turn';
import { Tx } from './rules/tx';
import type { DungeonState } from './state';

/**
 * §Setting Up: shuffle; cells are face-up Jokers (standard, as many as there are, then a random face-down card per
 * extra player) or a random face-down card each (Random Cell); deal five; start the first-player play-off.
 */
export function setup(state: DungeonState, random: Random): DungeonEvent[] {
  const { plain, jokers } = buildCards(state.options.decks);
  const wild = jokersWild(state.options);
  const tx = new Tx(state);
  const order = random.shuffle(wild ? [...plain, ...jokers] : plain);
  tx.emit({ type: 'DeckShuffled', reason: 'setup', order });
  const jokerCells = wild ? [] : jokers.slice(0, state.seats);
  // Seats without a Joker take their random cell off the top of the shuffled deck.
  const randomCells = order.slice(0, state.seats - jokerCells.length);
  const cells = [
    ...jokerCells.map((card, seat) => ({ seat, card, faceUp: true })),
    ...randomCells.map((card, i) => ({ seat: jokerCells.length + i, card, faceUp: false })),
  ];
  tx.emit({ type: 'CellsAssigned', cells, setAside: wild ? [] : jokers.slice(jokerCells.length) });
  for (const { seat } of state.players) draw(tx, seat, 5, 'deal');
  tx.emit({ type: 'PlayOffStarted', contenders: state.players.map((p) => p.seat) });
  return tx.events;
}
