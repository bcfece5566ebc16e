// Every event of the dungeon module as TypeBox schemas, with their static types.
import { Type, type Static, type TLiteral, type TProperties } from '@sinclair/typebox';

const CardT = Type.String({ maxLength: 8 });
const SeatT = Type.Integer({ minimum: 0 });
const NodeT = Type.Integer({ minimum: 0 });
const ev = <N extends string, P extends TProperties>(name: N, props: P) =>
  Type.Object({ type: Type.Literal(name) as TLiteral<N>, ...props }, { additionalProperties: false });

export const DeckShuffled = ev('DeckShuffled', {
  /** setup: the whole deck; reshuffle: the discard pile turned into a new deck. */
  reason: Type.Union([Type.Literal('setup'), Type.Literal('reshuffle')]),
  /** The new deck, top first. Only the audit viewer sees it. */
  order: Type.Array(CardT),
});
export const CellsAssigned = ev('CellsAssigned', {
  cells: Type.Array(Type.Object({ seat: SeatT, card: CardT, faceUp: Type.Boolean() })),
  /** Jokers the standard game does not need as cells. */
  setAside: Type.Array(CardT),
});
export const CardsDrawn = ev('CardsDrawn', {
  seat: SeatT,
  cards: Type.Array(CardT),
  reason: Type.Union([Type.Literal('deal'), Type.Literal('replace'), Type.Literal('turn'), Type.Literal('ace')]),
});
export const PlayOffStarted = ev('PlayOffStarted', { contenders: Type.Array(SeatT) });
export const PlayOffCardChosen = ev('PlayOffCardChosen', { seat: SeatT, card: CardT });
export const PlayOffRevealed = ev('PlayOffRevealed', { cards: Type.Array(Type.Object({ seat: SeatT, card: CardT })) });
export const FirstPlayerChosen = ev('FirstPlayerChosen', { seat: SeatT });
export const TurnStarted = ev('TurnStarted', { seat: SeatT });
export const PassagePlayed = ev('PassagePlayed', {
  seat: SeatT,
  card: CardT,
  parent: NodeT,
  node: NodeT,
  /** The value the passage stands for (its parent's minus one). */
  value: Type.Integer(),
  faceDown: Type.Boolean(),
});
export const CaveInPlayed = ev('CaveInPlayed', { seat: SeatT, card: CardT, target: SeatT, node: NodeT });
export const PassageCollapsed = ev('PassageCollapsed', {
  target: SeatT,
  node: NodeT,
  /** The passage card, or the card discarded from hand instead of a Joker passage (Jokers Wild). */
  lost: CardT,
  /** True when a card from hand was given up and the Joker passage stays. */
  saved: Type.Boolean(),
  by: CardT,
  /** The lost card goes to a face-down discard pile or was a face-down passage: others do not learn it. */
  faceDown: Type.Boolean(),
});
export const CreatureAttacked = ev('CreatureAttacked', {
  seat: SeatT,
  card: CardT,
  value: Type.Integer(),
  target: SeatT,
  node: Type.Union([NodeT, Type.Null()]),
});
export const CreatureDefeated = ev('CreatureDefeated', {
  seat: SeatT,
  cards: Type.Array(Type.Object({ card: CardT, value: Type.Integer() })),
  creature: CardT,
});
export const Retreated = ev('Retreated', { seat: SeatT, node: NodeT, card: CardT, faceDown: Type.Boolean() });
export const PlayerSlain = ev('PlayerSlain', { seat: SeatT });
export const PowerUsed = ev('PowerUsed', {
  seat: SeatT,
  card: CardT,
  power: Type.Union([Type.Literal('graverobber'), Type.Literal('myrmiddon')]),
  target: Type.Union([SeatT, Type.Null()]),
  ask: Type.Union([Type.Integer({ minimum: 1, maximum: 13 }), Type.Null()]),
});
export const PowerInterrupted = ev('PowerInterrupted', { seat: SeatT, card: CardT });
export const AcePlayed = ev('AcePlayed', { seat: SeatT, card: CardT });
export const ResponsePassed = ev('ResponsePassed', { seat: SeatT });
export const AceResolved = ev('AceResolved', { seat: SeatT, card: CardT });
/** The response window closed; what follows depends on what opened it (see ResponseWindow). */
export const WindowClosed = ev('WindowClosed', {
  /** Power windows: whether the Counter Attack interrupts cancelled the power (an odd number of them). */
  cancelled: Type.Boolean(),
});
export const CardGiven = ev('CardGiven', { from: SeatT, to: SeatT, card: CardT });
export const CardDenied = ev('CardDenied', { seat: SeatT });
export const HandRevealed = ev('HandRevealed', { seat: SeatT, to: SeatT, cards: Type.Array(CardT) });
export const AnswerChecked = ev('AnswerChecked', { seat: SeatT, truthful: Type.Boolean() });
export const PowerFinished = ev('PowerFinished', { seat: SeatT });
export const CardTaken = ev('CardTaken', { seat: SeatT, card: CardT });
export const CardsDiscarded = ev('CardsDiscarded', {
  seat: SeatT,
  from: Type.Union([Type.Literal('hand'), Type.Literal('dungeon')]),
  cards: Type.Array(CardT),
  /** Almost Black and Pitch Black: the cards go face down, so others do not learn them. */
  faceDown: Type.Boolean(),
});
export const DungeonRevealed = ev('DungeonRevealed', {
  seat: SeatT,
  by: SeatT,
  passages: Type.Array(Type.Object({ node: NodeT, value: Type.Integer(), card: CardT })),
  cheated: Type.Boolean(),
});
export const HandLimitReached = ev('HandLimitReached', { seat: SeatT, excess: Type.Integer({ minimum: 1 }) });
export const TurnEnded = ev('TurnEnded', { seat: SeatT });
export const GameWon = ev('GameWon', { seat: SeatT, how: Type.Union([Type.Literal('escaped'), Type.Literal('last-alive')]) });

/** Every dungeon event. */
export const eventSchema = Type.Union([
  DeckShuffled,
  CellsAssigned,
  CardsDrawn,
  PlayOffStarted,
  PlayOffCardChosen,
  PlayOffRevealed,
  FirstPlayerChosen,
  TurnStarted,
  PassagePlayed,
  CaveInPlayed,
  PassageCollapsed,
  CreatureAttacked,
  CreatureDefeated,
  Retreated,
  PlayerSlain,
  PowerUsed,
  PowerInterrupted,
  AcePlayed,
  ResponsePassed,
  AceResolved,
  WindowClosed,
  CardGiven,
  CardDenied,
  HandRevealed,
  AnswerChecked,
  PowerFinished,
  CardTaken,
  CardsDiscarded,
  DungeonRevealed,
  HandLimitReached,
  TurnEnded,
  GameWon,
]);
export type DungeonEvent = Static<typeof eventSchema>;
/** The event with this `type`. */
export type EventOf<T extends DungeonEvent['type']> = Extract<DungeonEvent, { type: T }>;
