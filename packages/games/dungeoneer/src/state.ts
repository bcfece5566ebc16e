// The full game state evolve folds and decide reads, declared once as TypeBox schemas that the view reuses.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { AdventureKindT, RewardT, StatT } from './content/schema';
import { resolveOptions, ResolvedOptionsT, type DungeoneerOptions } from './options';

const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
/** The schema or null, keeping the schema's description. */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Union([schema, Type.Null()], schema.description === undefined ? {} : { description: schema.description });
/** Schema of a seat. */
export const SeatT = Type.Integer({ minimum: 0, maximum: 3, description: 'A seat, 0-based, clockwise.' });
export const CountT = (description: string) => Type.Integer({ minimum: 0, description });
export const CardIdT = (description: string) => Type.String({ maxLength: 48, description });
export const Cards = (description: string) => Type.Array(CardIdT('A card id ("?" when hidden).'), { description });
export const DirectionT = Type.Union([Type.Literal('N'), Type.Literal('E'), Type.Literal('S'), Type.Literal('W')], {
  description: 'A side of a space: N (y+1), E (x+1), S (y-1), W (x-1).',
});
/** A side of a space. */
export type Direction = Static<typeof DirectionT>;
export const CoordT = Obj(
  {
    x: Type.Integer({ minimum: -30, maximum: 30, description: 'Column; east is +1. The Dungeon Entrance is at 0.' }),
    y: Type.Integer({ minimum: -30, maximum: 30, description: 'Row; north is +1. The Dungeon Entrance is at 0.' }),
  },
  'A grid position; one Map card per position.',
);
/** A grid position. */
export type Coord = Static<typeof CoordT>;
export const RotationT = Type.Union([Type.Literal(0), Type.Literal(180)], {
  description: 'Cards lie parallel to the entrance: as printed (0) or turned end over end (180).',
});

export const PlacedT = Obj(
  { card: CardIdT('The Map card.'), x: CoordT.properties.x, y: CoordT.properties.y, rotation: RotationT },
  'A Map card on the grid.',
);
/** A Map card on the grid. */
export type Placed = Static<typeof PlacedT>;

export const DoorT = Obj(
  { x: CoordT.properties.x, y: CoordT.properties.y, side: DirectionT },
  'A door: the exit on `side` of the space at (x, y).',
);
/** A door opened this turn. */
export type Door = Static<typeof DoorT>;

export const BoostT = Obj(
  { stat: StatT, amount: Type.Integer({ description: 'Change to the score.' }) },
  'A score change lasting until the end of the turn.',
);

export const HeroStateT = Obj(
  {
    id: CardIdT('The hero card.'),
    level: Type.Integer({ minimum: 1, description: 'Current level.' }),
    life: CountT('Life points left; 0 is defeat.'),
    x: CoordT.properties.x,
    y: CoordT.properties.y,
    cusp: Nullable(DirectionT),
    tipped: Type.Boolean({ description: 'Fallen in a pit or knocked down: must climb out (1 Movement) before moving.' }),
    movements: CountT('Movements left; off turn, the one kept for off-turn actions (0 or 1).'),
    boons: Cards('Readied permanent Boons.'),
    treasures: Cards('Readied Treasures.'),
    curses: Cards('Banes attached to the hero, oldest first.'),
    boosts: Type.Array(BoostT, { description: 'Score changes until the end of this turn.' }),
    used: Cards('Once-per-turn uses this turn: card ids, "ability" and "challenge".'),
  },
  'A hero on the map.',
);
/** A hero in play. */
export type HeroState = Static<typeof HeroStateT>;

export const PackEntryT = Obj({ card: CardIdT('A monster card.'), wounds: CountT('Wound tokens on it.') }, 'A monster kept in the Pack.');

export const OriginT = Obj(
  {
    hero: CardIdT('The hero the seat was dealt (a seated character’s own hero).'),
    level: Type.Integer({ minimum: 1, description: 'The highest level it reached.' }),
    fallen: Type.Boolean({ description: 'It was defeated (a respawned hero is another hero).' }),
  },
  'The hero a seat started the game with, as a character’s record needs it.',
);

