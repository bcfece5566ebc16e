// §Creature Special Abilities (Graverobber, Myrmiddon), §Suicide Queen and §Counter Attack 1, 2 and 3.
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { commandSchema, dungeon } from '../src/index';
import { scenario, SKIPPING } from './support';

const H1 = ['10S', '9S', '8S', '7S', '6S'];
const DECK = ['2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C'];

/** Seat 0 to play with `hand`; seat 1 holds `hand1`; the discard pile holds 2C (seat 0 discarded it last turn). */
function withDiscard(options: object, hand: string[], hand1 = H1, seats = 2, hand2 = ['10D', '9D', '8D', '7D', '6D']) {
  const hands = seats === 2 ? [hand, hand1] : [hand, hand1, hand2];
  const sc = scenario({ ...options, ...SKIPPING }, seats, { hands, deck: DECK });
  sc.endTurn();
  while (sc.state.turn?.seat !== 0) sc.endTurn();
  return sc;
}

t.test('§Graverobber: take any card from the discard pile; the Jack goes to the pile when the turn ends', async (t) => {
  const sc = withDiscard({}, ['JH', '10H', '9H', '8H', '7H']);
  t.same(sc.state.discard, ['2C', '3C'], 'two cards in the pile');
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  t.same(
    sc.spec.when({ type: 'Pass' }, { seat: 1 }).events().at(-1),
    { type: 'PromptOpened', kind: 'pick', seat: 0 },
    'the search is asked for once the window closes',
  );
  sc.settle();
  sc.spec.when({ type: 'TakeFromDiscard', card: '9C' }).thenViolates(t, 'dungeon/not-in-discard');
  sc.spec.when({ type: 'TakeFromDiscard', card: '2C' }).then(t, [
    { type: 'CardTaken', seat: 0, card: '2C' },
    { type: 'PowerFinished', seat: 0, to: 'limbo' },
  ]);
  sc.do(0, { type: 'TakeFromDiscard', card: '2C' });
  t.same(sc.state.limbo, ['JH'], 'the Graverobber waits for the end of the turn');
  t.notOk(sc.state.discard.includes('JH'), 'so it cannot be taken back');
  sc.endTurn();
  t.ok(sc.state.discard.includes('JH'), 'discarded at the end of the turn');
});

t.test("§Graverobber: it counts as the turn's card", async (t) => {
  const sc = withDiscard({}, ['JH', '10H', '9H', '8H', '7H']);
  sc.play(0, { type: 'UseGraverobber', card: 'JH' }).do(0, { type: 'TakeFromDiscard', card: '3C' });
  sc.spec.when({ type: 'PlayPassage', card: '10H', parent: 0 }).thenViolates(t, 'dungeon/already-played');
});

t.test('§Myrmiddon: an opponent holding the card asked for hands it over', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H']);
  sc.do(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  t.same(sc.spec.when({ type: 'Pass' }, { seat: 1 }).events().at(-1), { type: 'PromptOpened', kind: 'answer', seat: 1 });
  sc.settle();
  sc.spec.when({ type: 'GiveCard', card: '8S' }, { seat: 1 }).thenViolates(t, 'dungeon/wrong-rank');
  sc.spec.when({ type: 'GiveCard', card: '9S' }, { seat: 1 }).then(t, [
    { type: 'CardGiven', from: 1, to: 0, card: '9S' },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
  sc.do(1, { type: 'GiveCard', card: '9S' });
  t.equal(sc.state.discard.at(-1), 'QH', 'the Myrmiddon is discarded');
});

t.test('§Myrmiddon: a denial may be accepted as given', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  sc.spec.when({ type: 'DenyCard' }, { seat: 1 }).then(t, [
    { type: 'CardDenied', seat: 1, truthful: false },
    { type: 'PromptOpened', kind: 'look', seat: 0 },
  ]);
  sc.do(1, { type: 'DenyCard' });
  sc.spec.when({ type: 'AcceptAnswer' }).then(t, [{ type: 'PowerFinished', seat: 0, to: 'discard' }]);
});

t.test('§Myrmiddon: looking at a truthful hand costs the fisher his whole hand', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 13 }).do(1, { type: 'DenyCard' });
  const hand0 = [...sc.player(0).hand];
  sc.spec.when({ type: 'DemandLook' }).then(t, [
    { type: 'HandRevealed', seat: 1, to: 0, cards: [...sc.player(1).hand] },
    { type: 'AnswerChecked', seat: 1, truthful: true },
    { type: 'CardsDiscarded', seat: 0, from: 'hand', cards: hand0, faceDown: false },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
});

