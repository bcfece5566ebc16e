// §On your turn (draw, one card, hand limit), the empty deck, and §Aces.
import t from 'tap';
import { dungeon } from '../src/index';
import { scenario } from './support';

const std = { variant: 'standard' } as const;
const H0 = ['10H', '9H', '8H', '7H', '6H'];
const H1 = ['10S', '9S', '8S', '7S', '6S'];

t.test('§Turn 1: each turn begins with a draw from the deck', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  t.same(sc.player(0).hand.at(-1), '2C', 'the first player drew the top card');
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'EndTurn' }).then(t, [
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
    { type: 'CardsDrawn', seat: 1, cards: ['3C'], reason: 'turn' },
  ]);
});

t.test('§Turn 2: playing a card is optional (ruling) and only the player on turn may act', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  sc.spec.when({ type: 'PlayPassage', card: '10S', parent: 0 }, { seat: 1 }).thenViolates(t, 'dungeon/not-your-turn');
  t.ok(dungeon.legalCommands(sc.state, 0).some((c) => c.type === 'EndTurn'));
  t.same(dungeon.legalCommands(sc.state, 1), [], 'nothing for the other seat');
});

t.test('§Turn 3: over five cards at the end of the turn, the player discards face up down to five, then the turn passes', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C', '4C'] });
  t.equal(sc.player(0).hand.length, 6);
  sc.do(0, { type: 'EndTurn' });
  t.same(sc.state.prompt, { kind: 'discard', seat: 0 });
  sc.spec
    .when({ type: 'PlayPassage', card: '10H', parent: 0 })
    .thenViolates(t, 'dungeon/wrong-step', 'no more plays once the turn is ending');
  sc.spec.when({ type: 'Discard', card: '2C' }).then(t, [
    { type: 'CardsDiscarded', seat: 0, from: 'hand', cards: ['2C'], faceDown: false },
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
    { type: 'CardsDrawn', seat: 1, cards: ['3C'], reason: 'turn' },
  ]);
});

t.test('§Turn 1: drawing from an empty deck shuffles the discard pile into a new deck', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C', '3C'], deckOnly: true });
  sc.endTurn();
  t.same(sc.state.deck, [], 'the deck is empty');
  t.same(sc.state.discard, ['2C'], 'one card discarded');
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 });
  sc.spec.when({ type: 'EndTurn' }, { seat: 1 }).then(t, [
    { type: 'TurnEnded', seat: 1 },
    { type: 'TurnStarted', seat: 0 },
    { type: 'DeckShuffled', reason: 'reshuffle', order: ['2C'] },
    { type: 'CardsDrawn', seat: 0, cards: ['2C'], reason: 'turn' },
  ]);
});

t.test('§Graverobber timing: while a Graverobber search is pending the discard pile is not reshuffled', async (t) => {
  const sc = scenario(std, 2, {
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
  const events = sc.spec.when({ type: 'Pass' }, { seat: 0 }).events();
  t.same(
    events,
    [
      { type: 'ResponsePassed', seat: 0 },
      { type: 'AceResolved', seat: 1, card: 'AS' },
      { type: 'WindowClosed', cancelled: false },
    ],
    'no reshuffle, no cards for the Ace',
  );
});

t.test("§Aces: an Ace is played besides the turn's card and draws two once the window closes", async (t) => {
  const sc = scenario(std, 2, { hands: [['AH', '10H', '9H', '8H', '7H'], H1], deck: ['2C', '3C', '4C', '5C'] });
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.do(0, { type: 'PlayAce', card: 'AH' });
  t.same(dungeon.status(sc.state).awaiting, [1], 'the other seat may answer');
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'AceResolved', seat: 0, card: 'AH' },
    { type: 'CardsDrawn', seat: 0, cards: ['3C', '4C'], reason: 'ace' },
    { type: 'WindowClosed', cancelled: false },
  ]);
});

t.test('§Aces: a chain of Aces resolves last played first', async (t) => {
  const sc = scenario(std, 3, {
    hands: [
      ['AH', '10H', '9H', '8H', '7H'],
      ['AS', '10S', '9S', '8S', '7S'],
      ['AD', '10D', '9D', '8D', '7D'],
    ],
    deck: ['2C', '3C', '4C', '5C', '6C', '7C', '8C'],
  });
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

t.test('§Aces: off turn, an Ace may be played in a response window and while defending', async (t) => {
  const sc = scenario(std, 2, {
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
  t.same(sc.state.prompt, { kind: 'defend', seat: 1 });
  t.same(
    sc.spec.when({ type: 'PlayAce', card: 'AD' }, { seat: 1 }).events(),
    [{ type: 'AcePlayed', seat: 1, card: 'AD' }],
    'while defending',
  );
  sc.play(1, { type: 'PlayAce', card: 'AD' });
  t.same(sc.state.prompt, { kind: 'defend', seat: 1 }, 'the defence is still asked after the Ace');
});

t.test("§Aces: not outside those moments (ruling), and they do not use up the turn's card", async (t) => {
  const sc = scenario(std, 2, {
    hands: [
      ['AH', '10H', '9H', '8H', '7H'],
      ['AS', '10S', '9S', '8S', '7S'],
    ],
    deck: ['2C', '3C', '4C', '5C'],
  });
  sc.spec.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).thenViolates(t, 'dungeon/not-your-turn');
  sc.play(0, { type: 'PlayAce', card: 'AH' });
  t.equal(sc.state.turn?.played, false);
  t.ok(sc.spec.when({ type: 'PlayPassage', card: '10H', parent: 0 }).events().length > 0, 'a passage may still be laid');
});

t.test("§Aces: the hand limit applies only at the end of one's own turn", async (t) => {
  const sc = scenario(std, 2, {
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
  sc.do(1, { type: 'EndTurn' });
  t.same(sc.state.prompt, { kind: 'discard', seat: 1 });
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

t.test('§Turn 1: with both the deck and the discard pile empty, no card is drawn', async (t) => {
  const sc = scenario(std, 2, { hands: [H0, H1], deck: ['2C'], deckOnly: true });
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'EndTurn' }).then(t, [
    { type: 'TurnEnded', seat: 0 },
    { type: 'TurnStarted', seat: 1 },
  ]);
});