export const PlayerStateT = Obj(
  {
    seat: SeatT,
    hero: Nullable(HeroStateT),
    defeated: Type.Boolean({ description: 'Out of the game (0 Life, or conceded), or a Malevolent Force.' }),
    left: Type.Boolean({ description: 'Conceded: the player left the game for good (no Respawn, no Malevolent Force).' }),
    force: Type.Boolean({ description: 'Malevolent Force: defeated, but plays on as the Dungeonlord with hand and Pack.' }),
    hand: Cards('Adventure cards in hand (hidden from others).'),
    pack: Type.Array(PackEntryT, { description: 'Monsters in the Pack, at most 3.' }),
    packAt: Nullable({ ...CoordT, description: 'Wandering Pack: where the Pack marker stands; null while it is off the map.' }),
    packMoves: CountT('Wandering Pack: Movements the Pack has left this Dungeonlord Phase.'),
    glory: CountT('Glory on the tracker.'),
    peril: CountT('Peril on the tracker.'),
    quests: Cards('Personal quests, face up.'),
    secretQuests: Cards('Secret Quest: personal quests kept hidden in the hand until attempted (hidden from others).'),
    completed: Cards('Completed quests (Artifacts among them).'),
    carrying: Cards('Escort quests whose component the hero carries.'),
    mapHand: Cards('Revealed Map: Map cards dealt to the player and not yet placed (hidden from others).'),
    defeats: CountT('How many times this seat’s hero has fallen.'),
    achieved: Cards('Every quest this seat has completed, kept for the record even after its hero fell.'),
    origin: Nullable(OriginT),
  },
  'A player: tracker, hand, Pack, quests and hero.',
);
/** A player at the table. */
export type PlayerState = Static<typeof PlayerStateT>;

export const EncounterT = Obj(
  {
    card: CardIdT('The Encounter card.'),
    from: Type.Union([Type.Literal('hand'), Type.Literal('pack')], { description: 'Where the Dungeonlord played it from.' }),
    target: SeatT,
    form: Nullable(StatT),
    x: CoordT.properties.x,
    y: CoordT.properties.y,
    wounds: CountT('Wounds on the monster.'),
    outcome: Type.Union(
      [
        Type.Literal('pending'),
        Type.Literal('survived'),
        Type.Literal('defeated'),
        Type.Literal('negated'),
        Type.Literal('fizzled'),
        Type.Literal('spent'),
      ],
      { description: 'pending until resolved; spent: a threat that was rolled.' },
    ),
    gone: Type.Boolean({ description: 'The card has left the table (discarded, or back in hand or Pack).' }),
  },
  'An Encounter played this Dungeonlord Phase, in engagement order.',
);
/** An Encounter played this Dungeonlord Phase. */
export type Encounter = Static<typeof EncounterT>;

export const CombatT = Obj(
  {
    seat: SeatT,
    stage: Type.Union(
      [
        Type.Literal('declare'),
        Type.Literal('respond'),
        Type.Literal('fight'),
        Type.Literal('pack'),
        Type.Literal('spoils'),
        Type.Literal('reward'),
      ],
      {
        description:
          'declare: encounters being played; respond; fight: resolving in order; pack; spoils: victors may play Treasures; reward: Peril to assign.',
      },
    ),
    encounters: Type.Array(EncounterT, { description: 'The encounters, in engagement order; the first pending one resolves next.' }),
    peril: CountT('Peril earned by the Dungeonlord’s monsters, still to assign.'),
    victors: Type.Array(SeatT, {
      description: 'Heroes who defeated a monster in this combat (they may play Treasures in its Reward step).',
    }),
  },
  'The Dungeonlord’s encounters this turn, or a fight with a Wandering Pack outside its Dungeonlord Phase (no encounters).',
);
/** The Dungeonlord's encounters in progress. */
export type Combat = Static<typeof CombatT>;

export const PhaseT = Type.Union(
  [Type.Literal('reset'), Type.Literal('dungeonlord'), Type.Literal('build'), Type.Literal('hero'), Type.Literal('discard')],
  { description: 'The phase of the turn.' },
);
/** The phases of a turn. */
export type Phase = Static<typeof PhaseT>;

