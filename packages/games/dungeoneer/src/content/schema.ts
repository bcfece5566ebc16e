// The vocabulary cards are written in: TypeBox schemas of effects, adventure, map, quest and hero cards.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';

const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
const Int = (description: string, min = 0, max = 99) => Type.Integer({ minimum: min, maximum: max, description });
const Id = (description: string) => Type.String({ pattern: '^[a-z0-9-]+$', minLength: 1, maxLength: 40, description });
const Text = (description: string) => Type.String({ minLength: 1, maxLength: 300, description });
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** The three attack forms; they double as the hero's combat scores. */
export const StatT = Type.Union([Type.Literal('melee'), Type.Literal('magic'), Type.Literal('speed')], {
  description: 'An attack form and combat score: melee, magic or speed.',
});
/** An attack form and combat score. */
export type Stat = Static<typeof StatT>;
export const STATS: readonly Stat[] = ['melee', 'magic', 'speed'];

/** What a Threat is rolled against: a combat score, or the hero's current Life or Level. */
export const CheckStatT = Type.Union([StatT, Type.Literal('life'), Type.Literal('level'), Type.Literal('none')], {
  description: 'The score added to a threat roll: melee, magic, speed, life, level, or none (the bare die).',
});
/** The score a threat roll adds. */
export type CheckStat = Static<typeof CheckStatT>;

/** A roll of one die plus a score against a target number (match or beat it to succeed). */
export const CheckT = Obj(
  { stat: CheckStatT, target: Int('The number the die plus the score must match or beat.', 1, 20) },
  'A threat: one die plus the named score must reach the target.',
);
/** A threat: one die plus a score against a target. */
export type Check = Static<typeof CheckT>;

/** A lasting change to one combat score. */
export const ModifierT = Obj(
  { stat: StatT, amount: Int('How much the score changes (negative lowers it).', -5, 5) },
  'A change to a combat score while the card is in play.',
);
/** A change to one combat score. */
export type Modifier = Static<typeof ModifierT>;

/**
 * One effect on a hero (the subject the card names: the player's own hero, the target, the hero hit, the hero who
 * failed a threat). Each is an object with exactly one key.
 */
export const EffectT = Type.Union(
  [
    Obj({ wound: Int('Wounds the hero takes.', 1, 6) }, 'The hero takes wounds.'),
    Obj({ heal: Int('Life the hero recovers, up to its maximum.', 1, 6) }, 'The hero recovers life.'),
    Obj({ glory: Int('Glory gained (negative: lost, never below 0).', -10, 10) }, "Changes the hero player's Glory."),
    Obj({ peril: Int('Peril gained (negative: lost, never below 0).', -10, 10) }, "Changes the hero player's Peril."),
    Obj({ movement: Int('Movements gained (negative: lost, never below 0).', -6, 6) }, "Changes the hero's Movements."),
    Obj({ draw: Int('Adventure cards drawn.', 1, 5) }, 'The hero player draws adventure cards.'),
    Obj({ discard: Int('Cards discarded at random from the hand.', 1, 5) }, 'A forced discard, chosen at random.'),
    Obj({ tip: Type.Literal(true, { description: 'Always true.' }) }, 'The hero is tipped: it cannot move until it climbs out.'),
    Obj({ boost: ModifierT }, 'A change to a combat score until the end of the turn.'),
    Obj({ loseBoon: Type.Literal(true, { description: 'Always true.' }) }, 'A readied Boon, chosen at random, is discarded.'),
    Obj({ cleanse: Type.Literal(true, { description: 'Always true.' }) }, 'The Bane attached to the hero most recently is discarded.'),
    Obj(
      { negate: Type.Literal(true, { description: 'Always true.' }) },
      'Response only: the next Encounter or the Bane engaging the hero is cancelled.',
    ),
    Obj({ recall: Type.Literal(true, { description: 'Always true.' }) }, 'The hero is carried back to the Dungeon Entrance.'),
  ],
  { description: 'One effect on a hero; exactly one key.' },
);
/** One effect on a hero, in the card vocabulary. */
export type Effect = Static<typeof EffectT>;
const Effects = (description: string) => Type.Array(EffectT, { maxItems: 6, description });

