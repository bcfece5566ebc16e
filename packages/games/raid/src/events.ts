// Every event of the raid module as TypeBox schemas, with their static types. Owner null is the Dungeon.
import { defineEvent } from '@delve/kernel';
import { Type, type Static, type TLiteral, type TSchema } from '@sinclair/typebox';
import { DIFFICULTIES } from './options';

const lit = <T extends string>(values: readonly T[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v) as TLiteral<T>),
    description ? { description } : {},
  );
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const SeatT = Type.Integer({ minimum: 0, maximum: 2, description: 'a raider seat' });
const OwnerT = Nullable(SeatT, 'a raider seat, or null for the Dungeon');
const CardIdT = Type.String({ maxLength: 12, description: 'a card instance id ("?" when hidden from the viewer)' });
const RefT = Type.String({
  maxLength: 12,
  description: 'a character: "dh" the Dungeon hero, "h<seat>" a raider hero, or an ally’s card id',
});
const CountT = (description: string) => Type.Integer({ minimum: 0, description });
/** A card instance with its definition; both "?" in what a viewer may not see. */
const CardT = Type.Object(
  { id: CardIdT, card: Type.String({ maxLength: 48, description: 'the card’s content id ("?" when hidden)' }) },
  { additionalProperties: false, description: 'a card instance and what it is' },
);

