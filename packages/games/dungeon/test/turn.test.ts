// §On your turn (the draw, one card, the hand limit), the empty deck and the Graverobber note, and §Aces.
import t from 'tap';
import { scriptedRandom, specFor } from '@delve/kernel/testing';
import { dungeon } from '../src/index';
import { dealt, scenario, SKIPPING } from './support';

const std = { variant: 'standard' } as const;
const skipping = { ...std, ...SKIPPING } as const;
const H0 = ['10H', '9H', '8H', '7H', '6H'];
const H1 = ['10S', '9S', '8S', '7S', '6S'];

t.test('§On your turn 1: each turn begins with a draw from the deck', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  t.same(sc.player(0).hand.at(-1), '2C', 'the first player drew the top card');
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'EndTurn' }).then(t, [
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
    { type: 'CardsDrawn', seat: 1, cards: ['3C'], reason: 'turn' },
  ]);
});

t.test('§On your turn 2: a player who can play a card must; the turn cannot end before it', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  sc.spec.when({ type: 'EndTurn' }).thenViolates(t, 'dungeon/must-play', 'the 10 could go on the cell');
  t.notOk(
    dungeon.legalCommands(sc.state, 0).some((c) => c.type === 'EndTurn'),
    'ending the turn is not offered',
  );
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  t.ok(sc.spec.when({ type: 'EndTurn' }).events().length > 0, 'once the card is played, the turn may end');
});

t.test('§On your turn 2: a player with no card to play ends the turn; an Ace does not oblige', async (t) => {
  // Nothing to lay (no 10), nothing to collapse or attack (the opponent is in the cell), no Jack or Queen.
  const sc = scenario(std, 2, { hands: [['AH', '9H', '8H', '7H'], H1], deck: ['2C', '3C', '4C'] });
  sc.spec.when({ type: 'EndTurn' }).then(t, [
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
    { type: 'CardsDrawn', seat: 1, cards: ['3C'], reason: 'turn' },
  ]);
});

t.test('§On your turn 2 (optionalPlay): the option keeps the reading that playing a card is optional', async (t) => {
  const sc = scenario(skipping, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  t.ok(
    dungeon.legalCommands(sc.state, 0).some((c) => c.type === 'EndTurn'),
    'ending the turn is offered',
  );
  t.equal(sc.spec.when({ type: 'EndTurn' }).events()[0]?.type, 'HandLimitReached', 'and accepted (six cards: discard first)');
});

t.test('§On your turn 2, §Pitch Black: only an honest play obliges; nobody has to cheat', async (t) => {
  const pitch = { variant: 'pitch-black' } as const;
  const none = scenario(pitch, 2, { hands: [['9H', '8H', '7H', '6H', '5H'], H1], deck: ['2C', '3C', '4C'] });
  t.ok(none.spec.when({ type: 'PlayPassage', card: '9H', parent: 0 }).events().length > 0, 'a 9 could be laid as a claimed 10');
  t.equal(none.spec.when({ type: 'EndTurn' }).events()[0]?.type, 'HandLimitReached', 'but the turn may end without it');
  const honest = scenario(pitch, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  honest.spec.when({ type: 'EndTurn' }).thenViolates(t, 'dungeon/must-play', 'with a real 10 in hand');
});

t.test('§On your turn: only the player on turn may act', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  sc.spec.when({ type: 'PlayPassage', card: '10S', parent: 0 }, { seat: 1 }).thenViolates(t, 'dungeon/not-your-turn');
  t.same(dungeon.legalCommands(sc.state, 1), [{ type: 'Concede' }], 'nothing for the other seat but conceding (it holds no Ace)');
});

t.test(
  '§On your turn 3: over five cards at the end of the turn, the player discards face up down to five, then the turn passes',
  async (t) => {
    const sc = scenario(skipping, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
    t.equal(sc.player(0).hand.length, 6);
    sc.spec.when({ type: 'EndTurn' }).then(t, [{ type: 'HandLimitReached', seat: 0, excess: 1 }]);
    sc.do(0, { type: 'EndTurn' });
    sc.spec
      .when({ type: 'PlayPassage', card: '10H', parent: 0 })
      .thenViolates(t, 'dungeon/wrong-step', 'no more plays once the turn is ending');
    sc.spec.when({ type: 'Discard', card: '2C' }).then(t, [
      { type: 'CardsDiscarded', seat: 0, from: 'hand', cards: ['2C'], faceDown: false },
      { type: 'TurnEnded', seat: 0 },
      { type: 'TurnStarted', seat: 1 },
      { type: 'CardsDrawn', seat: 1, cards: ['3C'], reason: 'turn' },
    ]);
  },
);

t.test(
  '§On your turn 1, Graverobber note: a turn that starts on an empty deck first shuffles the discard pile into the deck',
  async (t) => {
    const sc = scenario(skipping, 2, { hands: [H0, H1], deck: ['2C', '3C'], deckOnly: true });
    sc.endTurn(); // seat 0 discards the 2C it drew; seat 1 draws the last card, 3C
    t.same([sc.state.deck, sc.state.discard], [[], ['2C']], 'the deck ran out in seat 1’s turn; the pile stays');
    sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 });
    sc.spec.when({ type: 'EndTurn' }, { seat: 1, random: scriptedRandom({ order: ['2C'] }) }).then(t, [
      { type: 'TurnEnded', seat: 1 },
      { type: 'DeckShuffled', reason: 'reshuffle', order: ['2C'] },
      { type: 'TurnStarted', seat: 0 },
      { type: 'CardsDrawn', seat: 0, cards: ['2C'], reason: 'turn' },
    ]);
  },
);