t.test('§Myrmiddon: a caught liar gives the card and discards the rest of the hand', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 }).do(1, { type: 'DenyCard' });
  const rest = sc.player(1).hand.filter((c) => c !== '9S');
  const events = sc.spec.when({ type: 'DemandLook' }).events();
  t.same(events.slice(1), [
    { type: 'AnswerChecked', seat: 1, truthful: false },
    { type: 'CardGiven', from: 1, to: 0, card: '9S' },
    { type: 'CardsDiscarded', seat: 1, from: 'hand', cards: rest, faceDown: false },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
});

t.test('§Suicide Queen: a caught liar may discard the whole hand instead, and the fisher gets nothing', async (t) => {
  const sc = withDiscard({ suicideQueen: true }, ['QH', '10H', '9H', '8H', '7H']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 }).do(1, { type: 'DenyCard' });
  t.same(sc.spec.when({ type: 'DemandLook' }).events().slice(1), [
    { type: 'AnswerChecked', seat: 1, truthful: false },
    { type: 'PromptOpened', kind: 'suicide', seat: 1 },
  ]);
  sc.do(0, { type: 'DemandLook' });
  t.same(dungeon.legalCommands(sc.state, 1), [
    { type: 'ResolveLie', handOver: true },
    { type: 'ResolveLie', handOver: false },
    { type: 'Concede' },
  ]);
  const hand1 = [...sc.player(1).hand];
  sc.spec.when({ type: 'ResolveLie', handOver: false }, { seat: 1 }).then(t, [
    { type: 'CardsDiscarded', seat: 1, from: 'hand', cards: hand1, faceDown: false },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
  t.same(
    sc.spec.when({ type: 'ResolveLie', handOver: true }, { seat: 1 }).events()[0],
    { type: 'CardGiven', from: 1, to: 0, card: '9S' },
    'or hand it over',
  );
});

t.test('§Counter Attack: not in the standard game', async (t) => {
  const sc = withDiscard({}, ['JH', '10H', '9H', '8H', '7H'], ['JS', '9S', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  sc.spec.when({ type: 'Interrupt', card: 'JS' }, { seat: 1 }).thenViolates(t, 'dungeon/no-counter-attack');
});

t.test('§Counter Attack 1: a matching Jack cancels a Graverobber and both are discarded', async (t) => {
  const sc = withDiscard({ counterAttack: 1 }, ['JH', '10H', '9H', '8H', '7H'], ['JS', '9S', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  sc.do(1, { type: 'Interrupt', card: 'JS' });
  sc.spec.when({ type: 'Pass' }, { seat: 0 }).then(t, [
    { type: 'ResponsePassed', seat: 0 },
    { type: 'WindowClosed', cancelled: true },
  ]);
  sc.settle();
  t.same(sc.state.discard.slice(-2), ['JS', 'JH']);
  t.equal(sc.state.prompt, null, 'no search');
  t.equal(sc.state.turn?.played, true, "the Graverobber still counted as the turn's card");
});

t.test('§Counter Attack 1: only Graverobbers; a Myrmiddon cannot be interrupted', async (t) => {
  const sc = withDiscard({ counterAttack: 1 }, ['QH', '10H', '9H', '8H', '7H'], ['QS', '9S', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 2 });
  sc.spec.when({ type: 'Interrupt', card: 'QS' }, { seat: 1 }).thenViolates(t, 'dungeon/no-counter-attack');
});

t.test('§Counter Attack 2: a matching Queen cancels a Myrmiddon; Graverobbers are untouched', async (t) => {
  const sc = withDiscard({ counterAttack: 2 }, ['QH', 'JH', '9H', '8H', '7H'], ['QS', 'JS', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 2 });
  sc.do(1, { type: 'Interrupt', card: 'QS' }).settle();
  t.equal(sc.state.prompt, null, 'no question to answer');
  t.same(sc.state.discard.slice(-2), ['QS', 'QH']);
  const ga = withDiscard({ counterAttack: 2 }, ['JH', '10H', '9H', '8H', '7H'], ['JS', '9S', '8S', '7S', '6S']);
  ga.do(0, { type: 'UseGraverobber', card: 'JH' });
  ga.spec.when({ type: 'Interrupt', card: 'JS' }, { seat: 1 }).thenViolates(t, 'dungeon/no-counter-attack');
});

t.test('§Counter Attack 3: a third matching creature re-instates the power, a fourth cancels it again', async (t) => {
  const hands = { h0: ['JH', 'JD', '9H', '8H', '7H'], h1: ['JS', '9S', '8S', '7S', '6S'], h2: ['JC', '9D', '8D', '7D', '6D'] };
  const sc = withDiscard({ counterAttack: 3 }, hands.h0, hands.h1, 3, hands.h2);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  sc.do(1, { type: 'Interrupt', card: 'JS' });
  sc.do(0, { type: 'Interrupt', card: 'JD' });
  t.same(dungeon.status(sc.state).awaiting, [1, 2], 'everyone but the last interrupter may answer');
  sc.do(1, { type: 'Pass' });
  t.same(
    sc.spec.when({ type: 'Pass' }, { seat: 2 }).events().slice(-2),
    [
      { type: 'WindowClosed', cancelled: false },
      { type: 'PromptOpened', kind: 'pick', seat: 0 },
    ],
    'two interrupts: the search goes ahead',
  );
  sc.do(2, { type: 'Interrupt', card: 'JC' }).settle();
  t.equal(sc.state.power, null, 'three interrupts: cancelled again');
  t.same(sc.state.discard.slice(-4), ['JS', 'JD', 'JC', 'JH']);
  t.equal(sc.player(0).hand.includes('JD'), false);
});

t.test("§Counter Attack: interrupting does not count as anyone's card for the turn", async (t) => {
  const sc = withDiscard({ counterAttack: 3 }, ['JH', 'JD', '9H', '8H', '7H'], ['JS', '10S', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  sc.play(1, { type: 'Interrupt', card: 'JS' });
  sc.endTurn();
  t.equal(sc.state.turn?.seat, 1);
  t.ok(
    dungeon.legalCommands(sc.state, 1).some((c) => c.type === 'PlayPassage'),
    'seat 1 still has its own card to play',
  );
});

t.test('§Graverobber: with an empty discard pile the search finds nothing and the Jack waits for the end of the turn', async (t) => {
  const sc = scenario({}, 2, { hands: [['JH', '10H', '9H', '8H', '7H'], H1], deck: DECK });
  t.same(sc.state.discard, []);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(
    t,
    [
      { type: 'ResponsePassed', seat: 1 },
      { type: 'WindowClosed', cancelled: false },
      { type: 'PowerFinished', seat: 0, to: 'limbo' },
    ],
    'no pick is asked',
  );
  sc.settle();
  t.same(sc.state.limbo, ['JH']);
});

t.test('§Myrmiddon: a Joker in hand never counts as the rank asked for (Jokers Wild)', async (t) => {
  const sc = withDiscard({ variant: 'jokers-wild' }, ['QH', '10H', '9H', '8H', '7H'], ['X1', '9S', '8S', '7S', '6S']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 13 });
  sc.spec.when({ type: 'GiveCard', card: 'X1' }, { seat: 1 }).thenViolates(t, 'dungeon/wrong-rank');
  sc.do(1, { type: 'DenyCard' });
  t.same(sc.spec.when({ type: 'DemandLook' }).events()[1], { type: 'AnswerChecked', seat: 1, truthful: true });
});

t.test('§Counter Attack (Jokers Wild): a Joker may interrupt as the matching creature', async (t) => {
  const sc = withDiscard({ variant: 'jokers-wild', counterAttack: 3 }, ['JH', '10H', '9H', '8H', '7H'], ['X1', '9S', '8S', '7S', '6S']);
  sc.do(0, { type: 'UseGraverobber', card: 'JH' });
  t.same(sc.spec.when({ type: 'Interrupt', card: 'X1' }, { seat: 1 }).events(), [{ type: 'PowerInterrupted', seat: 1, card: 'X1' }]);
});

/** Seat 0 holds a Myrmiddon; seat 1 holds a Joker (Jokers Wild). */
const fishingForJokers = () => withDiscard({ variant: 'jokers-wild' }, ['QH', '10H', '9H', '8H', '7H'], ['X1', '9S', '8S', '7S', '6S']);

t.test('§Myrmiddon, §Jokers Wild: with Jokers in the deck a Myrmiddon may ask for a Joker, and the holder must give it', async (t) => {
  const sc = fishingForJokers();
  const ask = { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 0 } as const;
  t.ok(Value.Check(commandSchema, ask), 'the command schema takes a Joker (0) as the rank asked');
  t.ok(
    dungeon.legalCommands(sc.state, 0).some((c) => c.type === 'UseMyrmiddon' && c.ask === 0 && c.target === 1),
    'and the legal commands offer it',
  );
  t.same(sc.spec.when(ask).events()[0], { type: 'PowerUsed', seat: 0, card: 'QH', power: 'myrmiddon', target: 1, ask: 0 });
  sc.play(0, ask);
  t.same(
    dungeon.legalCommands(sc.state, 1).filter((c) => c.type !== 'PlayAce'),
    [{ type: 'GiveCard', card: 'X1' }, { type: 'DenyCard' }, { type: 'Concede' }],
    'the Joker answers',
  );
  sc.spec.when({ type: 'GiveCard', card: 'X1' }, { seat: 1 }).then(t, [
    { type: 'CardGiven', from: 1, to: 0, card: 'X1' },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
  sc.do(1, { type: 'DenyCard' });
  t.same(sc.spec.when({ type: 'DemandLook' }).events()[1], { type: 'AnswerChecked', seat: 1, truthful: false }, 'denying it is a lie');
});

t.test('§Myrmiddon: in the standard game the Jokers are cells, so nobody can ask for one', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H']);
  sc.spec.when({ type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 0 }).thenViolates(t, 'dungeon/bad-ask');
  t.notOk(
    dungeon.legalCommands(sc.state, 0).some((c) => c.type === 'UseMyrmiddon' && c.ask === 0),
    'and it is not offered',
  );
});

t.test('§Aces, §Myrmiddon: an Ace may be played while the opponent asked has to answer, and while the asker decides to look', async (t) => {
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H'], ['AS', 'AD', '8S', '7S', '6S']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  t.same(dungeon.status(sc.state), { phase: 'answer', awaiting: [1] });
  sc.spec.when({ type: 'PlayAce', card: 'AS' }, { seat: 1 }).then(t, [
    { type: 'WindowOpened', kind: 'ace', last: 1, escape: null },
    { type: 'AcePlayed', seat: 1, card: 'AS' },
  ]);
  sc.play(1, { type: 'PlayAce', card: 'AS' });
  t.same(dungeon.status(sc.state), { phase: 'answer', awaiting: [1] }, 'the question is still open');
  sc.do(1, { type: 'DenyCard' });
  t.same(dungeon.status(sc.state), { phase: 'look', awaiting: [0] });
  t.same(
    sc.spec
      .when({ type: 'PlayAce', card: 'AD' }, { seat: 1 })
      .events()
      .map((e) => e.type),
    ['WindowOpened', 'AcePlayed'],
    'the target again, while the asker decides',
  );
});

t.test('§Myrmiddon (ruling): a denial is judged on the hand as it was when given, whatever Aces change before the look', async (t) => {
  // Seat 1 denies holding an Ace, then gets rid of it off turn before the look: it lied all the same.
  const sc = withDiscard({}, ['QH', '10H', '9H', '8H', '7H'], ['AS', '9S', '8S', '7S', '6S']);
  sc.play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 1 }).do(1, { type: 'DenyCard' });
  sc.play(1, { type: 'PlayAce', card: 'AS' });
  t.notOk(
    sc.player(1).hand.some((c) => c.startsWith('A')),
    'no Ace left in the hand looked at',
  );
  const rest = [...sc.player(1).hand];
  t.same(sc.spec.when({ type: 'DemandLook' }).events().slice(1), [
    { type: 'AnswerChecked', seat: 1, truthful: false },
    { type: 'CardsDiscarded', seat: 1, from: 'hand', cards: rest, faceDown: false },
    { type: 'PowerFinished', seat: 0, to: 'discard' },
  ]);
});
