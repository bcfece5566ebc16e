// Views and redaction: own hand visible, other hands as counts, face-down cards hidden, the audit sees all.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { dungeon, HIDDEN } from '../src/index';
import { scenario, SKIPPING } from './support';

const seat = (s: number) => ({ kind: 'seat', seat: s }) as const;

t.test("views: a seat sees its own hand and only the size of the others'", async (t) => {
  const sc = scenario({}, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: ['2C', '3C'],
  });
  const v0 = dungeon.view(sc.state, seat(0));
  t.same(v0.players[0]?.hand, ['10H', '9H', '8H', '7H', '6H', '2C']);
  t.equal(v0.players[1]?.hand, null);
  t.equal(v0.players[1]?.handCount, 5);
  t.equal(
    dungeon.view(sc.state, { kind: 'spectator' }).players.every((p) => p.hand === null),
    true,
    'a spectator sees no hand',
  );
  t.same(dungeon.view(sc.state, { kind: 'audit' }).players[1]?.hand, ['10S', '9S', '8S', '7S', '6S'], 'the audit sees every hand');
});

t.test('views: Joker cells are face up; a random cell is hidden from everyone, its owner included', async (t) => {
  const sc = scenario({}, 3, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
      ['10D', '9D', '8D', '7D', '6D'],
    ],
    cells: ['KC'],
    deck: ['2C'],
  });
  for (const viewer of [seat(0), seat(2), { kind: 'spectator' } as const]) {
    t.same(
      dungeon.view(sc.state, viewer).players.map((p) => p.cell),
      ['X1', 'X2', HIDDEN],
    );
  }
  t.equal(dungeon.view(sc.state, { kind: 'audit' }).players[2]?.cell, 'KC');
  const assigned = sc.events.find((e) => e.type === 'CellsAssigned');
  t.same(dungeon.redact(assigned!, seat(2), sc.state), {
    type: 'CellsAssigned',
    cells: [
      { seat: 0, card: 'X1', faceUp: true },
      { seat: 1, card: 'X2', faceUp: true },
      { seat: 2, card: HIDDEN, faceUp: false },
    ],
    setAside: [],
  });
});

t.test('redact: drawn cards are shown to the drawer only', async (t) => {
  const sc = scenario({}, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: ['2C', '3C'],
  });
  const drawn = sc.events.at(-1)!;
  t.same(dungeon.redact(drawn, seat(0), sc.state), { type: 'CardsDrawn', seat: 0, cards: ['2C'], reason: 'turn' });
  t.same(dungeon.redact(drawn, seat(1), sc.state), { type: 'CardsDrawn', seat: 0, cards: [HIDDEN], reason: 'turn' });
  t.same(dungeon.redact(drawn, { kind: 'spectator' }, sc.state), { type: 'CardsDrawn', seat: 0, cards: [HIDDEN], reason: 'turn' });
});

t.test('redact: a play-off card stays secret until every contender has put one down', async (t) => {
  const state = dungeon.initialState({}, 2);
  const setupEvents = dungeon.setup(state, randomFor('v', 0));
  const dealt = setupEvents.reduce(dungeon.evolve, state);
  const card = dealt.players[0]?.hand[0] ?? '';
  const [chosen] = dungeon.decide({ type: 'PlayOffCard', card }, dealt, { actor: { kind: 'seat', seat: 0 }, random: randomFor('v', 1) });
  t.same(dungeon.redact(chosen!, seat(1), dealt), { type: 'PlayOffCardChosen', seat: 0, card: HIDDEN });
  t.same(dungeon.redact(chosen!, seat(0), dealt), chosen);
  const after = dungeon.evolve(dealt, chosen!);
  t.same(dungeon.view(after, seat(1)).playoff, { contenders: [0, 1], ready: [0] }, 'others see only who is ready');
});

t.test("redact: a hand shown to the Myrmiddon's player is hidden from the rest of the table", async (t) => {
  const sc = scenario({}, 3, {
    hands: [
      ['QH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
      ['10D', '9D', '8D', '7D', '6D'],
    ],
    deck: ['2C', '3C', '4C'],
  });
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 13 }).do(1, { type: 'DenyCard' });
  const [shown] = sc.spec.when({ type: 'DemandLook' }).events();
  t.same(dungeon.redact(shown!, seat(0), sc.state), shown, 'the asker sees it');
  t.same(dungeon.redact(shown!, seat(1), sc.state), shown, 'its owner knows it');
  t.same(dungeon.redact(shown!, seat(2), sc.state), {
    type: 'HandRevealed',
    seat: 1,
    to: 0,
    cards: [HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN],
  });
});

t.test('views: the discard pile is public in the standard game', async (t) => {
  const sc = scenario(SKIPPING, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: ['2C', '3C'],
  }).endTurn();
  t.same(dungeon.view(sc.state, seat(1)).discard, ['2C']);
  t.equal(dungeon.view(sc.state, seat(1)).deckCount, sc.state.deck.length);
});

t.test("redact: whether a Myrmiddon's target told the truth is its own secret until the asker looks", async (t) => {
  const sc = scenario(SKIPPING, 3, {
    hands: [
      ['QH', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
      ['10D', '9D', '8D', '7D', '6D'],
    ],
    deck: ['2C', '3C', '4C'],
  });
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  const [denied] = sc.spec.when({ type: 'DenyCard' }, { seat: 1 }).events();
  t.same(denied, { type: 'CardDenied', seat: 1, truthful: false }, 'a lie: seat 1 holds the 9S');
  t.same(dungeon.redact(denied!, seat(1), sc.state), denied, 'the denier knows');
  t.same(dungeon.redact(denied!, { kind: 'audit' }, sc.state), denied, 'the audit knows');
  for (const other of [seat(0), seat(2), { kind: 'spectator' } as const])
    t.same(dungeon.redact(denied!, other, sc.state), { type: 'CardDenied', seat: 1, truthful: null }, 'nobody else does');
  sc.do(1, { type: 'DenyCard' });
  t.same(
    dungeon.view(sc.state, seat(0)).power,
    { seat: 0, card: 'QH', kind: 'myrmiddon', target: 1, ask: 9, denied: true },
    'nor does the view tell',
  );
});
