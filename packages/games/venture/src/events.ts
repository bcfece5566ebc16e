// Every fact a venture table records, one TypeBox schema per event, and the schema parts commands and views share.
import { defineEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import { DungeonIdSchema, TokenKindSchema } from './content';

/** A seat at the table (0-based, clockwise), described for the field it fills. */
export const SeatField = (description: string) => Type.Integer({ minimum: 0, description });
/** A stack entry, token or dungeon instance id (numbered from 1 in one sequence), described for its field. */
export const IdField = (description: string) => Type.Integer({ minimum: 1, description });

/** The steps of a turn the companion marks: only these have dungeon-relevant moments (upkeep trigger, combat damage). */
export const StepSchema = Type.Union(
  [
    Type.Literal('upkeep'),
    Type.Literal('draw'),
    Type.Literal('main1'),
    Type.Literal('combat-damage'),
    Type.Literal('main2'),
    Type.Literal('end'),
  ],
  { description: 'A step of the turn: upkeep, draw, first main, combat damage, second main, end.' },
);
export type Step = Static<typeof StepSchema>;

/** Choices the controller made as a room ability resolved. */
export const ChoicesSchema = Type.Object(
  {
    targetPlayer: Type.Optional(SeatField('The target player.')),
    targetToken: Type.Optional(IdField('The tracked creature token targeted (absent: an untracked creature, or none).')),
    sacrifice: Type.Optional(
      Type.Array(IdField('A tracked token sacrificed.'), { description: 'Tracked tokens the controller sacrificed.' }),
    ),
    distribute: Type.Optional(
      Type.Record(Type.Integer(), Type.Integer({ minimum: 1, description: 'Counters on that token.' }), {
        additionalProperties: false,
        description: 'Counters split among tracked creature tokens, by token id.',
      }),
    ),
    revealedManaValue: Type.Optional(Type.Integer({ minimum: 0, description: 'The total mana value of the revealed cards.' })),
  },
  { additionalProperties: false, description: 'What the controller chose for the resolving ability.' },
);
export type Choices = Static<typeof ChoicesSchema>;

export const TableSet = defineEvent(
  'TableSet',
  'The table is set: life totals and who takes the first turn (turn order is clockwise by seat).',
  {
    seats: Type.Integer({ minimum: 2, description: 'How many players sit at the table.' }),
    startingLife: Type.Integer({ minimum: 1, description: 'Every player’s starting life total.' }),
    firstPlayer: SeatField('Who takes the first turn (drawn at random).'),
  },
);
export const StepBegan = defineEvent('StepBegan', 'A step of a turn began.', {
  active: SeatField('The active player.'),
  step: StepSchema,
  turn: Type.Integer({ minimum: 1, description: 'The turn number, counted over the whole table.' }),
});
export const Ventured = defineEvent('Ventured', 'A player ventured into the dungeon (701.49a) or into Undercity (701.49d).', {
  seat: SeatField('Who ventured.'),
  undercity: Type.Boolean({ description: 'True for "venture into Undercity".' }),
});
export const DungeonChoiceOpened = defineEvent(
  'DungeonChoiceOpened',
  'The venturing player must choose a dungeon from outside the game (309.2a).',
  {
    seat: SeatField('Who chooses.'),
    options: Type.Array(DungeonIdSchema, { description: 'The dungeons they may choose.' }),
  },
);
export const RoomChoiceOpened = defineEvent('RoomChoiceOpened', 'The venturing player must choose which arrow to follow (309.5a).', {
  seat: SeatField('Who chooses.'),
  options: Type.Array(Type.String({ description: 'A room id.' }), { description: 'The rooms the arrows point to.' }),
});
export const DungeonEntered = defineEvent(
  'DungeonEntered',
  'A dungeon entered its owner’s command zone with the marker on its topmost room.',
  {
    seat: SeatField('The owner.'),
    dungeon: DungeonIdSchema,
    instance: IdField('This dungeon object (a re-entered dungeon is a new one).'),
  },
);
export const MarkerMoved = defineEvent('MarkerMoved', 'A venture marker moved along an arrow.', {
  seat: SeatField('Whose marker.'),
  room: Type.String({ description: 'The room it moved into.' }),
});
export const RoomAbilityTriggered = defineEvent('RoomAbilityTriggered', 'A room ability triggered and went on the stack (309.4c).', {
  stackId: IdField('The stack entry.'),
  seat: SeatField('Its controller, the dungeon’s owner.'),
  dungeon: DungeonIdSchema,
  instance: IdField('The dungeon object it came from.'),
  room: Type.String({ description: 'The room whose ability it is.' }),
});
export const DungeonCompleted = defineEvent(
  'DungeonCompleted',
  'A dungeon was removed from the game and counts as completed by its owner (309.7).',
  {
    seat: SeatField('The owner.'),
    dungeon: DungeonIdSchema,
    instance: IdField('The dungeon object removed.'),
  },
);
export const InitiativeTaken = defineEvent('InitiativeTaken', 'A player took the initiative; whoever held it no longer does (725.3).', {
  seat: SeatField('The new holder.'),
});
export const InitiativeVentureTriggered = defineEvent(
  'InitiativeVentureTriggered',
  'The initiative’s venture-into-Undercity trigger went on the stack.',
  {
    stackId: IdField('The stack entry.'),
    seat: SeatField('Its controller, who will venture.'),
  },
);
export const InitiativeStealTriggered = defineEvent(
  'InitiativeStealTriggered',
  'Combat damage to the holder triggered: when it resolves, the attacking player takes the initiative (725.2).',
  {
    stackId: IdField('The stack entry.'),
    seat: SeatField('Its controller, the holder when it triggered.'),
    taker: SeatField('The attacking player who will take the initiative.'),
  },
);
export const ResolutionStarted = defineEvent(
  'ResolutionStarted',
  'The controller began resolving a room ability that needs every player’s answer.',
  {
    stackId: IdField('The resolving stack entry.'),
    choices: ChoicesSchema,
  },
);
export const UnlessAnswered = defineEvent('UnlessAnswered', 'A player answered an "unless" cost.', {
  stackId: IdField('The resolving stack entry.'),
  seat: SeatField('Who answered.'),
  pay: Type.Boolean({ description: 'True if they paid the cost.' }),
  token: Type.Optional(IdField('The tracked token they sacrificed to pay.')),
});
export const AbilityResolved = defineEvent(
  'AbilityResolved',
  'The ability left the stack, resolved with these choices; its effects follow as events.',
  {
    stackId: IdField('The stack entry.'),
    choices: ChoicesSchema,
  },
);
export const DiceRolled = defineEvent('DiceRolled', 'Dice were rolled for a room ability (the server rolls for the table).', {
  seat: SeatField('Whose ability rolled them.'),
  sides: Type.Integer({ minimum: 2, description: 'How many sides each die has.' }),
  results: Type.Array(Type.Integer({ minimum: 1, description: 'What one die shows.' }), { description: 'What each die shows.' }),
});
export const LifeChanged = defineEvent('LifeChanged', 'A player’s life total changed.', {
  seat: SeatField('Whose life.'),
  amount: Type.Integer({ description: 'Signed change: negative is life lost.' }),
});
export const CombatDamageDealt = defineEvent('CombatDamageDealt', 'The active player’s creatures dealt combat damage to a player.', {
  attacker: SeatField('The attacking (active) player.'),
  player: SeatField('The player dealt damage.'),
  amount: Type.Integer({ minimum: 1, description: 'How much damage in all.' }),
  firstStrike: Type.Optional(Type.Literal(true, { description: 'Set when dealt in the first-strike combat damage step.' })),
});
export const TokenCreated = defineEvent('TokenCreated', 'A token was created.', {
  token: IdField('The new token.'),
  kind: TokenKindSchema,
  controller: SeatField('Who controls it.'),
});
export const CountersPut = defineEvent('CountersPut', '+1/+1 counters were put on a token.', {
  token: IdField('The token.'),
  count: Type.Integer({ minimum: 1, description: 'How many counters.' }),
});
export const LegendChoiceOpened = defineEvent(
  'LegendChoiceOpened',
  'A player controls legendary tokens with the same name and must keep one of them (704.5j).',
  {
    seat: SeatField('Who chooses: their controller.'),
    options: Type.Array(IdField('A token in question.'), { description: 'The legendary tokens with the same name.' }),
  },
);
export const LegendKept = defineEvent('LegendKept', 'The controller kept this token; the other tokens in question leave next (704.5j).', {
  seat: SeatField('Who chose.'),
  token: IdField('The token kept.'),
});
export const TokenRemoved = defineEvent('TokenRemoved', 'A token left the battlefield.', {
  token: IdField('The token.'),
});
export const PlayerLeft = defineEvent('PlayerLeft', 'A player left the game.', {
  seat: SeatField('Who left.'),
  reason: Type.Union([Type.Literal('conceded'), Type.Literal('no-life')], {
    description: 'Why: they conceded, or their life reached 0 (704.5a).',
  }),
});

/** Every event of the venture module, discriminated by `type`. */
export const eventSchema = Type.Union(
  [
    TableSet,
    StepBegan,
    Ventured,
    DungeonChoiceOpened,
    RoomChoiceOpened,
    DungeonEntered,
    MarkerMoved,
    RoomAbilityTriggered,
    DungeonCompleted,
    InitiativeTaken,
    InitiativeVentureTriggered,
    InitiativeStealTriggered,
    ResolutionStarted,
    UnlessAnswered,
    AbilityResolved,
    DiceRolled,
    LifeChanged,
    CombatDamageDealt,
    TokenCreated,
    CountersPut,
    TokenRemoved,
    LegendChoiceOpened,
    LegendKept,
    PlayerLeft,
  ],
  { description: 'An event of a venture table.' },
);

/** Every event of the venture module, discriminated by `type`. */
export type VentureEvent = Static<typeof eventSchema>;

/** The event of one type. */
export type EventOf<T extends VentureEvent['type']> = Extract<VentureEvent, { type: T }>;