/** An ability used by paying its cost: on a Treasure, a Boon, an Artifact or a hero card. */
const abilityProps = {
  glory: Int('Glory paid to use it.', 0, 10),
  movement: Int('Movements paid to use it.', 0, 3),
  oncePerTurn: Type.Boolean({ description: 'May be used only once in any one turn.' }),
  consume: Type.Boolean({ description: 'The card is discarded once used (a potion).' }),
  effects: Effects('What using it does to the hero.'),
};
/** Schema of an activated ability. */
export const AbilityT = Obj(abilityProps, 'An activated ability: pay the cost, apply the effects to your own hero.');
/** An ability paid for and used at will (Inventory cards, Artifacts, heroes). */
export type Ability = Static<typeof AbilityT>;

/** One attack form of a monster: a standard attack (may initiate) or a counter-attack only. */
export const AttackT = Obj(
  {
    score: Int('The score added to the die.', 0, 9),
    standard: Type.Boolean({ description: 'true: a standard attack it may initiate; false: a counter-attack only.' }),
  },
  "A monster's score in one attack form.",
);
/** A monster's score in one attack form. */
export type Attack = Static<typeof AttackT>;

export const AttacksT = Obj(
  { melee: Opt(AttackT), magic: Opt(AttackT), speed: Opt(AttackT) },
  'Attack forms the monster has; a missing form defends with a counter-attack of 0.',
);
export const HitsT = Obj(
  {
    melee: Opt(Effects('On a melee hit.')),
    magic: Opt(Effects('On a magic hit.')),
    speed: Opt(Effects('On a speed hit.')),
  },
  'Hit effects: what happens to the hero, besides the wound, when the monster hits in that form.',
);

const common = {
  id: Id('The design id; physical cards are "<id>-<n>".'),
  name: Text('Card name (original to Delve).'),
  text: Text('Rules text in plain words.'),
  copies: Int('How many copies the set holds.', 1, 6),
};

export const MonsterCardT = Obj(
  {
    ...common,
    kind: Type.Literal('monster', { description: 'An Encounter that fights.' }),
    cost: Int('Peril of the targeted hero spent to play it.', 0, 9),
    life: Int('Wounds it can take before it is defeated.', 1, 9),
    categories: Type.Array(Id('A category.'), { maxItems: 4, description: 'Categories, for card effects.' }),
    attacks: AttacksT,
    hits: HitsT,
  },
  'A monster Encounter.',
);
export const ThreatCardT = Obj(
  {
    ...common,
    kind: Type.Literal('threat', { description: 'An Encounter rolled against a target number.' }),
    threat: Type.Union([Type.Literal('trap'), Type.Literal('obstacle')], {
      description: 'trap: every hero in the space rolls; obstacle: only the target.',
    }),
    cost: Int('Peril of the targeted hero spent to play it.', 0, 9),
    check: CheckT,
    succeed: Effects('Effects on a hero who succeeds.'),
    fail: Effects('Effects on a hero who fails.'),
  },
  'A Trap or Obstacle Encounter.',
);
export const BaneCardT = Obj(
  {
    ...common,
    kind: Type.Literal('bane', { description: 'A misfortune bought with an opponent’s Peril.' }),
    cost: Int('Peril spent, always of one other player.', 0, 9),
    targeted: Type.Boolean({ description: 'true: aimed at the hero whose Peril pays; false: hits every hero in scope.' }),
    scope: Type.Union([Type.Literal('target'), Type.Literal('others'), Type.Literal('all')], {
      description: 'Who it hits: the target, every hero but yours, or every hero.',
    }),
    timing: Type.Union([Type.Literal('dungeonlord'), Type.Literal('anytime')], {
      description: 'dungeonlord: in your Dungeonlord Phase; anytime: on or off turn.',
    }),
    curse: Type.Boolean({ description: 'Stays attached to the target with its modifiers (otherwise instant).' }),
    effects: Effects('Effects on each hero it hits.'),
    modifiers: Type.Array(ModifierT, { maxItems: 3, description: 'A curse: score changes while attached.' }),
  },
  'A Bane.',
);
export const BoonCardT = Obj(
  {
    ...common,
    kind: Type.Literal('boon', { description: 'A skill or spell bought with your Glory.' }),
    cost: Int('Glory spent to play it.', 0, 9),
    timing: Type.Union([Type.Literal('hero'), Type.Literal('response'), Type.Literal('anytime')], {
      description: 'hero: in your Hero Phase; response: when engaged by an Encounter or Bane; anytime: on or off turn.',
    }),
    permanent: Type.Boolean({ description: 'Readied into the Inventory (counts against the Boon limit); otherwise instant.' }),
    upkeep: Int('Glory to pay each Reset Phase to keep it readied (0: none).', 0, 5),
    effects: Effects('Instant effects on your hero.'),
    modifiers: Type.Array(ModifierT, { maxItems: 3, description: 'Permanent: score changes while readied.' }),
    ability: Opt(AbilityT),
  },
  'A Boon.',
);
export const TreasureCardT = Obj(
  {
    ...common,
    kind: Type.Literal('treasure', { description: 'An item bought with your Glory.' }),
    cost: Int('Glory spent to ready it.', 0, 9),
    category: Id('Category; two readied treasures never share one.'),
    slots: Int('Storage item: extra Treasure slots it gives (0: not a storage item).', 0, 4),
    upkeep: Int('Glory to pay each Reset Phase to keep it readied (0: none).', 0, 5),
    modifiers: Type.Array(ModifierT, { maxItems: 3, description: 'Score changes while readied.' }),
    ability: Opt(AbilityT),
  },
  'A Treasure.',
);
export const AdventureCardT = Type.Union([MonsterCardT, ThreatCardT, BaneCardT, BoonCardT, TreasureCardT], {
  description: 'An Adventure card design.',
});
/** A monster Encounter design. */
export type MonsterCard = Static<typeof MonsterCardT>;
/** A Trap or Obstacle design. */
export type ThreatCard = Static<typeof ThreatCardT>;
/** A Bane design. */
export type BaneCard = Static<typeof BaneCardT>;
/** A Boon design. */
export type BoonCard = Static<typeof BoonCardT>;
/** A Treasure design. */
export type TreasureCard = Static<typeof TreasureCardT>;
/** Any Adventure card design. */
export type AdventureCard = Static<typeof AdventureCardT>;
/** The five kinds of Adventure card. */
export type AdventureKind = AdventureCard['kind'];
export const AdventureKindT = Type.Union(
  [Type.Literal('monster'), Type.Literal('threat'), Type.Literal('bane'), Type.Literal('boon'), Type.Literal('treasure')],
  { description: 'A kind of Adventure card.' },
);

