// §Dungeon Deck Rules (set-up), §Dungeon Difficulty Modes, seats and options, and the profile each raider is built from.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { specFor } from '@delve/kernel/testing';
import { raid, everyCard, profileFromOptions, type RaidEvent } from '../src/index';
import { resolveOptions } from '../src/options';
import { setup } from '../src/setup';
import { dealt, scenario, seated } from './support';

const setupOf = (options: object, seats: number) => raid.setup(raid.initialState(options, seats), randomFor('setup', 0));
const ofType = <T extends RaidEvent['type']>(events: RaidEvent[], type: T) =>
  events.filter((e): e is Extract<RaidEvent, { type: T }> => e.type === type);

t.test('§Difficulty Modes: the Dungeon hero starts at level 1, 1, 2, 3 and the raiders go first only in Novice', async (t) => {
  for (const [difficulty, level, first] of [
    ['novice', 1, 'raiders'],
    ['experienced', 1, 'dungeon'],
    ['heroic', 2, 'dungeon'],
    ['legendary', 3, 'dungeon'],
  ] as const) {
    const [setUp] = setupOf({ difficulty }, 3);
    t.match(setUp, { type: 'RaidSetUp', difficulty, level, first }, difficulty);
  }
});

t.test('§Set-up: the shuffled Dungeon deck, each raider’s hero and shuffled deck, and seven cards each', async (t) => {
  const events = setupOf({ dungeon: 'thornwood-hollow' }, 3);
  const decks = ofType(events, 'DeckBuilt');
  t.same(
    decks.map((d) => d.seat),
    [null, 0, 1, 2],
    'the Dungeon deck first, then each raider',
  );
  t.equal(decks[0]?.cards.length, 30, 'a Dungeon deck of 30 cards');
  t.ok(
    decks[0]?.cards.every((c, i) => c.id === `d${i + 1}`),
    'instances are numbered in shuffled order, so an id says nothing about its card',
  );
  const draws = ofType(events, 'CardsDrawn');
  t.same(
    draws.map((d) => [d.seat, d.cards.length, d.reason]),
    [
      [0, 7, 'deal'],
      [1, 7, 'deal'],
      [2, 7, 'deal'],
    ],
  );
  const state = events.reduce(raid.evolve, raid.initialState({ dungeon: 'thornwood-hollow' }, 3));
  t.equal(state.phase, 'mulligan');
  t.same(raid.status(state).awaiting, [0, 1, 2], 'every raider decides on a mulligan first');
  t.same(
    state.raiders.map((r) => r.hero.damage),
    [0, 0, 0],
  );
  t.equal(everyCard(state).length, 30 + 3 * 30, 'every card is somewhere');
});

t.test('§Set-up: one optional mulligan each: the hand goes back, the deck is shuffled, seven new cards', async (t) => {
  const sc = scenario({ seats: 2, options: {} });
  const events = sc.spec.when({ type: 'Mulligan' }, { seat: 1 }).events();
  t.same(
    events.map((e) => e.type),
    ['MulliganTaken', 'DeckShuffled', 'CardsDrawn'],
  );
  t.match(events[2], { seat: 1, reason: 'mulligan' });
  t.equal((events[2] as Extract<RaidEvent, { type: 'CardsDrawn' }>).cards.length, 7);
  sc.do(1, { type: 'Mulligan' });
  sc.spec.when({ type: 'Mulligan' }, { seat: 1 }).thenViolates(t, 'raid/already-decided', 'only one mulligan');
  sc.spec.when({ type: 'KeepHand' }, { seat: 1 }).thenViolates(t, 'raid/already-decided');
  sc.spec.when({ type: 'EndTurn' }, { seat: 0 }).thenViolates(t, 'raid/wrong-step', 'nobody plays before every raider has decided');
});

t.test('§Set-up: in Novice the first raider takes the first turn once everyone has kept or mulliganed', async (t) => {
  const sc = scenario({ seats: 3, options: { difficulty: 'novice' } });
  sc.do(0, { type: 'KeepHand' }).do(1, { type: 'KeepHand' });
  const events = sc.spec.when({ type: 'KeepHand' }, { seat: 2 }).events();
  t.same(
    events.map((e) => e.type),
    ['HandKept', 'TurnStarted', 'CardsReadied', 'CardsDrawn'],
  );
  t.match(events[1], { seat: 0, number: 1 });
  t.match(events[3], { seat: 0, reason: 'turn' }, 'the very first turn draws too (ruling)');
});

t.test('§Set-up: in the other modes the Dungeon takes the first turn, and the raiders follow clockwise', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'experienced' } }).keep();
  const turns = ofType(sc.events, 'TurnStarted');
  t.same(
    turns.map((e) => e.seat),
    [null, 0],
    'the Dungeon played its turn by itself, then raider 0',
  );
  sc.endTurn();
  sc.endTurn();
  t.same(
    ofType(sc.events, 'TurnStarted').map((e) => e.seat),
    [null, 0, 1, null, 0],
    'raider 0, raider 1, the Dungeon, raider 0…',
  );
});

t.test('Seats: one to three raiders (the Dungeon is not a seat); classes name one class per seat', async (t) => {
  t.throws(() => raid.checkSeats({}, 0), { code: 'raid/bad-seat-count' });
  t.throws(() => raid.checkSeats({}, 4), { code: 'raid/bad-seat-count' });
  for (const seats of [1, 2, 3]) t.doesNotThrow(() => raid.checkSeats({}, seats));
  t.throws(() => raid.checkSeats({ classes: ['mender'] }, 2), { code: 'raid/classes-mismatch' });
  t.same(resolveOptions({}, 3).classes, ['guardian', 'pyromancer', 'mender'], 'default: one of each class');
  t.same(resolveOptions({ classes: ['mender', 'mender'] }, 2).classes, ['mender', 'mender']);
  t.same(raid.info.seats, { min: 1, max: 3 });
});

t.test('Profiles: each raider is built from { classId, deck, handSize, heroHealthBonus } (today from the options)', async (t) => {
  const options = resolveOptions({ classes: ['pyromancer'] }, 1);
  const starter = profileFromOptions(options, 0);
  t.equal(starter.classId, 'pyromancer');
  t.equal(starter.deck.length, 30);
  t.same([starter.handSize, starter.heroHealthBonus], [7, 0]);
  // A level-85 character (the character issue): eight cards and +10 health, with treasure in the deck.
  const veteran = { ...starter, deck: [...starter.deck.slice(0, 28), 'skyfall', 'dawnbringer'], handSize: 8, heroHealthBonus: 10 };
  const events = dealt({ options: { classes: ['pyromancer'] }, profiles: [veteran], hands: [['skyfall']] });
  t.match(events[0], { type: 'RaidSetUp', raiders: [{ seat: 0, classId: 'pyromancer', heroHealth: 36, handSize: 8 }] });
  t.equal(ofType(events, 'CardsDrawn')[0]?.cards.length, 8, 'eight cards to start');
  t.throws(() => setup(raid.initialState({}, 1), randomFor('x', 0), seated([{ ...veteran, deck: ['bone-rattler'] }])), /Dungeon card/);
});

t.test('Options: defaults are filled in and recorded in the state', async (t) => {
  const spec = specFor(raid, { options: {}, seats: 3 });
  t.same(spec.given([]).state.options, { dungeon: 'drowned-crypt', difficulty: 'novice', classes: ['guardian', 'pyromancer', 'mender'] });
});
