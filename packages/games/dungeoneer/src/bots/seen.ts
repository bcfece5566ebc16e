// What a seat can rebuild of the state from its own view: hidden cards stay "?", so nothing secret reaches a bot.
import type { DungeoneerState } from '../state';
import { HIDDEN } from '../view';
import type { DungeoneerView } from '../viewSchema';

const unknown = (n: number): string[] => Array.from({ length: n }, () => HIDDEN);

/**
 * A state-shaped copy of `view` for code written against the state (legalCommands, the bots). Hidden cards are "?"
 * and decks keep their length. Deciding on it is not meaningful; listing the viewer's own options is.
 */
export function stateFromView(view: DungeoneerView): DungeoneerState {
  const {
    you: _you,
    phase: _phase,
    awaiting: _awaiting,
    deckCount,
    perilDeckCount,
    mapDeckCount,
    questDeckCount,
    search,
    decks,
    grid: _grid,
    players,
    ...rest
  } = view;
  return {
    ...rest,
    players: players.map(({ handCount, hand, ...p }) => ({ ...p, hand: hand ?? unknown(handCount) })),
    deck: decks?.adventure ?? search ?? unknown(deckCount),
    perilDeck: decks?.peril ?? unknown(perilDeckCount),
    mapDeck: decks?.map ?? unknown(mapDeckCount),
    questDeck: decks?.quests ?? unknown(questDeckCount),
  };
}
