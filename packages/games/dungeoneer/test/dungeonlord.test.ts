// dungeoneer.txt, TURN CYCLE 2 (Dungeonlord Phase: Attack, Response, Resolution, Pack, Reward), Bane and Encounter
// Cards, Special Actions (challenging back) and GLOSSARY (Counter-Attack, Default Stat).
import t from 'tap';
import { dungeoneer, type DungeoneerEvent } from '../src/index';
import { only, scenario, type Deal } from './support';

const DL = ['gutter-wretch-1', 'lantern-moths-1', 'snapjaw-trap-1', 'creeping-doubt-1', 'rubble-slide-1'];
const HERO = ['battle-focus-1', 'warding-sign-1', 'homeward-rune-1', 'sudden-cramp-1', 'quick-step-1'];
const deal = (extra: Deal = {}): Deal => ({ hands: [DL, HERO], ...extra });
const after = (events: readonly DungeoneerEvent[], type: DungeoneerEvent['type']) => events.slice(events.findIndex((e) => e.type === type));

/** Seat 1 (and seat 2) take a turn moving north and back, gaining Peril and Glory, then it is seat 0's turn again. */
function roundTrip(sc: ReturnType<typeof scenario>, moves: readonly ('N' | 'S')[] = ['N', 'S']) {
  sc.toHeroPhase().finishTurn();
  while (sc.active !== 0) {
    sc.toHeroPhase();
    for (const d of moves) sc.move(d);
    sc.finishTurn();
  }
  return sc;
}

t.test('Dungeonlord Phase: an Encounter is paid with the Peril of the hero it targets, never with your own', async (t) => {
  const sc = scenario(deal());
  sc.spec.when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 0, form: 'melee' }).thenViolates(t, 'dungeoneer/own-peril');
  sc.spec
    .when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' })
    .then(t, [
      { type: 'EncounterPlayed', seat: 0, card: 'gutter-wretch-1', from: 'hand', target: 1, form: 'melee', x: 0, y: 0, cost: 1, wounds: 0 },
    ]);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  t.equal(sc.player(1).peril, 0, 'the target’s Peril is spent');
  sc.spec.when({ type: 'PlayEncounter', card: 'lantern-moths-1', target: 1, form: 'speed' }).thenViolates(t, 'dungeoneer/not-enough-peril');
});

t.test('Dungeonlord Phase: Peril of different players is never combined to pay for one card', async (t) => {
  const sc = scenario({ seats: 3, hands: [['mire-hound-1', ...DL.slice(1)], HERO, []] });
  t.equal(sc.player(1).peril + sc.player(2).peril, 2, 'two Peril between them');
  for (const target of [1, 2])
    sc.spec.when({ type: 'PlayEncounter', card: 'mire-hound-1', target, form: 'speed' }).thenViolates(t, 'dungeoneer/not-enough-peril');
  t.same(
    sc.legal(0).filter((c) => c.type === 'PlayEncounter' && c.card === 'mire-hound-1'),
    [],
  );
});

t.test('Dungeonlord Phase, Resolution: a monster attacks only in a form it has a standard attack in; a Threat takes no form', async (t) => {
  const sc = scenario(deal());
  sc.spec
    .when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'speed' })
    .thenViolates(t, 'dungeoneer/no-standard-attack');
  sc.spec.when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1 }).thenViolates(t, 'dungeoneer/no-form');
  sc.spec.when({ type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1, form: 'speed' }).thenViolates(t, 'dungeoneer/no-form');
  t.same(
    sc.legal(0).filter((c) => c.type === 'PlayEncounter' && c.card === 'gutter-wretch-1'),
    [{ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' }],
  );
});

t.test('Dungeonlord Phase, A. Attack: every Encounter is played at the start; none once they resolve', async (t) => {
  const sc = scenario(deal({ heroes: ['tamsin', 'ysolde'] }));
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1 });
  t.same(sc.do(0, { type: 'ResolveEncounters' }), [
    { type: 'CombatStaged', stage: 'respond' },
    { type: 'PromptOpened', prompt: { kind: 'respond', seats: [1], bane: null } },
  ]);
  sc.spec.when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' }).thenViolates(t, 'dungeoneer/waiting');
  t.same(sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 6 }).at(-1), { type: 'CombatEnded' }, 'the encounters are over');
  sc.spec.when({ type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' }).thenViolates(t, 'dungeoneer/too-late');
  sc.spec.when({ type: 'ResolveEncounters' }).thenViolates(t, 'dungeoneer/no-encounters');
});

