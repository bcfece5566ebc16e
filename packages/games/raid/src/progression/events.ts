// A raid character's events as TypeBox schemas: created from a class, runs recorded, levels reached, unlocks spent.
import { defineEvent } from '@delve/kernel';
import { Type, type Static, type TLiteral, type TObject } from '@sinclair/typebox';
import { DIFFICULTIES } from '../options';
import { XP_REASONS } from '../rules/experience';

const lit = <T extends string>(values: readonly T[], options: object) =>
  Type.Union(
    values.map((v) => Type.Literal(v) as TLiteral<T>),
    options,
  );
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const ContentId = (description: string) => Type.String({ maxLength: 48, description });

export const Difficulty = lit(DIFFICULTIES, { title: 'RaidDifficulty', description: 'a difficulty mode' });
export const XpReasonT = lit(XP_REASONS, {
  title: 'RaidXpReason',
  description:
    'a line of the experience table (firstAttempt, laterRun, halfHealth, dungeonHeroDestroyed or bossDestroyed), or ' +
    'achievement: an achievement card’s printed XP',
});
export const XpLineT = Type.Object(
  {
    reason: XpReasonT,
    xp: Count('the XP the line gives'),
    card: Type.Union([ContentId('a Boss or an achievement'), Type.Null()], {
      description: 'the Boss, for bossDestroyed; the achievement card, for achievement; null otherwise',
    }),
  },
  { additionalProperties: false, title: 'RaidXpLine', description: 'one line of the experience table a run earned' },
);

/** The facts of one recorded run: shared by the event and the character's state. */
export const runProps = {
  gameId: Type.String({ description: 'the raid (game) id' }),
  seat: Count('the seat the character played'),
  at: Type.String({ description: 'when the raid ended (ISO 8601)' }),
  dungeon: ContentId('the dungeon’s content id'),
  difficulty: Difficulty,
  victory: Type.Boolean({ description: 'the Dungeon hero was destroyed' }),
  survived: Type.Boolean({ description: 'this raider’s hero was still standing at the end (XP does not depend on it)' }),
  attempt: lit(['first', 'later'] as const, {
    title: 'RaidAttempt',
    description: 'the character’s first run at this dungeon, or a later one',
  }),
  damageDealt: Count('damage dealt to the Dungeon hero over the raid'),
  health: Type.Integer({ minimum: 1, description: 'the Dungeon hero’s health at the end' }),
  bossesDestroyed: Type.Array(ContentId('a Boss ally'), { description: 'Boss allies destroyed, once per destruction' }),
  achievements: Type.Array(ContentId('an achievement id'), { description: 'the dungeon’s achievements the group earned' }),
  lines: Type.Array(XpLineT, { description: 'the experience table’s lines the run earned' }),
  xp: Count('the XP the run earned'),
};

/** The facts of one recorded run. */
export type RunFacts = Static<TObject<typeof runProps>>;

export const RaiderCreated = defineEvent('RaiderCreated', 'A raider begins: its class, hero and the class starter deck, at 0 XP.', {
  classId: ContentId('the class'),
  hero: ContentId('the class’s hero card'),
  deck: Type.Array(ContentId('a card'), { description: 'the starter deck, one entry per copy' }),
});
export const RunRecorded = defineEvent('RunRecorded', 'A finished raid is recorded on the raider with the XP it earned.', {
  ...runProps,
  total: Count('the raider’s XP after the run'),
});
export const LevelReached = defineEvent('LevelReached', 'The raider’s XP reaches a named level: what it grants from now on.', {
  level: Type.Integer({ minimum: 10, maximum: 85, description: 'the level reached (10, 20, … 80, 85)' }),
  unlock: Type.Boolean({ description: 'the level unlocks a deck change to spend' }),
  handSize: Type.Integer({ minimum: 1, description: 'starting and maximum hand size from now on' }),
  heroHealthBonus: Count('added to the hero’s health from now on'),
});
export const DeckUpgraded = defineEvent('DeckUpgraded', 'A level’s unlock is spent: treasure cards join the deck, some replacing cards.', {
  level: Type.Integer({ minimum: 10, maximum: 80, description: 'the unlock spent' }),
  changes: Type.Array(
    Type.Object(
      {
        card: ContentId('the card added'),
        replaced: Type.Union([ContentId('the card taken out'), Type.Null()], { description: 'the card it replaced; null: added' }),
      },
      { additionalProperties: false, title: 'RaidDeckChange', description: 'a card added, and the card it replaced' },
    ),
    { minItems: 1, description: 'the cards added, in order' },
  ),
});

/** Every event of a raid character (the progression's part of a character stream). */
export const characterEventSchema = Type.Union([RaiderCreated, RunRecorded, LevelReached, DeckUpgraded], {
  description: 'Every event of a raid character.',
});
export type RaidCharacterEvent = Static<typeof characterEventSchema>;
export type CharacterEventOf<T extends RaidCharacterEvent['type']> = Extract<RaidCharacterEvent, { type: T }>;
