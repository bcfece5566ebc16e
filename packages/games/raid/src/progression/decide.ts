// A raid character's deciders: creation from a class, and the owner's commands (spending a level's deck unlock).
import { classDef } from '../content/index';
import { deckChanges } from '../rules/leveling';
import { fail } from '../rules/fail';
import type { RaidCharacterCommand, RaidCharacterOptions } from './commands';
import type { CharacterEventOf, RaidCharacterEvent } from './events';
import type { RaidCharacterState } from './state';

/**
 * Create a raider (Raider Leveling Guide: a raider plays a class starter deck): the class's hero and its starter
 * deck, at 0 XP.
 */
export function createCharacter(options: RaidCharacterOptions): RaidCharacterEvent[] {
  const cls = classDef(options.class);
  return [
    {
      type: 'RaiderCreated',
      classId: cls.id,
      hero: cls.hero.id,
      deck: cls.deck.flatMap((e) => Array.from({ length: e.count }, () => e.card)),
    },
  ];
}

/** The owner's command: the events it causes, or a RuleViolation `raid/<reason>`. */
export function decideCharacter(command: RaidCharacterCommand, state: RaidCharacterState): RaidCharacterEvent[] {
  switch (command.type) {
    case 'SpendUnlock':
      return [spendUnlock(command, state)];
  }
  const _exhaustive: never = command.type;
  return _exhaustive;
}

/**
 * Raider Leveling Guide: a reached level's deck change, spent once, adding and/or replacing cards within the level's
 * rarity and type limits, from the treasure pool (see rules/leveling.ts `deckChanges` for each check).
 */
function spendUnlock(
  command: Extract<RaidCharacterCommand, { type: 'SpendUnlock' }>,
  state: RaidCharacterState,
): CharacterEventOf<'DeckUpgraded'> {
  const { level } = command;
  const unlock =
    state.unlocks.find((u) => u.level === level) ??
    fail('unlock-not-reached', `level ${level} is reached at ${level} XP; this raider has ${state.xp}`);
  if (unlock.spent) fail('unlock-spent', `the level ${level} unlock has already been spent`);
  const changes = deckChanges(
    level,
    state.classId,
    state.deck.map((c) => c.card),
    command.picks,
  );
  return { type: 'DeckUpgraded', level, changes };
}
