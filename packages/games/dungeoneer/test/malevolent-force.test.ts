// dungeoneer.txt, OPTIONAL ADVANCED RULES, Malevolent Force: a defeated player keeps hand and Pack and plays on with
// Banes and Encounters only, in the same turn order, and can still win by felling the last hero before that hero's
// turn comes round.
import t from 'tap';
import { dungeoneer } from '../src/index';
import { only, scenario, type Deal } from './support';

const DL = ['gutter-wretch-1', 'second-wind-1', 'quick-step-1', 'snapjaw-trap-1', 'ill-omen-1'];
const FORCE = ['gutter-wretch-2', 'battle-focus-1', 'quick-step-2', 'creeping-doubt-1', 'gutter-wretch-3'];
const MF: Deal = { options: { malevolentForce: true }, hands: [DL, FORCE] };

/** Seat 0's Gutter Wretch fells seat 1 in the first Dungeonlord Phase; then seat 0 finishes its turn. */
function forced(deal: Deal = MF) {
  const sc = scenario(deal);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  return { sc, events };
}

t.test('Malevolent Force: the defeated hero is removed as usual, but its player keeps hand and Pack', async (t) => {
  const { sc, events } = forced({ ...MF, profiles: [null, { life: 1 }] });
  t.match(only(events, 'HeroDefeated'), [{ seat: 1, cards: [], quests: ['blood-tithe', 'oath-of-ash'], fate: 'force' }]);
  t.same(sc.player(1).hand, FORCE, 'the hand is kept');
  t.match(sc.player(1), { defeated: true, force: true });
  t.same(only(events, 'GameWon'), [], 'seat 0 is the last hero, but the force still has its chance');
});

t.test('Malevolent Force: turn order stays the same — the force plays a Dungeonlord Phase, then Discard/Draw', async (t) => {
  const { sc } = forced({ ...MF, profiles: [null, { life: 1 }], seats: 3, hands: [DL, FORCE, []] });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'hand' });
  sc.do(0, { type: 'AssignPeril', seat: 2 });
  sc.toHeroPhase().finishTurn();
  t.same(
    sc.events.slice(-2),
    [
      { type: 'TurnStarted', seat: 1, round: 1 },
      { type: 'PhaseBegan', phase: 'dungeonlord' },
    ],
    'no hero, no Movements',
  );
  sc.spec.when({ type: 'PlayBoon', card: 'battle-focus-1' }, { seat: 1 }).thenViolates(t, 'dungeoneer/no-hero');
  sc.spec.when({ type: 'UseAbility' }, { seat: 1 }).thenViolates(t, 'dungeoneer/no-hero');
  t.match(sc.do(1, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 2, form: 'melee' }), [
    { type: 'EncounterPlayed', seat: 1, target: 2, cost: 1 },
  ]);
  sc.do(1, { type: 'ResolveEncounters' });
  sc.do(2, { type: 'Pass' }, { roll: 1 }, { roll: 1 });
  sc.do(1, { type: 'Stow', card: 'gutter-wretch-2', to: 'pack' });
  t.same(sc.do(1, { type: 'EndPhase' }), [{ type: 'PhaseBegan', phase: 'discard' }], 'no Build Phase and no Hero Phase');
  t.match(sc.do(1, { type: 'Discard', card: 'quick-step-2' }), [
    { type: 'CardsDiscarded', seat: 1 },
    { type: 'CardsDrawn', seat: 1 },
    { type: 'TurnEnded', seat: 1, kept: 0 },
    { type: 'TurnStarted', seat: 2 },
  ]);
});

t.test('Malevolent Force: the force wins by felling the last remaining hero before that hero’s turn', async (t) => {
  const { sc } = forced({ ...MF, profiles: [{ life: 1 }, { life: 1 }] });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'hand' });
  sc.do(0, { type: 'AssignPeril', seat: 0 });
  sc.toHeroPhase().finishTurn();
  sc.do(1, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 0, form: 'melee' });
  sc.do(1, { type: 'ResolveEncounters' });
  t.match(sc.do(0, { type: 'Pass' }, { roll: 6 }, { roll: 1 }).slice(-3), [
    { type: 'HeroWounded', seat: 0, life: 0 },
    { type: 'HeroDefeated', seat: 0, fate: 'force' },
    { type: 'GameWon', winners: [1], how: 'malevolent' },
  ]);
});

t.test('Malevolent Force: the last hero standing wins when its own turn begins', async (t) => {
  const { sc } = forced({ ...MF, profiles: [null, { life: 1 }] });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'hand' });
  sc.do(0, { type: 'AssignPeril', seat: 0 });
  sc.toHeroPhase().finishTurn();
  t.equal(dungeoneer.status(sc.state).winners, undefined, 'the force takes its turn first');
  sc.endPhase();
  t.match(sc.do(1, { type: 'Discard', card: 'quick-step-2' }).slice(-2), [
    { type: 'TurnStarted', seat: 0, round: 2 },
    { type: 'GameWon', winners: [0], how: 'last-standing' },
  ]);
});
