// §You Need and §Setting Up: seats, decks, cells, the deal and the first-player play-off.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { dungeon, everyCard, allCards } from '../src/index';
import { scenario } from './support';
import type { DungeonEvent } from '../src/events';

const deal = (options: object, seats: number, seed = 'deal') => {
  const state = dungeon.initialState(options, seats);
  const events = dungeon.setup(state, randomFor(seed, 0));
  return { events, state: events.reduce(dungeon.evolve, state) };
};

t.test('§You Need: two or more players, up to six per deck', async (t) => {
  t.throws(() => dungeon.checkSeats({}, 1), { code: 'dungeon/bad-seat-count' });
  t.doesNotThrow(() => dungeon.checkSeats({}, 2));
  t.doesNotThrow(() => dungeon.checkSeats({}, 6));
  t.throws(() => dungeon.checkSeats({}, 7), { code: 'dungeon/bad-seat-count' });
  t.doesNotThrow(() => dungeon.checkSeats({ decks: 2 }, 12));
});

t.test('§Setting Up: one deck plays with 52 cards plus two Jokers as cells; two decks double it', async (t) => {
  const one = deal({}, 2);
  t.equal(everyCard(one.state).length, 54);
  t.same(everyCard(one.state).sort(), allCards(one.state.options).sort(), 'every card is somewhere, once');
  const two = deal({ decks: 2 }, 4);
  t.equal(everyCard(two.state).length, 108);
  t.same(everyCard(two.state).sort(), allCards(two.state.options).sort());
});

t.test('§Setting Up: Jokers lie face up as cells; with more players than Jokers the rest get a random face-down card', async (t) => {
  const { state } = deal({}, 3);
  t.same(state.players.map((p) => [p.cell, p.cellFaceUp]).slice(0, 2), [
    ['X1', true],
    ['X2', true],
  ]);
  t.equal(state.players[2]?.cellFaceUp, false);
  t.not(state.players[2]?.cell?.startsWith('X'), true, 'a card from the deck');
  const two = deal({ decks: 2 }, 5).state;
  t.same(
    two.players.map((p) => p.cellFaceUp),
    [true, true, true, true, false],
    'two decks bring four Jokers',
  );
  t.same(deal({}, 2).state.setAside, [], 'two players use both Jokers');
  t.same(deal({ decks: 2 }, 2).state.setAside, ['X1.2', 'X2.2'], 'spare Jokers are set aside');
});

t.test('§Setting Up: everyone is dealt five cards, then the play-off starts with every seat', async (t) => {
  const { state, events } = deal({}, 3);
  t.same(
    state.players.map((p) => p.hand.length),
    [5, 5, 5],
  );
  t.equal(events[0]?.type, 'DeckShuffled', 'the shuffle is recorded');
  t.same(dungeon.status(state), { phase: 'playoff', awaiting: [0, 1, 2] });
});

t.test('§Setting Up: the highest play-off card starts; the played cards are replaced and discarded', async (t) => {
  const { state } = deal({}, 2, 'po');
  let s = state;
  const p0 = s.players[0]?.hand ?? [];
  const p1 = s.players[1]?.hand ?? [];
  const { rankOf } = await import('../src/rules/cards');
  const best0 = [...p0].sort((a, b) => rankOf(b) - rankOf(a))[0] ?? '';
  const low1 = [...p1].filter((c) => rankOf(c) < rankOf(best0)).sort((a, b) => rankOf(a) - rankOf(b))[0];
  t.ok(low1, 'seat 1 has a lower card for this seed');
  const run = (seat: number, card: string) => {
    const evs = dungeon.decide({ type: 'PlayOffCard', card }, s, { actor: { kind: 'seat', seat }, random: randomFor('po', 9) });
    s = evs.reduce(dungeon.evolve, s);
    return evs;
  };
  t.same(run(0, best0), [{ type: 'PlayOffCardChosen', seat: 0, card: best0 }]);
  const evs: DungeonEvent[] = run(1, low1 ?? '');
  t.same(
    evs.map((e) => e.type),
    ['PlayOffCardChosen', 'PlayOffRevealed', 'CardsDrawn', 'CardsDrawn', 'FirstPlayerChosen', 'TurnStarted', 'CardsDrawn'],
  );
  t.same(
    evs.find((e) => e.type === 'FirstPlayerChosen'),
    { type: 'FirstPlayerChosen', seat: 0 },
  );
  t.same(
    s.players.map((p) => p.hand.length),
    [6, 5],
    'replacements drawn, and the starter drew for the turn',
  );
  t.same(s.discard, [best0, low1], 'play-off cards are discarded');
});

t.test('§Setting Up: tied highest cards play off again among the tied seats only (ruling)', async (t) => {
  const sc = scenario({}, 3, {
    hands: [
      ['KH', '2H', '3H', '4H', '5H'],
      ['KS', '2S', '3S', '4S', '5S'],
      ['QD', '2D', '3D', '4D', '5D'],
    ],
  });
  // Rebuild the position before the play-off: the scenario's deal skips it, so replay only the deal events.
  const events = sc.events.filter(
    (e) => e.type !== 'FirstPlayerChosen' && e.type !== 'TurnStarted' && !(e.type === 'CardsDrawn' && e.reason === 'turn'),
  );
  let s = events.reduce(dungeon.evolve, dungeon.initialState({}, 3));
  const play = (seat: number, card: string) => {
    const evs = dungeon.decide({ type: 'PlayOffCard', card }, s, { actor: { kind: 'seat', seat }, random: randomFor('tie', seat) });
    s = evs.reduce(dungeon.evolve, s);
    return evs;
  };
  play(0, 'KH');
  play(1, 'KS');
  const evs = play(2, 'QD');
  t.same(evs.at(-1), { type: 'PlayOffStarted', contenders: [0, 1] });
  t.same(dungeon.status(s).awaiting, [0, 1], 'seat 2 is out of the play-off');
  play(0, '5H');
  const last = play(1, '2S');
  t.same(
    last.find((e) => e.type === 'FirstPlayerChosen'),
    { type: 'FirstPlayerChosen', seat: 0 },
  );
});

t.test('§Setting Up: Aces count low and a wild Joker highest in the play-off (ruling)', async (t) => {
  const sc = scenario({ variant: 'jokers-wild' }, 2, {
    hands: [
      ['AH', '2H', '3H', '4H', 'X1'],
      ['2S', '3S', '4S', '5S', '6S'],
    ],
  });
  const events = sc.events.filter(
    (e) => e.type !== 'FirstPlayerChosen' && e.type !== 'TurnStarted' && !(e.type === 'CardsDrawn' && e.reason === 'turn'),
  );
  const before = events.reduce(dungeon.evolve, dungeon.initialState({ variant: 'jokers-wild' }, 2));
  const after = (c0: string, c1: string) => {
    let s = before;
    for (const [seat, card] of [
      [0, c0],
      [1, c1],
    ] as const)
      s = dungeon
        .decide({ type: 'PlayOffCard', card }, s, { actor: { kind: 'seat', seat }, random: randomFor('x', seat) })
        .reduce(dungeon.evolve, s);
    return s.turn?.seat;
  };
  t.equal(after('AH', '2S'), 1, 'the Ace loses to a 2');
  t.equal(after('X1', '6S'), 0, 'the Joker beats everything');
});

t.test('§Random Cell: every cell is a face-down card and the Jokers join the deck', async (t) => {
  const { state } = deal({ variant: 'jokers-wild' }, 2);
  t.same(
    state.players.map((p) => p.cellFaceUp),
    [false, false],
  );
  t.equal(everyCard(state).length, 54);
  t.same(state.setAside, []);
});
