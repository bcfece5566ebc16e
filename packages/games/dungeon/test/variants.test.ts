// §Random Cell/Jokers Wild, §Pitch Black and §Almost Black.
import t from 'tap';
import { dungeon, HIDDEN } from '../src/index';
import { jokerPassage, scenario, SKIPPING, tenLaid } from './support';

const wild = { variant: 'jokers-wild', ...SKIPPING } as const;
const pitch = { variant: 'pitch-black', ...SKIPPING } as const;
const almost = { variant: 'almost-black', ...SKIPPING } as const;
const DECK = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', '10C'];

t.test('§Jokers Wild: a Joker passage stands for the value its place demands', async (t) => {
  const sc = scenario(wild, 2, {
    hands: [
      ['X1', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  t.same(sc.spec.when({ type: 'PlayPassage', card: 'X1', parent: 0 }).events()[0], {
    type: 'PassagePlayed',
    seat: 0,
    card: 'X1',
    parent: 0,
    node: 1,
    value: 10,
    faceDown: false,
  });
});

t.test('§Jokers Wild: a Joker attacks as the creature declared, and must declare one', async (t) => {
  const sc = tenLaid(wild, ['X1 9H 8H 7H 6H', '10S 9S 8S 7S 6S'], DECK);
  sc.spec.when({ type: 'Attack', card: 'X1', target: 1 }).thenViolates(t, 'dungeon/bad-declaration');
  sc.spec.when({ type: 'Attack', card: 'X1', target: 1, as: 10 }).thenViolates(t, 'dungeon/bad-declaration');
  sc.spec.when({ type: 'Attack', card: '9H', target: 1, as: 11 }).thenViolates(t, 'dungeon/bad-declaration', 'only Jokers declare');
  t.same(sc.spec.when({ type: 'Attack', card: 'X1', target: 1, as: 13 }).events()[0], {
    type: 'CreatureAttacked',
    seat: 0,
    card: 'X1',
    value: 13,
    target: 1,
    node: 1,
  });
});

t.test('§Jokers Wild: a Joker fights with its declared value', async (t) => {
  const sc = scenario(wild, 2, {
    hands: [
      ['KH', '9H', '8H', '7H', '6H'],
      ['10S', 'X2', '3S', '7S', '6S'],
    ],
    deck: DECK,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.play(0, { type: 'Attack', card: 'KH', target: 1 });
  sc.spec
    .when({ type: 'Fight', cards: [{ card: 'X2', as: 13 }] }, { seat: 1 })
    .then(t, [{ type: 'CreatureDefeated', seat: 1, cards: [{ card: 'X2', value: 13 }], creature: 'KH' }]);
  sc.spec
    .when({ type: 'Fight', cards: [{ card: 'X2', as: 2 }] }, { seat: 1 })
    .then(t, [{ type: 'CreatureDefeated', seat: 1, cards: [{ card: 'X2', value: 2 }], creature: 'KH' }], 'as a 2 against the Wight');
  sc.spec.when({ type: 'Fight', cards: [{ card: 'X2', as: 6 }, { card: '7S' }] }, { seat: 1 }).then(
    t,
    [
      {
        type: 'CreatureDefeated',
        seat: 1,
        cards: [
          { card: 'X2', value: 6 },
          { card: '7S', value: 7 },
        ],
        creature: 'KH',
      },
    ],
    'as part of a passage total',
  );
});

t.test('§Jokers Wild: a Joker passage keeps its value, so a card of that value collapses it', async (t) => {
  const sc = jokerPassage(wild);
  sc.spec.when({ type: 'CaveIn', card: '9H', target: 1 }).then(t, [
    { type: 'CaveInPlayed', seat: 0, card: '9H', target: 1, node: 2 },
    { type: 'PromptOpened', kind: 'joker-save', seat: 1 },
  ]);
});

t.test('§Jokers Wild: the owner may give up an equal card from hand to keep the Joker', async (t) => {
  const sc = jokerPassage(wild).do(0, { type: 'CaveIn', card: '9H', target: 1 });
  sc.spec.when({ type: 'SaveJoker', card: '7S' }, { seat: 1 }).thenViolates(t, 'dungeon/wrong-rank');
  sc.spec.when({ type: 'SaveJoker', card: '9D' }, { seat: 1 }).then(t, [
    { type: 'PassageCollapsed', target: 1, node: 2, lost: '9D', saved: true, by: '9H', faceDown: false },
    { type: 'WindowOpened', kind: 'play', last: 0, escape: null },
  ]);
  sc.do(1, { type: 'SaveJoker', card: '9D' });
  t.same(
    sc.player(1).dungeon.map((n) => n.card),
    ['10S', 'X2'],
    'the Joker stays',
  );
  t.same(sc.state.discard.slice(-2), ['9H', '9D']);
});

t.test('§Jokers Wild: or let the Joker go', async (t) => {
  const sc = jokerPassage(wild).do(0, { type: 'CaveIn', card: '9H', target: 1 });
  sc.spec.when({ type: 'LoseJoker' }, { seat: 1 }).then(t, [
    { type: 'PassageCollapsed', target: 1, node: 2, lost: 'X2', saved: false, by: '9H', faceDown: false },
    { type: 'WindowOpened', kind: 'play', last: 0, escape: null },
  ]);
});

t.test('§Pitch Black: passages are laid face down, and others see only their place and claimed value', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['KH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  const [played] = sc.spec.when({ type: 'PlayPassage', card: 'KH', parent: 0 }).events();
  t.same(
    played,
    { type: 'PassagePlayed', seat: 0, card: 'KH', parent: 0, node: 1, value: 10, faceDown: true },
    'any card may be laid (cheating)',
  );
  sc.do(0, { type: 'PlayPassage', card: 'KH', parent: 0 });
  t.same(dungeon.redact(played!, { kind: 'seat', seat: 1 }, sc.state), { ...played, card: HIDDEN });
  t.same(dungeon.view(sc.state, { kind: 'seat', seat: 1 }).players[0]?.dungeon, [{ id: 1, parent: 0, value: 10, card: HIDDEN }]);
  t.same(
    dungeon.view(sc.state, { kind: 'seat', seat: 0 }).players[0]?.dungeon,
    [{ id: 1, parent: 0, value: 10, card: 'KH' }],
    'the owner knows',
  );
});

t.test('§Pitch Black: the place must still be a legal one', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['KH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.spec.when({ type: 'PlayPassage', card: 'KH', parent: 1 }).thenViolates(t, 'dungeon/illegal-passage');
});

/** Seat 1 has laid a 10 (its stake); seat 0 then lays `first` as its 10 in Pitch Black, and seat 1 may accuse in the window. */
function laid(first: string) {
  const sc = scenario(pitch, 2, {
    hands: [
      [first, '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  return sc.do(0, { type: 'PlayPassage', card: first, parent: 0 });
}

t.test('§Pitch Black: an accused cheat discards his whole dungeon (not the cell), face down', async (t) => {
  const sc = laid('KH');
  sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).then(t, [
    { type: 'DungeonRevealed', seat: 0, by: 1, passages: [{ node: 1, value: 10, card: 'KH' }], cheated: true },
    { type: 'CardsDiscarded', seat: 0, from: 'dungeon', cards: ['KH'], faceDown: true },
    { type: 'ResponsePassed', seat: 1 },
    { type: 'WindowClosed', cancelled: false },
  ]);
});

t.test('§Pitch Black: a wrongly accused player keeps his dungeon and the accuser loses his own', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.do(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  const events = sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).events();
  t.same(events.slice(0, 2), [
    { type: 'DungeonRevealed', seat: 0, by: 1, passages: [{ node: 1, value: 10, card: '10H' }], cheated: false },
    { type: 'CardsDiscarded', seat: 1, from: 'dungeon', cards: ['10S'], faceDown: true },
  ]);
  t.ok(dungeon.redact(events[1]!, { kind: 'seat', seat: 0 }, sc.state), 'the discard event is still shown');
  t.same((dungeon.redact(events[1]!, { kind: 'seat', seat: 0 }, sc.state) as { cards: string[] }).cards, [HIDDEN], 'face down to others');
});

t.test('§Pitch Black: a Joker passage is never a cheat', async (t) => {
  const sc = laid('X1');
  t.same(sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).events()[0], {
    type: 'DungeonRevealed',
    seat: 0,
    by: 1,
    passages: [{ node: 1, value: 10, card: 'X1' }],
    cheated: false,
  });
});

t.test('§Pitch Black (ruling): an accuser must have a dungeon to stake, so an empty dungeon accuses nobody', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['KH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.do(0, { type: 'PlayPassage', card: 'KH', parent: 0 });
  sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).thenViolates(t, 'dungeon/no-stake', 'not even against a cheat');
  t.same(
    dungeon.legalCommands(sc.state, 1).filter((c) => c.type === 'Accuse'),
    [],
    'and it is not offered',
  );
});

t.test('§Pitch Black (ruling): a wrong accusation costs the stake, so it cannot be repeated within the turn', async (t) => {
  const sc = scenario(pitch, 3, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
      ['10D', '9D', '8D', '7D', '6D'],
    ],
    deck: DECK,
  });
  for (const seat of [0, 1, 2]) sc.play(seat, { type: 'PlayPassage', card: `10${'HSD'[seat]}`, parent: 0 }).endTurn();
  sc.do(0, { type: 'Accuse', target: 1 });
  t.same(sc.player(0).dungeon, [], 'seat 1 was honest: the accuser lost its dungeon');
  sc.spec.when({ type: 'Accuse', target: 1 }).thenViolates(t, 'dungeon/no-stake', 'the same accusation again');
  sc.spec.when({ type: 'Accuse', target: 2 }).thenViolates(t, 'dungeon/no-stake', 'or against another player');
});

t.test('§Pitch Black: accusations are not part of the other variants', async (t) => {
  const sc = scenario(almost, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.do(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).thenViolates(t, 'dungeon/not-pitch-black');
});

t.test('§Pitch Black: a claimed escape stands only once the window after it closes unchallenged', async (t) => {
  // Seat 0 claims 10..2 with whatever it holds; each turn the others pass.
  const deck = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', '10C', '2D', '3D', '4D', '5D', '6D', '7D', '8D', '9D', '10D'];
  const sc = scenario(pitch, 2, {
    hands: [
      ['KH', 'QH', 'JH', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck,
  });
  let parent = 0;
  for (let i = 0; i < 8; i++) {
    const card = sc.player(0).hand[0] ?? '';
    sc.play(0, { type: 'PlayPassage', card, parent }).endTurn();
    // Seat 1 lays one passage, so that it has a dungeon to stake on an accusation.
    if (i === 0) sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 });
    sc.endTurn();
    parent = sc.player(0).dungeon.at(-1)?.id ?? 0;
  }
  t.equal(sc.player(0).dungeon.at(-1)?.value, 3);
  const card = sc.player(0).hand[0] ?? '';
  sc.do(0, { type: 'PlayPassage', card, parent });
  t.equal(sc.state.winners, null, 'not yet');
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'WindowClosed', cancelled: false },
    { type: 'GameWon', seat: 0, how: 'escaped' },
  ]);
  const caught = sc.spec.when({ type: 'Accuse', target: 0 }, { seat: 1 }).events();
  t.equal(
    caught.some((e) => e.type === 'GameWon'),
    false,
    'an exposed cheat does not escape',
  );
});

t.test('§Pitch Black: discards go face down; the Graverobber looks through the pile secretly', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['JH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.endTurn().endTurn();
  t.same(dungeon.view(sc.state, { kind: 'seat', seat: 0 }).discard, [HIDDEN, HIDDEN], 'the pile is face down');
  sc.play(0, { type: 'UseGraverobber', card: 'JH' });
  t.same(dungeon.view(sc.state, { kind: 'seat', seat: 0 }).discard, ['2C', '3C'], 'the searching player sees it');
  t.same(dungeon.view(sc.state, { kind: 'seat', seat: 1 }).discard, [HIDDEN, HIDDEN], 'the others do not');
  const [taken] = sc.spec.when({ type: 'TakeFromDiscard', card: '3C' }).events();
  t.same(dungeon.redact(taken!, { kind: 'seat', seat: 1 }, sc.state), { type: 'CardTaken', seat: 0, card: HIDDEN });
});

t.test('§Pitch Black: a cave-in always asks the owner, so nobody learns whether the passage is a Joker', async (t) => {
  const sc = scenario(pitch, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn();
  sc.do(0, { type: 'CaveIn', card: '10H', target: 1 });
  t.same(sc.state.prompt, { kind: 'joker-save', seat: 1 });
  t.same(dungeon.legalCommands(sc.state, 1), [{ type: 'LoseJoker' }, { type: 'Concede' }], 'no Joker to save');
  sc.spec.when({ type: 'SaveJoker', card: '9S' }, { seat: 1 }).thenViolates(t, 'dungeon/not-a-joker');
});

t.test('§Almost Black: passages are face up and must be honest; only discards go face down', async (t) => {
  const sc = scenario(almost, 2, {
    hands: [
      ['KH', '10H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.spec.when({ type: 'PlayPassage', card: 'KH', parent: 0 }).thenViolates(t, 'dungeon/wrong-card');
  t.same(sc.spec.when({ type: 'PlayPassage', card: '10H', parent: 0 }).events()[0], {
    type: 'PassagePlayed',
    seat: 0,
    card: '10H',
    parent: 0,
    node: 1,
    value: 10,
    faceDown: false,
  });
  sc.endTurn();
  t.same(dungeon.view(sc.state, { kind: 'seat', seat: 1 }).discard, [HIDDEN]);
  t.same(
    sc.events.filter((e) => e.type === 'CardsDiscarded').map((e) => dungeon.redact(e, { kind: 'seat', seat: 1 }, sc.state)),
    [{ type: 'CardsDiscarded', seat: 0, from: 'hand', cards: [HIDDEN], faceDown: true }],
  );
});

t.test('§Jokers Wild: a Joker may be played as an Ace and draws two', async (t) => {
  const sc = scenario(wild, 2, {
    hands: [
      ['X1', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  sc.do(0, { type: 'PlayAce', card: 'X1' });
  t.same(
    sc.spec
      .when({ type: 'Pass' }, { seat: 1 })
      .events()
      .find((e) => e.type === 'CardsDrawn'),
    { type: 'CardsDrawn', seat: 0, cards: ['3C', '4C'], reason: 'ace' },
  );
});

t.test('§Jokers Wild: in the standard game Jokers are only cells, never in play', async (t) => {
  const sc = scenario({}, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: DECK,
  });
  const { everyCard } = await import('../src/index');
  const inPlay = [...sc.state.deck, ...sc.state.players.flatMap((p) => p.hand)];
  t.equal(
    inPlay.some((c) => c.startsWith('X')),
    false,
  );
  t.equal(everyCard(sc.state).filter((c) => c.startsWith('X')).length, 2, 'both Jokers are cells');
});
