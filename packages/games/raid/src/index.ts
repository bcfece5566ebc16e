// @delve/game-raid: Dungeon Decks raids (an automated Dungeon against one to three raiders) as a pure rules module.
import type { GameModule } from '@delve/kernel';
import { automaton } from './automaton';
import { raidBots } from './bots/index';
import { commandSchema, seatCommandSchema, type RaidCommand } from './commands';
import { contentItems } from './content/items';
import { decide } from './decide';
import { describe } from './describe';
import { eventSchema, type RaidEvent } from './events';
import { evolve } from './evolve';
import { concession, legalCommands, timeoutCommand } from './legal';
import { checkSeats, MAX_RAIDERS, MIN_RAIDERS, optionsSchema, type RaidOptionsInput } from './options';
import { raidProgression } from './progression/index';
import { RAID_CODES } from './rules/codes';
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
  describe,
  legalCommands,
  automaton,
  timeoutCommand,
  concession,
  bots: raidBots,
  seatCommandSchema,
  codes: Object.fromEntries(Object.entries(RAID_CODES).map(([code, meaning]) => [`raid/${code}`, meaning])),
  content: contentItems(),
  status,
  progression: raidProgression,
};

export { commandSchema, eventSchema, optionsSchema, seatCommandSchema, viewSchema };
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
export { randomBot } from './bots/index';
export { RAID_CODES, type RaidCode } from './rules/codes';
export { stateFromView };