t.test('ADVENTURE CARDS, Threats: a Trap affects every hero in the space — the active player first, then clockwise', async (t) => {
  const sc = scenario({ seats: 3, heroes: ['brannoc', 'ysolde', 'tamsin'], hands: [DL, HERO, []] });
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 2 });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(2, { type: 'Pass' }, { roll: 3 }, { roll: 1 }, { roll: 6 });
  t.same(after(events, 'ThreatRolled'), [
    { type: 'ThreatRolled', seat: 0, source: 'snapjaw-trap-1', stat: 'speed', roll: 3, score: 2, target: 4, success: true },
    { type: 'TrackerChanged', seat: 0, glory: 1, peril: 0 },
    { type: 'ThreatRolled', seat: 1, source: 'snapjaw-trap-1', stat: 'speed', roll: 1, score: 2, target: 4, success: false },
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
    { type: 'ThreatRolled', seat: 2, source: 'snapjaw-trap-1', stat: 'speed', roll: 6, score: 3, target: 4, success: true },
    { type: 'TrackerChanged', seat: 2, glory: 1, peril: 0 },
    { type: 'EncounterResolved', index: 0, outcome: 'spent' },
    { type: 'EncounterDiscarded', index: 0 },
    { type: 'CombatStaged', stage: 'pack' },
    { type: 'CombatStaged', stage: 'reward' },
    { type: 'CombatEnded' },
  ]);
});

t.test('ADVENTURE CARDS, Threats: an Obstacle affects only its target', async (t) => {
  const sc = scenario({ seats: 3, hands: [DL, HERO, []] });
  sc.do(0, { type: 'PlayEncounter', card: 'rubble-slide-1', target: 1 });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(only(sc.do(1, { type: 'Pass' }, { roll: 1 }), 'ThreatRolled'), [
    { type: 'ThreatRolled', seat: 1, source: 'rubble-slide-1', stat: 'melee', roll: 1, score: 1, target: 4, success: false },
  ]);
});

t.test('MAP CARDS, Hazards: a Hazard raises every Trap played into its space', async (t) => {
  const sc = scenario(
    deal({ heroes: ['brannoc', 'ysolde'], passages: ['echoing-stair', 'narrow-fork', 'buttressed-way', 'mossy-passage'] }),
  );
  sc.toHeroPhase().finishTurn();
  sc.toHeroPhase().move('N').finishTurn();
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1 });
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(only(sc.do(1, { type: 'Pass' }, { roll: 2 }), 'ThreatRolled'), [{ seat: 1, roll: 2, score: 2, target: 5, success: false }]);
});

t.test('Dungeonlord Phase, B. Response: the engaged hero may play Response Boons, declared before any die is rolled', async (t) => {
  const sc = scenario(deal());
  sc.spec.when({ type: 'PlayBoon', card: 'battle-focus-1' }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-asked');
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(dungeoneer.status(sc.state).awaiting, [1], 'the engaged hero is awaited');
  t.same(sc.do(1, { type: 'PlayBoon', card: 'battle-focus-1' }), [
    { type: 'BoonPlayed', seat: 1, card: 'battle-focus-1', cost: 1, permanent: false },
    { type: 'BoostGained', seat: 1, stat: 'melee', amount: 2 },
  ]);
  const events = sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 2 });
  t.match(
    only(events, 'AttackRolled'),
    [{ attack: { roll: 3, score: 2 }, defence: { roll: 2, score: 3 }, hit: 'none' }],
    'a tie: nobody is hit',
  );
  t.same(only(events, 'HeroWounded'), []);
});