t.test(
  'Graverobber note: when an Ace draws the last card mid-turn, the pile stays whole for a Graverobber until the turn ends',
  async (t) => {
    const sc = scenario(skipping, 2, {
      hands: [
        ['JH', 'AH', '9H', '8H', '7H'],
        ['9S', '8S', '7S', '6S', '5S'],
      ],
      deck: ['2C', '3C', '4C', '5C'],
      deckOnly: true,
    });
    sc.endTurn().endTurn(); // 2C and 3C go to the pile; seat 0 draws 4C, leaving 5C alone in the deck
    t.same([sc.state.deck, sc.state.discard], [['5C'], ['2C', '3C']]);
    sc.do(0, { type: 'PlayAce', card: 'AH' });
    sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(
      t,
      [
        { type: 'ResponsePassed', seat: 1 },
        { type: 'AceResolved', seat: 0, card: 'AH' },
        { type: 'CardsDrawn', seat: 0, cards: ['5C'], reason: 'ace' },
        { type: 'WindowClosed', cancelled: false },
      ],
      'the Ace draws the one card left: no reshuffle in the middle of the turn',
    );
    sc.play(1, { type: 'Pass' }).play(0, { type: 'UseGraverobber', card: 'JH' });
    t.same(sc.state.discard, ['2C', '3C', 'AH'], 'the whole pile is there to search');
    sc.do(0, { type: 'TakeFromDiscard', card: '3C' }).do(0, { type: 'EndTurn' });
    const order = ['JH', '9H', '2C', 'AH'];
    sc.spec.when({ type: 'Discard', card: '9H' }, { random: scriptedRandom({ order }) }).then(
      t,
      [
        { type: 'CardsDiscarded', seat: 0, from: 'hand', cards: ['9H'], faceDown: false },
        { type: 'TurnEnded', seat: 0 },
        { type: 'DeckShuffled', reason: 'reshuffle', order },
        { type: 'TurnStarted', seat: 1 },
        { type: 'CardsDrawn', seat: 1, cards: ['JH'], reason: 'turn' },
      ],
      'at the end of the turn the pile, with the set-aside Graverobber and the last discard, becomes the deck',
    );
  },
);