export const TurnT = Obj(
  {
    seat: SeatT,
    round: Type.Integer({ minimum: 1, description: 'Round number; a round starts with the initiative holder.' }),
    phase: PhaseT,
    entered: Type.Array(CoordT, { description: 'Spaces the hero entered this turn (Glory and Peril were collected).' }),
    moved: Type.Boolean({ description: 'The hero has moved this turn.' }),
    attempts: Cards('Quests attempted this turn (the free attempt is used).'),
    found: Cards('Search quests whose objective was found this turn.'),
    attacked: Cards('Quests whose monster has attacked this turn.'),
    questDone: Type.Boolean({ description: 'A quest was completed this turn (at most one).' }),
    encountersDone: Type.Boolean({ description: 'The Dungeonlord’s encounters are over for this turn (only Banes remain).' }),
    trapBeaten: Type.Array(SeatT, { description: 'Looting: seats that succeeded against a Trap this turn (they may play Treasures).' }),
  },
  'Whose turn it is and what happened in it so far.',
);
/** The turn in progress. */
export type Turn = Static<typeof TurnT>;

const RewardPromptKindT = Type.Union([Type.Literal('play'), Type.Literal('deck'), Type.Literal('pile')], {
  description: 'play: a card from hand for free; deck or pile: take a card from there.',
});
export const PromptT = Type.Union(
  [
    Obj(
      {
        kind: Type.Literal('upkeep', { description: 'Pay upkeep or return cards (Reset Phase).' }),
        seat: SeatT,
        cards: Cards('Cards still to decide.'),
      },
      'Upkeep is due.',
    ),
    Obj(
      {
        kind: Type.Literal('respond', { description: 'Engaged heroes may respond.' }),
        seats: Type.Array(SeatT, { description: 'Engaged seats that have not passed yet.' }),
        bane: Nullable(
          Obj(
            { card: CardIdT('The Bane.'), seat: SeatT, target: SeatT },
            'The targeted Bane waiting to resolve; null while Encounters wait.',
          ),
        ),
      },
      'A response window.',
    ),
    Obj(
      {
        kind: Type.Literal('challenge-back', { description: 'The hero may challenge the monster that attacked it.' }),
        seat: SeatT,
        encounter: CountT('The encounter index.'),
      },
      'A chance to challenge a monster back.',
    ),
    Obj(
      {
        kind: Type.Literal('stow', { description: 'Unwounded surviving monsters go to hand or Pack.' }),
        seat: SeatT,
        cards: Cards('Monsters still to stow.'),
      },
      'The Pack step.',
    ),
    Obj({ kind: Type.Literal('trim-pack', { description: 'Discard from a Pack over 3.' }), seat: SeatT }, 'The Pack holds too many.'),
    Obj(
      {
        kind: Type.Literal('assign-peril', { description: 'Give each earned Peril to a player.' }),
        seat: SeatT,
        points: CountT('Peril left to assign.'),
      },
      'The Reward step.',
    ),
    Obj(
      {
        kind: Type.Literal('place-map', { description: 'Place the drawn Map card.' }),
        seat: SeatT,
        card: CardIdT('The Map card to place.'),
        reason: Type.Union([Type.Literal('build'), Type.Literal('explore')], { description: 'Build Phase or Explore.' }),
      },
      'A Map card waits to be placed.',
    ),
    Obj(
      {
        kind: Type.Literal('reward', { description: 'A quest reward that needs a choice.' }),
        seat: SeatT,
        reward: RewardPromptKindT,
        cardKind: AdventureKindT,
        rest: Type.Array(RewardT, { description: 'Further rewards of the same quest, in order.' }),
      },
      'A quest reward choice.',
    ),
    Obj(
      { kind: Type.Literal('trim-treasures', { description: 'Discard Treasures beyond the slots left.' }), seat: SeatT },
      'A storage item was lost.',
    ),
    Obj(
      {
        kind: Type.Literal('secret-quest', { description: 'Secret Quest: each player keeps one of its two quests hidden.' }),
        seats: Type.Array(SeatT, { description: 'Seats that have not chosen yet.' }),
      },
      'Secret quests are being chosen.',
    ),
    Obj(
      { kind: Type.Literal('lay-map', { description: 'Revealed Map: place one Map card from your hand.' }), seat: SeatT },
      'The map is being laid out before play.',
    ),
    Obj(
      {
        kind: Type.Literal('build', { description: 'Campaign Build: place the drawn Map cards, each connected to the one before.' }),
        seat: SeatT,
        cards: Cards('Drawn Map cards still to place.'),
        last: Nullable({ ...CoordT, description: 'Where the previous card of this Build went; null before the first.' }),
      },
      "The campaign Dungeonlord's Build step.",
    ),
    Obj(
      {
        kind: Type.Literal('spoils', { description: 'The Reward step: heroes who defeated a monster may play Treasures.' }),
        seats: Type.Array(SeatT, { description: 'Seats that have not passed yet.' }),
      },
      'Looting or campaign: the Reward step of a combat a hero won.',
    ),
  ],
  { description: 'What the game waits for besides the active player’s free choice.' },
);
/** A choice the game waits for. */
export type Prompt = Static<typeof PromptT>;

