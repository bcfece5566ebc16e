// The JSON Schema (TypeBox) of what `view` returns, every field described; the view types are derived from it.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type TLiteral, type TProperties, type TSchema } from '@sinclair/typebox';
import { DIFFICULTIES } from './options';

const lit = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v) as TLiteral<T>),
    { description },
  );
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
// Closed objects: a field the schema does not declare fails validation instead of slipping through.
const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
const Int = (description: string) => Type.Integer({ description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Str = (description: string) => Type.String({ description });
const Bool = (description: string) => Type.Boolean({ description });
const SeatT = (description: string) => Type.Integer({ minimum: 0, maximum: 2, description });
const RefT = (description: string) =>
  Type.String({ description: `${description}: "dh" the Dungeon hero, "h<seat>" a raider hero, or an ally’s card id` });
const Seats = (description: string) => Type.Array(SeatT('a raider seat'), { description });

const cardProps = {
  id: Str('the card instance (commands name it): d<n> a Dungeon card, r<seat>-<n> a raider’s'),
  card: Str('its content id (GET /modules/raid/content describes it)'),
  name: Str('its name'),
  type: lit(['ally', 'ability', 'equipment', 'talent'] as const, 'its card type'),
  cost: Int('its printed cost (every Dungeon card counts as 0)'),
  text: Str('its rules text, generated from the card’s data'),
};
const CardT = Obj(cardProps, 'a card the viewer may see');
const Cards = (description: string) => Type.Array(CardT, { description });
const GearT = Obj(
  { ...cardProps, exhausted: Bool('exhausted (armor that prevented damage, a spent resource)') },
  'equipment or a resource',
);
const AllyT = Obj(
  {
    ...cardProps,
    atk: Count('its ATK now (printed, auras and this turn’s changes)'),
    health: Int('its health'),
    damage: Count('damage on it'),
    exhausted: Bool('exhausted (it attacked, protected or was exhausted)'),
    atkBonus: Int('ATK gained or lost until the end of the turn'),
    enteredTurn: Count('the turn number it entered play'),
    keywords: Type.Array(lit(['ferocity', 'protector', 'boss'] as const, 'a keyword'), { description: 'its keywords now' }),
    canAttack: Bool('ready, and in play since an earlier turn or with Ferocity'),
  },
  'an ally in play',
);
const heroProps = {
  ref: RefT('the hero as commands name it'),
  card: Str('the hero card’s content id'),
  name: Str('the hero’s name'),
  damage: Count('damage on the hero'),
  health: Int('its health now (fatal damage destroys it)'),
  atk: Count('its ATK now (weapon, talent or level, Enrage and this turn’s changes)'),
  exhausted: Bool('exhausted (it attacked)'),
  atkBonus: Int('ATK gained or lost until the end of the turn'),
};

const LevelT = Obj(
  {
    level: Int('the level (1 to 4)'),
    flip: Int('cards the Dungeon flips each turn at this level'),
    atk: Int('the Dungeon hero’s ATK at this level'),
    health: Int('the Dungeon hero’s health at this level'),
    levelUp: Nullable(Str('the condition in words'), 'when the Dungeon goes up from this level (null at level 4)'),
    powers: Str('the level’s powers in words (empty when it has none)'),
  },
  'one printed level of the Dungeon hero',
);

const RaiderT = Obj(
  {
    seat: SeatT('the raider’s seat'),
    classId: Str('its class’s content id'),
    className: Str('its class’s name'),
    alive: Bool('false once its hero was destroyed or retreated: it takes no further part'),
    mulligan: lit(['pending', 'kept', 'taken'] as const, 'its opening choice: not yet made, kept, or a mulligan taken'),
    hero: Obj(heroProps, 'the raider’s hero'),
    handSize: Int('its starting and maximum hand size'),
    handCount: Count('cards in its hand'),
    hand: Nullable(Cards('the cards, in the order drawn'), 'its hand: only for the raider itself (and the audit viewer)'),
    deckCount: Count('cards in its deck'),
    graveyard: Cards('its graveyard, oldest first'),
    resources: Obj(
      {
        count: Count('resources placed'),
        ready: Count('resources ready to pay with'),
        cards: Nullable(Type.Array(GearT, { description: 'in the order placed' }), 'the face-down cards: only for their owner'),
      },
      'its face-down resources',
    ),
    allies: Type.Array(AllyT, { description: 'its allies in play, in the order they entered' }),
    weapon: Nullable(GearT, 'its hero’s weapon'),
    armor: Nullable(GearT, 'its hero’s armor'),
    talent: Nullable(CardT, 'its hero’s talent'),
  },
  'a raider',
);

/** The result of a finished raid, as RaidEnded recorded it (what the experience table needs). */
export const ResultT = Obj(
  {
    outcome: lit(['raiders', 'dungeon'] as const, 'who won'),
    dungeon: Str('the dungeon’s content id'),
    difficulty: lit(DIFFICULTIES, 'the difficulty mode'),
    level: Int('the Dungeon hero’s level at the end'),
    dungeonHeroDestroyed: Bool('the Dungeon hero was destroyed'),
    damageDealt: Count('damage dealt to the Dungeon hero over the raid'),
    health: Int('the Dungeon hero’s health at the end'),
    bossesDestroyed: Type.Array(Obj({ id: Str('the card instance'), card: Str('its content id') }, 'a Boss ally destroyed'), {
      description: 'Boss allies destroyed',
    }),
    raidersDestroyed: Seats('the raiders whose heroes were destroyed or retreated'),
    dungeonTurns: Count('Dungeon turns played'),
    achievements: Type.Array(Str('an achievement id'), { description: 'the dungeon’s achievements earned this run' }),
  },
  'the result of the finished raid',
);

/** The view's root: what one viewer may know of the raid. */
export const viewSchema = Obj(
  {
    you: Nullable(SeatT('a raider seat'), 'the viewer’s seat; null for spectators and the audit viewer'),
    phase: lit(['lobby', 'mulligan', 'play', 'over'] as const, 'the raid’s stage: lobby, mulligan, play or over'),
    step: Str('what the game waits for: lobby, mulligan, raider-turn, dungeon-turn, respond, discard or over'),
    awaiting: Seats('the raiders the game waits for'),
    options: Obj(
      {
        dungeon: Str('the dungeon’s content id'),
        difficulty: lit(DIFFICULTIES, 'the difficulty mode'),
        classes: Type.Array(Str('a class’s content id'), { description: 'the class of each seat without a character' }),
      },
      'the options the raid was created with',
    ),
    first: lit(['raiders', 'dungeon'] as const, 'who took the first turn'),
    turn: Nullable(
      Obj(
        {
          number: Count('turns are counted from 1 across all sides'),
          seat: Nullable(SeatT('a raider seat'), 'the raider whose turn it is; null for the Dungeon’s'),
          resourcePlaced: Bool('a resource has been placed this turn'),
        },
        'the turn in progress',
      ),
      'the turn in progress (null before the first)',
    ),
    dungeonTurns: Count('Dungeon turns begun'),
    marked: Nullable(SeatT('a raider seat'), 'the MARKED raider (null before the first Dungeon turn)'),
    roll: Nullable(Int('the die’s face'), 'the die roll that chose the MARKED raider'),
    dungeon: Obj(
      {
        id: Str('the dungeon’s content id'),
        name: Str('its name'),
        hero: Obj(
          {
            ...heroProps,
            level: Int('its level now (1 to 4)'),
            flip: Int('cards it flips each turn at this level'),
            enrage: Count('times its deck ran out (+2 ATK each)'),
            powers: Str('its level’s powers in words'),
            levelUp: Nullable(Str('the condition in words'), 'when it goes up from this level (null at level 4)'),
          },
          'the Dungeon hero',
        ),
        levels: Type.Array(LevelT, { description: 'the Dungeon hero’s four levels, as printed' }),
        deckCount: Count('cards in the Dungeon deck'),
        knownTop: Cards('cards known to lie on top of the deck (sent back there), top first'),
        graveyard: Cards('the Dungeon graveyard, oldest first'),
        allies: Type.Array(AllyT, { description: 'the Dungeon party, in the order they entered (its attack order)' }),
        weapon: Nullable(GearT, 'the Dungeon hero’s weapon'),
        armor: Nullable(GearT, 'the Dungeon hero’s armor'),
        damageDealt: Count('damage dealt to the Dungeon hero over the raid (healing does not take it back)'),
        destroyed: Cards('Dungeon allies destroyed so far, in order'),
      },
      'the Dungeon’s side',
    ),
    dungeonTurn: Nullable(
      Obj(
        {
          flipsDue: Nullable(Count('cards'), 'cards to flip this turn (null until the turn’s opening is done)'),
          flipsDone: Count('cards flipped so far this turn'),
          revealed: Nullable(CardT, 'the flipped card waiting to resolve after its window'),
          attacked: Type.Array(RefT('a Dungeon character'), { description: 'the Dungeon characters that have attacked this turn' }),
        },
        'the Dungeon’s turn in progress',
      ),
      'the Dungeon’s turn in progress, public by its fixed rules (null on the raiders’ turns)',
    ),
    next: Obj(
      {
        step: Nullable(Str('a Dungeon command type'), 'the Dungeon’s next step once the raiders have answered, or null'),
        attackOrder: Type.Array(RefT('a Dungeon character'), {
          description: 'who attacks the MARKED hero this (or the next) Dungeon turn, in order',
        }),
      },
      'the Dungeon’s next actions, public by its fixed rules',
    ),
    raiders: Type.Array(RaiderT, { description: 'every raider, in seat order' }),
    attack: Nullable(
      Obj(
        {
          by: Nullable(SeatT('a raider seat'), 'the attacking raider; null for the Dungeon'),
          attacker: RefT('the attacking character'),
          target: RefT('the character attacked (a Protector once redirected)'),
        },
        'an attack between its declaration and its damage',
      ),
      'the attack in progress, if any',
    ),
    window: Nullable(
      Obj(
        {
          kind: lit(['flip', 'attack'] as const, 'before a flipped card resolves, or when a Dungeon attack is declared'),
          awaiting: Seats('the raiders asked'),
          passed: Seats('the raiders who passed'),
        },
        'a response window',
      ),
      'the open response window, if any',
    ),
    prompt: Nullable(
      Obj(
        {
          kind: Type.Literal('discard', { description: 'discarding down to the hand size' }),
          seat: SeatT('the raider discarding'),
          excess: Count('cards still to discard'),
        },
        'a raider discarding at the end of its turn',
      ),
      'the discard the game waits for, if any',
    ),
    resolving: Cards('abilities between being played and going to the graveyard'),
    achievements: Type.Array(
      Obj(
        {
          id: Str('the achievement id'),
          name: Str('its name'),
          text: Str('what earns it'),
          xp: Count('the XP it grants every raider, once per run'),
          earned: Bool('earned so far (conditions about winning only at the end)'),
        },
        'an achievement card of the dungeon',
      ),
      { description: 'the dungeon’s achievements, earned or not' },
    ),
    result: Nullable(ResultT, 'the result once the raid is over'),
    winners: Nullable(Seats('the winning seats'), 'the winners once the raid is over: every raider, or nobody'),
  },
  'What one viewer may know of a raid.',
);

/** What one viewer may know of the raid (the static type of `viewSchema`). */
export type RaidView = ReadonlyStatic<typeof viewSchema>;
export type CardView = RaidView['raiders'][number]['graveyard'][number];
export type AllyView = RaidView['raiders'][number]['allies'][number];
export type RaiderView = RaidView['raiders'][number];
