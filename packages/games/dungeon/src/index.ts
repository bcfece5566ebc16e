// @delve/game-dungeon: Daniel Bullen's Dungeon as a pure rules module, with its bots.
import type { GameModule, GameStatus } from '@delve/kernel';
import { commandSchema, type DungeonCommand } from './commands';
import { decide } from './decide';
import { eventSchema, type DungeonEvent } from './events';
import { evolve } from './evolve';
import { legalCommands } from './rules/legal';
import { optionsSchema, type DungeonOptionsInput } from './rules/options';
import { checkSeats, initialState, setup } from './rules/setup';
import type { DungeonState } from './state';
import { awaiting } from './rules/table';
import { redact, view, type DungeonView } from './view';
import { viewSchema } from './viewSchema';

export function status(state: DungeonState): GameStatus {
  const phase = state.phase !== 'play' ? state.phase : state.window ? 'respond' : (state.prompt?.kind ?? 'turn');
  return state.winners ? { phase, awaiting: [], winners: state.winners } : { phase, awaiting: awaiting(state) };
}

/** The dungeon module as the kernel and the API hold it. */
export const dungeon: GameModule<DungeonCommand, DungeonEvent, DungeonState, DungeonView, DungeonOptionsInput> = {
  name: 'dungeon',
  rulesVersion: '1',
  info: {
    title: "Daniel Bullen's Dungeon",
    summary:
      'Each player digs a dungeon from a cell with passage cards ten down to two, caves in the passages of others, ' +
      'and fights the creatures they send; Aces draw at any time. The first to reach passage two escapes and wins, ' +
      'or the last one alive does.',
    seats: { min: 2, max: 12 },
    notation: 'packages/games/dungeon/README.md',
  },
  optionsSchema,
  commandSchema,
  eventSchema,
  viewSchema,
  checkSeats,
  initialState,
  setup,
  decide,
  evolve,
  view,
  redact,
  legalCommands,
  status,
};

export { commandSchema, eventSchema, optionsSchema, viewSchema };
export type { DungeonCommand, DungeonEvent, DungeonState, DungeonView, DungeonOptionsInput };
export type { PlayerView, PassageView } from './viewSchema';
export { commandKey } from './rules/legal';
export { HIDDEN, rankOf, type Card } from './rules/cards';
export { everyCard } from './rules/table';
export { allCards } from './rules/cards';
export { randomBot } from './bots/random';
export { heuristicBot } from './bots/heuristic';
export { stateFromView } from './bots/seen';