t.test('Dungeonlord Phase, C. Resolution: the attacker’s die, then the defender’s; a monster hit wounds and earns Peril', async (t) => {
  const sc = scenario(deal());
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(sc.do(1, { type: 'Pass' }, { roll: 4 }, { roll: 1 }), [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'PromptClosed' },
    { type: 'CombatStaged', stage: 'fight' },
    {
      type: 'AttackRolled',
      attacker: { kind: 'encounter', index: 0, card: 'gutter-wretch-1' },
      defender: { kind: 'hero', seat: 1 },
      form: 'melee',
      attack: { roll: 4, score: 2 },
      defence: { roll: 1, score: 1 },
      hit: 'attacker',
    },
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
    { type: 'PerilEarned', seat: 0, amount: 1 },
    { type: 'EncounterResolved', index: 0, outcome: 'survived' },
    { type: 'CombatStaged', stage: 'pack' },
    { type: 'PromptOpened', prompt: { kind: 'stow', seat: 0, cards: ['gutter-wretch-1'] } },
  ]);
  // D. Pack, then E. Reward: the Peril goes to any player, one at a time.
  t.same(sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'pack' }), [
    { type: 'MonsterStowed', seat: 0, index: 0, card: 'gutter-wretch-1', to: 'pack', wounds: 0 },
    { type: 'PromptClosed' },
    { type: 'CombatStaged', stage: 'reward' },
    { type: 'PromptOpened', prompt: { kind: 'assign-peril', seat: 0, points: 1 } },
  ]);
  t.same(
    sc.legal(0).filter((c) => c.type === 'AssignPeril'),
    [
      { type: 'AssignPeril', seat: 0 },
      { type: 'AssignPeril', seat: 1 },
    ],
  );
  t.same(sc.do(0, { type: 'AssignPeril', seat: 1 }), [
    { type: 'PerilAssigned', seat: 0, to: 1 },
    { type: 'PromptClosed' },
    { type: 'CombatEnded' },
  ]);
  t.equal(sc.player(1).peril, 1);
  t.same(sc.player(0).pack, [{ card: 'gutter-wretch-1', wounds: 0 }], 'kept in the Pack');
});

t.test('Dungeonlord Phase, C. Resolution: a hero hit wounds the monster for 1 Glory; at 0 Life the monster is discarded', async (t) => {
  const sc = scenario(deal());
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(after(sc.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 6 }), 'MonsterWounded'), [
    { type: 'MonsterWounded', index: 0, wounds: 1 },
    { type: 'TrackerChanged', seat: 1, glory: 1, peril: 0 },
    { type: 'EncounterResolved', index: 0, outcome: 'defeated', by: 1 },
    { type: 'EncounterDiscarded', index: 0 },
    { type: 'CombatStaged', stage: 'pack' },
    { type: 'CombatStaged', stage: 'reward' },
    { type: 'CombatEnded' },
  ]);
  t.ok(sc.state.discard.includes('gutter-wretch-1'));
});

