// §Playing a Passage Card and §Winning (escape): the dungeon tree and which nodes are open.
import t from 'tap';
import { scenario, SKIPPING } from './support';

const std = { variant: 'standard', ...SKIPPING } as const;
// Seat 0 holds a run of passages; seat 1 holds nothing useful. Both draw from a deck of low cards.
const deal = (hand: string[], deck: string[] = ['AS', 'AH', 'AD', 'AC', '2S', '2H', '2D', '2C']) =>
  scenario(std, 2, { hands: [hand, ['JS', 'JH', 'QS', 'QH', 'KS']], deck });

/** Lay passages for seat 0 turn after turn (seat 1 just ends its turns). */
function lay(sc: ReturnType<typeof deal>, ...moves: [string, number][]) {
  for (const [card, parent] of moves) {
    sc.play(0, { type: 'PlayPassage', card, parent }).endTurn().endTurn();
  }
  return sc;
}

t.test('§Passage: the first passage is a 10 laid on the cell', async (t) => {
  const sc = deal(['10H', '9H', '8H', '7H', '6H']);
  sc.spec.when({ type: 'PlayPassage', card: '9H', parent: 0 }).thenViolates(t, 'dungeon/wrong-card');
  t.same(sc.spec.when({ type: 'PlayPassage', card: '10H', parent: 0 }).events()[0], {
    type: 'PassagePlayed',
    seat: 0,
    card: '10H',
    parent: 0,
    node: 1,
    value: 10,
    faceDown: false,
  });
});

t.test('§Passage: each passage is one lower and laid next to the last one', async (t) => {
  const sc = lay(deal(['10H', '9H', '8H', '7H', '6H']), ['10H', 0]);
  sc.spec.when({ type: 'PlayPassage', card: '8H', parent: 1 }).thenViolates(t, 'dungeon/wrong-card', 'an 8 may not follow a 10');
  sc.spec.when({ type: 'PlayPassage', card: '9H', parent: 1 }).then(t, [
    { type: 'PassagePlayed', seat: 0, card: '9H', parent: 1, node: 2, value: 9, faceDown: false },
    { type: 'WindowOpened', kind: 'play', last: 0, escape: null },
  ]);
});

t.test('§Turn: only one card may be played per turn', async (t) => {
  const sc = deal(['10H', '9H', '8H', '7H', '6H']).play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'PlayPassage', card: '9H', parent: 1 }).thenViolates(t, 'dungeon/already-played');
});

t.test('§Passage: a branch repeats the current lowest value off the card beneath it, in a later turn', async (t) => {
  const sc = lay(deal(['10H', '9H', '8H', '7H', '7S']), ['10H', 0], ['9H', 1], ['8H', 2], ['7H', 3]);
  t.same(sc.spec.when({ type: 'PlayPassage', card: '7S', parent: 3 }).events()[0], {
    type: 'PassagePlayed',
    seat: 0,
    card: '7S',
    parent: 3,
    node: 5,
    value: 7,
    faceDown: false,
  });
});

t.test('§Passage: no branching back up the passage (no second 9 off the 10 once the 7s are down)', async (t) => {
  const sc = lay(
    deal(['10H', '9H', '8H', '7H', '7S'], ['9S', 'AH', 'AD', 'AC', '2S', '2H', '2D', '2C', '3S', '3H', '3D']),
    ['10H', 0],
    ['9H', 1],
    ['8H', 2],
    ['7H', 3],
    ['7S', 3],
  );
  t.ok(sc.player(0).hand.includes('9S'), 'seat 0 holds another 9');
  sc.spec.when({ type: 'PlayPassage', card: '9S', parent: 1 }).thenViolates(t, 'dungeon/illegal-passage');
});

