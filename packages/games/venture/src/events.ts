// Every fact a venture table records, as TypeBox schemas with their static types.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DungeonId, Id, Seat, Step, TokenKind } from './schemaParts';

const Choices = Type.Object(
  { targetPlayer: Type.Optional(Seat), targetToken: Type.Optional(Id), sacrifice: Type.Optional(Type.Array(Id)) },
  { additionalProperties: false },
);

const event = <T extends string, P extends Record<string, TSchema>>(type: T, props: P) =>
  Type.Object({ type: Type.Literal(type), ...props }, { additionalProperties: false });

/** The table is set: life totals and who takes the first turn (turn order is clockwise by seat). */
export const TableSet = event('TableSet', {
  seats: Type.Integer({ minimum: 2 }),
  startingLife: Type.Integer({ minimum: 1 }),
  firstPlayer: Seat,
});
/** A step of a turn began. */
export const StepBegan = event('StepBegan', { active: Seat, step: Step, turn: Type.Integer({ minimum: 1 }) });
/** A player ventured into the dungeon (or into Undercity). */
export const Ventured = event('Ventured', { seat: Seat, undercity: Type.Boolean() });
/** The venturing player must now choose a dungeon from outside the game. */
export const DungeonChoiceOpened = event('DungeonChoiceOpened', { seat: Seat, options: Type.Array(DungeonId) });
/** The venturing player must now choose which arrow to follow. */
export const RoomChoiceOpened = event('RoomChoiceOpened', { seat: Seat, options: Type.Array(Type.String()) });
/** A dungeon entered its owner's command zone with the marker on its topmost room. */
export const DungeonEntered = event('DungeonEntered', { seat: Seat, dungeon: DungeonId, instance: Id });
/** A venture marker moved along an arrow into `room`. */
export const MarkerMoved = event('MarkerMoved', { seat: Seat, room: Type.String() });
/** A room ability triggered and went on the stack. */
export const RoomAbilityTriggered = event('RoomAbilityTriggered', {
  stackId: Id,
  seat: Seat,
  dungeon: DungeonId,
  instance: Id,
  room: Type.String(),
});
/** A dungeon was removed from the game and counts as completed by its owner. */
export const DungeonCompleted = event('DungeonCompleted', { seat: Seat, dungeon: DungeonId, instance: Id });
/** A player took the initiative; whoever held it no longer does. */
export const InitiativeTaken = event('InitiativeTaken', { seat: Seat });
/** The initiative's venture trigger went on the stack. */
export const InitiativeVentureTriggered = event('InitiativeVentureTriggered', { stackId: Id, seat: Seat });
/** The initiative's combat-damage trigger went on the stack: `taker` will take the initiative. */
export const InitiativeStealTriggered = event('InitiativeStealTriggered', { stackId: Id, seat: Seat, taker: Seat });
/** The controller began resolving a room ability that needs every player's answer first. */
export const ResolutionStarted = event('ResolutionStarted', { stackId: Id, choices: Choices });
/** A player answered an "unless" cost. */
export const UnlessAnswered = event('UnlessAnswered', { stackId: Id, seat: Seat, pay: Type.Boolean(), token: Type.Optional(Id) });
/** The ability left the stack, resolved with these choices; its effects follow as their own events. */
export const AbilityResolved = event('AbilityResolved', { stackId: Id, choices: Choices });
/** A player's life total changed by `amount` (negative: life lost). */
export const LifeChanged = event('LifeChanged', { seat: Seat, amount: Type.Integer() });
/** Combat damage to a player was reported. */
export const CombatDamageDealt = event('CombatDamageDealt', { attacker: Seat, player: Seat, amount: Type.Integer({ minimum: 1 }) });
/** A token was created. */
export const TokenCreated = event('TokenCreated', { token: Id, kind: TokenKind, controller: Seat });
/** +1/+1 counters were put on a token. */
export const CountersPut = event('CountersPut', { token: Id, count: Type.Integer({ minimum: 1 }) });
/** A token left the battlefield. */
export const TokenRemoved = event('TokenRemoved', { token: Id });
/** A player left the game. */
export const PlayerLeft = event('PlayerLeft', { seat: Seat, reason: Type.Union([Type.Literal('conceded'), Type.Literal('no-life')]) });

export const VentureEventSchema = Type.Union([
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
  LifeChanged,
  CombatDamageDealt,
  TokenCreated,
  CountersPut,
  TokenRemoved,
  PlayerLeft,
]);

/** Every event of the venture module, discriminated by `type`. */
export type VentureEvent = Static<typeof VentureEventSchema>;
export type ChoicesRecord = Static<typeof Choices>;
