// Every event of the dungeon module, one TypeBox schema each, with their union (eventSchema) and static types.
import { defineEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

const CardT = Type.String({ maxLength: 8, description: 'A card ("7H", "X1", "10D.2"), or "?" where the viewer may not see it.' });
const CardsT = (description: string) => Type.Array(CardT, { description });
const SeatT = Type.Integer({ minimum: 0, description: 'A seat, 0-based clockwise.' });
const NodeT = Type.Integer({ minimum: 0, description: "A node of a player's dungeon tree: 0 is the cell, passages count up from 1." });
const seat = (description: string) => Type.Integer({ minimum: 0, description });
const node = (description: string) => Type.Integer({ minimum: 0, description });
const card = (description: string) => Type.String({ maxLength: 8, description: `${description} "?" where the viewer may not see it.` });
const flag = (description: string) => Type.Boolean({ description });

// The kinds of windows, questions and powers, declared once here; the state and the view schema use these.
/** What opened a response window. */
export const WindowKind = Type.Union([Type.Literal('play'), Type.Literal('attack'), Type.Literal('power'), Type.Literal('ace')], {
  description: 'What opened it: a passage or cave-in, a creature attack, a creature power, or an Ace played with no window open.',
});
/** The questions PromptOpened asks one seat (the end-of-turn discard is asked by HandLimitReached). */
export const PromptKind = Type.Union(
  [
    Type.Literal('defend'),
    Type.Literal('answer'),
    Type.Literal('look'),
    Type.Literal('suicide'),
    Type.Literal('joker-save'),
    Type.Literal('pick'),
  ],
  {
    description:
      'defend: fight or retreat; answer: give or deny the card a Myrmiddon asks for; look: accept a denial or look; ' +
      'suicide: a caught liar chooses (Suicide Queen); joker-save: keep a collapsing Joker passage; pick: take a card ' +
      'from the discard pile (Graverobber).',
  },
);
/** A creature's power. */
export const PowerKind = Type.Union([Type.Literal('graverobber'), Type.Literal('myrmiddon')], {
  description: 'Which power: the Graverobber (Jack) or the Myrmiddon (Queen).',
});

export const DeckShuffled = defineEvent('DeckShuffled', 'A new deck was shuffled.', {
  reason: Type.Union([Type.Literal('setup'), Type.Literal('reshuffle')], {
    description: 'setup: the whole deck at the deal; reshuffle: the discard pile became the deck as a turn began.',
  }),
  order: CardsT('The new deck, top first. Only the audit viewer sees it.'),
});
export const CellsAssigned = defineEvent('CellsAssigned', 'Every player got the cell their dungeon starts from.', {
  cells: Type.Array(
    Type.Object(
      { seat: SeatT, card: CardT, faceUp: flag('A Joker cell lies face up; a random cell lies face down, unseen even by its owner.') },
      { additionalProperties: false, description: "One player's cell." },
    ),
    { description: 'One cell per seat.' },
  ),
  setAside: CardsT('Jokers the standard game does not need as cells, set aside face up.'),
});
export const CardsDrawn = defineEvent('CardsDrawn', 'A player drew cards from the top of the deck.', {
  seat: seat('Who drew.'),
  cards: CardsT('The cards, in the order drawn; only the drawer sees them.'),
  reason: Type.Union([Type.Literal('deal'), Type.Literal('replace'), Type.Literal('turn'), Type.Literal('ace')], {
    description: 'deal: the deal; replace: after a play-off card; turn: the draw that starts a turn; ace: an Ace resolved.',
  }),
});
export const PlayOffStarted = defineEvent('PlayOffStarted', 'A round of the play-off for the first turn began.', {
  contenders: Type.Array(SeatT, { description: 'The seats that play a card in this round (the tied ones after the first).' }),
});
export const PlayOffCardChosen = defineEvent('PlayOffCardChosen', 'A contender put a play-off card down, face down.', {
  seat: seat('The contender.'),
  card: CardT,
});
export const PlayOffRevealed = defineEvent('PlayOffRevealed', 'Every contender had put a card down; the cards were shown.', {
  cards: Type.Array(Type.Object({ seat: SeatT, card: CardT }, { additionalProperties: false, description: "One contender's card." }), {
    description: 'The play-off cards of this round; they go to the discard pile.',
  }),
});
export const FirstPlayerChosen = defineEvent('FirstPlayerChosen', 'The play-off is over: this seat plays first.', {
  seat: seat('The first player.'),
});
export const TurnStarted = defineEvent('TurnStarted', "A player's turn began (its draw follows).", { seat: seat('Whose turn it is.') });
export const PassagePlayed = defineEvent('PassagePlayed', 'A passage was laid in its player’s dungeon.', {
  seat: seat('Whose dungeon.'),
  card: CardT,
  parent: node('The node it was laid on.'),
  node: node('The id of the new passage.'),
  value: Type.Integer({ description: "The value the passage stands for (its parent's minus one)." }),
  faceDown: flag('Pitch Black: the card lies face down; only its owner sees it.'),
});
export const WindowOpened = defineEvent('WindowOpened', 'A response window opened: every other living player may answer or pass.', {
  kind: WindowKind,
  last: seat('The seat whose card opened it; it is not asked.'),
  escape: Type.Union(
    [Type.Object({ seat: SeatT, node: NodeT }, { additionalProperties: false, description: 'The claimed 2 and its player.' }), Type.Null()],
    { description: 'Pitch Black: the passage just laid claims a 2; the escape stands if it survives the window.' },
  ),
});
export const CaveInPlayed = defineEvent('CaveInPlayed', "A card was played to collapse an opponent's last passage.", {
  seat: seat('Who played it.'),
  card: CardT,
  target: seat('Whose passage.'),
  node: node('The passage.'),
});
export const PromptOpened = defineEvent('PromptOpened', 'The game asks one player a question and waits for the answer.', {
  kind: PromptKind,
  seat: seat('Who is asked.'),
});
export const PassageCollapsed = defineEvent('PassageCollapsed', 'A cave-in took effect.', {
  target: seat('Whose passage.'),
  node: node('The passage.'),
  lost: card('The passage card, or the card discarded from hand instead of a Joker passage (Jokers Wild).'),
  saved: flag('A card from hand was given up and the Joker passage stays.'),
  by: card('The cave-in card; it goes to the discard pile too.'),
  faceDown: flag('The lost card goes to a face-down pile or lay face down: others do not learn it.'),
});
export const CreatureAttacked = defineEvent('CreatureAttacked', "A creature was set on an opponent's last passage, or cell.", {
  seat: seat('The attacker.'),
  card: CardT,
  value: Type.Integer({ description: 'Its combat value: 11 Graverobber, 12 Myrmiddon, 13 Wight.' }),
  target: seat('The defender.'),
  node: Type.Union([NodeT, Type.Null()], { description: 'The passage attacked; null when the defender is in the cell.' }),
});
export const CreatureDefeated = defineEvent('CreatureDefeated', 'The defender beat the creature; it and the combat cards are discarded.', {
  seat: seat('The defender.'),
  cards: Type.Array(
    Type.Object(
      { card: CardT, value: Type.Integer({ description: 'The value it fought with.' }) },
      { additionalProperties: false, description: 'One combat card.' },
    ),
    { description: 'The combat cards.' },
  ),
  creature: card('The creature beaten.'),
});
export const Retreated = defineEvent('Retreated', 'The defender gave up the attacked passage; it and the creature are discarded.', {
  seat: seat('The defender.'),
  node: node('The passage given up.'),
  card: CardT,
  faceDown: flag('The passage card stays hidden from others (face-down pile or passage).'),
});
export const PlayerSlain = defineEvent(
  'PlayerSlain',
  'A defender attacked in the cell did not win and is out of the game; the hand is discarded.',
  {
    seat: seat('The slain player.'),
  },
);
export const PlayerConceded = defineEvent(
  'PlayerConceded',
  'A player conceded and is out of the game as a slain player is: the hand, a play-off card put down and a creature, ' +
    'power or cave-in card of theirs on the table go to the discard pile, and the fight, power or cave-in they were part of is called off.',
  {
    seat: seat('Who conceded.'),
  },
);
export const PowerUsed = defineEvent('PowerUsed', 'A Graverobber or Myrmiddon was played for its power.', {
  seat: seat('Who used it.'),
  card: CardT,
  power: PowerKind,
  target: Type.Union([SeatT, Type.Null()], { description: 'Myrmiddon: the opponent asked; null for a Graverobber.' }),
  ask: Type.Union([Type.Integer({ minimum: 0, maximum: 13 }), Type.Null()], {
    description: 'Myrmiddon: the rank asked for (0 a Joker, 1 Ace … 13 King); null for a Graverobber.',
  }),
});
export const PowerInterrupted = defineEvent(
  'PowerInterrupted',
  'Counter Attack: a matching creature was played against the pending power.',
  {
    seat: seat('Who interrupted.'),
    card: CardT,
  },
);
export const AcePlayed = defineEvent('AcePlayed', 'An Ace was played into the open response window.', {
  seat: seat('Who played it.'),
  card: CardT,
});
export const ResponsePassed = defineEvent('ResponsePassed', 'A player let the response window go by.', { seat: seat('Who passed.') });
export const AceResolved = defineEvent(
  'AceResolved',
  'An Ace of the closing window resolved (last played first) and went to the discard pile.',
  {
    seat: seat('Its player, who draws two next.'),
    card: CardT,
  },
);
export const WindowClosed = defineEvent('WindowClosed', 'Every player asked had passed; the window closed.', {
  cancelled: flag('Power windows: an odd number of Counter Attack interrupts cancelled the power, whose card is discarded.'),
});
export const CardGiven = defineEvent('CardGiven', 'A card passed from one hand to another (a Myrmiddon).', {
  from: seat('Who gave it.'),
  to: seat('Who got it.'),
  card: CardT,
});
export const CardDenied = defineEvent('CardDenied', 'The opponent a Myrmiddon asked said they have no such card.', {
  seat: seat('Who denied.'),
  truthful: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'Whether the denial is true as it is given. Only the denier sees it (null for others) until a look reveals it.',
  }),
});
export const HandRevealed = defineEvent('HandRevealed', "A denier's hand was shown to the Myrmiddon's player.", {
  seat: seat('Whose hand.'),
  to: seat('Who looks.'),
  cards: CardsT('The hand; others see "?".'),
});
export const AnswerChecked = defineEvent('AnswerChecked', 'After the look, the table learns whether the denial was true.', {
  seat: seat('The denier.'),
  truthful: flag('Whether the denial was true when given.'),
});
export const PowerFinished = defineEvent('PowerFinished', 'The power played is over.', {
  seat: seat('Who used it.'),
  to: Type.Union([Type.Literal('discard'), Type.Literal('limbo')], {
    description: 'Where the power card goes: a Myrmiddon to the discard pile, a Graverobber aside until the turn ends.',
  }),
});
export const CardTaken = defineEvent('CardTaken', 'A Graverobber took a card from the discard pile.', {
  seat: seat('Who took it.'),
  card: CardT,
});
export const CardsDiscarded = defineEvent('CardsDiscarded', 'Cards went from a hand or a dungeon to the discard pile.', {
  seat: seat('Whose cards.'),
  from: Type.Union([Type.Literal('hand'), Type.Literal('dungeon')], { description: 'Where they came from.' }),
  cards: CardsT('The cards.'),
  faceDown: flag('Almost Black and Pitch Black: the cards go face down, so others do not learn them.'),
});
export const DungeonRevealed = defineEvent('DungeonRevealed', "Pitch Black: an accused player's passages were shown to everyone.", {
  seat: seat('The accused.'),
  by: seat('The accuser.'),
  passages: Type.Array(
    Type.Object(
      { node: NodeT, value: Type.Integer({ description: 'The value it claims.' }), card: CardT },
      { additionalProperties: false, description: 'One passage.' },
    ),
    { description: 'Every passage of the accused.' },
  ),
  cheated: flag('Some passage is not the card it claims to be (a Joker never cheats).'),
});
export const HandLimitReached = defineEvent('HandLimitReached', 'The turn ends over five cards: its player discards one at a time.', {
  seat: seat('Who discards.'),
  excess: Type.Integer({ minimum: 1, description: 'How many cards above five.' }),
});
export const TurnEnded = defineEvent('TurnEnded', 'A turn ended; a Graverobber set aside goes to the discard pile.', {
  seat: seat('Whose turn.'),
});
export const GameWon = defineEvent('GameWon', 'The game is over.', {
  seat: seat('The winner.'),
  how: Type.Union([Type.Literal('escaped'), Type.Literal('last-alive')], {
    description: 'escaped: laid the 2 of a 10-to-2 passage; last-alive: every opponent is slain.',
  }),
});

/** Every dungeon event, discriminated by `type`. */
export const eventSchema = Type.Union(
  [
    DeckShuffled,
    CellsAssigned,
    CardsDrawn,
    PlayOffStarted,
    PlayOffCardChosen,
    PlayOffRevealed,
    FirstPlayerChosen,
    TurnStarted,
    PassagePlayed,
    WindowOpened,
    CaveInPlayed,
    PromptOpened,
    PassageCollapsed,
    CreatureAttacked,
    CreatureDefeated,
    Retreated,
    PlayerSlain,
    PlayerConceded,
    PowerUsed,
    PowerInterrupted,
    AcePlayed,
    ResponsePassed,
    AceResolved,
    WindowClosed,
    CardGiven,
    CardDenied,
    HandRevealed,
    AnswerChecked,
    PowerFinished,
    CardTaken,
    CardsDiscarded,
    DungeonRevealed,
    HandLimitReached,
    TurnEnded,
    GameWon,
  ],
  { description: 'An event of the dungeon module.' },
);
/** Every dungeon event. */
export type DungeonEvent = Static<typeof eventSchema>;
/** The event with this `type`. */
export type EventOf<T extends DungeonEvent['type']> = Extract<DungeonEvent, { type: T }>;
