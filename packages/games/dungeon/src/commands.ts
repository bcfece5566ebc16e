// Every command a seat may send, one TypeBox schema each; the API validates input against their union, commandSchema.
import { defineCommand } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

const CardT = Type.String({
  minLength: 1,
  maxLength: 8,
  description: 'A card in your hand: rank and suit such as "7H", "10D", "QS"; "X1"/"X2" are Jokers; ".2" marks the second deck.',
});
const SeatT = Type.Integer({ minimum: 0, maximum: 11, description: 'A seat at the table, 0-based clockwise (at most 12 seats).' });
/** A wild Joker's declared rank; decide checks that it fits the use (a creature to attack, a value to fight with). */
const declared = (what: string) => Type.Integer({ minimum: 1, maximum: 13, description: `Only for a wild Joker: ${what}.` });

export const PlayOffCard = defineCommand(
  'PlayOffCard',
  'Put a card down in the play-off for the first turn (highest starts).',
  {
    card: CardT,
  },
  [{ card: '7H' }],
);
export const PlayPassage = defineCommand(
  'PlayPassage',
  "Lay a passage in your dungeon; it stands for its parent's value minus one.",
  {
    card: CardT,
    parent: Type.Integer({ minimum: 0, description: 'The node it goes on: 0 is the cell, otherwise the id of one of your passages.' }),
  },
  [{ card: '10S', parent: 0 }],
);
export const CaveIn = defineCommand(
  'CaveIn',
  "Collapse an opponent's last passage with a card of its value.",
  {
    card: CardT,
    target: SeatT,
  },
  [{ card: '10H', target: 0 }],
);
export const Attack = defineCommand(
  'Attack',
  "Set a creature (Jack, Queen, King) on an opponent's last passage, or on the cell.",
  {
    card: CardT,
    target: SeatT,
    as: Type.Optional(declared('the creature it attacks as (11 Jack, 12 Queen, 13 King)')),
  },
  [{ card: 'KS', target: 1 }],
);
export const UseGraverobber = defineCommand(
  'UseGraverobber',
  'Use a Graverobber (Jack) for its power: take a card from the discard pile.',
  {
    card: CardT,
  },
  [{ card: 'JH' }],
);
export const UseMyrmiddon = defineCommand(
  'UseMyrmiddon',
  'Use a Myrmiddon (Queen) for its power: ask an opponent for a card.',
  {
    card: CardT,
    target: SeatT,
    ask: Type.Integer({
      minimum: 0,
      maximum: 13,
      description: 'The rank asked for: 1 Ace … 13 King, or 0 for a Joker (only in variants with Jokers in the deck).',
    }),
  },
  [{ card: 'QD', target: 1, ask: 9 }],
);
export const PlayAce = defineCommand(
  'PlayAce',
  'Play an Ace, at any time once the first turn has begun; it draws two when its window closes.',
  {
    card: CardT,
  },
  [{ card: 'AS' }],
);
export const Pass = defineCommand('Pass', 'Let the open response window go by.', {}, [{}]);
export const Interrupt = defineCommand(
  'Interrupt',
  'Counter Attack: cancel (or re-instate) the pending power with a matching creature.',
  {
    card: CardT,
  },
  [{ card: 'JC' }],
);
export const Accuse = defineCommand(
  'Accuse',
  "Pitch Black: demand that an opponent's dungeon be revealed, staking your own.",
  {
    target: SeatT,
  },
  [{ target: 0 }],
);
export const Fight = defineCommand(
  'Fight',
  'Beat the attacking creature with these cards from your hand.',
  {
    cards: Type.Array(
      Type.Object(
        {
          card: CardT,
          as: Type.Optional(declared('the value it fights as (2–13)')),
        },
        { additionalProperties: false, description: 'One card of the defence.' },
      ),
      { minItems: 1, maxItems: 20, description: 'The defence: one creature, a 2 against a King, or passages adding up.' },
    ),
  },
  [{ cards: [{ card: 'KD' }] }],
);
export const Retreat = defineCommand('Retreat', 'Give up the attacked passage (attacked in the cell: be slain).', {}, [{}]);
export const GiveCard = defineCommand('GiveCard', 'Answer a Myrmiddon by handing over a card of the rank asked.', { card: CardT }, [
  { card: '9C' },
]);
export const DenyCard = defineCommand('DenyCard', 'Answer a Myrmiddon by saying you have no such card (true or not).', {}, [{}]);
export const DemandLook = defineCommand('DemandLook', 'After a denial: demand to look at the hand.', {}, [{}]);
export const AcceptAnswer = defineCommand('AcceptAnswer', 'After a denial: take the answer as given.', {}, [{}]);
export const ResolveLie = defineCommand(
  'ResolveLie',
  'Suicide Queen: a caught liar hands the card over, or throws the whole hand away.',
  {
    handOver: Type.Boolean({ description: 'true: hand the card over and discard the rest; false: discard the whole hand.' }),
  },
  [{ handOver: false }],
);
export const SaveJoker = defineCommand(
  'SaveJoker',
  'Jokers Wild: keep a collapsing Joker passage by discarding a card of its value instead.',
  {
    card: CardT,
  },
  [{ card: '9C' }],
);
export const LoseJoker = defineCommand('LoseJoker', 'Jokers Wild: let the passage collapse.', {}, [{}]);
export const TakeFromDiscard = defineCommand('TakeFromDiscard', 'Graverobber: take this card from the discard pile.', { card: CardT }, [
  { card: '2H' },
]);
export const Discard = defineCommand('Discard', 'Over the hand limit at the end of your turn: discard this card.', { card: CardT }, [
  { card: 'KC' },
]);
export const EndTurn = defineCommand('EndTurn', 'Finish your turn (discarding down to five follows if needed).', {}, [{}]);
export const Concede = defineCommand(
  'Concede',
  'Concede: leave the game as a slain player does, at any time from the deal on; your hand is discarded and the others play on.',
  {},
  [{}],
);

/** Every dungeon command, discriminated by `type`. */
export const commandSchema = Type.Union(
  [
    PlayOffCard,
    PlayPassage,
    CaveIn,
    Attack,
    UseGraverobber,
    UseMyrmiddon,
    PlayAce,
    Pass,
    Interrupt,
    Accuse,
    Fight,
    Retreat,
    GiveCard,
    DenyCard,
    DemandLook,
    AcceptAnswer,
    ResolveLie,
    SaveJoker,
    LoseJoker,
    TakeFromDiscard,
    Discard,
    EndTurn,
    Concede,
  ],
  { description: 'A command to the dungeon module.' },
);

/** Every dungeon command. */
export type DungeonCommand = Static<typeof commandSchema>;
/** The command with this `type`. */
export type CommandOf<T extends DungeonCommand['type']> = Extract<DungeonCommand, { type: T }>;