t.test('§Passage: going back to build on an earlier branch is allowed', async (t) => {
  // 10-9-8 with two 7s; the first 7 goes on to 6, 5, 4; then a 6 may still go on the other 7.
  const sc = scenario(std, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '7S'],
      ['JS', 'JH', 'QS', 'QH', 'KS'],
    ],
    deck: ['6H', 'AH', '5H', 'AD', '4H', 'AC', '6S', '2C', '3S', '3H', '3D', '3C', '4S', '4D'],
  });
  lay(sc, ['10H', 0], ['9H', 1], ['8H', 2], ['7H', 3], ['7S', 3], ['6H', 4], ['5H', 6], ['4H', 7]);
  t.ok(sc.player(0).hand.includes('6S'), 'seat 0 holds another 6');
  t.same(sc.spec.when({ type: 'PlayPassage', card: '6S', parent: 5 }).events()[0], {
    type: 'PassagePlayed',
    seat: 0,
    card: '6S',
    parent: 5,
    node: 9,
    value: 6,
    faceDown: false,
  });
  sc.spec.when({ type: 'PlayPassage', card: '6S', parent: 3 }).thenViolates(t, 'dungeon/illegal-passage', 'but not a 6 off the 8');
});

t.test('§Passage: after a retreat a branch may grow from the card that is now second lowest', async (t) => {
  const sc = scenario(std, 2, {
    hands: [
      ['10H', '9H', '8H', '8S', '9S'],
      ['JS', 'JH', 'QS', 'QH', 'KS'],
    ],
    deck: ['AS', 'AH', 'AD', 'AC', '2S', '2H', '2D', '3S', '3H'],
  });
  lay(sc, ['10H', 0], ['9H', 1], ['8H', 2]);
  // Seat 1 attacks the 8; seat 0 retreats, so the 9 is now the lowest and the 10 the second lowest.
  sc.endTurn().play(1, { type: 'Attack', card: 'JS', target: 0 }).do(0, { type: 'Retreat' });
  sc.endTurn();
  t.same(
    sc.player(0).dungeon.map((n) => n.value),
    [10, 9],
    'the 8 is gone',
  );
  t.same(
    sc.spec.when({ type: 'PlayPassage', card: '8S', parent: 2 }).events()[0],
    {
      type: 'PassagePlayed',
      seat: 0,
      card: '8S',
      parent: 2,
      node: 4,
      value: 8,
      faceDown: false,
    },
    'an 8 on the 9 again',
  );
  t.same(
    sc.spec.when({ type: 'PlayPassage', card: '9S', parent: 1 }).events()[0],
    {
      type: 'PassagePlayed',
      seat: 0,
      card: '9S',
      parent: 1,
      node: 4,
      value: 9,
      faceDown: false,
    },
    'or a 9 branching from the 10, now the second lowest card',
  );
  sc.spec.when({ type: 'PlayPassage', card: '9S', parent: 0 }).thenViolates(t, 'dungeon/illegal-passage', 'but nothing more on the cell');
});

t.test('§Winning: laying the 2 at the end of a 10-to-2 passage escapes and wins', async (t) => {
  const sc = scenario(std, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['JS', 'JH', 'QS', 'QH', 'KS'],
    ],
    deck: ['5H', 'AH', '4H', 'AD', '3H', 'AC', '2H', 'AS', '3S', '3D', '3C', '4S', '4D'],
  });
  lay(sc, ['10H', 0], ['9H', 1], ['8H', 2], ['7H', 3], ['6H', 4], ['5H', 5], ['4H', 6], ['3H', 7]);
  sc.spec.when({ type: 'PlayPassage', card: '2H', parent: 8 }).then(t, [
    { type: 'PassagePlayed', seat: 0, card: '2H', parent: 8, node: 9, value: 2, faceDown: false },
    { type: 'GameWon', seat: 0, how: 'escaped' },
  ]);
});

t.test('§Passage: legal slots are exactly the dead ends and the branch point of the lowest value', async (t) => {
  const sc = lay(deal(['10H', '9H', '9S', '8H', '2S']), ['10H', 0], ['9H', 1], ['9S', 1]);
  const { openSlots } = await import('../src/rules/passages');
  t.same(openSlots(sc.player(0)), [
    { parent: 1, value: 9 },
    { parent: 2, value: 8 },
    { parent: 3, value: 8 },
  ]);
});
