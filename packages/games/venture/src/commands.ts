// Every command a seat can send to a venture table, one TypeBox schema per command, and their union.
import { defineCommand } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import { DungeonIdSchema } from './content';
import { IdField, SeatField } from './events';

/**
 * The most one report may carry (a life change either way, combat damage to one player in one step): far above any
 * single swing a table reports, and small enough that reports cannot run life totals into the millions.
 */
export const MAX_AMOUNT = 999;

/** Combat damage dealt to one player in one step: a free parameter of ReportCombatDamage (listed as a template). */
export const DamageAmountSchema = Type.Integer({
  minimum: 1,
  maximum: MAX_AMOUNT,
  description: 'The combat damage dealt to that player in all: 1 to 999 (one report per player and damage step).',
});

/** A life change: a free parameter of AdjustLife (listed as a template). Never 0. */
export const LifeChangeSchema = Type.Union(
  [
    Type.Integer({ minimum: -MAX_AMOUNT, maximum: -1, description: 'Life lost.' }),
    Type.Integer({ minimum: 1, maximum: MAX_AMOUNT, description: 'Life gained.' }),
  ],
  { description: 'Signed change: negative is life lost; not 0, and at most 999 either way in one report.' },
);

/** The most a reported total mana value of revealed cards may be: four cards of the highest mana value printed (16). */
export const MAX_MANA_VALUE = 64;

/** The total mana value of revealed cards: a free parameter of ResolveTop for Ansur's Sanctum (listed as a template). */
export const RevealedManaValueSchema = Type.Integer({
  minimum: 0,
  maximum: MAX_MANA_VALUE,
  description:
    'The total mana value of the cards an ability revealed (Ansur’s Sanctum), 0 to 64 (four cards): each opponent loses that much life.',
});

export const Venture = defineCommand(
  'Venture',
  'Venture into the dungeon (701.49a–c), or into Undercity (701.49d).',
  {
    undercity: Type.Optional(
      Type.Literal(true, { description: 'Set for "venture into Undercity" (the initiative, some cards); leave out for a plain venture.' }),
    ),
  },
  [{}, { undercity: true }],
);
export const ChooseDungeon = defineCommand(
  'ChooseDungeon',
  'Pick the dungeon your venture brings into the command zone (309.2a, 309.5b).',
  {
    dungeon: DungeonIdSchema,
  },
  [{ dungeon: 'lost-mine-of-phandelver' }],
);
export const ChooseRoom = defineCommand(
  'ChooseRoom',
  'Pick which arrow your venture follows when several leave your room (309.5a).',
  {
    room: Type.String({ minLength: 1, description: 'The id of the room the chosen arrow points to.' }),
  },
  [{ room: 'oubliette' }],
);
export const ChooseLegend = defineCommand(
  'ChooseLegend',
  'Keep one of your legendary tokens with the same name; the others go to the graveyard (the legend rule, 704.5j).',
  { keep: IdField('The token you keep.') },
  [{ keep: 18 }],
);
export const ResolveTop = defineCommand(
  'ResolveTop',
  'Resolve the ability on top of the stack, which you control, with the choices it needs (309.4c).',
  {
    targetPlayer: Type.Optional(SeatField('The target player, for an ability that targets one (Trap!).')),
    targetToken: Type.Optional(IdField('A tracked creature token as the target creature (leave out for an untracked creature).')),
    distribute: Type.Optional(
      Type.Record(Type.Integer(), Type.Integer({ minimum: 1, maximum: 3, description: 'How many counters that token gets.' }), {
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 3,
        description:
          'Counters an ability splits among creatures you control (Githyanki Crèche), by tracked token id; counters on untracked creatures are not listed.',
      }),
    ),
    revealedManaValue: Type.Optional(RevealedManaValueSchema),
    sacrifice: Type.Optional(
      Type.Array(IdField('A tracked token you sacrifice.'), {
        minItems: 1,
        maxItems: 3,
        description:
          'Tracked tokens you sacrifice to a sacrifice effect (Oubliette), in any order; lands and untracked permanents are not listed (leave the field out when no tracked token is).',
      }),
    ),
  },
  [{}],
);
export const AnswerUnless = defineCommand(
  'AnswerUnless',
  'Answer the "unless" cost of the resolving room ability: pay it, or lose the life.',
  {
    pay: Type.Boolean({ description: 'True to pay the cost.' }),
    token: Type.Optional(IdField('A tracked token you sacrifice to pay a sacrifice cost (leave out for an untracked permanent).')),
  },
  [{ pay: false }],
);
export const TakeInitiative = defineCommand('TakeInitiative', 'You take the initiative (725), for example from a card that says so.', {}, [
  {},
]);
export const ReportCombatDamage = defineCommand(
  'ReportCombatDamage',
  'As the active player, report the combat damage your creatures dealt to one player in a combat damage step, once per player and step (725.2).',
  {
    player: SeatField('The player dealt damage.'),
    amount: DamageAmountSchema,
    firstStrike: Type.Optional(
      Type.Literal(true, {
        description: 'Set for the first-strike combat damage step (creatures with first or double strike); leave out for the regular one.',
      }),
    ),
  },
  [{ player: 1, amount: 3 }],
);
export const AdvanceStep = defineCommand(
  'AdvanceStep',
  'As the active player, move on to the next step (or the next turn after the end step).',
  {},
  [{}],
);
export const PassTurn = defineCommand('PassTurn', 'As the active player, end your turn; the next player’s upkeep begins.', {}, [{}]);
export const LeaveGame = defineCommand('LeaveGame', 'Concede and leave the game.', {}, [{}]);
export const AdjustLife = defineCommand(
  'AdjustLife',
  'Report a life change caused outside the dungeons (lifelink, burn, payments).',
  {
    player: SeatField('Whose life changes.'),
    amount: LifeChangeSchema,
  },
  [{ player: 0, amount: -3 }],
);
export const RemoveToken = defineCommand(
  'RemoveToken',
  'A token you control left the battlefield (sacrificed for mana, died, exiled).',
  {
    token: IdField('The token.'),
  },
  [{ token: 6 }],
);

/** Every command of the venture module, discriminated by `type`. */
export const commandSchema = Type.Union(
  [
    Venture,
    ChooseDungeon,
    ChooseRoom,
    ChooseLegend,
    ResolveTop,
    AnswerUnless,
    TakeInitiative,
    ReportCombatDamage,
    AdvanceStep,
    PassTurn,
    LeaveGame,
    AdjustLife,
    RemoveToken,
  ],
  { description: 'A command to a venture table.' },
);

/** Every command of the venture module, discriminated by `type`. */
export type VentureCommand = Static<typeof commandSchema>;

/** The command of one type. */
export type CommandOf<T extends VentureCommand['type']> = Extract<VentureCommand, { type: T }>;
