// @delve/game-dungeoneer: Dungeoneer — the standard game, the optional advanced rules and campaign adventures — as a
// pure rules module, with heroes as characters, Delve's own starter set and bots.
import type { GameModule } from '@delve/kernel';
import { dungeoneerBots } from './bots/index';
import { commandSchema, type DungeoneerCommand } from './commands';
import { contentItems } from './content/items';
import { decide } from './decide';
import { describe } from './describe';
import { eventSchema, type DungeoneerEvent } from './events';
import { evolve } from './evolve';
import { concession, legalCommands, timeoutCommand } from './legal';
import { checkSeats, optionsSchema, type DungeoneerOptions } from './options';
import { setup } from './setup';
import { initialState, type DungeoneerState } from './state';
import { progression } from './progression/index';
import { DUNGEONEER_CODES } from './rules/codes';
import { status } from './status';
import { redact, view } from './view';
import { stateFromView } from './bots/seen';
import { viewSchema, type DungeoneerView } from './viewSchema';

/** The Dungeoneer module as the kernel and the API hold it. */
export const dungeoneer: GameModule<DungeoneerCommand, DungeoneerEvent, DungeoneerState, DungeoneerView, DungeoneerOptions> = {
  name: 'dungeoneer',
  rulesVersion: '2',
  info: {
    title: 'Dungeoneer',
    summary:
      'Each player is a hero building and exploring a dungeon of map cards on a grid, and on their own turn also the ' +
      "Dungeonlord, spending the other heroes' Peril on monsters, traps and banes against them. Glory buys boons and " +
      'treasures. Three completed quests win, or being the last hero standing.',
    seats: { min: 2, max: 4 },
    notation: 'packages/games/dungeoneer/README.md',
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
  bots: dungeoneerBots,
  codes: Object.fromEntries(Object.entries(DUNGEONEER_CODES).map(([code, meaning]) => [`dungeoneer/${code}`, meaning])),
  content: contentItems(),
  status,
  progression,
};

export { commandSchema, eventSchema, optionsSchema, viewSchema };
export type { DungeoneerCommand, DungeoneerEvent, DungeoneerState, DungeoneerView, DungeoneerOptions };
export type { EventOf } from './events';
export type { CommandOf } from './commands';
export { gameCards, type GameCards } from './setup';
export { heroSetup, type HeroProfile } from './rules/stats';
export { OPTIONAL_RULES, deckProblems, resolveOptions, type OptionalRule, type Decks } from './options';
export {
  progression,
  outcome,
  sheetSchema,
  type Sheet as DungeoneerSheet,
  type Outcome as DungeoneerOutcome,
  type CharacterProfile,
} from './progression/index';
export { HIDDEN } from './view';
export {
  STARTER,
  cardSetSchema,
  problemsOf,
  adventureCard,
  mapCard,
  questCard,
  heroCard,
  ALL_ADVENTURE,
  type CardSet,
} from './content/index';
export { heuristicBot } from './bots/heuristic';
export { randomBot } from './bots/index';
export { DUNGEONEER_CODES, type DungeoneerCode } from './rules/codes';
export { stateFromView };