t.test('ADVENTURE CARDS, Hit Effect: a hit in the marked form adds the card’s effect to the wound', async (t) => {
  const sc = scenario(deal());
  sc.do(0, { type: 'PlayEncounter', card: 'lantern-moths-1', target: 1, form: 'speed' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(after(sc.do(1, { type: 'Pass' }, { roll: 5 }, { roll: 1 }), 'HeroWounded').slice(0, 3), [
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
    { type: 'TrackerChanged', seat: 1, glory: -1, peril: 0 },
    { type: 'PerilEarned', seat: 0, amount: 1 },
  ]);
});

t.test('Dungeonlord Phase, E. Reward: Peril earned is limited by the Life the hero had left', async (t) => {
  // Seat 1 starts on 1 Life; two Ill Omens paid by seat 2 bring its Peril to 3 for the Tunnel Brute.
  const sc = scenario({
    seats: 3,
    profiles: [null, { life: 1 }, null],
    hands: [['tunnel-brute-1', 'ill-omen-1', 'ill-omen-2', 'gutter-wretch-1', 'gutter-wretch-2'], HERO, []],
  });
  sc.do(0, { type: 'PlayBane', card: 'ill-omen-1', target: 2 });
  sc.do(0, { type: 'PlayBane', card: 'ill-omen-2', target: 2 });
  t.equal(sc.player(1).peril, 3);
  sc.do(0, { type: 'PlayEncounter', card: 'tunnel-brute-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 1 });
  t.match(after(events, 'HeroWounded'), [
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 0 },
    { type: 'HeroDefeated', seat: 1 },
    { type: 'PerilEarned', seat: 0, amount: 1 },
  ]);
});

t.test('Dungeonlord Phase, D. Pack: wounded monsters go to the Pack; unwounded ones to hand or Pack; at most three kept', async (t) => {
  const sc = scenario({
    seats: 3,
    heroes: ['brannoc', 'ysolde', 'oskar'],
    hands: [['gutter-wretch-1', 'gutter-wretch-2', 'lantern-moths-1', 'lantern-moths-2', 'second-wind-1'], HERO, []],
  });
  roundTrip(sc);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 1, form: 'melee' });
  sc.do(0, { type: 'PlayEncounter', card: 'lantern-moths-1', target: 2, form: 'magic' });
  sc.do(0, { type: 'PlayEncounter', card: 'lantern-moths-2', target: 2, form: 'magic' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(dungeoneer.status(sc.state).awaiting, [1, 2], 'both engaged heroes respond');
  sc.do(1, { type: 'Pass' });
  // Ties all round: every monster survives unwounded.
  const events = sc.do(
    2,
    { type: 'Pass' },
    { roll: 2 },
    { roll: 3 },
    { roll: 2 },
    { roll: 3 },
    { roll: 3 },
    { roll: 2 },
    { roll: 3 },
    { roll: 2 },
  );
  t.match(events.at(-1), { type: 'PromptOpened', prompt: { kind: 'stow', seat: 0 } });
  for (const card of ['gutter-wretch-1', 'gutter-wretch-2', 'lantern-moths-1']) sc.do(0, { type: 'Stow', card, to: 'pack' });
  t.match(sc.do(0, { type: 'Stow', card: 'lantern-moths-2', to: 'pack' }).slice(-2), [
    { type: 'PromptClosed' },
    { type: 'PromptOpened', prompt: { kind: 'trim-pack', seat: 0 } },
  ]);
  sc.spec.when({ type: 'Discard', card: 'second-wind-1' }).thenViolates(t, 'dungeoneer/not-in-pack');
  t.same(sc.do(0, { type: 'Discard', card: 'gutter-wretch-2' }), [
    { type: 'CardsDiscarded', seat: 0, cards: ['gutter-wretch-2'], from: 'pack' },
    { type: 'PromptClosed' },
    { type: 'CombatStaged', stage: 'reward' },
    { type: 'CombatEnded' },
  ]);
  t.equal(sc.player(0).pack.length, 3);
});

t.test('Dungeonlord Phase, D. Pack: a monster played from the Pack keeps its wound tokens', async (t) => {
  const sc = scenario({ heroes: ['brannoc', 'oskar'], hands: [['bone-drummer-1', ...DL.slice(1)], HERO] });
  roundTrip(sc);
  sc.do(0, { type: 'PlayEncounter', card: 'bone-drummer-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(after(sc.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 6 }), 'MonsterWounded'), [
    { type: 'MonsterWounded', index: 0, wounds: 1 },
    { type: 'TrackerChanged', seat: 1, glory: 1 },
    { type: 'EncounterResolved', outcome: 'survived' },
    { type: 'CombatStaged', stage: 'pack' },
    { type: 'MonsterStowed', card: 'bone-drummer-1', to: 'pack', wounds: 1 },
  ]);
  t.same(sc.player(0).pack, [{ card: 'bone-drummer-1', wounds: 1 }]);
  sc.toHeroPhase().finishTurn();
  sc.toHeroPhase().move('N').move('S').finishTurn();
  t.match(sc.do(0, { type: 'PlayEncounter', card: 'bone-drummer-1', target: 1, form: 'melee' }), [
    { type: 'EncounterPlayed', from: 'pack', wounds: 1, cost: 2 },
  ]);
  t.same(sc.player(0).pack, [], 'out of the Pack, not counted in the hand');
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(after(sc.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 6 }), 'MonsterWounded'), [
    { type: 'MonsterWounded', index: 0, wounds: 2 },
    { type: 'TrackerChanged', seat: 1, glory: 1 },
    { type: 'EncounterResolved', outcome: 'defeated' },
  ]);
});

t.test('Special Actions and GLOSSARY, Default Stat: challenge back the monster that attacked you; no score there means 0', async (t) => {
  const sc = scenario(deal({ heroes: ['brannoc', 'tamsin'] }));
  roundTrip(sc);
  t.equal(sc.hero(1).movements, 1, 'one Movement kept from the last turn');
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 3 }).at(-1), {
    type: 'PromptOpened',
    prompt: { kind: 'challenge-back', seat: 1, encounter: 0 },
  });
  sc.spec.when({ type: 'ChallengeMonster', form: 'magic' }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-asked');
  t.same(sc.do(1, { type: 'ChallengeMonster', form: 'magic' }, { roll: 2 }, { roll: 1 }).slice(0, 6), [
    { type: 'Challenged', seat: 1, target: { kind: 'encounter', index: 0, card: 'gutter-wretch-1' }, form: 'magic', cost: 1 },
    {
      type: 'AttackRolled',
      attacker: { kind: 'hero', seat: 1 },
      defender: { kind: 'encounter', index: 0, card: 'gutter-wretch-1' },
      form: 'magic',
      attack: { roll: 2, score: 1 },
      defence: { roll: 1, score: 0 },
      hit: 'attacker',
    },
    { type: 'MonsterWounded', index: 0, wounds: 1 },
    { type: 'TrackerChanged', seat: 1, glory: 1, peril: 0 },
    { type: 'EncounterResolved', index: 0, outcome: 'defeated', by: 1 },
    { type: 'EncounterDiscarded', index: 0 },
  ]);
});

