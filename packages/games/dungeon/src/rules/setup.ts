// The lobby side of the module: seat limits, the empty state and the deal.
import { RuleViolation, type Random } from '@delve/kernel';
import type { DungeonEvent } from '../events';
import { jokersWild, maxSeats, resolveOptions, type DungeonOptionsInput } from './options';
import type { DungeonState } from '../state';
import { buildCards } from './cards';
import { draw, Tx } from './tx';

/** §You Need: two or more players; six per deck keeps the deal and the play-off inside the cards. */
export function checkSeats(input: DungeonOptionsInput, seats: number): void {
  const options = resolveOptions(input);
  if (!Number.isInteger(seats) || seats < 2 || seats > maxSeats(options))
    throw new RuleViolation('dungeon/bad-seat-count', `Dungeon takes 2 to ${maxSeats(options)} players with ${options.decks} deck(s)`);
}

export function initialState(input: DungeonOptionsInput, seats: number): DungeonState {
  return {
    options: resolveOptions(input),
    seats,
    phase: 'lobby',
    deck: [],
    discard: [],
    setAside: [],
    players: Array.from({ length: seats }, (_, seat) => ({
      seat,
      alive: true,
      hand: [],
      cell: null,
      cellFaceUp: false,
      dungeon: [],
      leftCell: false,
      nextNode: 1,
    })),
    playoff: null,
    turn: null,
    limbo: [],
    combat: null,
    power: null,
    collapse: null,
    window: null,
    prompt: null,
    winners: null,
  };
}

/**
 * §Setting Up: shuffle; cells are face-up Jokers (standard, as many as there are, then a random face-down card
 * per extra player) or a random face-down card each (Random Cell); deal five; start the first-player play-off.
 */
export function setup(state: DungeonState, random: Random): DungeonEvent[] {
  const { plain, jokers } = buildCards(state.options.decks);
  const wild = jokersWild(state.options);
  const tx = new Tx(state);
  const order = random.shuffle(wild ? [...plain, ...jokers] : plain);
  tx.emit({ type: 'DeckShuffled', reason: 'setup', order });
  const jokerCells = wild ? [] : jokers.slice(0, state.seats);
  let next = 0;
  const cells = state.players.map(({ seat }) => {
    const joker = jokerCells[seat];
    if (joker !== undefined) return { seat, card: joker, faceUp: true };
    return { seat, card: order[next++] ?? '', faceUp: false };
  });
  tx.emit({ type: 'CellsAssigned', cells, setAside: wild ? [] : jokers.slice(jokerCells.length) });
  for (const { seat } of state.players) draw(tx, seat, 5, random, 'deal');
  tx.emit({ type: 'PlayOffStarted', contenders: state.players.map((p) => p.seat) });
  return tx.events;
}
