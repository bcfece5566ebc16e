// The schema of the raid's content (cards, heroes, classes, dungeons, treasure): card effects are data in a small vocabulary.
import { Type, type Static, type TLiteral, type TSchema } from '@sinclair/typebox';

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v) as TLiteral<T>));
const Id = Type.String({ pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$', maxLength: 48, description: 'a kebab-case identifier' });
const Name = Type.String({ minLength: 1, maxLength: 60 });
const Amount = Type.Integer({ minimum: 1, maximum: 20 });
const Cost = Type.Integer({ minimum: 0, maximum: 10 });
const Obj = <P extends Record<string, TSchema>>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });

export const RARITIES = ['common', 'uncommon', 'rare', 'epic'] as const;
export const KEYWORDS = ['ferocity', 'protector', 'boss'] as const;
export const CHARACTER_OPS = ['damage', 'heal', 'destroy', 'exhaust', 'ready', 'atk', 'toHand'] as const;
export const RECIPIENTS = [
  'target',
  'self-hero',
  'enemy-hero',
  'enemy-allies',
  'enemy-party',
  'raid-heroes',
  'raid-allies',
  'own-allies',
] as const;

/** A level requirement: the effect applies only while the Dungeon hero is at this level or above. */
const MinLevel = Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'applies only at this Dungeon level or above' }));

/** An effect on characters. Recipients are named from the point of view of the card's controller. */
export const CharacterEffect = Obj(
  {
    op: lit(CHARACTER_OPS),
    /** damage/heal: how much; atk: the change of ATK until the end of the turn (may be negative). */
    amount: Type.Optional(Type.Integer({ minimum: -10, maximum: 20 })),
    to: lit(RECIPIENTS),
    minLevel: MinLevel,
  },
  'damage, heal, destroy (allies), exhaust, ready, atk (this turn) or toHand (allies) on characters',
);
/** An effect on a player: draw or discard. For the Dungeon, a draw flips one more card and a discard mills its deck. */
export const PlayerEffect = Obj(
  { op: lit(['draw', 'discard'] as const), amount: Amount, to: lit(['controller', 'opponent'] as const), minLevel: MinLevel },
  'draw or discard cards (the Dungeon flips one more card per draw and puts its top cards in its graveyard per discard)',
);
/** Cancel the Dungeon card being flipped or the Dungeon attack being declared (response windows only). */
export const CancelEffect = Obj({ op: Type.Literal('cancel') }, 'cancel the flipped Dungeon card or the declared Dungeon attack');
export const Effect = Type.Union([CharacterEffect, PlayerEffect, CancelEffect]);
export type Effect = Static<typeof Effect>;
export type CharacterOp = (typeof CHARACTER_OPS)[number];
export type CharacterEffect = Static<typeof CharacterEffect>;
/** Narrows an effect to one on characters (TypeBox's static union does not narrow on `op` by itself). */
export const onCharacters = (e: Effect): e is CharacterEffect => e.op !== 'cancel' && e.op !== 'draw' && e.op !== 'discard';
export type Recipient = (typeof RECIPIENTS)[number];

/** What a card's single target may be. Dungeon cards choose theirs by the fixed rule in the README. */
export const TargetSpec = Obj(
  {
    side: lit(['enemy', 'friendly'] as const),
    kind: lit(['hero', 'ally', 'character'] as const),
    /** Only allies (or characters) whose card costs at most this; every Dungeon card counts as cost 0. */
    maxCost: Type.Optional(Cost),
  },
  'the target a card asks for',
);
export type TargetSpec = Static<typeof TargetSpec>;

/** A lasting modifier: a raider's talent, or the powers of a Dungeon hero's level. */
export const Aura = Obj(
  {
    heroAtk: Type.Optional(Type.Integer({ minimum: -5, maximum: 10 })),
    allyAtk: Type.Optional(Type.Integer({ minimum: -5, maximum: 10 })),
    heroHealth: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
    /** Extra damage dealt by each damage effect of the controller's abilities. */
    abilityDamage: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    /** The controller's allies all have Ferocity. */
    alliesFerocity: Type.Optional(Type.Boolean()),
    /** Effects resolved at the start of each of the controller's turns (no chosen target). */
    turnStart: Type.Optional(Type.Array(Effect, { maxItems: 4 })),
  },
  'a lasting modifier',
);
export type Aura = Static<typeof Aura>;

const common = {
  id: Id,
  name: Name,
  /** Rarity, for the treasure pool and deck upgrades. */
  rarity: Type.Optional(lit(RARITIES)),
  /** A class the card belongs to (talents); absent: any class. */
  class: Type.Optional(Id),
  flavor: Type.Optional(Type.String({ maxLength: 200 })),
};

