// The JSON Schema (TypeBox) of what `view` returns; view.ts derives its types from it so the two cannot drift.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DungeonId, Id, Seat, Step, TokenKind } from './schemaParts';

const Count = Type.Integer({ minimum: 0 });
const Positive = Type.Integer({ minimum: 1 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Strict = { additionalProperties: false } as const;

const PermanentType = Type.Union([Type.Literal('artifact'), Type.Literal('creature'), Type.Literal('land')]);
const LifeWho = Type.Union([
  Type.Literal('you'),
  Type.Literal('each-opponent'),
  Type.Literal('each-player'),
  Type.Literal('target-player'),
]);

/** One step of a room ability, as the dungeon model writes it (dungeons/model.ts `Effect`); a test holds the two equal. */
export const EffectSchema = Type.Union([
  Type.Object({ kind: Type.Literal('life'), who: LifeWho, amount: Type.Integer() }, Strict),
  Type.Object({ kind: Type.Literal('create-token'), token: TokenKind, count: Count }, Strict),
  Type.Object(
    { kind: Type.Literal('counters'), target: Type.Literal('target-creature'), counter: Type.Literal('+1/+1'), count: Count },
    Strict,
  ),
  Type.Object({ kind: Type.Literal('scry'), count: Count }, Strict),
  Type.Object({ kind: Type.Literal('draw'), count: Count }, Strict),
  Type.Object({ kind: Type.Literal('discard'), count: Count }, Strict),
  Type.Object({ kind: Type.Literal('sacrifice'), each: Type.Array(PermanentType) }, Strict),
  Type.Object(
    {
      kind: Type.Literal('unless'),
      who: Type.Literal('each-player'),
      cost: Type.Union([
        Type.Object({ kind: Type.Literal('discard'), count: Count }, Strict),
        Type.Object({ kind: Type.Literal('sacrifice'), anyOf: Type.Array(PermanentType) }, Strict),
      ]),
      lifeLoss: Count,
    },
    Strict,
  ),
  Type.Object({ kind: Type.Literal('prompt'), text: Type.String(), target: Type.Optional(Type.Literal('target-creature')) }, Strict),
]);

/** A venture halfway through, as the state holds it (state.ts `PendingChoice`): choose a dungeon or an arrow. */
export const PendingChoiceSchema = Type.Union([
  Type.Object({ seat: Seat, kind: Type.Literal('dungeon'), options: Type.Array(DungeonId) }, Strict),
  Type.Object({ seat: Seat, kind: Type.Literal('room'), options: Type.Array(Type.String()) }, Strict),
]);

/** One player as shown to everyone. */
export const PlayerViewSchema = Type.Object(
  {
    seat: Seat,
    life: Type.Integer(),
    inGame: Type.Boolean(),
    hasInitiative: Type.Boolean(),
    dungeon: Nullable(
      Type.Object(
        { id: DungeonId, name: Type.String(), room: Type.String(), roomName: Type.String(), next: Type.Array(Type.String()) },
        Strict,
      ),
    ),
    /** Completed dungeons by id with counts (only those completed at least once), and how many differently named ones. */
    completed: Type.Partial(Type.Record(DungeonId, Positive), Strict),
    completedTotal: Count,
    completedDistinct: Count,
  },
  Strict,
);

/** One stack entry as shown: a single object for every kind (room fields are set on room abilities, `taker` on a steal). */
export const StackEntryViewSchema = Type.Object(
  {
    id: Id,
    kind: Type.Union([Type.Literal('room'), Type.Literal('initiative-venture'), Type.Literal('initiative-steal')]),
    controller: Seat,
    dungeon: Type.Optional(DungeonId),
    room: Type.Optional(Type.String()),
    roomName: Type.Optional(Type.String()),
    effects: Type.Optional(Type.Array(EffectSchema)),
    taker: Type.Optional(Seat),
    resolving: Type.Boolean(),
    answered: Type.Array(Seat),
  },
  Strict,
);

/** A token on the battlefield, with its display name. */
export const TokenViewSchema = Type.Object({ id: Id, kind: TokenKind, name: Type.String(), controller: Seat, counters: Count }, Strict);

/** The table as every viewer sees it: GameModule.viewSchema of the venture module. */
export const VentureViewSchema = Type.Object(
  {
    phase: Type.String(),
    awaiting: Type.Array(Seat),
    winners: Type.Optional(Type.Array(Seat)),
    you: Nullable(Seat),
    turn: Count,
    active: Seat,
    step: Step,
    initiative: Nullable(Seat),
    players: Type.Array(PlayerViewSchema),
    tokens: Type.Array(TokenViewSchema),
    stack: Type.Array(StackEntryViewSchema),
    pending: Nullable(PendingChoiceSchema),
  },
  Strict,
);

/** `Static` with every property and array readonly, so views built from the (readonly) state type-check without copies. */
export type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type ReadonlyStatic<T extends TSchema> = DeepReadonly<Static<T>>;
