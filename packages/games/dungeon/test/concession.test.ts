// Conceding (docs/rulings/dungeon.md, after §Retreat and §Winning): the leaver is out as if slain, what it had going is
// called off, and the game goes on without it.
import t from 'tap';
import { specFor } from '@delve/kernel/testing';
import { dungeon, type DungeonEvent } from '../src/index';
import { concession } from '../src/legal';
import { cards, dealt, scenario, SKIPPING, tenLaid } from './support';

const std = { variant: 'standard', ...SKIPPING } as const;
const LOW = cards('2C 3C 4C 5C 6C 7C 8C 9C 2S 3S 4S 5S');
const types = (events: readonly DungeonEvent[]) => events.map((e) => e.type);

/** Three seats; seat 1 has laid a 10 and it is seat 0's turn with creatures in hand. */
const seat1Out = () => tenLaid(std, ['JH KH QH 3H 4H', '10S 9S 5D 6D 7D', 'QD 3D 4D 8D 10D'], LOW);

/** Three seats, seat 0 to lay a 10; seat 1 holds an Ace. */
const tenToLay = () => scenario(std, 3, { hands: ['10H 9H 8H 7H 6H', 'AS 3S 4S 5S 6S', 'AC 3D 4D 5D 6D'].map(cards), deck: LOW });

t.test('§Winning (Conceding ruling): with two players, a concession leaves the other the last one alive, who wins', async (t) => {
  const sc = scenario(std, 2, { hands: ['10H 9H 8H 7H 6H', '5S 6S 7S 8S 9S'].map(cards), deck: LOW });
  t.same(dungeon.legalCommands(sc.state, 1).at(-1), { type: 'Concede' }, 'listed for a seat the game is not waiting for');
  sc.spec.when({ type: 'Concede' }, { seat: 1 }).then(t, [
    { type: 'PlayerConceded', seat: 1 },
    { type: 'GameWon', seat: 0, how: 'last-alive' },
  ]);
  sc.do(1, { type: 'Concede' });
  t.same(sc.player(1).hand, [], 'the hand is discarded');
  t.same(sc.state.discard, ['5S', '6S', '7S', '8S', '9S']);
  t.same(dungeon.status(sc.state).winners, [0]);
});

t.test('§Retreat (Conceding ruling): a player who concedes on its turn is out, and the next living player’s turn starts', async (t) => {
  const sc = seat1Out();
  const events = sc.spec.when({ type: 'Concede' }, { seat: 0 }).events();
  t.same(types(events), ['PlayerConceded', 'TurnEnded', 'TurnStarted', 'CardsDrawn']);
  t.same(events[2], { type: 'TurnStarted', seat: 1 });
  sc.do(0, { type: 'Concede' });
  t.equal(sc.player(0).alive, false);
  t.same(dungeon.legalCommands(sc.state, 0), [], 'a leaver may send nothing more');
  t.equal(concession(sc.state, 0), null, 'nor concede again');
  t.same(concession(sc.state, 2), { type: 'Concede' }, 'while the living may');
  sc.spec.when({ type: 'Concede' }, { seat: 0 }).thenViolates(t, 'dungeon/dead');
});

t.test('§Creature (Conceding ruling): a defender who concedes calls the fight off; the attacker’s turn goes on', async (t) => {
  const sc = seat1Out().play(0, { type: 'Attack', card: 'KH', target: 1 });
  t.same(sc.state.prompt, { kind: 'defend', seat: 1 });
  sc.spec.when({ type: 'Concede' }, { seat: 1 }).then(t, [{ type: 'PlayerConceded', seat: 1 }]);
  sc.do(1, { type: 'Concede' });
  t.equal(sc.state.combat, null, 'no fight is left');
  t.ok(sc.state.discard.includes('KH'), 'the creature is discarded');
  t.same(
    sc.player(1).dungeon.map((n) => n.card),
    ['10S'],
    'the passage stays where it lies',
  );
  t.same(dungeon.status(sc.state), { phase: 'turn', awaiting: [0] }, 'the attacker finishes its turn');
  sc.endTurn();
  sc.spec
    .when({ type: 'Attack', card: 'QD', target: 1 }, { seat: 2 })
    .thenViolates(t, 'dungeon/bad-target', 'a leaver is attacked no more');
});

t.test('§Creature (Conceding ruling): an attacker who concedes calls its attack off and its turn passes', async (t) => {
  const sc = seat1Out().play(0, { type: 'Attack', card: 'KH', target: 1 });
  const events = sc.spec.when({ type: 'Concede' }, { seat: 0 }).events();
  t.same(types(events), ['PlayerConceded', 'TurnEnded', 'TurnStarted', 'CardsDrawn']);
  sc.do(0, { type: 'Concede' });
  t.equal(sc.state.prompt, null, 'the defender is asked nothing');
  t.same(
    sc.player(1).dungeon.map((n) => n.card),
    ['10S'],
  );
  t.same(dungeon.status(sc.state).awaiting, [1]);
});

t.test('§Myrmiddon (Conceding ruling): when the opponent asked concedes, the power is called off', async (t) => {
  const sc = seat1Out().play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  t.same(sc.state.prompt, { kind: 'answer', seat: 1 });
  sc.spec.when({ type: 'Concede' }, { seat: 1 }).then(t, [{ type: 'PlayerConceded', seat: 1 }]);
  sc.do(1, { type: 'Concede' });
  t.equal(sc.state.power, null);
  t.ok(sc.state.discard.includes('QH') && sc.state.discard.includes('9S'), 'the Queen and the hand are discarded; nothing is given');
  t.same(dungeon.status(sc.state), { phase: 'turn', awaiting: [0] });
});