export const AllyCard = Obj(
  {
    ...common,
    type: Type.Literal('ally'),
    cost: Cost,
    atk: Type.Integer({ minimum: 0, maximum: 20 }),
    health: Type.Integer({ minimum: 1, maximum: 40 }),
    keywords: Type.Array(lit(KEYWORDS), { maxItems: 3 }),
    /** The target of its enter-play effects, when they need one. */
    target: Type.Optional(TargetSpec),
    /** Effects when it enters play. */
    effects: Type.Optional(Type.Array(Effect, { maxItems: 4 })),
  },
  'an ally: a character that joins its controller’s party',
);
export const AbilityCard = Obj(
  {
    ...common,
    type: Type.Literal('ability'),
    cost: Cost,
    /** May be played in response windows as well as on its controller's turn. */
    instant: Type.Boolean(),
    target: Type.Optional(TargetSpec),
    effects: Type.Array(Effect, { minItems: 1, maxItems: 4 }),
  },
  'an ability: resolves and goes to the graveyard',
);
export const WeaponCard = Obj(
  {
    ...common,
    type: Type.Literal('equipment'),
    slot: Type.Literal('weapon'),
    cost: Cost,
    atk: Type.Integer({ minimum: 0, maximum: 10 }),
    /** Resources a raider exhausts each time the hero attacks with it (the Dungeon pays nothing). */
    strikeCost: Type.Integer({ minimum: 0, maximum: 5 }),
  },
  'a weapon: its ATK is the hero’s; one at a time',
);
export const ArmorCard = Obj(
  {
    ...common,
    type: Type.Literal('equipment'),
    slot: Type.Literal('armor'),
    cost: Cost,
    /** While ready: the next damage to the hero is reduced by this much, and the armor exhausts. */
    prevent: Type.Integer({ minimum: 1, maximum: 10 }),
  },
  'armor: prevents damage to the hero once per round; one at a time',
);
export const TalentCard = Obj(
  { ...common, type: Type.Literal('talent'), cost: Cost, aura: Aura },
  'a talent: a lasting upgrade to the hero; one at a time',
);
export const CardDef = Type.Union([AllyCard, AbilityCard, WeaponCard, ArmorCard, TalentCard]);
export type CardDef = Static<typeof CardDef>;
export type AllyDef = Static<typeof AllyCard>;
export type AbilityDef = Static<typeof AbilityCard>;
export type WeaponDef = Static<typeof WeaponCard>;
export type ArmorDef = Static<typeof ArmorCard>;
export type TalentDef = Static<typeof TalentCard>;

export const HeroDef = Obj({ id: Id, name: Name, health: Type.Integer({ minimum: 10, maximum: 60 }) }, 'a raider hero');
export type HeroDef = Static<typeof HeroDef>;

const DeckList = Type.Array(Obj({ card: Id, count: Type.Integer({ minimum: 1, maximum: 6 }) }, 'copies of one card'), {
  minItems: 1,
});

export const ClassDef = Obj({ id: Id, name: Name, hero: HeroDef, deck: DeckList }, 'a raider class and its starter deck');
export type ClassDef = Static<typeof ClassDef>;

/** When a Dungeon level gives way to the next: a raider hero with this much damage, or a raider destroyed. */
export const LevelUp = Type.Union([
  Obj({ damage: Type.Integer({ minimum: 1, maximum: 60 }) }, 'a raider hero has at least this much damage'),
  Obj({ raiderDestroyed: Type.Literal(true) }, 'a raider hero has been destroyed'),
  Type.Null(),
]);
export const DungeonLevel = Obj(
  {
    flip: Type.Integer({ minimum: 1, maximum: 5 }),
    atk: Type.Integer({ minimum: 0, maximum: 20 }),
    health: Type.Integer({ minimum: 10, maximum: 200 }),
    levelUp: LevelUp,
    aura: Aura,
  },
  'one level of a Dungeon hero',
);
export type DungeonLevel = Static<typeof DungeonLevel>;

export const AchievementCondition = Type.Union([
  Obj({ kind: Type.Literal('defeat-dungeon') }, 'destroy the Dungeon hero'),
  Obj({ kind: Type.Literal('destroy-card'), card: Id }, 'destroy this Dungeon ally'),
  Obj({ kind: Type.Literal('destroy-allies'), count: Amount }, 'destroy this many Dungeon allies'),
  Obj({ kind: Type.Literal('no-raider-lost') }, 'destroy the Dungeon hero with no raider destroyed'),
  Obj({ kind: Type.Literal('within-turns'), turns: Amount }, 'destroy the Dungeon hero within this many Dungeon turns'),
  Obj(
    { kind: Type.Literal('at-level'), level: Type.Integer({ minimum: 1, maximum: 4 }) },
    'destroy the Dungeon hero at this level or above',
  ),
]);
export type AchievementCondition = Static<typeof AchievementCondition>;
export const Achievement = Obj(
  {
    id: Id,
    name: Name,
    condition: AchievementCondition,
    /** The XP printed on the card: every raider of a run that earns it gets this much, once per run. */
    xp: Type.Integer({ minimum: 1, maximum: 10 }),
  },
  'an achievement card of a dungeon',
);
export type Achievement = Static<typeof Achievement>;

export const DungeonDef = Obj(
  {
    id: Id,
    name: Name,
    summary: Type.String({ maxLength: 300 }),
    hero: Obj({ id: Id, name: Name, levels: Type.Array(DungeonLevel, { minItems: 4, maxItems: 4 }) }, 'the Dungeon hero, levels 1–4'),
    deck: DeckList,
    achievements: Type.Array(Achievement, { minItems: 1, maxItems: 10 }),
  },
  'a dungeon: its hero, its deck and its achievements',
);
export type DungeonDef = Static<typeof DungeonDef>;

/** Everything the module ships: every card once, the classes, the dungeons and the treasure pool (card ids). */
export const ContentSchema = Obj(
  {
    cards: Type.Array(CardDef),
    classes: Type.Array(ClassDef, { minItems: 1 }),
    dungeons: Type.Array(DungeonDef, { minItems: 1 }),
    treasure: Type.Array(Id),
  },
  'the raid content',
);
export type Content = Static<typeof ContentSchema>;
