// Every Dungeoneer event as a TypeBox schema with a description, their union and static types.
import { defineEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import { AdventureKindT, CheckStatT, StatT } from './content/schema';
import { CardIdT, Cards, CountT, CoordT, DirectionT, PhaseT, PlacedT, PromptT, RotationT, SeatT } from './state';

const PerilDeck = Type.Optional(
  Type.Literal('peril', { description: 'Campaign: the Peril deck (absent: the Adventure deck, in a campaign the Glory deck).' }),
);
const Own = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 9, description: 'Campaign: Peril of the Dungeonlord’s own pooled with the payer’s (absent: none).' }),
);

const Card = CardIdT('A card id ("?" where the viewer may not see it).');
const X = CoordT.properties.x;
const Y = CoordT.properties.y;
const Delta = (description: string) => Type.Integer({ minimum: -99, maximum: 99, description });

/** One side of a fight: a hero, an encounter of this Dungeonlord Phase, or a quest monster. */
export const SideT = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('hero', { description: 'A hero.' }), seat: SeatT },
      { additionalProperties: false, description: 'A hero.' },
    ),
    Type.Object(
      { kind: Type.Literal('encounter', { description: 'A monster Encounter.' }), index: CountT('Its index in the combat.'), card: Card },
      { additionalProperties: false, description: 'A monster played as an Encounter.' },
    ),
    Type.Object(
      { kind: Type.Literal('quest', { description: 'A quest monster.' }), quest: Card },
      { additionalProperties: false, description: 'The monster of a quest.' },
    ),
    Type.Object(
      { kind: Type.Literal('pack', { description: 'A monster of a Wandering Pack.' }), seat: SeatT, card: Card },
      { additionalProperties: false, description: 'A monster in the Wandering Pack of the Dungeonlord at `seat`.' },
    ),
  ],
  { description: 'Who attacks or defends.' },
);
/** One side of a fight. */
export type Side = Static<typeof SideT>;

const RollT = Type.Object(
  {
    roll: Type.Integer({ minimum: 1, maximum: 6, description: 'The die.' }),
    score: Type.Integer({ description: 'The score added, declared before the roll.' }),
  },
  { additionalProperties: false, description: 'One die plus a score.' },
);