t.test('§Aces (Conceding ruling): a window stops waiting for a leaver, whose unresolved Aces draw nothing', async (t) => {
  const sc = tenToLay().do(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.do(1, { type: 'PlayAce', card: 'AS' }).do(2, { type: 'Pass' });
  t.same(dungeon.status(sc.state).awaiting, [0]);
  sc.spec.when({ type: 'Concede' }, { seat: 1 }).then(t, [{ type: 'PlayerConceded', seat: 1 }]);
  sc.do(1, { type: 'Concede' });
  t.ok(sc.state.discard.includes('AS'), 'the Ace goes to the pile with the hand');
  sc.spec.when({ type: 'Pass' }, { seat: 0 }).then(t, [
    { type: 'ResponsePassed', seat: 0 },
    { type: 'WindowClosed', cancelled: false },
  ]);

  const last = tenToLay().do(0, { type: 'PlayPassage', card: '10H', parent: 0 }).do(1, { type: 'Pass' });
  last.spec.when({ type: 'Concede' }, { seat: 2 }).then(
    t,
    [
      { type: 'PlayerConceded', seat: 2 },
      { type: 'WindowClosed', cancelled: false },
    ],
    'the last one asked concedes: the window closes',
  );
});

t.test('§On your turn (Conceding ruling): the turn of a player who concedes in its window passes once the window closes', async (t) => {
  const sc = tenToLay().do(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.spec.when({ type: 'Concede' }, { seat: 0 }).then(t, [{ type: 'PlayerConceded', seat: 0 }]);
  sc.do(0, { type: 'Concede' }).do(1, { type: 'Pass' });
  const events = sc.spec.when({ type: 'Pass' }, { seat: 2 }).events();
  t.same(types(events), ['ResponsePassed', 'WindowClosed', 'TurnEnded', 'TurnStarted', 'CardsDrawn']);
  t.same(events[3], { type: 'TurnStarted', seat: 1 });
});

t.test('§Pitch Black (Conceding ruling): a claimed escape fails when its player concedes in the window', async (t) => {
  const pitch = { variant: 'pitch-black', ...SKIPPING } as const;
  const sc = scenario(pitch, 3, { hands: ['2H 3H 4H 5H 6H', '7S 8S 9S 10S JS', '7D 8D 9D 10D JD'].map(cards), deck: LOW });
  // Seat 0 claims 10 down to 3 with whatever it holds (face down, anything goes), one a turn.
  for (let value = 10; value > 2; value--) {
    const parent = sc.player(0).dungeon.at(-1)?.id ?? 0;
    sc.play(0, { type: 'PlayPassage', card: sc.player(0).hand[0] ?? '', parent })
      .endTurn()
      .endTurn()
      .endTurn();
  }
  const parent = sc.player(0).dungeon.at(-1)?.id ?? 0;
  sc.do(0, { type: 'PlayPassage', card: sc.player(0).hand[0] ?? '', parent });
  t.not(sc.state.window?.escape, null, 'the 2 is claimed');
  sc.do(0, { type: 'Concede' }).do(1, { type: 'Pass' });
  const events = sc.spec.when({ type: 'Pass' }, { seat: 2 }).events();
  t.notOk(
    events.some((e) => e.type === 'GameWon'),
    'nobody escapes',
  );
  t.same(
    events.find((e) => e.type === 'TurnStarted'),
    { type: 'TurnStarted', seat: 1 },
  );
});

t.test('§Setting Up (Conceding ruling): the play-off settles among the contenders who stay', async (t) => {
  const hands = ['10H KH 3H 4H 5H', '9S KS 3S 4S 5S', '3D 4D 5D 6D 7D'].map(cards);
  const spec = specFor(dungeon, { options: std, seats: 3 });
  const playOff = dealt(std, 3, { hands, deck: LOW, inPlayOff: true });
  const after = (...steps: [number, Parameters<typeof dungeon.decide>[0]][]) => {
    const events = [...playOff];
    for (const [seat, command] of steps) events.push(...spec.given(events).when(command, { seat }).events());
    return spec.given(events);
  };
  const left = after([0, { type: 'PlayOffCard', card: '10H' }], [1, { type: 'PlayOffCard', card: '9S' }]);
  const events = left.when({ type: 'Concede' }, { seat: 2 }).events();
  t.same(types(events).slice(0, 2), ['PlayerConceded', 'PlayOffRevealed']);
  t.same(
    events.find((e) => e.type === 'FirstPlayerChosen'),
    { type: 'FirstPlayerChosen', seat: 0 },
    'the highest of the others starts',
  );

  const chosen = after([2, { type: 'PlayOffCard', card: '3D' }], [2, { type: 'Concede' }]);
  t.ok(chosen.state.discard.includes('3D'), 'a leaver’s play-off card goes to the pile');
  t.same(dungeon.status(chosen.state).awaiting, [0, 1], 'the others still put theirs down');

  const tied = after(
    [0, { type: 'PlayOffCard', card: 'KH' }],
    [1, { type: 'PlayOffCard', card: 'KS' }],
    [2, { type: 'PlayOffCard', card: '3D' }],
  );
  t.same(tied.state.playoff?.contenders, [0, 1], 'a tie for highest');
  const alone = tied.when({ type: 'Concede' }, { seat: 1 }).events();
  t.same(types(alone), ['PlayerConceded', 'FirstPlayerChosen', 'TurnStarted', 'CardsDrawn'], 'the one left plays first with no other card');
  t.same(alone[1], { type: 'FirstPlayerChosen', seat: 0 });
});