export const RaidSetUp = defineEvent(
  'RaidSetUp',
  'The raid is laid out: the dungeon, its difficulty and level, who goes first, and each raider.',
  {
    dungeon: Type.String({ description: 'the dungeon’s content id' }),
    difficulty: lit(DIFFICULTIES, 'the difficulty mode'),
    level: Type.Integer({ minimum: 1, maximum: 4, description: 'the Dungeon hero’s starting level' }),
    first: lit(['raiders', 'dungeon'] as const, 'who takes the first turn'),
    raiders: Type.Array(
      Type.Object(
        {
          seat: SeatT,
          classId: Type.String({ description: 'the raider’s class' }),
          hero: Type.String({ description: 'the hero card' }),
          heroHealth: Type.Integer({ minimum: 1, description: 'printed health plus the character’s bonus' }),
          handSize: Type.Integer({ minimum: 1, description: 'starting and maximum hand size' }),
        },
        { additionalProperties: false, description: 'a raider as dealt' },
      ),
      { description: 'every raider, in seat order' },
    ),
  },
);
export const DeckBuilt = defineEvent(
  'DeckBuilt',
  'A shuffled deck, top first: its card instances and what they are (only the audit sees them).',
  {
    seat: OwnerT,
    cards: Type.Array(CardT, { description: 'the deck, top first' }),
  },
);
export const DeckShuffled = defineEvent('DeckShuffled', 'A deck is shuffled: its new order, top first (only the audit sees it).', {
  seat: OwnerT,
  reason: lit(['mulligan', 'enrage'] as const, 'a raider’s mulligan, or the Dungeon’s graveyard becoming its deck'),
  order: Type.Array(CardIdT, { description: 'the new order, top first' }),
});
export const CardsDrawn = defineEvent('CardsDrawn', 'A raider draws: only that raider sees the cards.', {
  seat: SeatT,
  cards: Type.Array(CardT, { description: 'the cards drawn' }),
  reason: lit(['deal', 'mulligan', 'turn', 'effect'] as const, 'the opening hand, a mulligan, the turn’s draw, or an effect'),
});
export const MulliganTaken = defineEvent('MulliganTaken', 'A raider shuffles the hand back into the deck (seven new cards follow).', {
  seat: SeatT,
});
export const HandKept = defineEvent('HandKept', 'A raider keeps the opening hand.', { seat: SeatT });
export const TurnStarted = defineEvent('TurnStarted', 'A turn begins: a raider’s, or the Dungeon’s (seat null).', {
  seat: OwnerT,
  number: Type.Integer({ minimum: 1, description: 'turns are counted from 1 across all sides' }),
});
export const CardsReadied = defineEvent('CardsReadied', 'Every exhausted card of one side readies (the ready step).', { seat: OwnerT });
export const DungeonLeveledUp = defineEvent(
  'DungeonLeveledUp',
  'The Dungeon hero goes up a level; damage, attachments and orientation stay.',
  {
    from: Type.Integer({ minimum: 1, maximum: 3, description: 'the level before' }),
    to: Type.Integer({ minimum: 2, maximum: 4, description: 'the level after' }),
    reason: lit(['damage', 'raider-destroyed'] as const, 'a raider hero’s damage reached the threshold, or a raider was destroyed'),
  },
);
export const HeroMarked = defineEvent('HeroMarked', 'A six-sided die picks the MARKED hero among the living raiders, in seat order.', {
  seat: SeatT,
  roll: Type.Integer({ minimum: 1, maximum: 6, description: 'what the die showed' }),
  among: Type.Array(SeatT, { description: 'the living raiders the die chose among' }),
});
export const FlipsAnnounced = defineEvent('FlipsAnnounced', 'How many cards the Dungeon flips this turn (its level’s Flip).', {
  count: CountT('cards'),
});
export const ExtraFlips = defineEvent('ExtraFlips', 'A Dungeon "draw": it flips this many more cards this turn.', {
  count: CountT('cards'),
});
export const DungeonEnraged = defineEvent('DungeonEnraged', 'The Dungeon deck ran out: its hero gains +2 ATK for the rest of the raid.', {
  enrage: Type.Integer({ minimum: 1, description: 'how many times it has enraged in this raid' }),
});
export const CardFlipped = defineEvent('CardFlipped', 'The top card of the Dungeon deck is turned face up; it resolves after its window.', {
  card: CardT,
});
export const ResourcePlaced = defineEvent('ResourcePlaced', 'A raider places a card face down as a resource (others do not see which).', {
  seat: SeatT,
  card: CardT,
});
export const CostPaid = defineEvent('CostPaid', 'A raider exhausts this many ready resources, first placed first.', {
  seat: SeatT,
  amount: Type.Integer({ minimum: 1, description: 'resources exhausted' }),
});
export const CardPlayed = defineEvent(
  'CardPlayed',
  'A card is played: an ally joins the party, equipment or a talent attaches, an ability starts to resolve.',
  {
    seat: OwnerT,
    card: CardT,
    target: Nullable(RefT, 'the chosen target, if the card has one'),
    replaced: Nullable(CardIdT, 'the weapon, armor or talent it replaces, which goes to the graveyard'),
  },
);
export const AbilityResolved = defineEvent('AbilityResolved', 'An ability has resolved and goes to its owner’s graveyard.', {
  seat: OwnerT,
  card: CardIdT,
});
export const CardCancelled = defineEvent(
  'CardCancelled',
  'A raider’s response cancels the flipped Dungeon card: it goes to the Dungeon graveyard.',
  {
    seat: SeatT,
    card: CardIdT,
  },
);
export const DamageDealt = defineEvent('DamageDealt', 'Damage lands on a character (after armor).', {
  target: RefT,
  amount: CountT('damage that landed'),
  prevented: CountT('damage the armor prevented'),
  armor: Nullable(CardIdT, 'the armor that prevented some and exhausted'),
  source: Type.String({ description: 'the attacking character or the card whose effect dealt it' }),
});
export const Healed = defineEvent('Healed', 'Damage is removed from a character.', { target: RefT, amount: CountT('damage removed') });
export const CharacterExhausted = defineEvent('CharacterExhausted', 'An effect exhausts a character.', { target: RefT });
export const CharacterReadied = defineEvent('CharacterReadied', 'An effect readies a character.', { target: RefT });
export const AtkChanged = defineEvent('AtkChanged', 'A character’s ATK changes until the end of the turn.', {
  target: RefT,
  amount: Type.Integer({ description: 'the change of ATK' }),
});
export const AllyDestroyed = defineEvent(
  'AllyDestroyed',
  'An ally with fatal damage (or destroyed by an effect) goes to its owner’s graveyard.',
  {
    seat: OwnerT,
    card: CardT,
    boss: Type.Boolean({ description: 'it was a Boss' }),
  },
);
export const CardReturned = defineEvent(
  'CardReturned',
  'An ally returns to its owner’s hand; a Dungeon card goes on top of the Dungeon deck instead.',
  {
    seat: OwnerT,
    card: CardT,
    to: lit(['hand', 'deck-top'] as const, 'a raider’s hand, or the top of the Dungeon deck'),
  },
);
export const CardsDiscarded = defineEvent(
  'CardsDiscarded',
  'Cards go to a graveyard: from a raider’s hand, or from the top of the Dungeon deck.',
  {
    seat: OwnerT,
    from: lit(['hand', 'deck'] as const, 'a raider’s hand, or the top of the Dungeon deck'),
    cards: Type.Array(CardT, { description: 'the cards discarded, now face up' }),
    reason: lit(['hand-limit', 'effect'] as const, 'discarding down to the hand size, or an effect'),
  },
);
export const RaiderDefeated = defineEvent(
  'RaiderDefeated',
  'A raider hero has fatal damage: all of that raider’s cards in play go to its graveyard.',
  {
    seat: SeatT,
    cards: Type.Array(CardT, { description: 'the cards that left play (resources included, now face up)' }),
  },
);
export const RaiderRetreated = defineEvent(
  'RaiderRetreated',
  'A raider concedes: its hero leaves the raid and all of its cards in play go to its graveyard, as for a destroyed raider.',
  {
    seat: SeatT,
    cards: Type.Array(CardT, { description: 'the cards that left play (resources included, now face up)' }),
  },
);
export const AttackDeclared = defineEvent('AttackDeclared', 'A character exhausts to attack.', {
  by: OwnerT,
  attacker: RefT,
  target: RefT,
});
export const AttackRedirected = defineEvent('AttackRedirected', 'A Protector exhausts and becomes the target of the attack.', {
  seat: OwnerT,
  protector: RefT,
});
export const AttackEnded = defineEvent('AttackEnded', 'The attack is over (damage dealt, or nothing left to fight, or cancelled).', {
  cancelled: Type.Boolean({ description: 'a raider’s cancel stopped it' }),
});
export const WindowOpened = defineEvent(
  'WindowOpened',
  'A response window opens (again): these raiders may respond before the game goes on.',
  {
    kind: lit(['flip', 'attack'] as const, 'before a flipped card resolves, or when a Dungeon attack is declared'),
    awaiting: Type.Array(SeatT, { description: 'the raiders asked' }),
  },
);
export const ResponsePassed = defineEvent('ResponsePassed', 'A raider lets the window go by.', { seat: SeatT });
export const WindowClosed = defineEvent('WindowClosed', 'Every raider asked has passed: the flipped card or the attack resolves.', {});
export const HandLimitReached = defineEvent(
  'HandLimitReached',
  'The turn ends with too many cards: the raider discards this many, one at a time.',
  {
    seat: SeatT,
    excess: Type.Integer({ minimum: 1, description: 'cards to discard' }),
  },
);
export const TurnEnded = defineEvent('TurnEnded', 'A turn ends; ATK changes "this turn" wear off.', { seat: OwnerT });
export const RaidEnded = defineEvent('RaidEnded', 'The raid is over; the result holds what the experience table needs.', {
  result: Type.Object(
    {
      outcome: lit(['raiders', 'dungeon'] as const, 'who won'),
      dungeon: Type.String({ description: 'the dungeon’s content id' }),
      difficulty: lit(DIFFICULTIES, 'the difficulty mode'),
      level: Type.Integer({ minimum: 1, maximum: 4, description: 'the Dungeon hero’s level at the end' }),
      dungeonHeroDestroyed: Type.Boolean({ description: 'the Dungeon hero was destroyed' }),
      damageDealt: Type.Integer({ minimum: 0, description: 'damage dealt to the Dungeon hero over the raid' }),
      health: Type.Integer({ minimum: 1, description: 'the Dungeon hero’s health at the end' }),
      bossesDestroyed: Type.Array(CardT, { description: 'Boss allies destroyed' }),
      raidersDestroyed: Type.Array(SeatT, { description: 'the raiders whose heroes were destroyed' }),
      dungeonTurns: CountT('Dungeon turns played'),
      achievements: Type.Array(Type.String(), { description: 'ids of the dungeon’s achievements earned this run' }),
    },
    { additionalProperties: false, description: 'the result of the raid' },
  ),
});

/** Every raid event. */
export const eventSchema = Type.Union(
  [
    RaidSetUp,
    DeckBuilt,
    DeckShuffled,
    CardsDrawn,
    MulliganTaken,
    HandKept,
    TurnStarted,
    CardsReadied,
    DungeonLeveledUp,
    HeroMarked,
    FlipsAnnounced,
    ExtraFlips,
    DungeonEnraged,
    CardFlipped,
    ResourcePlaced,
    CostPaid,
    CardPlayed,
    AbilityResolved,
    CardCancelled,
    DamageDealt,
    Healed,
    CharacterExhausted,
    CharacterReadied,
    AtkChanged,
    AllyDestroyed,
    CardReturned,
    CardsDiscarded,
    RaiderDefeated,
    RaiderRetreated,
    AttackDeclared,
    AttackRedirected,
    AttackEnded,
    WindowOpened,
    ResponsePassed,
    WindowClosed,
    HandLimitReached,
    TurnEnded,
    RaidEnded,
  ],
  { description: 'Every raid event.' },
);
export type RaidEvent = Static<typeof eventSchema>;
/** The event with this `type`. */
export type EventOf<T extends RaidEvent['type']> = Extract<RaidEvent, { type: T }>;
export type CardRef = Static<typeof CardT>;
