// Every command a seat may send, as TypeBox schemas (the API validates input against commandSchema).
import { Type, type Static, type TLiteral, type TProperties } from '@sinclair/typebox';

const CardT = Type.String({ minLength: 1, maxLength: 8 });
const SeatT = Type.Integer({ minimum: 0, maximum: 63 });
const RankT = Type.Integer({ minimum: 1, maximum: 13 });
const cmd = <N extends string, P extends TProperties>(name: N, props: P) =>
  Type.Object({ type: Type.Literal(name) as TLiteral<N>, ...props }, { additionalProperties: false });

export const commandSchema = Type.Union([
  /** Put a card down in the first-player play-off. */
  cmd('PlayOffCard', { card: CardT }),
  /** Lay a passage on `parent` (0 = the cell); it stands for the parent's value minus one. */
  cmd('PlayPassage', { card: CardT, parent: Type.Integer({ minimum: 0 }) }),
  /** Collapse `target`'s last passage with a card of its value. */
  cmd('CaveIn', { card: CardT, target: SeatT }),
  /** Set a creature on `target`'s last passage (or cell); `as` declares a Joker's rank. */
  cmd('Attack', { card: CardT, target: SeatT, as: Type.Optional(RankT) }),
  /** Use a Graverobber (Jack) for its power. */
  cmd('UseGraverobber', { card: CardT }),
  /** Use a Myrmiddon (Queen) for its power: ask `target` for a card of rank `ask`. */
  cmd('UseMyrmiddon', { card: CardT, target: SeatT, ask: RankT }),
  /** Play an Ace (draw two once the window closes). */
  cmd('PlayAce', { card: CardT }),
  /** Let the open response window go by. */
  cmd('Pass', {}),
  /** Counter Attack: cancel (or re-instate) the pending power with a matching creature. */
  cmd('Interrupt', { card: CardT }),
  /** Pitch Black: demand that `target`'s dungeon be revealed. */
  cmd('Accuse', { target: SeatT }),
  /** Beat the attacking creature with these cards; `as` declares a Joker's rank. */
  cmd('Fight', {
    cards: Type.Array(Type.Object({ card: CardT, as: Type.Optional(RankT) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 20,
    }),
  }),
  /** Give up the attacked passage (in the cell: be slain). */
  cmd('Retreat', {}),
  /** Answer a Myrmiddon by handing over a card of the rank asked. */
  cmd('GiveCard', { card: CardT }),
  /** Answer a Myrmiddon by saying you have no such card (true or not). */
  cmd('DenyCard', {}),
  /** After a denial: demand to look at the hand. */
  cmd('DemandLook', {}),
  /** After a denial: take the answer as given. */
  cmd('AcceptAnswer', {}),
  /** Suicide Queen: a caught liar hands the card over (true) or discards the whole hand (false). */
  cmd('ResolveLie', { handOver: Type.Boolean() }),
  /** Jokers Wild: keep a collapsing Joker passage by discarding this card of its value instead. */
  cmd('SaveJoker', { card: CardT }),
  /** Jokers Wild: let the Joker passage collapse. */
  cmd('LoseJoker', {}),
  /** Graverobber: take this card from the discard pile. */
  cmd('TakeFromDiscard', { card: CardT }),
  /** End of turn over the hand limit: discard this card. */
  cmd('Discard', { card: CardT }),
  /** Finish the turn (discarding down to five follows if needed). */
  cmd('EndTurn', {}),
]);

/** Every dungeon command. */
export type DungeonCommand = Static<typeof commandSchema>;
export type CommandOf<T extends DungeonCommand['type']> = Extract<DungeonCommand, { type: T }>;
