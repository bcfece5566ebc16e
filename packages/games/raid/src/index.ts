// @delve/game-raid: Dungeon Decks raids (an automated Dungeon against one to three raiders) as a pure rules module.
import { randomBotFor, type Bot, type GameModule } from '@delve/kernel';
import { automaton } from './automaton';
import { commandSchema, type RaidCommand } from './commands';
import { decide } from './decide';
import { eventSchema, type RaidEvent } from './events';
import { evolve } from './evolve';
import { legalCommands } from './legal';
import { checkSeats, MAX_RAIDERS, MIN_RAIDERS, optionsSchema, type RaidOptionsInput } from './options';
import { raidProgression } from './progression/index';
import { setup } from './setup';
import { initialState, type RaidState } from './state';
import { status } from './status';
import { redact, view } from './view';
import { stateFromView } from './bots/seen';
import { viewSchema, type RaidView } from './viewSchema';

/** The raid module as the kernel and the API hold it. */
export const raid: GameModule<RaidCommand, RaidEvent, RaidState, RaidView, RaidOptionsInput> = {
  name: 'raid',
  rulesVersion: '1',
  info: {
    title: 'Dungeon Decks raid',
    summary:
      'One to three raiders, each with a hero and a class starter deck, fight an automated Dungeon: every Dungeon turn ' +
      'it readies, levels up, rolls for a MARKED hero, flips cards from its deck and attacks. Destroy the Dungeon hero ' +
      '(Bosses guard it) before it destroys every raider. Four difficulty modes.',
    seats: { min: MIN_RAIDERS, max: MAX_RAIDERS },
    notation: 'packages/games/raid/README.md',
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
  automaton,
  status,
  progression: raidProgression,
};

export { commandSchema, eventSchema, optionsSchema, viewSchema };
export type { RaidCommand, RaidEvent, RaidState, RaidView, RaidOptionsInput };
export type { CommandOf, DungeonCommand } from './commands';
export type { EventOf, CardRef } from './events';
export type { CardView, AllyView, RaiderView } from './viewSchema';
export type { RaidOptions, Difficulty } from './options';
export { DIFFICULTIES, DIFFICULTY_RULES } from './options';
export type { RaidResult } from './state';
export { profileFromOptions, type RaiderProfile } from './rules/profile';
export { raidProgression, profileOf } from './progression/index';
export { characterCommandSchema, createSchema, type RaidCharacterCommand, type RaidCharacterOptions } from './progression/commands';
export { characterEventSchema, type RaidCharacterEvent } from './progression/events';
export { sheetSchema, type RaidSheet } from './progression/sheetSchema';
export type { RaidCharacterState } from './progression/state';
export { EXPERIENCE, experience, suggestedDifficulties, type RaidOutcome, type XpLine, type XpReason } from './rules/experience';
export { LEVELS, UNLOCK_LEVELS, UNLOCKS, levelOf, type UnlockLevel, type UnlockSlot } from './rules/leveling';
export { CATALOG, CLASS_IDS, DUNGEON_IDS, RAW_CONTENT, loadContent, ContentError, type Catalog, type CardDef } from './content/index';
export { everyCard, HIDDEN } from './rules/board';
export { heuristicBot } from './bots/heuristic';
export { stateFromView };

/** The random bot: a random kind of what the seat may send as its view shows it, then one of that kind. */
export const randomBot: Bot<RaidView, RaidCommand> = randomBotFor(raid, stateFromView);
