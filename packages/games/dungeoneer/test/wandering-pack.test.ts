// dungeoneer.txt, OPTIONAL ADVANCED RULES, Wandering Pack: one Pack marker per Dungeonlord, half-die Movements, free
// attacks on heroes in its space and on heroes entering it, treated as a hero for challenges, ignoring Threats and
// collecting nothing; in the Response step heroes in its space choose whom to defend.
import t from 'tap';
import { dungeoneer } from '../src/index';
import { halfDie } from '../src/rules/packMarker';
import { only, scenario, type Deal } from './support';

const DL = ['gutter-wretch-1', 'gutter-wretch-2', 'quick-step-1', 'snapjaw-trap-1', 'ill-omen-1'];
const PACK = { wanderingPack: true };
// A hand-laid map: the Cobweb Passage north of the entrance shows it a locked door; the Narrow Fork to the east a Wall;
// the Low Tunnel to the west has spikes.
const MAP: Deal['mapStart'] = [
  { card: 'entrance', x: 0, y: 0, rotation: 0 },
  { card: 'cobweb-passage', x: 0, y: 1, rotation: 0 },
  { card: 'narrow-fork', x: 1, y: 0, rotation: 0 },
  { card: 'dripping-crossway', x: 0, y: -1, rotation: 0 },
  { card: 'low-tunnel', x: -1, y: 0, rotation: 0 },
];
const DEAL: Deal = { options: PACK, hands: [DL, []], mapStart: MAP };

/** Seat 0's Gutter Wretch attacks seat 1 and ties (nobody wounded); it survives and goes into the Pack. */
function packed(deal: Deal = DEAL) {
  const sc = scenario(deal);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 4 });
  const events = sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'pack' });
  return { sc, events };
}

/** From seat 0's Pack going in to its next Dungeonlord Phase, the Pack's die showing `roll`. */
function nextRound(sc: ReturnType<typeof scenario>, roll: number) {
  sc.toHeroPhase().finishTurn().toHeroPhase();
  sc.endPhase();
  return sc.do(1, { type: 'Discard', card: sc.player(1).hand.at(-1)! }, { roll });
}

t.test('Wandering Pack: the marker goes into the space where a monster that survived combat went into the Pack', async (t) => {
  const { sc, events } = packed();
  t.same(events.slice(0, 2), [
    { type: 'MonsterStowed', seat: 0, index: 0, card: 'gutter-wretch-1', to: 'pack', wounds: 0 },
    { type: 'PackMarkerPlaced', seat: 0, x: 0, y: 0 },
  ]);
  t.same(sc.player(0).packAt, { x: 0, y: 0 });
  t.same(dungeoneer.view(sc.state, { kind: 'spectator' }).players[0]!.packAt, { x: 0, y: 0 }, 'on the map for all to see');
});

t.test('Wandering Pack: each Dungeonlord Phase the Pack gets 1 to 3 Movements — a die halved, rounded up', async (t) => {
  t.same([1, 2, 3, 4, 5, 6].map(halfDie), [1, 1, 2, 2, 3, 3], 'GLOSSARY, Dice: the half-die');
  const { sc } = packed();
  t.same(nextRound(sc, 5).slice(-2), [
    { type: 'PhaseBegan', phase: 'dungeonlord' },
    { type: 'PackMovementsRolled', seat: 0, roll: 5, movements: 3 },
  ]);
});

t.test('Wandering Pack: the Pack moves a space per Movement, through doors without their Threats, never through a Wall', async (t) => {
  const { sc } = packed();
  nextRound(sc, 3);
  sc.spec.when({ type: 'MovePack', direction: 'E' }).thenViolates(t, 'dungeoneer/wall');
  t.same(sc.do(0, { type: 'MovePack', direction: 'N' }), [{ type: 'PackMoved', seat: 0, x: 0, y: 1, side: 'N' }]);
  t.same(
    sc.do(0, { type: 'MovePack', direction: 'S' }),
    [{ type: 'PackMoved', seat: 0, x: 0, y: 0, side: 'S' }],
    'through the locked door',
  );
  sc.spec.when({ type: 'MovePack', direction: 'W' }).thenViolates(t, 'dungeoneer/no-movement', 'a 3 gives two Movements');
  sc.spec.when({ type: 'MovePack', direction: 'N' }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-your-turn');
});

t.test('Wandering Pack: the Pack ignores the Threats of the spaces it enters and collects no Glory or Peril', async (t) => {
  const { sc } = packed();
  nextRound(sc, 1);
  const glory = sc.state.players.map((p) => [p.glory, p.peril]);
  t.same(
    sc.do(0, { type: 'MovePack', direction: 'W' }),
    [{ type: 'PackMoved', seat: 0, x: -1, y: 0, side: 'W' }],
    'no roll for the spikes',
  );
  t.same(
    sc.state.players.map((p) => [p.glory, p.peril]),
    glory,
  );
});

t.test('Wandering Pack: its monsters attack heroes in its space for free — no Peril — and nobody elsewhere', async (t) => {
  const { sc } = packed();
  nextRound(sc, 1);
  const peril = sc.player(1).peril;
  t.match(sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' }), [
    { type: 'EncounterPlayed', from: 'pack', target: 1, cost: 0 },
  ]);
  t.equal(sc.player(1).peril, peril, 'a free attack');
  const away = packed();
  nextRound(away.sc, 1);
  away.sc.do(0, { type: 'MovePack', direction: 'S' });
  away.sc.spec
    .when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' })
    .thenViolates(t, 'dungeoneer/not-with-pack');
});

