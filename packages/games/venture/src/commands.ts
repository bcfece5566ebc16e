// Every command a seat can send to a venture table, as TypeBox schemas with their static types.
import { Type, type Static } from '@sinclair/typebox';
import { DungeonId as DungeonIdSchema, Seat as SeatSchema } from './schemaParts';

/** Venture into the dungeon (701.49a–c), or into Undercity (701.49d) when `undercity` is true. */
export const Venture = Type.Object(
  { type: Type.Literal('Venture'), undercity: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
/** Pick the dungeon a venture brings into the command zone (309.2a, 309.5b). */
export const ChooseDungeon = Type.Object(
  { type: Type.Literal('ChooseDungeon'), dungeon: DungeonIdSchema },
  { additionalProperties: false },
);
/** Pick which arrow to follow when several leave the current room (309.5a). */
export const ChooseRoom = Type.Object(
  { type: Type.Literal('ChooseRoom'), room: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
/** The controller resolves the top of the stack, with the targets and sacrifices its effect needs (309.4c). */
export const ResolveTop = Type.Object(
  {
    type: Type.Literal('ResolveTop'),
    targetPlayer: Type.Optional(SeatSchema),
    targetToken: Type.Optional(Type.Integer({ minimum: 1 })),
    sacrifice: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 3 })),
  },
  { additionalProperties: false },
);
/** A player's answer to an "unless" cost of the resolving room ability (pay, or lose the life). */
export const AnswerUnless = Type.Object(
  { type: Type.Literal('AnswerUnless'), pay: Type.Boolean(), token: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
/** The sender takes the initiative (725). */
export const TakeInitiative = Type.Object({ type: Type.Literal('TakeInitiative') }, { additionalProperties: false });
/** The active player's creatures dealt `amount` combat damage to `player`. */
export const ReportCombatDamage = Type.Object(
  { type: Type.Literal('ReportCombatDamage'), player: SeatSchema, amount: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
/** The active player moves on to the next step (or the next turn after the end step). */
export const AdvanceStep = Type.Object({ type: Type.Literal('AdvanceStep') }, { additionalProperties: false });
/** The active player ends their turn; the next player's upkeep begins. */
export const PassTurn = Type.Object({ type: Type.Literal('PassTurn') }, { additionalProperties: false });
/** The sender concedes and leaves the game. */
export const LeaveGame = Type.Object({ type: Type.Literal('LeaveGame') }, { additionalProperties: false });
/** A life change caused outside the dungeons (lifelink, burn, payments). */
export const AdjustLife = Type.Object(
  { type: Type.Literal('AdjustLife'), player: SeatSchema, amount: Type.Integer() },
  { additionalProperties: false },
);
/** A token the sender controls left the battlefield (sacrificed for mana, died, exiled). */
export const RemoveToken = Type.Object(
  { type: Type.Literal('RemoveToken'), token: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const VentureCommandSchema = Type.Union([
  Venture,
  ChooseDungeon,
  ChooseRoom,
  ResolveTop,
  AnswerUnless,
  TakeInitiative,
  ReportCombatDamage,
  AdvanceStep,
  PassTurn,
  LeaveGame,
  AdjustLife,
  RemoveToken,
]);

/** Every command of the venture module, discriminated by `type`. */
export type VentureCommand = Static<typeof VentureCommandSchema>;
