// The raid's progression: what a raider is (class, XP, level, deck), what a finished raid earns it, what the deal sees.
import type { Progression } from '@delve/kernel';
import { raidOutcome, type RaidOutcome } from '../rules/experience';
import type { RaiderProfile } from '../rules/profile';
import type { RaidState } from '../state';
import { characterCommandSchema, createSchema, type RaidCharacterCommand, type RaidCharacterOptions } from './commands';
import { createCharacter, decideCharacter } from './decide';
import { characterEventSchema, type RaidCharacterEvent } from './events';
import { evolveCharacter } from './evolve';
import { recordRun } from './record';
import { characterSheet } from './sheet';
import { sheetSchema } from './sheetSchema';
import { initialCharacterState, type RaidCharacterState } from './state';

/** The profile the deal sees when the character takes a seat: its deck as it stands, hand size and health bonus. */
export function profileOf(state: RaidCharacterState): RaiderProfile {
  return { classId: state.classId, deck: state.deck.map((c) => c.card), handSize: state.handSize, heroHealthBonus: state.heroHealthBonus };
}

/** Raid characters (raiders) as the kernel's Progression contract holds them. */
export const raidProgression: Progression<
  RaidState,
  RaidCharacterCommand,
  RaidCharacterEvent,
  RaidCharacterState,
  RaiderProfile,
  RaidOutcome | null,
  RaidCharacterOptions
> = {
  createSchema,
  commandSchema: characterCommandSchema,
  eventSchema: characterEventSchema,
  sheetSchema,
  initialState: initialCharacterState,
  create: createCharacter,
  decide: decideCharacter,
  evolve: evolveCharacter,
  outcome: raidOutcome,
  record: recordRun,
  profile: profileOf,
  sheet: characterSheet,
};