t.test('GLOSSARY, Counter-Attack: attacked in a counter-attack form, the monster can still wound on a hit', async (t) => {
  const sc = scenario(deal({ heroes: ['brannoc', 'tamsin'] }));
  roundTrip(sc);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 3 });
  const events = sc.do(1, { type: 'ChallengeMonster', form: 'speed' }, { roll: 1 }, { roll: 4 });
  t.match(after(events, 'AttackRolled'), [
    { type: 'AttackRolled', attack: { roll: 1, score: 3 }, defence: { roll: 4, score: 1 }, hit: 'defender' },
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
    { type: 'PerilEarned', seat: 0, amount: 1 },
    { type: 'PromptClosed' },
  ]);
  t.notOk(
    sc.legal(1).some((c) => c.type === 'ChallengeMonster'),
    'one challenge a turn',
  );
});

t.test('Special Actions: without a kept Movement a hero cannot challenge back, and is not asked', async (t) => {
  const sc = scenario(deal());
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(only(sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 4 }), 'PromptOpened'), [
    { type: 'PromptOpened', prompt: { kind: 'stow', seat: 0, cards: ['gutter-wretch-1'] } },
  ]);
});

t.test('Bane Cards: a targeted Bane is paid with its target’s Peril and may be answered before it takes effect', async (t) => {
  const sc = scenario(deal());
  sc.spec.when({ type: 'PlayBane', card: 'creeping-doubt-1', target: 0 }).thenViolates(t, 'dungeoneer/own-peril');
  t.same(sc.do(0, { type: 'PlayBane', card: 'creeping-doubt-1', target: 1 }), [
    { type: 'BanePlayed', seat: 0, card: 'creeping-doubt-1', payer: 1, target: 1, cost: 1 },
    { type: 'PromptOpened', prompt: { kind: 'respond', seats: [1], bane: { card: 'creeping-doubt-1', seat: 0, target: 1 } } },
  ]);
  t.same(sc.do(1, { type: 'Pass' }), [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'PromptClosed' },
    { type: 'BaneResolved', card: 'creeping-doubt-1', negated: false, attached: null },
    { type: 'TrackerChanged', seat: 1, glory: -1, peril: 0 },
  ]);
});

t.test('Bane Cards: Banes come before or after the Encounters in your Dungeonlord Phase, not outside it', async (t) => {
  const sc = scenario({
    seats: 3,
    hands: [['ill-omen-1', 'ill-omen-2', 'snapjaw-trap-1', 'creeping-doubt-1', 'gutter-wretch-1'], HERO, []],
  });
  sc.do(0, { type: 'PlayBane', card: 'ill-omen-1', target: 1 });
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 2 });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(2, { type: 'Pass' }, { roll: 6 }, { roll: 6 }, { roll: 6 });
  t.same(sc.do(0, { type: 'PlayBane', card: 'ill-omen-2', target: 2 }), [
    { type: 'BanePlayed', seat: 0, card: 'ill-omen-2', payer: 2, target: null, cost: 1 },
    { type: 'BaneResolved', card: 'ill-omen-2', negated: false, attached: null },
    { type: 'TrackerChanged', seat: 1, glory: 0, peril: 1 },
    { type: 'TrackerChanged', seat: 2, glory: 0, peril: 1 },
  ]);
  sc.toHeroPhase();
  sc.spec.when({ type: 'PlayBane', card: 'creeping-doubt-1', target: 1 }).thenViolates(t, 'dungeoneer/wrong-phase');
});

