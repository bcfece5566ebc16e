// Tables that run themselves: a raider's least harmful move when its time runs out, and conceding (our rulings,
// docs/rulings/raid.md "Time running out" and "Conceding"), each against the rule it follows.
import t from 'tap';
import { raid, type RaidEvent } from '../src/index';
import { scenario } from './support';

const types = (events: readonly RaidEvent[]) => events.map((e) => e.type);

t.test('§Set-up (mulligan): a raider whose time runs out before the first turn keeps its opening hand', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' } });
  t.same(raid.timeoutCommand?.(sc.state, 0), { type: 'KeepHand' });
  sc.do(0, { type: 'KeepHand' });
  t.equal(raid.timeoutCommand?.(sc.state, 0), null, 'once decided, the raider is not awaited: nothing to play for it');
  t.same(raid.timeoutCommand?.(sc.state, 1), { type: 'KeepHand' });
});

t.test('Core, turn: a raider whose time runs out on its turn ends it; over the hand size it lets its dearest card go', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' }, hands: [['oathsworn-veteran', 'shieldbearer-recruit']] }).keep();
  t.same(raid.timeoutCommand?.(sc.state, 0), { type: 'EndTurn' }, 'on its turn: end the turn');
  t.equal(raid.timeoutCommand?.(sc.state, 1), null, 'the raider waiting for its turn has nothing it must do');
  sc.do(0, { type: 'EndTurn' });
  t.match(sc.state.prompt, { kind: 'discard', seat: 0, excess: 1 }, 'eight cards: one must go');
  const dearest = Math.max(...sc.raider(0).hand.map((id) => costOf(sc, id)));
  const chosen = raid.timeoutCommand?.(sc.state, 0);
  t.equal(chosen?.type, 'Discard');
  t.equal(costOf(sc, chosen && 'card' in chosen ? chosen.card : ''), dearest, 'the most expensive card is discarded');
  t.ok(
    raid.legalCommands(sc.state, 0).some((c) => JSON.stringify(c) === JSON.stringify(chosen)),
    'a legal command, accepted as it is',
  );
  sc.do(0, chosen ?? { type: 'Pass' });
  t.equal(sc.state.turn?.seat, 1, 'and the turn passes');
});

t.test('Instants and windows (rulings): a raider whose time runs out in a response window passes', async (t) => {
  const sc = scenario({ seats: 1, options: { difficulty: 'novice' }, dungeon: ['bone-rattler'] }).keep();
  sc.resourcesUp(0, 1);
  untilWindow(sc);
  t.ok(sc.state.window, 'the Dungeon’s flip opens a window for the raider with cards and a ready resource');
  t.same(raid.timeoutCommand?.(sc.state, 0), { type: 'Pass' });
  const passed = sc.spec.when({ type: 'Pass' }).events();
  t.ok(types(passed).includes('ResponsePassed'));
});

t.test('Conceding (ruling; Dungeon Deck Rules, a raider’s cards leave play): a raider may leave at any time', async (t) => {
  const sc = scenario({ seats: 3, options: { difficulty: 'novice' }, hands: [['shieldbearer-recruit']] }).keep();
  for (const seat of [0, 1, 2]) t.same(raid.concession?.(sc.state, seat), { type: 'Concede' }, `raider ${seat} may concede`);
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[1] ?? '' });
  const resource = sc.raider(0).resources[0]?.id ?? '';
  const before = sc.events.length;
  sc.do(0, { type: 'Concede' });
  const left = sc.since(before);
  t.same(left[0], { type: 'RaiderRetreated', seat: 0, cards: [{ id: resource, card: sc.state.cards[resource] ?? '' }] });
  t.same(types(left).slice(1, 3), ['TurnEnded', 'TurnStarted'], 'conceding on its turn ends the turn');
  t.equal(sc.state.turn?.seat, 1, 'the next raider plays on');
  t.notOk(sc.raider(0).alive, 'the raider takes no further part');
  t.same(sc.raider(0).resources, [], 'its cards in play went to its graveyard');
  t.ok(sc.raider(0).graveyard.includes(resource));
  t.same(raid.legalCommands(sc.state, 0), [], 'it may send nothing more');
  t.equal(raid.concession?.(sc.state, 0), null, 'nor concede again');
  sc.spec.when({ type: 'Concede' }, { seat: 0 }).thenViolates(t, 'raid/destroyed');
});

t.test('Conceding (ruling): conceding before the first turn leaves the others to begin; the last raider leaving loses', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' } });
  sc.do(0, { type: 'KeepHand' });
  sc.do(1, { type: 'Concede' });
  t.equal(sc.state.turn?.seat, 0, 'the raider who kept its hand begins');
  t.same(raid.status(sc.state).awaiting, [0]);
  const before = sc.events.length;
  sc.do(0, { type: 'Concede' });
  t.same(types(sc.since(before)), ['RaiderRetreated', 'RaidEnded'], 'nobody is left: the Dungeon wins');
  t.same(raid.status(sc.state), { phase: 'over', awaiting: [], winners: [] });
  t.same(sc.state.result?.raidersDestroyed, [0, 1], 'the result counts them as lost raiders');
});

t.test('Conceding (ruling): a raider asked in a window who concedes is no longer waited for', async (t) => {
  const sc = scenario({ seats: 1, options: { difficulty: 'novice' }, dungeon: ['bone-rattler'] }).keep();
  sc.resourcesUp(0, 1);
  untilWindow(sc);
  t.ok(sc.state.window, 'a window waits for the raider');
  const before = sc.events.length;
  sc.do(0, { type: 'Concede' });
  t.same(types(sc.since(before)).slice(0, 2), ['RaiderRetreated', 'RaidEnded'], 'the only raider left: the raid is over');
  t.equal(raid.timeoutCommand?.(sc.state, 0), null, 'and nothing is left to play for it');
});

/** End raider turns (discarding the last cards when over the hand size) until the Dungeon opens a window. */
function untilWindow(sc: ReturnType<typeof scenario>): void {
  for (let guard = 0; guard < 20 && !sc.state.window; guard++) {
    const seat = sc.state.turn?.seat;
    if (seat === null || seat === undefined) return;
    sc.do(seat, { type: 'EndTurn' });
    while (sc.state.prompt) sc.do(seat, { type: 'Discard', card: sc.raider(seat).hand.at(-1) ?? '' });
  }
}

/** A raider card's printed cost. */
function costOf(sc: ReturnType<typeof scenario>, id: string): number {
  const view = raid.view(sc.state, { kind: 'audit' });
  const card = view.raiders.flatMap((r) => r.hand ?? []).find((c) => c.id === id);
  return card?.cost ?? -1;
}
