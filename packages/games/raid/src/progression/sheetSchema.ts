// The JSON Schema (TypeBox) of a raid character sheet; REST serves it and GraphQL builds `RaidSheet` from it.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { Difficulty, runProps } from './events';

// Titled objects become named GraphQL types; closed, so a field the schema does not declare fails validation.
const Obj = <P extends TProperties>(title: string, description: string, properties: P) =>
  Type.Object(properties, { additionalProperties: false, title, description });
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Str = (description: string) => Type.String({ description });

const Named = (description: string) => Obj('RaidNamed', description, { id: Str('the content id'), name: Str('its name') });

const DeckEntry = Obj('RaidDeckEntry', 'copies of one card in the deck, by where they came from', {
  card: Str('the card’s content id'),
  name: Str('the card’s name'),
  type: Str('ally, ability, equipment or talent'),
  rarity: Nullable(Str('common, uncommon, rare or epic'), 'its rarity (null for a card without one)'),
  copies: Count('how many copies of it came from this origin'),
  origin: Type.Union([Type.Literal('starter'), Type.Literal('unlock')], {
    title: 'RaidCardOrigin',
    description: 'starter: the class starter deck; unlock: added by spending a level’s unlock',
  }),
  unlockLevel: Nullable(Type.Integer({ description: 'the level' }), 'the level whose unlock added it (null for starter cards)'),
});

const RunAchievement = Obj('RaidRunAchievement', 'an achievement the group earned in a run', {
  id: Str('the achievement id'),
  name: Str('its name'),
  xp: Count('the XP it paid every raider of the run (0 for runs recorded before achievement cards paid)'),
});

const Run = Obj('RaidRun', 'one run (a finished raid) as the character sheet records it', {
  ...runProps,
  dungeonName: Str('the dungeon’s name'),
  achievements: Type.Array(RunAchievement, { description: 'the dungeon’s achievements the group earned this run' }),
});

const DungeonAchievement = Obj('RaidDungeonAchievement', 'one of a dungeon’s achievements over all of the character’s runs', {
  id: Str('the achievement id'),
  name: Str('its name'),
  text: Str('what earns it'),
  xp: Count('the XP printed on the card: every raider of a run that earns it gets this much, once per run'),
  timesEarned: Count('the runs in which the character’s group earned it'),
  firstEarnedAt: Nullable(Str('ISO 8601'), 'when it was first earned (null: never yet)'),
});

const DungeonRecord = Obj('RaidDungeonRecord', 'the character’s record at one dungeon', {
  dungeon: Str('the dungeon’s content id'),
  name: Str('the dungeon’s name'),
  runs: Count('runs recorded here'),
  victories: Count('runs in which the Dungeon hero was destroyed'),
  hardestVictory: Nullable(Difficulty, 'the hardest mode won here (null: none yet)'),
  lastRun: Nullable(
    Obj('RaidLastRun', 'the latest run here', { difficulty: Difficulty, victory: Type.Boolean({ description: 'it was won' }) }),
    'the latest run here (null: none yet)',
  ),
  suggestedDifficulties: Type.Array(Difficulty, {
    description:
      'the modes the record suggests here: novice before a first run; after a victory its mode and the next harder; ' +
      'after a defeat its mode and the next easier. Only a suggestion: every mode may be played',
  }),
  achievements: Type.Array(DungeonAchievement, { description: 'every achievement of the dungeon, earned or not' }),
});

const Unlock = Obj('RaidUnlock', 'a reached level’s deck change still to spend', {
  level: Type.Integer({ description: 'the level (10, 20, … 80)' }),
  allows: Type.Array(Str('one part of the unlock'), { description: 'what it may add, in words' }),
});

const UpgradeEntry = Obj('RaidUpgrade', 'a card added by spending an unlock', {
  level: Type.Integer({ description: 'the level whose unlock added it' }),
  card: Str('the card added'),
  name: Str('its name'),
  replaced: Nullable(Str('a content id'), 'the card it replaced (null: the deck grew)'),
  replacedName: Nullable(Str('a card name'), 'the name of the card it replaced'),
});

export const sheetSchema = Obj('RaidSheet', 'A raider’s character sheet: the paper sheet’s record and more.', {
  class: Named('the raider’s class: its id and name'),
  hero: Obj('RaidHero', 'the raider’s hero', {
    id: Str('the hero card'),
    name: Str('its name'),
    printedHealth: Count('its printed health'),
    health: Count('the health it starts a raid with: printed plus the level’s bonus'),
  }),
  level: Count('the named level reached: 10 at 10 XP, 20 at 20 XP, … 85 at 85 XP; 0 below 10 XP'),
  levelName: Str('the level in words ("Level 30", or "Starter" below 10 XP)'),
  xp: Count('every XP earned; it keeps counting past level 85'),
  nextLevel: Nullable(
    Obj('RaidNextLevel', 'the next named level', {
      level: Type.Integer({ description: 'the level' }),
      xp: Count('the XP that reaches it'),
      xpToGo: Count('the XP still needed'),
    }),
    'the next named level (null at level 85)',
  ),
  handSize: Count('starting and maximum hand size (8 from level 85)'),
  heroHealthBonus: Count('added to the hero’s health (10 from level 85)'),
  deck: Obj('RaidDeck', 'the deck the raider brings to its next raid', {
    size: Count('cards in the deck'),
    cards: Type.Array(DeckEntry, { description: 'the cards, by origin: starter cards first, then each unlock’s' }),
  }),
  upgrades: Type.Array(UpgradeEntry, { description: 'every card added by an unlock, in order' }),
  unlocksToSpend: Type.Array(Unlock, { description: 'reached levels whose deck change is not spent yet' }),
  unlocksSpent: Type.Array(Type.Integer({ description: 'a level' }), { description: 'levels whose unlock has been spent' }),
  runs: Type.Array(Run, { description: 'every run, oldest first' }),
  dungeons: Type.Array(DungeonRecord, { description: 'the record at each dungeon, with its achievements and suggested modes' }),
});

export type RaidSheet = Static<typeof sheetSchema>;