t.test('Bane Cards: a curse stays attached and changes the hero’s score', async (t) => {
  const sc = scenario({ hands: [['withering-hex-1', 'gutter-wretch-1', 'second-wind-1', 'second-wind-2', 'quick-step-2'], HERO] });
  roundTrip(sc);
  sc.do(0, { type: 'PlayBane', card: 'withering-hex-1', target: 1 });
  t.match(sc.do(1, { type: 'Pass' }), [{}, {}, { type: 'BaneResolved', card: 'withering-hex-1', attached: 1 }]);
  t.same(sc.hero(1).curses, ['withering-hex-1']);
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(only(sc.do(1, { type: 'Pass' }, { roll: 3 }, { roll: 4 }), 'AttackRolled'), [{ defence: { score: 0 } }], 'melee 1 - 1');
});

t.test('ADVENTURE CARDS, Anytime: an Anytime Bane may be played off turn, but not while a choice is pending', async (t) => {
  const sc = scenario(deal({ heroes: ['tamsin', 'brannoc'] }));
  sc.do(0, { type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1 });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.spec.when({ type: 'PlayBane', card: 'sudden-cramp-1', target: 0 }, { seat: 1 }).thenViolates(t, 'dungeoneer/waiting');
  sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 6 });
  sc.toHeroPhase();
  t.same(sc.do(1, { type: 'PlayBane', card: 'sudden-cramp-1', target: 0 }), [
    { type: 'BanePlayed', seat: 1, card: 'sudden-cramp-1', payer: 0, target: 0, cost: 1 },
    { type: 'PromptOpened', prompt: { kind: 'respond', seats: [0], bane: { card: 'sudden-cramp-1', seat: 1, target: 0 } } },
  ]);
  t.same(sc.do(0, { type: 'Pass' }).slice(-1), [{ type: 'MovementsSet', seat: 0, movements: 2 }]);
  t.equal(dungeoneer.status(sc.state).phase, 'hero', 'the Hero Phase goes on');
});

t.test('ADVENTURE CARDS, Boons (Response): a Response that cancels stops the next Encounter or the Bane engaging you', async (t) => {
  const sc = scenario(
    deal({ hands: [['gutter-wretch-1', 'creeping-doubt-1', 'creeping-doubt-2', 'lantern-moths-1', 'second-wind-1'], HERO] }),
  );
  roundTrip(sc);
  t.ok(sc.player(1).glory >= 2, 'Glory for the Warding Sign');
  sc.do(0, { type: 'PlayBane', card: 'creeping-doubt-1', target: 1 });
  t.same(sc.do(1, { type: 'PlayBoon', card: 'warding-sign-1' }), [
    { type: 'BoonPlayed', seat: 1, card: 'warding-sign-1', cost: 2, permanent: false },
    { type: 'BaneResolved', card: 'creeping-doubt-1', negated: true, attached: null },
    { type: 'PromptClosed' },
  ]);
});

t.test('ADVENTURE CARDS, Encounter Cards: an Encounter played into a space cannot touch a hero who has left it', async (t) => {
  const sc = scenario(deal({ heroes: ['brannoc', 'ysolde'] }));
  roundTrip(sc, ['N']);
  t.match(sc.hero(1), { x: 0, y: 1 });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.same(sc.do(1, { type: 'PlayBoon', card: 'homeward-rune-1' }), [
    { type: 'BoonPlayed', seat: 1, card: 'homeward-rune-1', cost: 1, permanent: false },
    { type: 'HeroRecalled', seat: 1 },
  ]);
  t.match(sc.do(1, { type: 'Pass' }), [{}, {}, {}, { type: 'EncounterResolved', index: 0, outcome: 'fizzled' }]);
});
