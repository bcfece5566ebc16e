// @delve/game-dungeon: Daniel Bullen's Dungeon as a pure rules module, and the package's public exports.
import type { GameModule } from '@delve/kernel';
import { commandSchema, type DungeonCommand } from './commands';
import { decide } from './decide';
import { describe } from './describe';
import { eventSchema, type DungeonEvent } from './events';
import { evolve } from './evolve';
import { concession, legalCommands, timeoutCommand } from './legal';
import { checkSeats, optionsSchema, type DungeonOptions } from './options';
import { setup } from './setup';
import { initialState, type DungeonState } from './state';
import { status } from './status';
import { redact, view } from './view';
import { stateFromView } from './bots/seen';
import { dungeonBots } from './bots';
import { DUNGEON_CODES } from './rules/codes';
import { content } from './content';
import { viewSchema, type DungeonView } from './viewSchema';

/** The dungeon module as the kernel and the API hold it. */
export const dungeon: GameModule<DungeonCommand, DungeonEvent, DungeonState, DungeonView, DungeonOptions> = {
  name: 'dungeon',
  // 2: Aces at any time, play a card if you can, the pile becomes the deck between turns, Jokers may be asked for,
  // accusations need a stake, and prompts and windows are events.
  rulesVersion: '2',
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
  describe,
  legalCommands,
  timeoutCommand,
  concession,
  bots: dungeonBots,
  codes: Object.fromEntries(Object.entries(DUNGEON_CODES).map(([code, meaning]) => [`dungeon/${code}`, meaning])),
  content,
  status,
};

export { commandSchema, eventSchema, optionsSchema, viewSchema };
export type { DungeonCommand, DungeonEvent, DungeonOptions, DungeonState, DungeonView };
export type { CommandOf } from './commands';
export type { EventOf } from './events';
export type { ResolvedOptions, Variant } from './options';
export type { PlayerView, PassageView } from './viewSchema';
export { commandKey } from './legal';
export { HIDDEN, rankOf, allCards, type Card } from './rules/cards';
export { everyCard } from './rules/table';
export { heuristicBot } from './bots/heuristic';
export { randomBot } from './bots';
export { stateFromView };