t.test('§Aces (ruling): with the deck empty an Ace draws nothing, and it never draws itself back', async (t) => {
  const sc = scenario(std, 2, { hands: [['AH', '10H', '9H', '8H', '7H'], H1], deck: ['2C'], deckOnly: true });
  t.same([sc.state.deck, sc.state.discard], [[], []]);
  sc.do(0, { type: 'PlayAce', card: 'AH' });
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'AceResolved', seat: 0, card: 'AH' },
    { type: 'WindowClosed', cancelled: false },
  ]);
});

t.test('Graverobber note: while a Graverobber search is pending the discard pile is not reshuffled', async (t) => {
  const sc = scenario(skipping, 2, {
    hands: [
      ['JH', 'AH', '9H', '8H', '7H'],
      ['AS', '9S', '8S', '7S', '6S'],
    ],
    deck: ['2C', '3C', '10C'],
    deckOnly: true,
  });
  sc.endTurn(); // seat 0 discards 2C (drawn); seat 1 draws 3C
  sc.do(1, { type: 'EndTurn' });
  sc.do(1, { type: 'Discard', card: '3C' }); // seat 0 draws 10C, the last card
  t.same(sc.state.deck, []);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  // Seat 1 answers with an Ace: its draw finds an empty deck, and the pile stays for the Graverobber.
  sc.do(1, { type: 'PlayAce', card: 'AS' });
  sc.spec.when({ type: 'Pass' }, { seat: 0 }).then(
    t,
    [
      { type: 'ResponsePassed', seat: 0 },
      { type: 'AceResolved', seat: 1, card: 'AS' },
      { type: 'WindowClosed', cancelled: false },
      { type: 'PromptOpened', kind: 'pick', seat: 0 },
    ],
    'no reshuffle, no cards for the Ace',
  );
});

t.test('§On your turn 1: with both the deck and the discard pile empty, no card is drawn', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C'], deckOnly: true });
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'EndTurn' }).then(t, [
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
  ]);
});

t.test("§Aces: an Ace is played besides the turn's card and draws two once the window closes", async (t) => {
  const sc = scenario(std, 2, { hands: [['AH', '10H', '9H', '8H', '7H'], H1], deck: ['2C', '3C', '4C', '5C'] });
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'PlayAce', card: 'AH' }).then(t, [
    { type: 'WindowOpened', kind: 'ace', last: 0, escape: null },
    { type: 'AcePlayed', seat: 0, card: 'AH' },
  ]);
  sc.do(0, { type: 'PlayAce', card: 'AH' });
  t.same(dungeon.status(sc.state).awaiting, [1], 'the other seat may answer');
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'AceResolved', seat: 0, card: 'AH' },
    { type: 'CardsDrawn', seat: 0, cards: ['3C', '4C'], reason: 'ace' },
    { type: 'WindowClosed', cancelled: false },
  ]);
});

const ACES = [
  ['AH', '10H', '9H', '8H', '7H'],
  ['AS', '10S', '9S', '8S', '7S'],
  ['AD', '10D', '9D', '8D', '7D'],
];

t.test('§Aces: a chain of Aces resolves last played first', async (t) => {
  const sc = scenario(std, 3, { hands: ACES, deck: ['2C', '3C', '4C', '5C', '6C', '7C', '8C'] });
  sc.do(0, { type: 'PlayAce', card: 'AH' });
  sc.do(1, { type: 'PlayAce', card: 'AS' });
  sc.do(2, { type: 'PlayAce', card: 'AD' });
  sc.do(0, { type: 'Pass' });
  const events = sc.spec.when({ type: 'Pass' }, { seat: 1 }).events();
  t.same(
    events.filter((e) => e.type === 'CardsDrawn'),
    [
      { type: 'CardsDrawn', seat: 2, cards: ['3C', '4C'], reason: 'ace' },
      { type: 'CardsDrawn', seat: 1, cards: ['5C', '6C'], reason: 'ace' },
      { type: 'CardsDrawn', seat: 0, cards: ['7C', '8C'], reason: 'ace' },
    ],
  );
});

