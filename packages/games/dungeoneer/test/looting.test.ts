// dungeoneer.txt, OPTIONAL ADVANCED RULES, Looting: a fallen hero's Treasures stay where it died, a Movement picks one
// up readied; Treasures are played only in the Reward step of a combat in which you defeated a monster, or in a turn
// in which you beat a Trap.
import t from 'tap';
import { dungeoneer } from '../src/index';
import { only, scenario, type Deal } from './support';

const DL = ['snapjaw-trap-1', 'gutter-wretch-1', 'gutter-wretch-2', 'quick-step-1', 'ill-omen-1'];
const ARMED = ['notched-sword-1', 'hide-buckler-1', 'second-wind-1', 'quick-step-2', 'ill-omen-2'];
const THIRD = ['gutter-wretch-3', 'lantern-moths-1', 'snapjaw-trap-2', 'battle-focus-1', 'warding-sign-1'];
const DEAL: Deal = { options: { looting: true }, seats: 3, heroes: ['brannoc', 'ysolde', 'oskar'], hands: [DL, ARMED, THIRD] };

/** Seat 0 plays its Trap on seat 1 at the entrance, where all three stand; the dice give seat 0, 1, 2 in that order. */
function trapped(rolls: [number, number, number], deal: Deal = DEAL) {
  const sc = scenario(deal);
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1 });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, ...rolls.map((roll) => ({ roll })));
  return sc;
}

t.test('Looting: without a won combat or a beaten Trap, Treasures cannot be played — not even in your Hero Phase', async (t) => {
  const sc = scenario(DEAL);
  sc.toHeroPhase();
  sc.spec.when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-in-hand');
  const own = scenario({ ...DEAL, hands: [ARMED, DL, THIRD] }).toHeroPhase();
  own.spec.when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 0 }).thenViolates(t, 'dungeoneer/wrong-phase');
  t.notOk(
    own.legal(0).some((c) => c.type === 'ReadyTreasure'),
    'none is offered',
  );
});

t.test('Looting: a hero who succeeded against a Trap may play Treasures at any time in that turn, on or off its own', async (t) => {
  const sc = trapped([1, 6, 1]);
  t.same(
    only(sc.events, 'ThreatRolled').map(({ seat, success }) => [seat, success]),
    [
      [0, false],
      [1, true],
      [2, false],
    ],
    'seat 1 beat the Trap; seats 0 and 2 failed',
  );
  t.same(sc.do(1, { type: 'ReadyTreasure', card: 'notched-sword-1', use: false }), [
    { type: 'TreasureReadied', seat: 1, card: 'notched-sword-1', cost: 1, use: false },
  ]);
  sc.spec.when({ type: 'ReadyTreasure', card: 'snapjaw-trap-2', use: false }, { seat: 2 }).thenViolates(t, 'dungeoneer/not-a-treasure');
  sc.toHeroPhase().finishTurn();
  sc.spec
    .when({ type: 'ReadyTreasure', card: 'hide-buckler-1', use: false }, { seat: 1 })
    .thenViolates(t, 'dungeoneer/wrong-phase', 'the turn is over');
});

t.test('Looting: in the Reward step of a combat in which a hero defeated a monster, that hero may play Treasures', async (t) => {
  const sc = scenario(DEAL);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 6 });
  t.match(events.slice(-4), [
    { type: 'EncounterDiscarded', index: 0 },
    { type: 'CombatStaged', stage: 'pack' },
    { type: 'CombatStaged', stage: 'spoils' },
    { type: 'PromptOpened', prompt: { kind: 'spoils', seats: [1] } },
  ]);
  t.match(only(events, 'EncounterResolved'), [{ outcome: 'defeated', by: 1 }]);
  t.same(dungeoneer.status(sc.state).awaiting, [1]);
  sc.spec
    .when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 1 })
    .then(t, [{ type: 'TreasureReadied', seat: 1, card: 'notched-sword-1', cost: 1, use: false }]);
  t.same(sc.do(1, { type: 'Pass' }), [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'PromptClosed' },
    { type: 'CombatStaged', stage: 'reward' },
    { type: 'CombatEnded' },
  ]);
  sc.spec.when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 1 }).thenViolates(t, 'dungeoneer/wrong-phase');
});

t.test('Looting: when a hero is defeated, its Treasures remain in the map space where it died', async (t) => {
  const sc = trapped([1, 6, 1], { ...DEAL, profiles: [null, { life: 1 }, null] });
  sc.do(1, { type: 'ReadyTreasure', card: 'notched-sword-1', use: false });
  sc.toHeroPhase().finishTurn();
  sc.toHeroPhase().finishTurn();
  sc.do(2, { type: 'PlayEncounter', card: 'gutter-wretch-3', target: 1, form: 'melee' });
  sc.do(2, { type: 'ResolveEncounters' });
  const defeated = only(sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }), 'HeroDefeated')[0]!;
  t.match(defeated, { seat: 1, loot: ['notched-sword-1'], fate: 'out' });
  t.notOk(defeated.cards.includes('notched-sword-1'), 'not discarded');
  t.same(sc.state.loot, [{ card: 'notched-sword-1', x: 0, y: 0 }]);
  t.same(dungeoneer.view(sc.state, { kind: 'spectator' }).loot, sc.state.loot, 'everyone sees it lying there');
});

t.test('Looting: a hero in the same space spends 1 Movement to pick up one Treasure, readied into its Inventory', async (t) => {
  const sc = trapped([1, 6, 1], { ...DEAL, profiles: [null, { life: 1 }, null] });
  sc.do(1, { type: 'ReadyTreasure', card: 'notched-sword-1', use: false });
  sc.toHeroPhase().finishTurn().toHeroPhase().finishTurn();
  sc.do(2, { type: 'PlayEncounter', card: 'gutter-wretch-3', target: 1, form: 'melee' });
  sc.do(2, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  sc.do(2, { type: 'Stow', card: 'gutter-wretch-3', to: 'hand' });
  sc.do(2, { type: 'AssignPeril', seat: 0 });
  sc.toHeroPhase();
  const movements = sc.hero(2).movements;
  sc.spec.when({ type: 'Loot', card: 'hide-buckler-1' }, { seat: 2 }).thenViolates(t, 'dungeoneer/not-there');
  t.same(sc.do(2, { type: 'Loot', card: 'notched-sword-1' }), [
    { type: 'MovementsSet', seat: 2, movements: movements - 1 },
    { type: 'TreasureLooted', seat: 2, card: 'notched-sword-1', x: 0, y: 0 },
  ]);
  t.same(sc.hero(2).treasures, ['notched-sword-1']);
  t.same(sc.state.loot, []);
  const elsewhere = trapped([1, 6, 1], { ...DEAL, profiles: [null, { life: 1 }, null] });
  elsewhere.do(1, { type: 'ReadyTreasure', card: 'notched-sword-1', use: false });
  elsewhere.toHeroPhase().finishTurn().toHeroPhase().finishTurn();
  elsewhere.do(2, { type: 'PlayEncounter', card: 'gutter-wretch-3', target: 1, form: 'melee' });
  elsewhere.do(2, { type: 'ResolveEncounters' });
  elsewhere.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  elsewhere.do(2, { type: 'Stow', card: 'gutter-wretch-3', to: 'hand' });
  elsewhere.do(2, { type: 'AssignPeril', seat: 0 });
  elsewhere.toHeroPhase().move('N');
  elsewhere.spec
    .when({ type: 'Loot', card: 'notched-sword-1' }, { seat: 2 })
    .thenViolates(t, 'dungeoneer/not-there', 'only from your space');
});