export const eventSchema = Type.Union(
  [
    defineEvent(
      'HeroesAssigned',
      'Set-up: each seat gets a hero card at its starting level and life, on the Dungeon Entrance, with its tracker set.',
      {
        heroes: Type.Array(
          Type.Object(
            {
              seat: SeatT,
              hero: Card,
              level: Type.Integer({ minimum: 1, description: 'Starting level.' }),
              life: CountT('Starting life.'),
            },
            { additionalProperties: false, description: 'One seat’s hero.' },
          ),
          { description: 'One entry per seat that plays a hero.' },
        ),
        pool: Cards('Hero cards left over.'),
        glory: CountT('Starting Glory (the Dungeon Entrance’s).'),
        peril: CountT('Starting Peril (the Dungeon Entrance’s).'),
      },
    ),
    defineEvent('QuestDeckShuffled', 'The quest deck was shuffled; the order is hidden.', { order: Cards('Top first.') }),
    defineEvent('QuestsDealt', 'Personal quests for each hero seat: two face up, or face down with Secret Quest (one in a campaign).', {
      quests: Type.Array(
        Type.Object({ seat: SeatT, cards: Cards('Its quests.') }, { additionalProperties: false, description: 'One seat’s quests.' }),
        {
          description: 'Per seat.',
        },
      ),
    }),
    defineEvent('GlobalQuestRevealed', 'A new Global Quest is turned over from the quest deck.', { quest: Card }),
    defineEvent('SecretQuestChosen', 'Secret Quest: the player keeps one quest hidden and reveals the other.', {
      seat: SeatT,
      secret: Card,
      revealed: Card,
    }),
    defineEvent('QuestRevealed', 'Secret Quest: a hidden quest is revealed, as it must be when attempted.', { seat: SeatT, quest: Card }),
    defineEvent('MapCardsDealt', 'Revealed Map: the whole Map deck dealt out face down, one card at a time around the table.', {
      hands: Type.Array(
        Type.Object({ seat: SeatT, cards: Cards('Its Map cards.') }, { additionalProperties: false, description: 'One seat’s cards.' }),
        { description: 'Per seat.' },
      ),
    }),
    defineEvent('MapCardsPassed', 'Revealed Map: Map cards your personal quests need go to the player on your left.', {
      passes: Type.Array(
        Type.Object(
          { from: SeatT, to: SeatT, cards: Cards('The cards passed (hidden from the other seats).') },
          { additionalProperties: false, description: 'One pass.' },
        ),
        { description: 'Every pass, made at once.' },
      ),
    }),
    defineEvent('MapCardsReturned', 'Revealed Map: cards nobody can place go face down into the Map deck.', {
      seat: SeatT,
      cards: Cards('The cards (hidden from the other seats).'),
    }),
    defineEvent('MapStarted', 'Set-up: the Dungeon Entrance at (0,0) and one random passage on each side of it.', {
      placed: Type.Array(PlacedT, { description: 'Entrance first.' }),
    }),
    defineEvent('MapDeckShuffled', 'The remaining Map cards were shuffled; the order is hidden.', { order: Cards('Top first.') }),
    defineEvent('AdventureDeckShuffled', 'The Adventure deck was shuffled; the order is hidden.', {
      order: Cards('Top first.'),
      reason: Type.Union([Type.Literal('setup'), Type.Literal('reshuffle'), Type.Literal('search')], {
        description: 'setup; reshuffle: the discard pile became the deck; search: after a Deck reward.',
      }),
      deck: PerilDeck,
    }),
    defineEvent('CardsDrawn', 'Cards from the top of the Adventure deck into a hand (hidden from others).', {
      seat: SeatT,
      cards: Cards('The cards.'),
      deck: PerilDeck,
    }),
    defineEvent('InitiativeRolled', 'Each contender rolled a die for initiative.', {
      rolls: Type.Array(
        Type.Object(
          { seat: SeatT, roll: Type.Integer({ minimum: 1, maximum: 6, description: 'The die.' }) },
          { additionalProperties: false, description: 'A roll.' },
        ),
        { description: 'One per contender.' },
      ),
    }),
    defineEvent('InitiativeWon', 'The highest roll takes the first turn; turns go clockwise from it.', { seat: SeatT }),
    defineEvent('TreasuresCarried', 'Campaign: a character’s Treasures from its last adventure start readied.', {
      seat: SeatT,
      cards: Cards('The Treasures.'),
    }),
    defineEvent('TurnStarted', 'Reset Phase: doors reset, once-per-turn uses and turn-long effects end.', {
      seat: SeatT,
      round: Type.Integer({ minimum: 1, description: 'The round.' }),
    }),
    defineEvent('PhaseBegan', 'The active player moves on to this phase (campaign: `seat` takes over as the active player).', {
      phase: PhaseT,
      seat: Type.Optional(SeatT),
    }),
    defineEvent('PromptOpened', 'The game waits for a choice.', { prompt: PromptT }),
    defineEvent('PromptClosed', 'The choice is made; play goes on.', {}),
    defineEvent('UpkeepPaid', 'Upkeep paid in Glory; the card stays readied.', { seat: SeatT, card: Card, glory: CountT('Glory paid.') }),
    defineEvent('CardReturned', 'Upkeep unpaid: the card goes back to the hand.', { seat: SeatT, card: Card }),
    defineEvent('MovementsSet', "The hero's Movements are now this many.", { seat: SeatT, movements: CountT('Movements.') }),
    defineEvent('EncounterPlayed', 'An Encounter was played into the target’s space, paid with the target’s Peril.', {
      seat: SeatT,
      card: Card,
      from: Type.Union([Type.Literal('hand'), Type.Literal('pack')], { description: 'Hand or Pack.' }),
      target: SeatT,
      form: Type.Union([StatT, Type.Null()], { description: 'A monster’s chosen attack form; null for a threat.' }),
      x: X,
      y: Y,
      cost: CountT('Peril spent.'),
      wounds: CountT('Wounds it already carries (from the Pack).'),
      own: Own,
    }),
    defineEvent('BanePlayed', 'A Bane was played, paid with one other player’s Peril.', {
      seat: SeatT,
      card: Card,
      payer: SeatT,
      target: Type.Union([SeatT, Type.Null()], { description: 'The targeted hero; null when it targets nobody.' }),
      cost: CountT('Peril spent.'),
      own: Own,
    }),
    defineEvent('BaneResolved', 'The Bane took effect (or was cancelled) and went to the discard pile or stays attached.', {
      card: Card,
      negated: Type.Boolean({ description: 'Cancelled by a response.' }),
      attached: Type.Union([SeatT, Type.Null()], { description: 'A curse: the hero it is attached to.' }),
    }),
    defineEvent('CombatStaged', 'The encounters move on to this step.', {
      stage: Type.Union(
        [Type.Literal('respond'), Type.Literal('fight'), Type.Literal('pack'), Type.Literal('spoils'), Type.Literal('reward')],
        { description: 'The step.' },
      ),
    }),
    defineEvent('ResponsePassed', 'An engaged hero is done responding (or done with the Reward step).', { seat: SeatT }),
    defineEvent('DefenderChosen', 'Wandering Pack, Response: a hero in the Pack’s space takes on the defence against this monster.', {
      index: CountT('The encounter.'),
      seat: SeatT,
    }),
    defineEvent('PackMarkerPlaced', 'Wandering Pack: the Pack marker goes on the map where a surviving monster fought.', {
      seat: SeatT,
      x: X,
      y: Y,
    }),
    defineEvent('PackMarkerRemoved', 'Wandering Pack: the Pack is empty, or its Dungeonlord left the game; the marker comes off.', {
      seat: SeatT,
    }),
    defineEvent('PackMovementsRolled', 'Wandering Pack: a die halved (rounded up) gives the Pack 1 to 3 Movements this phase.', {
      seat: SeatT,
      roll: Type.Integer({ minimum: 1, maximum: 6, description: 'The die.' }),
      movements: Type.Integer({ minimum: 1, maximum: 3, description: 'Movements.' }),
    }),
    defineEvent('PackMoved', 'Wandering Pack: the Pack moved one space (it ignores doors’ Threats, never a Wall).', {
      seat: SeatT,
      x: X,
      y: Y,
      side: DirectionT,
    }),
    defineEvent('PackEngaged', 'Wandering Pack: a fight with a Pack outside its Dungeonlord Phase begins (it has its own Reward step).', {
      seat: SeatT,
      hero: SeatT,
      how: Type.Union([Type.Literal('entry'), Type.Literal('challenge')], {
        description: 'entry: the hero tried to enter the Pack’s space, and each monster attacks it; challenge: the hero challenged one.',
      }),
    }),
    defineEvent('PackMonsterSlain', 'Wandering Pack: a hero defeated a Pack monster; it is discarded.', {
      seat: SeatT,
      card: Card,
      by: SeatT,
    }),
    defineEvent('PackMonsterWounded', 'Wandering Pack: a Pack monster took a wound outside an encounter (it stays in the Pack).', {
      seat: SeatT,
      card: Card,
      wounds: CountT('Wounds on it now.'),
    }),
    defineEvent('TreasureLooted', 'Looting: a hero spent a Movement to take a Treasure lying in its space, readied.', {
      seat: SeatT,
      card: Card,
      x: X,
      y: Y,
    }),
    defineEvent('EncounterResolved', 'An encounter is settled.', {
      index: CountT('Its index.'),
      outcome: Type.Union(
        [Type.Literal('survived'), Type.Literal('defeated'), Type.Literal('negated'), Type.Literal('fizzled'), Type.Literal('spent')],
        { description: 'survived; defeated; negated by a response; fizzled: the hero left the space; spent: a threat was rolled.' },
      ),
      by: Type.Optional({ ...SeatT, description: 'The hero who defeated the monster (defeated only).' }),
    }),
    defineEvent('EncounterDiscarded', 'The encounter card goes to the discard pile.', { index: CountT('Its index.') }),
    defineEvent('MonsterStowed', 'A surviving monster goes back to hand or into the Pack, keeping its wounds.', {
      seat: SeatT,
      index: CountT('Its encounter index.'),
      card: Card,
      to: Type.Union([Type.Literal('hand'), Type.Literal('pack')], { description: 'Where it goes.' }),
      wounds: CountT('Its wounds.'),
    }),
    defineEvent('CombatEnded', 'The Dungeonlord’s encounters are over for this turn.', {}),
    defineEvent('AttackRolled', 'An attack: the attacker’s die first, then the defender’s; the higher total hits, a tie hits nobody.', {
      attacker: SideT,
      defender: SideT,
      form: StatT,
      attack: RollT,
      defence: RollT,
      hit: Type.Union([Type.Literal('attacker'), Type.Literal('defender'), Type.Literal('none')], { description: 'Who scored the hit.' }),
    }),
    defineEvent('ThreatRolled', 'A hero rolled against a threat: a card, a door, a pit or spikes, or a quest.', {
      seat: SeatT,
      source: CardIdT('What set the threat: a card or quest id, or "door" / "pit" / "spikes".'),
      stat: CheckStatT,
      roll: Type.Integer({ minimum: 1, maximum: 6, description: 'The die.' }),
      score: Type.Integer({ description: 'Score and bonuses added, declared before the roll.' }),
      target: Type.Integer({ description: 'The number to match or beat, hazards included.' }),
      success: Type.Boolean({ description: 'Matched or beat the target.' }),
    }),
    defineEvent('HeroWounded', 'A hero took wounds.', { seat: SeatT, wounds: CountT('Wounds.'), life: CountT('Life left.') }),
    defineEvent('HeroHealed', 'A hero recovered life.', { seat: SeatT, life: CountT('Life now.') }),
    defineEvent('MonsterWounded', 'An encounter monster took a wound.', {
      index: CountT('Its index.'),
      wounds: CountT('Wounds on it now.'),
    }),
    defineEvent('QuestMonsterWounded', 'A quest monster took a wound (wounds stay on the quest).', {
      quest: Card,
      wounds: CountT('Wounds on it now.'),
    }),
    defineEvent('TrackerChanged', 'Glory and Peril moved on a tracker.', {
      seat: SeatT,
      glory: Delta('Change in Glory.'),
      peril: Delta('Change in Peril.'),
    }),
    defineEvent('BoostGained', 'A score change until the end of the turn.', { seat: SeatT, stat: StatT, amount: Delta('The change.') }),
    defineEvent('HeroTipped', 'A hero fell (tipped) or climbed out (untipped).', {
      seat: SeatT,
      tipped: Type.Boolean({ description: 'Tipped now.' }),
    }),
    defineEvent('HeroRecalled', 'A hero was carried back to the Dungeon Entrance.', { seat: SeatT }),
    defineEvent('CardsDiscarded', 'Cards went to the Adventure discard pile.', {
      seat: SeatT,
      cards: Cards('The cards.'),
      from: Type.Union(
        [Type.Literal('hand'), Type.Literal('boons'), Type.Literal('treasures'), Type.Literal('pack'), Type.Literal('curses')],
        {
          description: 'Where they were.',
        },
      ),
    }),
    defineEvent('PerilEarned', 'The Dungeonlord’s monster wounded a hero: Peril to assign.', {
      seat: SeatT,
      amount: CountT('Peril earned.'),
    }),
    defineEvent('PerilAssigned', 'One earned Peril went onto a player’s tracker.', { seat: SeatT, to: SeatT }),
    defineEvent('MapCardDrawn', 'The top Map card was drawn; it is shown to everyone.', {
      seat: SeatT,
      card: Card,
      reason: Type.Union([Type.Literal('build'), Type.Literal('explore')], { description: 'Build Phase or Explore.' }),
    }),
    defineEvent('MapPlaced', 'A Map card was placed on the grid.', { seat: SeatT, card: Card, x: X, y: Y, rotation: RotationT }),
    defineEvent('MapCardSetAside', 'No legal place existed for the drawn Map card: it goes to the bottom of the Map deck.', { card: Card }),
    defineEvent('BoonPlayed', 'A Boon was played from hand, paying Glory; permanent ones are readied, instant ones discarded.', {
      seat: SeatT,
      card: Card,
      cost: CountT('Glory paid.'),
      permanent: Type.Boolean({ description: 'Readied into the Inventory.' }),
    }),
    defineEvent('TreasureReadied', 'A Treasure was readied, paying Glory; a potion used at once is discarded instead.', {
      seat: SeatT,
      card: Card,
      cost: CountT('Glory paid.'),
      use: Type.Boolean({ description: 'Used the moment it was played.' }),
    }),
    defineEvent('CardActivated', 'A readied card’s (or Artifact’s) ability was used.', {
      seat: SeatT,
      card: Card,
      glory: CountT('Glory paid.'),
      movement: CountT('Movements paid.'),
      consumed: Type.Boolean({ description: 'Discarded by its use.' }),
    }),
    defineEvent('AbilityUsed', 'The hero’s special ability was used.', {
      seat: SeatT,
      glory: CountT('Glory paid.'),
      movement: CountT('Movements paid.'),
    }),
    defineEvent('DoorOpened', 'A door is open for the rest of the turn.', { x: X, y: Y, side: DirectionT }),
    defineEvent('HeroOnCusp', 'The last Movement went on the door: the hero waits on the cusp, the door open for everyone.', {
      seat: SeatT,
      side: DirectionT,
    }),
    defineEvent('HeroMoved', 'A hero entered the next space.', { seat: SeatT, x: X, y: Y, side: DirectionT }),
    defineEvent('SpaceCollected', 'Glory and Peril of a space new this turn (or the one the hero stayed in).', {
      seat: SeatT,
      x: X,
      y: Y,
      glory: CountT('Glory.'),
      peril: CountT('Peril.'),
    }),
    defineEvent('Challenged', 'A challenge was initiated (once per turn).', {
      seat: SeatT,
      target: SideT,
      form: StatT,
      cost: CountT('Movements paid.'),
    }),
    defineEvent('QuestAttempted', 'An attempt at a quest.', {
      seat: SeatT,
      quest: Card,
      cost: CountT('Movements paid.'),
      paid: CountT('Glory paid for bonuses.'),
    }),
    defineEvent('QuestFound', 'A search quest’s objective was found (for this turn).', { seat: SeatT, quest: Card }),
    defineEvent('QuestMonsterAttacked', 'A quest monster makes its one attack of the turn.', { seat: SeatT, quest: Card }),
    defineEvent('ComponentPickedUp', 'An escort component was taken; a quest changing hands goes with it.', {
      seat: SeatT,
      quest: Card,
      from: Type.Union([Type.Literal('source'), Type.Literal('ground'), Type.Literal('hero')], {
        description: 'Its pick-up space, the floor, or another hero.',
      }),
      owner: Type.Union([SeatT, Type.Null()], { description: 'Whose quest it was (null: the Global Quest).' }),
    }),
    defineEvent('ComponentDropped', 'An escort component was set down.', { seat: SeatT, quest: Card, x: X, y: Y }),
    defineEvent('QuestCompleted', 'A quest was completed and placed face down in the Inventory.', { seat: SeatT, quest: Card }),
    defineEvent('LevelGained', 'The hero went up a level.', {
      seat: SeatT,
      level: Type.Integer({ minimum: 1, description: 'The new level.' }),
    }),
    defineEvent('CardTaken', 'A quest reward: a card from the deck (hidden from others) or the discard pile into the hand.', {
      seat: SeatT,
      card: Card,
      from: Type.Union([Type.Literal('deck'), Type.Literal('pile')], { description: 'Where from.' }),
      kind: AdventureKindT,
    }),
    defineEvent(
      'HeroDefeated',
      'A hero fell to 0 Life: its cards are discarded (or kept, or left on the map) and the player goes on as `fate` says.',
      {
        seat: SeatT,
        cards: Cards('Adventure cards discarded.'),
        quests: Cards('Quests put out of play, face up.'),
        hidden: Cards('Secret quests put out of play face down (hidden from the other seats).'),
        loot: Cards('Looting: Treasures left lying in the space where the hero fell.'),
        fate: Type.Union([Type.Literal('out'), Type.Literal('force'), Type.Literal('respawn')], {
          description: 'out of the game; force: a Malevolent Force keeping hand and Pack; respawn: a new hero follows.',
        }),
      },
    ),
    defineEvent(
      'PlayerConceded',
      'A player conceded and left the game for good: its cards are discarded, its quests leave play, its hero (if any) leaves the map.',
      {
        seat: SeatT,
        cards: Cards('Adventure cards discarded (hand, Pack, Inventory, curses, its encounters on the table).'),
        quests: Cards('Quests put out of play, face up.'),
        hidden: Cards('Secret quests put out of play face down (hidden from the other seats).'),
      },
    ),
    defineEvent('HeroRespawned', 'Respawn: the player draws a new hero, at the entrance with 1 Glory and 1 Peril.', {
      seat: SeatT,
      hero: Card,
      level: Type.Integer({ minimum: 1, description: 'Its level.' }),
      life: CountT('Its Life.'),
      glory: CountT('Glory on the tracker now.'),
      peril: CountT('Peril on the tracker now.'),
    }),
    defineEvent('TurnEnded', 'The turn is over; the hero keeps at most one Movement for off-turn use.', {
      seat: SeatT,
      kept: CountT('Movements kept.'),
    }),
    defineEvent('GameWon', 'The game is over.', {
      winners: Type.Array(SeatT, { description: 'The winners (none when the last heroes fell together).' }),
      how: Type.Union(
        [
          Type.Literal('quests'),
          Type.Literal('last-standing'),
          Type.Literal('malevolent'),
          Type.Literal('party'),
          Type.Literal('dungeonlord'),
        ],
        {
          description:
            'Three quests; the last hero standing; a Malevolent Force felling the last hero; campaign: the party’s quests, or the Dungeonlord’s tally of fallen heroes.',
        },
      ),
    }),
  ],
  { description: 'Every Dungeoneer event.' },
);

/** Every Dungeoneer event. */
export type DungeoneerEvent = Static<typeof eventSchema>;
/** The event with this `type`. */
export type EventOf<T extends DungeoneerEvent['type']> = Extract<DungeoneerEvent, { type: T }>;