t.test("§Aces: at any time, whether it's your turn or not: off turn with nothing pending, the Ace opens a window", async (t) => {
  const sc = scenario(std, 2, { hands: ACES.slice(0, 2), deck: ['2C', '3C', '4C', '5C'] });
  t.same(dungeon.status(sc.state).awaiting, [0], 'the game waits for seat 0 only');
  t.same(dungeon.legalCommands(sc.state, 1), [{ type: 'PlayAce', card: 'AS' }, { type: 'Concede' }], 'yet seat 1 may play its Ace');
  sc.spec.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).then(t, [
    { type: 'WindowOpened', kind: 'ace', last: 1, escape: null },
    { type: 'AcePlayed', seat: 1, card: 'AS' },
  ]);
  sc.do(1, { type: 'PlayAce', card: 'AS' });
  sc.spec.when({ type: 'Pass' }, { seat: 0 }).then(t, [
    { type: 'ResponsePassed', seat: 0 },
    { type: 'AceResolved', seat: 1, card: 'AS' },
    { type: 'CardsDrawn', seat: 1, cards: ['3C', '4C'], reason: 'ace' },
    { type: 'WindowClosed', cancelled: false },
  ]);
});

t.test("§Aces: the chain rule holds off turn: the turn's player answers and draws first", async (t) => {
  const sc = scenario(std, 2, { hands: ACES.slice(0, 2), deck: ['2C', '3C', '4C', '5C', '6C'] });
  sc.do(1, { type: 'PlayAce', card: 'AS' }).do(0, { type: 'PlayAce', card: 'AH' });
  t.same(
    sc.spec
      .when({ type: 'Pass' }, { seat: 1 })
      .events()
      .filter((e) => e.type === 'CardsDrawn'),
    [
      { type: 'CardsDrawn', seat: 0, cards: ['3C', '4C'], reason: 'ace' },
      { type: 'CardsDrawn', seat: 1, cards: ['5C', '6C'], reason: 'ace' },
    ],
  );
});

t.test('§Aces: a player who has passed may still play an Ace; the window reopens for everyone else', async (t) => {
  const sc = scenario(std, 3, { hands: ACES, deck: ['2C', '3C', '4C', '5C', '6C', '7C'] });
  sc.do(0, { type: 'PlayPassage', card: '10H', parent: 0 }).do(1, { type: 'Pass' });
  t.same(dungeon.status(sc.state).awaiting, [2]);
  sc.spec.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).then(t, [{ type: 'AcePlayed', seat: 1, card: 'AS' }]);
  sc.do(1, { type: 'PlayAce', card: 'AS' });
  t.same(dungeon.status(sc.state).awaiting, [2, 0], 'asked again: everyone but the Ace’s player');
});