t.test('Wandering Pack, Response: heroes in the Pack’s space choose whom to defend; the Dungeonlord only sets the order', async (t) => {
  const sc = scenario({ ...DEAL, seats: 3, hands: [DL, [], []] });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 2, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' });
  sc.do(2, { type: 'Pass' }, { roll: 3 }, { roll: 4 }, { roll: 3 }, { roll: 3 });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'pack' });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-2', to: 'pack' });
  sc.toHeroPhase().finishTurn();
  sc.toHeroPhase().finishTurn().toHeroPhase().finishTurn();
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 1, form: 'melee' });
  t.same(
    sc.do(0, { type: 'ResolveEncounters' }),
    [
      { type: 'CombatStaged', stage: 'respond' },
      { type: 'PromptOpened', prompt: { kind: 'respond', seats: [1, 2], bane: null } },
    ],
    'every hero in the Pack’s space is engaged',
  );
  sc.spec.when({ type: 'Defend', index: 1 }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-asked');
  t.same(sc.do(2, { type: 'Defend', index: 1 }), [{ type: 'DefenderChosen', index: 1, seat: 2 }]);
  sc.spec.when({ type: 'Defend', index: 1 }, { seat: 2 }).thenViolates(t, 'dungeoneer/bad-target');
  sc.do(2, { type: 'Pass' });
  // Each attack is followed by the defender's chance to challenge back, which both decline.
  const events = sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 4 });
  events.push(...sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 4 }));
  t.match(only(events, 'AttackRolled'), [
    { attacker: { kind: 'encounter', index: 0 }, defender: { kind: 'hero', seat: 1 } },
    { attacker: { kind: 'encounter', index: 1 }, defender: { kind: 'hero', seat: 2 } },
  ]);
});

t.test('Wandering Pack: a hero trying to enter the Pack’s space takes a free attack from each of its monsters first', async (t) => {
  const { sc } = packed();
  sc.toHeroPhase().finishTurn().toHeroPhase();
  sc.move('S');
  const events = sc.do(1, { type: 'Move', direction: 'N' }, { roll: 6 }, { roll: 1 });
  t.match(events, [
    { type: 'MovementsSet', seat: 1 },
    { type: 'PackEngaged', seat: 0, hero: 1, how: 'entry' },
    {
      type: 'AttackRolled',
      attacker: { kind: 'pack', seat: 0, card: 'gutter-wretch-1' },
      defender: { kind: 'hero', seat: 1 },
      hit: 'attacker',
    },
    { type: 'HeroWounded', seat: 1, life: 5 },
    { type: 'PerilEarned', seat: 0, amount: 1 },
    { type: 'HeroMoved', seat: 1, x: 0, y: 0 },
  ]);
  t.same(sc.state.prompt, { kind: 'assign-peril', seat: 0, points: 1 }, 'its Reward step: the Pack’s owner assigns the Peril');
  t.same(dungeoneer.status(sc.state).awaiting, [0]);
});

t.test('Wandering Pack: the Pack is treated as a hero — it can be challenged; an empty Pack leaves the map', async (t) => {
  const { sc } = packed();
  sc.toHeroPhase().finishTurn().toHeroPhase();
  t.ok(
    sc.legal(1).some((c) => c.type === 'ChallengePack'),
    'a hero in its space may challenge it',
  );
  const events = sc.do(1, { type: 'ChallengePack', seat: 0, card: 'gutter-wretch-1', form: 'magic' }, { roll: 6 }, { roll: 1 });
  t.match(events, [
    { type: 'PackEngaged', seat: 0, hero: 1, how: 'challenge' },
    { type: 'Challenged', seat: 1, target: { kind: 'pack', seat: 0, card: 'gutter-wretch-1' }, form: 'magic', cost: 1 },
    { type: 'AttackRolled', hit: 'attacker' },
    { type: 'TrackerChanged', seat: 1, glory: 1 },
    { type: 'PackMonsterSlain', seat: 0, card: 'gutter-wretch-1', by: 1 },
  ]);
  t.match(events.slice(-2), [{ type: 'CombatEnded' }, { type: 'PackMarkerRemoved', seat: 0 }]);
  t.same(sc.player(0).pack, []);
  sc.spec
    .when({ type: 'ChallengePack', seat: 0, card: 'gutter-wretch-1', form: 'magic' }, { seat: 1 })
    .thenViolates(t, 'dungeoneer/bad-target');
});