/** One side of a map card. Doors are resolved like Threats. */
export const ExitT = Type.Union(
  [
    Obj({ kind: Type.Literal('open', { description: 'An open door.' }) }, 'An open door: pass freely.'),
    Obj({ kind: Type.Literal('wall', { description: 'A wall.' }) }, 'A wall: no way through.'),
    Obj({ kind: Type.Literal('locked', { description: 'A locked door.' }), check: CheckT }, 'A locked door: open it first.'),
    Obj({ kind: Type.Literal('trapped', { description: 'A trapped door.' }), check: CheckT }, 'A trapped door: roll as you go.'),
  ],
  { description: 'What one side of a map card holds.' },
);
/** What one side of a Map card holds. */
export type Exit = Static<typeof ExitT>;

export const FeatureT = Type.Union(
  [
    Obj({ kind: Type.Literal('pit', { description: 'A pit.' }), check: CheckT }, 'Entering on your turn: fail and fall in (tipped).'),
    Obj({ kind: Type.Literal('spikes', { description: 'Spikes.' }), check: CheckT }, 'Entering on your turn: fail and take a wound.'),
    Obj(
      { kind: Type.Literal('hazard', { description: 'A hazard.' }), modifier: Int('Added to the target of every trap here.', 1, 4) },
      'Traps in this space are harder.',
    ),
  ],
  { description: 'Something in the space itself.' },
);
/** A pit, spikes or a hazard in a space. */
export type Feature = Static<typeof FeatureT>;

export const MapCardT = Obj(
  {
    id: Id('The map card id.'),
    name: Text('Card name (original to Delve).'),
    kind: Type.Union([Type.Literal('entrance'), Type.Literal('passage'), Type.Literal('room')], {
      description: 'The Dungeon Entrance, a passage or a room.',
    }),
    exits: Obj({ N: ExitT, E: ExitT, S: ExitT, W: ExitT }, 'Exits as printed, before any rotation.'),
    glory: Int('Glory collected entering the space.', 0, 5),
    peril: Int('Peril collected entering the space.', 0, 5),
    feature: Opt(FeatureT),
  },
  'A map card.',
);
/** A Map card. */
export type MapCard = Static<typeof MapCardT>;

