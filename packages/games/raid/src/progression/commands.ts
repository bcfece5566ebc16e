// A raid character's creation options and its owner's commands, as TypeBox schemas.
import { defineCommand } from '@delve/kernel';
import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { CLASS_IDS } from '../content/index';
import { UNLOCK_LEVELS, type UnlockLevel } from '../rules/leveling';

const ContentIdT = (description: string) => Type.String({ minLength: 1, maxLength: 48, description });

/** What a player gives to create a raider: its class, whose starter deck and hero it begins with. */
export const createSchema = Type.Object(
  {
    class: Type.Union(
      CLASS_IDS.map((id) => Type.Literal(id)),
      { description: 'the class: the raider begins with its hero and its starter deck' },
    ),
  },
  {
    additionalProperties: false,
    title: 'RaidCharacterOptions',
    description: 'What a player gives to create a raid character (a raider): its class.',
    examples: [{ class: 'guardian' }],
  },
);
export type RaidCharacterOptions = Static<typeof createSchema>;

export const SpendUnlock = defineCommand(
  'SpendUnlock',
  'Spend a level’s deck unlock: add treasure cards, each new or replacing a card of the deck.',
  {
    level: Type.Union(
      UNLOCK_LEVELS.map((level) => Type.Literal(level) as TLiteral<UnlockLevel>),
      { description: 'the reached level whose deck change to spend (10, 20, … 80); each is spent once' },
    ),
    picks: Type.Array(
      Type.Object(
        {
          card: ContentIdT('a treasure card to add, within the level’s rarity and type limits'),
          replaces: Type.Optional(ContentIdT('a card of the deck it replaces; left out, the deck grows by one')),
        },
        { additionalProperties: false, title: 'RaidUnlockPick', description: 'one card the unlock adds' },
      ),
      { minItems: 1, maxItems: 4, description: 'the cards added; the unlock is spent even if it allowed more' },
    ),
  },
  [{ level: 10, picks: [{ card: 'river-scout', replaces: 'shieldbearer-recruit' }] }],
);

/** Every command a raid character's owner may send. */
export const characterCommandSchema = Type.Union([SpendUnlock], {
  title: 'RaidCharacterCommand',
  description: 'What the owner of a raid character may send between raids: spending a level’s deck unlock.',
});
export type RaidCharacterCommand = Static<typeof characterCommandSchema>;