t.test("§Aces: a third player may play an Ace during someone else's defence", async (t) => {
  const sc = scenario(std, 3, {
    hands: [
      ['JH', '10H', '9H', '8H', '7H'],
      ['10S', '9S', '8S', '7S', '6S'],
      ['AD', '2D', '3D', '4D', '5D'],
    ],
    deck: ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'],
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.endTurn(); // seat 2 has nothing to play
  sc.play(0, { type: 'Attack', card: 'JH', target: 1 });
  t.same(dungeon.status(sc.state), { phase: 'defend', awaiting: [1] });
  sc.spec.when({ type: 'PlayAce', card: 'AD' }, { seat: 2 }).then(t, [
    { type: 'WindowOpened', kind: 'ace', last: 2, escape: null },
    { type: 'AcePlayed', seat: 2, card: 'AD' },
  ]);
  sc.play(2, { type: 'PlayAce', card: 'AD' });
  t.same(dungeon.status(sc.state), { phase: 'defend', awaiting: [1] }, 'the defence is still asked after the Ace');
});

t.test('§Aces: off turn, an Ace may be played in a response window and while defending', async (t) => {
  const sc = scenario(skipping, 2, {
    hands: [
      ['JH', '10H', '9H', '8H', '7H'],
      ['AS', 'AD', '10S', '8S', '7S'],
    ],
    deck: ['2C', '3C', '4C', '5C', '6C', '7C', '8C'],
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.do(0, { type: 'Attack', card: 'JH', target: 1 });
  t.same(
    sc.spec.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).events(),
    [{ type: 'AcePlayed', seat: 1, card: 'AS' }],
    'in the window after the attack',
  );
  sc.settle();
  t.same(dungeon.status(sc.state).phase, 'defend');
  t.same(
    sc.spec.when({ type: 'PlayAce', card: 'AD' }, { seat: 1 }).events(),
    [
      { type: 'WindowOpened', kind: 'ace', last: 1, escape: null },
      { type: 'AcePlayed', seat: 1, card: 'AD' },
    ],
    'while defending',
  );
});

t.test('§Aces (ruling): not in the play-off for the first turn, which is part of setting up', async (t) => {
  const deal = dealt(std, 2, { hands: ACES.slice(0, 2) }).filter((e) => e.type !== 'FirstPlayerChosen' && e.type !== 'TurnStarted');
  const playoff = specFor(dungeon, { options: std, seats: 2 }).given(deal);
  t.equal(dungeon.status(playoff.state).phase, 'playoff');
  playoff.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).thenViolates(t, 'dungeon/wrong-step');
  t.same(
    dungeon.legalCommands(playoff.state, 1).map((c) => c.type),
    ['PlayOffCard', 'PlayOffCard', 'PlayOffCard', 'PlayOffCard', 'PlayOffCard', 'Concede'],
    'the Ace may only be put down as a play-off card',
  );
});

t.test("§Aces: they do not use up the turn's card", async (t) => {
  const sc = scenario(std, 2, { hands: ACES.slice(0, 2), deck: ['2C', '3C', '4C', '5C'] });
  sc.play(0, { type: 'PlayAce', card: 'AH' });
  t.ok(sc.spec.when({ type: 'PlayPassage', card: '10H', parent: 0 }).events().length > 0, 'a passage may still be laid');
});

t.test("§Aces: the hand limit applies only at the end of one's own turn", async (t) => {
  const sc = scenario(skipping, 2, {
    hands: [
      ['JH', '10H', '9H', '8H', '7H'],
      ['AS', 'AD', '10S', '8S', '7S'],
    ],
    deck: ['2C', '3C', '4C', '5C', '6C', '7C', '8C'],
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.do(0, { type: 'Attack', card: 'JH', target: 1 });
  sc.play(1, { type: 'PlayAce', card: 'AS' });
  sc.play(1, { type: 'PlayAce', card: 'AD' });
  t.equal(sc.player(1).hand.length, 7, 'seven cards off turn');
  sc.do(1, { type: 'Retreat' });
  sc.endTurn();
  t.equal(sc.player(1).hand.length, 8, 'still over five on the next turn after drawing');
  sc.spec.when({ type: 'EndTurn' }, { seat: 1 }).then(t, [{ type: 'HandLimitReached', seat: 1, excess: 3 }]);
});

t.test('§Response windows (ruling): after a card every other living seat answers; the window closes when all have passed', async (t) => {
  const hands = [
    ['10H', '9H', '8H', '7H', '6H'],
    ['10S', '9S', '8S', '7S', '6S'],
    ['10D', '9D', '8D', '7D', '6D'],
  ];
  const sc = scenario(std, 3, { hands, deck: ['2C', '3C', '4C'] });
  sc.do(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  t.same(dungeon.status(sc.state), { phase: 'respond', awaiting: [1, 2] });
  sc.spec.when({ type: 'EndTurn' }, { seat: 0 }).thenViolates(t, 'dungeon/not-awaited', 'the player waits for the answers');
  sc.do(2, { type: 'Pass' });
  t.same(dungeon.status(sc.state).awaiting, [1]);
  sc.spec.when({ type: 'Pass' }, { seat: 2 }).thenViolates(t, 'dungeon/not-awaited', 'one answer each');
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'WindowClosed', cancelled: false },
  ]);
});