export const QuestMonsterT = Obj(
  {
    name: Text('The monster’s name.'),
    life: Int('Wounds it takes to slay it.', 1, 9),
    opens: StatT,
    attacks: AttacksT,
    hits: HitsT,
  },
  'A quest monster; `opens` is the form of its free first attack.',
);
/** A quest's monster. */
export type QuestMonster = Static<typeof QuestMonsterT>;

export const RewardT = Type.Union(
  [
    Obj({ level: Int('Levels gained.', 1, 2) }, 'Gain a Level.'),
    Obj({ life: Int('Life recovered or gained, up to the maximum.', 1, 3) }, 'Recover Life.'),
    Obj({ glory: Int('Glory collected.', 1, 9) }, 'Collect Glory.'),
    Obj({ peril: Int('Peril collected.', 1, 9) }, 'Collect Peril (dark quests).'),
    Obj(
      { play: Type.Union([Type.Literal('boon'), Type.Literal('treasure')], { description: 'The kind.' }) },
      'Play one card of this kind from hand at no cost.',
    ),
    Obj({ deck: AdventureKindT }, 'Search the Adventure deck for a card of this kind; the deck is reshuffled.'),
    Obj({ pile: AdventureKindT }, 'Search the discard pile for a card of this kind.'),
  ],
  { description: 'One part of a quest reward.' },
);
/** One part of a quest reward. */
export type Reward = Static<typeof RewardT>;

export const QuestTypeT = Type.Union(
  [
    Type.Literal('chance'),
    Type.Literal('escort'),
    Type.Literal('sacrifice'),
    Type.Literal('search'),
    Type.Literal('slay'),
    Type.Literal('threat'),
  ],
  { description: 'How the quest is attempted.' },
);
/** How a quest is attempted. */
export type QuestType = Static<typeof QuestTypeT>;

export const QuestCardT = Obj(
  {
    id: Id('The quest id.'),
    name: Text('Card name (original to Delve).'),
    text: Text('What to do, in plain words.'),
    type: QuestTypeT,
    space: Id('Map card where the quest is attempted (for an escort: where the component is delivered).'),
    from: Opt(Id('Escort: map card where the component is picked up.')),
    check: Opt(CheckT),
    boost: Opt(Int('Chance: Glory paid for each +1 to one roll.', 1, 5)),
    price: Opt(Obj({ life: Int('Life paid.', 0, 5), glory: Int('Glory paid.', 0, 9) }, 'Sacrifice: the price.')),
    monster: Opt(QuestMonsterT),
    fail: Type.Array(EffectT, { maxItems: 4, description: 'Threat: effects of a failed attempt on every hero in the space.' }),
    effect: Type.Array(ModifierT, { maxItems: 2, description: 'Score changes on the holder (every hero while global) while in play.' }),
    reward: Type.Array(RewardT, { maxItems: 4, description: 'The completion reward.' }),
    artifact: Opt(
      Obj(
        { modifiers: Type.Array(ModifierT, { maxItems: 3, description: 'Score changes.' }), ability: Opt(AbilityT) },
        'Artifact quests grant this instead of a reward; it counts as a completed quest.',
      ),
    ),
  },
  'A quest card.',
);
/** A quest card. */
export type QuestCard = Static<typeof QuestCardT>;

export const LevelT = Obj(
  {
    melee: Int('Melee score.', 0, 9),
    magic: Int('Magic score.', 0, 9),
    speed: Int('Speed score: Movements each turn.', 1, 9),
    boons: Int('Most permanent Boons readied at once.', 0, 9),
    treasures: Int('Most Treasures readied at once.', 0, 9),
  },
  'A hero’s scores and limits at one level.',
);
/** A hero's scores and limits at one level. */
export type Level = Static<typeof LevelT>;

export const HeroCardT = Obj(
  {
    id: Id('The hero id.'),
    name: Text('Hero name (original to Delve).'),
    text: Text('Who they are.'),
    maxLife: Int('Most Life the hero can have.', 1, 12),
    levels: Type.Array(LevelT, { minItems: 1, maxItems: 6, description: 'Scores by level, level 1 first.' }),
    ability: Obj(
      { ...abilityProps, name: Text('Ability name.'), text: Text('Ability text.') },
      'The special ability: a Boon usable any time, outside the Boon limit.',
    ),
  },
  'A hero card.',
);
/** A hero card. */
export type HeroCard = Static<typeof HeroCardT>;
