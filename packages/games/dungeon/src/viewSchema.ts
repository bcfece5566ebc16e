// The JSON Schema (TypeBox) of what `view` returns; the view types are derived from it so the two cannot drift.
import { Type, type Static, type TLiteral, type TProperties, type TSchema } from '@sinclair/typebox';

/** A card as a viewer sees it: "7H", "10D.2" (second deck), "X1" (Joker), or "?" when hidden. */
const CardT = Type.String({ pattern: '^(?:\\?|(?:X[12]|(?:[A2-9JQK]|10)[SHDC])(?:\\.2)?)$' });
const SeatT = Type.Integer({ minimum: 0 });
const CountT = Type.Integer({ minimum: 0 });
const NodeT = Type.Integer({ minimum: 0 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
// Closed objects: a field the schema does not declare fails validation instead of slipping through.
const Obj = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });
// TypeBox writes number literals as `type: "number"`; ours are integers, so a union of them is a GraphQL Int, not JSON.
const IntLiteral = <N extends number>(n: N): TLiteral<N> => ({ ...Type.Literal(n), type: 'integer' });

/** The resolved game options (every default filled in), as the state carries them. */
const OptionsT = Obj({
  decks: Type.Union([IntLiteral(1), IntLiteral(2)]),
  variant: Type.Union([Type.Literal('standard'), Type.Literal('jokers-wild'), Type.Literal('almost-black'), Type.Literal('pitch-black')]),
  suicideQueen: Type.Boolean(),
  counterAttack: Type.Union([IntLiteral(0), IntLiteral(1), IntLiteral(2), IntLiteral(3)]),
});

const PassageT = Obj({
  id: NodeT,
  parent: NodeT,
  value: Type.Integer(),
  /** "?" when it lies face down and is not the viewer's. */
  card: CardT,
});

const PlayerT = Obj({
  seat: SeatT,
  alive: Type.Boolean(),
  handCount: CountT,
  /** Only in the viewer's own entry (or for the audit viewer). */
  hand: Nullable(Type.Array(CardT)),
  cell: Nullable(CardT),
  leftCell: Type.Boolean(),
  dungeon: Type.Array(PassageT),
});

const SeatCardT = Obj({ seat: SeatT, card: CardT });

/** The view's root: what one viewer may know of the game. */
export const viewSchema = Obj({
  options: OptionsT,
  phase: Type.Union([Type.Literal('lobby'), Type.Literal('playoff'), Type.Literal('play'), Type.Literal('over')]),
  awaiting: Type.Array(SeatT),
  you: Nullable(SeatT),
  turn: Nullable(Obj({ seat: SeatT, played: Type.Boolean() })),
  deckCount: CountT,
  discardCount: CountT,
  /** The discard pile, top last, with face-down cards as "?" (all of them in Almost and Pitch Black, except to a searching Graverobber). */
  discard: Type.Array(CardT),
  players: Type.Array(PlayerT),
  /** Play-off: who still contends and who has put a card down (the cards stay secret until all have). */
  playoff: Nullable(Obj({ contenders: Type.Array(SeatT), ready: Type.Array(SeatT) })),
  /** A creature fighting a defender; `node` is null when the defender is in the cell. */
  combat: Nullable(Obj({ attacker: SeatT, card: CardT, value: Type.Integer(), defender: SeatT, node: Nullable(NodeT) })),
  /** A Graverobber or Myrmiddon played for its power; `target`, `ask` and `denied` are the Myrmiddon's question. */
  power: Nullable(
    Obj({
      seat: SeatT,
      card: CardT,
      kind: Type.Union([Type.Literal('graverobber'), Type.Literal('myrmiddon')]),
      target: Nullable(SeatT),
      ask: Nullable(Type.Integer({ minimum: 1, maximum: 13 })),
      denied: Type.Boolean(),
    }),
  ),
  /** A cave-in waiting for the owner of a Joker passage to choose (Jokers Wild). */
  collapse: Nullable(Obj({ seat: SeatT, card: CardT, target: SeatT, node: NodeT })),
  /** The open response window, if any. */
  window: Nullable(
    Obj({
      kind: Type.Union([Type.Literal('play'), Type.Literal('attack'), Type.Literal('power'), Type.Literal('ace')]),
      last: SeatT,
      passed: Type.Array(SeatT),
      aces: Type.Array(SeatCardT),
      interrupts: Type.Array(SeatCardT),
      escape: Nullable(Obj({ seat: SeatT, node: NodeT })),
    }),
  ),
  /** The decision the game waits for from one seat: one object with a kind rather than a union, so clients get a type. */
  prompt: Nullable(
    Obj({
      kind: Type.Union([
        Type.Literal('defend'),
        Type.Literal('answer'),
        Type.Literal('look'),
        Type.Literal('suicide'),
        Type.Literal('joker-save'),
        Type.Literal('pick'),
        Type.Literal('discard'),
      ]),
      seat: SeatT,
    }),
  ),
  /** Cards out of every hand until the end of the turn (a Graverobber used for its power). */
  limbo: Type.Array(CardT),
  winners: Nullable(Type.Array(SeatT)),
});

type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** What one viewer may know of the game (the static type of `viewSchema`). */
export type DungeonView = DeepReadonly<Static<typeof viewSchema>>;
/** One seat as a viewer sees it. */
export type PlayerView = DungeonView['players'][number];
/** A passage as a viewer sees it; `card` is "?" when it lies face down and is not the viewer's. */
export type PassageView = PlayerView['dungeon'][number];
