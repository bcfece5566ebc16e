// The JSON Schema (TypeBox) of what `view` returns; the view types are derived from it so the two cannot drift.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type TLiteral, type TProperties, type TSchema } from '@sinclair/typebox';
import { DIFFICULTIES } from './options';

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v) as TLiteral<T>));
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
// Closed objects: a field the schema does not declare fails validation instead of slipping through.
const Obj = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
const Int = Type.Integer();
const Count = Type.Integer({ minimum: 0 });
const SeatT = Type.Integer({ minimum: 0, maximum: 2 });
const RefT = Type.String({ description: '"dh" the Dungeon hero, "h<seat>" a raider hero, or an ally’s card id' });

const cardProps = {
  /** The card instance (commands name it). */
  id: Type.String(),
  /** Its content id. */
  card: Type.String(),
  name: Type.String(),
  type: lit(['ally', 'ability', 'equipment', 'talent'] as const),
  /** The printed cost (every Dungeon card counts as 0). */
  cost: Int,
  /** Rules text generated from the card's data. */
  text: Type.String(),
};
const CardT = Obj(cardProps, 'a card the viewer may see');
const GearT = Obj({ ...cardProps, exhausted: Type.Boolean() }, 'equipment or a resource');
const AllyT = Obj(
  {
    ...cardProps,
    atk: Count,
    health: Int,
    damage: Count,
    exhausted: Type.Boolean(),
    atkBonus: Int,
    enteredTurn: Count,
    keywords: Type.Array(Type.String()),
    canAttack: Type.Boolean(),
  },
  'an ally in play',
);
const heroProps = {
  ref: RefT,
  card: Type.String(),
  name: Type.String(),
  damage: Count,
  health: Int,
  atk: Count,
  exhausted: Type.Boolean(),
  atkBonus: Int,
};

const LevelT = Obj({
  level: Int,
  flip: Int,
  atk: Int,
  health: Int,
  levelUp: Nullable(Type.String()),
  powers: Type.String(),
});

const RaiderT = Obj({
  seat: SeatT,
  classId: Type.String(),
  className: Type.String(),
  alive: Type.Boolean(),
  mulligan: lit(['pending', 'kept', 'taken'] as const),
  hero: Obj(heroProps),
  handSize: Int,
  handCount: Count,
  /** Only the viewer's own hand (and every hand for the audit). */
  hand: Nullable(Type.Array(CardT)),
  deckCount: Count,
  graveyard: Type.Array(CardT),
  /** Face-down resources: their cards only for their owner. */
  resources: Obj({ count: Count, ready: Count, cards: Nullable(Type.Array(GearT)) }),
  allies: Type.Array(AllyT),
  weapon: Nullable(GearT),
  armor: Nullable(GearT),
  talent: Nullable(CardT),
});

export const ResultT = Obj({
  outcome: lit(['raiders', 'dungeon'] as const),
  dungeon: Type.String(),
  difficulty: lit(DIFFICULTIES),
  level: Int,
  dungeonHeroDestroyed: Type.Boolean(),
  damageDealt: Count,
  health: Int,
  bossesDestroyed: Type.Array(Obj({ id: Type.String(), card: Type.String() })),
  raidersDestroyed: Type.Array(SeatT),
  dungeonTurns: Count,
  achievements: Type.Array(Type.String()),
});

/** The view's root: what one viewer may know of the raid. */
export const viewSchema = Obj({
  you: Nullable(SeatT),
  /** lobby, mulligan, play or over. */
  phase: lit(['lobby', 'mulligan', 'play', 'over'] as const),
  /** What the game waits for: lobby, mulligan, raider-turn, dungeon-turn, respond, discard or over. */
  step: Type.String(),
  awaiting: Type.Array(SeatT),
  options: Obj({ dungeon: Type.String(), difficulty: lit(DIFFICULTIES), classes: Type.Array(Type.String()) }),
  first: lit(['raiders', 'dungeon'] as const),
  turn: Nullable(Obj({ number: Count, seat: Nullable(SeatT), resourcePlaced: Type.Boolean() })),
  dungeonTurns: Count,
  /** The MARKED raider and the die roll that chose it. */
  marked: Nullable(SeatT),
  roll: Nullable(Int),
  dungeon: Obj({
    id: Type.String(),
    name: Type.String(),
    hero: Obj({ ...heroProps, level: Int, flip: Int, enrage: Count, powers: Type.String(), levelUp: Nullable(Type.String()) }),
    /** The Dungeon hero's four levels, as printed. */
    levels: Type.Array(LevelT),
    deckCount: Count,
    /** Cards known to lie on top of the deck (sent back there), top first. */
    knownTop: Type.Array(CardT),
    graveyard: Type.Array(CardT),
    allies: Type.Array(AllyT),
    weapon: Nullable(GearT),
    armor: Nullable(GearT),
    damageDealt: Count,
    /** Dungeon allies destroyed so far. */
    destroyed: Type.Array(CardT),
  }),
  /** The Dungeon's turn in progress and its next actions, public by the fixed rules. */
  dungeonTurn: Nullable(
    Obj({
      flipsDue: Nullable(Count),
      flipsDone: Count,
      revealed: Nullable(CardT),
      attacked: Type.Array(RefT),
    }),
  ),
  next: Obj({
    /** The Dungeon's next step once the raiders have answered (a Dungeon command type), or null. */
    step: Nullable(Type.String()),
    /** Who attacks the MARKED hero this (or the next) Dungeon turn, in order. */
    attackOrder: Type.Array(RefT),
  }),
  raiders: Type.Array(RaiderT),
  attack: Nullable(Obj({ by: Nullable(SeatT), attacker: RefT, target: RefT })),
  window: Nullable(Obj({ kind: lit(['flip', 'attack'] as const), awaiting: Type.Array(SeatT), passed: Type.Array(SeatT) })),
  prompt: Nullable(Obj({ kind: Type.Literal('discard'), seat: SeatT, excess: Count })),
  resolving: Type.Array(CardT),
  achievements: Type.Array(Obj({ id: Type.String(), name: Type.String(), text: Type.String(), earned: Type.Boolean() })),
  result: Nullable(ResultT),
  winners: Nullable(Type.Array(SeatT)),
});

/** What one viewer may know of the raid (the static type of `viewSchema`). */
export type RaidView = ReadonlyStatic<typeof viewSchema>;
export type CardView = RaidView['raiders'][number]['graveyard'][number];
export type AllyView = RaidView['raiders'][number]['allies'][number];
export type RaiderView = RaidView['raiders'][number];