export const ComponentT = Obj(
  { quest: CardIdT('The escort quest.'), x: CoordT.properties.x, y: CoordT.properties.y },
  'A dropped escort component.',
);
export const LootT = Obj(
  { card: CardIdT('A Treasure.'), x: CoordT.properties.x, y: CoordT.properties.y },
  'A fallen hero’s Treasure lying on the map.',
);
/** A Treasure lying on the map. */
export type Loot = Static<typeof LootT>;
export const QuestWoundsT = Obj({ quest: CardIdT('The quest.'), wounds: CountT('Wounds on its monster.') }, 'Wounds on a quest monster.');

export const StateT = Obj(
  {
    options: ResolvedOptionsT,
    seats: Type.Integer({ minimum: 2, maximum: 4, description: 'Number of players.' }),
    started: Type.Boolean({ description: 'The deal has happened.' }),
    players: Type.Array(PlayerStateT, { description: 'One per seat.' }),
    first: Nullable(SeatT),
    turn: Nullable(TurnT),
    prompt: Nullable(PromptT),
    combat: Nullable(CombatT),
    deck: Cards('Adventure deck, top first (hidden).'),
    discard: Cards('Adventure discard pile, top last (face up).'),
    mapDeck: Cards('Map deck, top first (hidden).'),
    map: Type.Array(PlacedT, { description: 'Placed Map cards, in placement order.' }),
    doors: Type.Array(DoorT, { description: 'Doors opened this turn.' }),
    questDeck: Cards('Quest deck, top first (hidden).'),
    questDiscard: Cards('Quests out of play (their hero was defeated).'),
    questsBuried: Cards('Secret quests that left play unrevealed (face down; hidden from everyone but the audit).'),
    globalQuests: Cards('The Global Quests anyone may attempt (two in a campaign).'),
    components: Type.Array(ComponentT, { description: 'Escort components lying on the map.' }),
    loot: Type.Array(LootT, { description: 'Looting: Treasures lying where their hero fell.' }),
    perilDeck: Cards('Campaign: the Peril deck of Banes and Encounters, top first (hidden); empty in the standard game.'),
    perilDiscard: Cards('Campaign: the Peril discard pile, top last; `deck` and `discard` are then the Glory deck and pile.'),
    questWounds: Type.Array(QuestWoundsT, { description: 'Wounds on quest monsters.' }),
    heroPool: Cards('Hero cards nobody plays.'),
    winners: Nullable(Type.Array(SeatT, { description: 'The winners once the game is over.' })),
  },
  'The whole game.',
);

/** The whole state of a game (readonly: evolve returns new states). */
export type DungeoneerState = ReadonlyStatic<typeof StateT>;

/** The state before the deal: no cards anywhere yet. */
export function initialState(input: DungeoneerOptions, seats: number): DungeoneerState {
  return {
    options: resolveOptions(input),
    seats,
    started: false,
    players: Array.from({ length: seats }, (_, seat) => ({
      seat,
      hero: null,
      defeated: false,
      left: false,
      force: false,
      hand: [],
      pack: [],
      packAt: null,
      packMoves: 0,
      glory: 0,
      peril: 0,
      quests: [],
      secretQuests: [],
      completed: [],
      carrying: [],
      mapHand: [],
      defeats: 0,
      achieved: [],
      origin: null,
    })),
    first: null,
    turn: null,
    prompt: null,
    combat: null,
    deck: [],
    discard: [],
    mapDeck: [],
    map: [],
    doors: [],
    questDeck: [],
    questDiscard: [],
    questsBuried: [],
    globalQuests: [],
    components: [],
    loot: [],
    perilDeck: [],
    perilDiscard: [],
    questWounds: [],
    heroPool: [],
    winners: null,
  };
}
