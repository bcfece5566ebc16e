// §The Dungeon's turn: ready, level up, the MARKED roll, flips resolved one at a time, attacks in order; the automaton.
import t from 'tap';
import { scriptedRandom } from '@delve/kernel/testing';
import { dungeonDef } from '../src/content/index';
import { raid, type RaidEvent } from '../src/index';
import { AUTOMATON, scenario } from './support';

const CRYPT = dungeonDef('drowned-crypt').hero.levels;
const ofType = <T extends RaidEvent['type']>(events: readonly RaidEvent[], type: T) =>
  events.filter((e): e is Extract<RaidEvent, { type: T }> => e.type === type);

t.test("§The Dungeon's turn: first it readies every exhausted Dungeon card, its hero and allies included", async (t) => {
  const sc = scenario({ options: { difficulty: 'experienced' }, dungeon: ['crypt-ghoul'] }).keep();
  const ghoul = sc.dungeonAlly('crypt-ghoul');
  t.equal(sc.state.dungeon.hero.exhausted, true, 'the Dungeon hero attacked on its first turn');
  t.equal(sc.state.dungeon.allies[0]?.exhausted, true, 'so did the Ferocity ghoul');
  sc.closeTurn();
  t.same(raid.automaton?.(sc.state), { type: 'StartDungeonTurn' });
  sc.spec.when({ type: 'StartDungeonTurn' }, { actor: AUTOMATON, random: scriptedRandom({ roll: 6 }) }).then(t, [
    { type: 'CardsReadied', seat: null },
    { type: 'HeroMarked', seat: 0, roll: 6, among: [0] },
    { type: 'FlipsAnnounced', count: CRYPT[0]?.flip ?? 0 },
  ]);
  sc.step();
  t.equal(sc.state.dungeon.hero.exhausted, false);
  t.equal(sc.state.dungeon.allies.find((a) => a.id === ghoul)?.exhausted, false);
});

t.test(
  "§The Dungeon's turn, §Level Up Rules: a raider hero with 10+ damage levels it up; damage stays, Flip and health change",
  async (t) => {
    const sc = scenario({
      options: { difficulty: 'experienced' },
      dungeon: ['chill-of-the-grave', 'chill-of-the-grave', 'bone-rattler'],
      hands: [['warhound', 'shieldbearer-recruit', 'oathsworn-veteran']],
    }).keep();
    t.equal(sc.raider(0).hero.damage, 3 + (CRYPT[0]?.atk ?? 0), 'Chill of the Grave and the hero’s attack');
    sc.do(0, { type: 'PlaceResource', card: sc.hand(0, 'shieldbearer-recruit') }).endTurn();
    t.ok(sc.raider(0).hero.damage >= 10, `raider 0 has ${sc.raider(0).hero.damage} damage`);
    t.equal(sc.state.dungeon.level, 1, 'levels are only checked at the start of the Dungeon’s turn');
    sc.do(0, { type: 'PlaceResource', card: sc.hand(0, 'oathsworn-veteran') });
    sc.play(0, sc.hand(0, 'warhound'));
    sc.do(0, { type: 'Attack', attacker: sc.raider(0).allies[0]?.id ?? '', target: 'dh' });
    t.equal(sc.state.dungeon.hero.damage, 3, 'the Ferocity warhound hit the Dungeon hero for 3');
    sc.closeTurn();
    sc.spec.when({ type: 'StartDungeonTurn' }, { actor: AUTOMATON, random: scriptedRandom({ roll: 1 }) }).then(t, [
      { type: 'CardsReadied', seat: null },
      { type: 'DungeonLeveledUp', from: 1, to: 2, reason: 'damage' },
      { type: 'HeroMarked', seat: 0, roll: 1, among: [0] },
      { type: 'FlipsAnnounced', count: CRYPT[1]?.flip ?? 0 },
    ]);
    sc.step();
    t.equal(sc.state.dungeon.hero.damage, 3, 'damage stays');
    t.equal(raid.view(sc.state, { kind: 'spectator' }).dungeon.hero.health, CRYPT[1]?.health, 'health is level 2’s');
  },
);

t.test('§Level Up Rules: it levels up as many times as due at once (20+ damage and a raider destroyed)', async (t) => {
  // Heroic: level 2 from the start. Raider 0 (26 health) takes 10, then 9, then 8 and is destroyed on the third turn.
  const sc = scenario({
    seats: 2,
    options: { difficulty: 'heroic', classes: ['pyromancer', 'guardian'] },
    dungeon: ['chill-of-the-grave', 'chill-of-the-grave', 'chill-of-the-grave', 'necrotic-touch', 'necrotic-touch', 'barnacled-trident'],
    hands: [['spark-adept', 'ember-familiar', 'flame-lash']],
  }).keep();
  t.equal(sc.raider(0).hero.damage, 10);
  sc.do(0, { type: 'PlaceResource', card: sc.hand(0, 'ember-familiar') });
  sc.play(0, sc.hand(0, 'spark-adept'), 'dh');
  sc.endTurn().endTurn();
  t.equal(sc.raider(0).hero.damage, 19, 'below 20 at the start of the next Dungeon turn');
  t.equal(sc.state.dungeon.level, 2);
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[0] ?? '' }).endTurn();
  const from = sc.events.length;
  sc.endTurn(); // raider 1; the Dungeon's turn destroys raider 0
  const defeated = ofType(sc.since(from), 'RaiderDefeated')[0];
  t.equal(defeated?.seat, 0, 'raider 0 is destroyed');
  t.same(
    defeated?.cards.map((c) => c.card),
    ['spark-adept', 'ember-familiar', sc.state.cards[defeated?.cards[2]?.id ?? ''] ?? ''],
    'its ally and both resources leave play',
  );
  t.match(ofType(sc.since(from), 'HeroMarked').at(-1), { seat: 1, among: [1] }, 'the MARKED hero fell: the die is rolled again');
  sc.closeTurn();
  const opening = sc.spec.when({ type: 'StartDungeonTurn' }, { actor: AUTOMATON, random: scriptedRandom({ roll: 2 }) }).events();
  t.same(ofType(opening, 'DungeonLeveledUp'), [
    { type: 'DungeonLeveledUp', from: 2, to: 3, reason: 'damage' },
    { type: 'DungeonLeveledUp', from: 3, to: 4, reason: 'raider-destroyed' },
  ]);
  t.same(ofType(opening, 'HeroMarked'), [{ type: 'HeroMarked', seat: 1, roll: 2, among: [1] }], 'only living raiders are MARKED');
  t.ok(sc.state.dungeon.weapon, 'the trident stays attached through the level-ups');
});

t.test('§The Dungeon’s turn: a six-sided die picks the MARKED hero among the living raiders, and the roll is recorded', async (t) => {
  const sc = scenario({ seats: 3, options: { difficulty: 'novice' } }).keep();
  sc.closeTurn().closeTurn().closeTurn();
  for (const [roll, seat] of [
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 1],
    [5, 2],
    [6, 2],
  ] as const) {
    const events = sc.spec.when({ type: 'StartDungeonTurn' }, { actor: AUTOMATON, random: scriptedRandom({ roll }) }).events();
    t.same(ofType(events, 'HeroMarked'), [{ type: 'HeroMarked', seat, roll, among: [0, 1, 2] }], `a ${roll} marks raider ${seat}`);
  }
});

t.test('§The Dungeon’s turn: it flips its Flip value of cards, even on its very first turn, and each resolves in turn', async (t) => {
  const sc = scenario({ options: { difficulty: 'heroic' }, dungeon: ['barnacled-trident', 'bone-rattler'] }).keep();
  const flips = sc.events.filter((e) => e.type === 'CardFlipped' || e.type === 'CardPlayed');
  t.same(
    flips.map((e) => [e.type, (e as { card: { card: string } }).card.card]),
    [
      ['CardFlipped', 'barnacled-trident'],
      ['CardPlayed', 'barnacled-trident'],
      ['CardFlipped', 'bone-rattler'],
      ['CardPlayed', 'bone-rattler'],
    ],
    'Flip 2 at level 2, on the very first Dungeon turn; each card resolves before the next is flipped',
  );
  t.equal(sc.state.dungeon.allies.length, 1, 'the ally joined the Dungeon party');
  t.ok(sc.state.dungeon.weapon, 'the equipment entered play');
  const attack = ofType(sc.events, 'DamageDealt').find((e) => e.source === 'dh');
  t.equal(attack?.amount, (CRYPT[1]?.atk ?? 0) + 2, 'and the Dungeon hero attacks with it (+2 ATK)');
});

t.test('§The Dungeon’s turn: hero first, then allies in the order they entered; new allies wait unless they have Ferocity', async (t) => {
  const sc = scenario({ options: { difficulty: 'experienced' }, dungeon: ['bone-rattler', 'crypt-ghoul'] }).keep();
  t.same(
    ofType(sc.events, 'AttackDeclared').map((e) => e.attacker),
    ['dh'],
    'the Bone Rattler entered this turn and has no Ferocity',
  );
  const from = sc.events.length;
  sc.endTurn();
  const rattler = sc.dungeonAlly('bone-rattler');
  const ghoul = sc.dungeonAlly('crypt-ghoul');
  t.same(
    ofType(sc.since(from), 'AttackDeclared').map((e) => [e.attacker, e.target]),
    [
      ['dh', 'h0'],
      [rattler, 'h0'],
      [ghoul, 'h0'],
    ],
    'the ghoul has Ferocity and attacks the turn it enters; every attack goes at the MARKED hero',
  );
});

t.test('§The Dungeon’s turn: while raiders may respond the automaton waits; awaiting lists who may', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'novice' }, dungeon: ['bone-rattler'] }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[0] ?? '' }).closeTurn();
  sc.closeTurn();
  sc.step(); // the turn's opening
  sc.step(); // the flip
  t.match(sc.state.window, { kind: 'flip', awaiting: [0] }, 'only raider 0 has a ready resource to answer with');
  t.equal(raid.automaton?.(sc.state), null, 'the Dungeon waits');
  t.same(raid.status(sc.state), { phase: 'respond', awaiting: [0] });
  t.same(raid.legalCommands(sc.state, 1), [{ type: 'Concede' }], 'raider 1 has nothing to say (it may only concede)');
  sc.do(0, { type: 'Pass' });
  t.ok(
    ofType(sc.events, 'CardPlayed').some((e) => e.card.card === 'bone-rattler'),
    'once it passed, the flip resolved',
  );
});

t.test('The automaton: Dungeon commands come only from it, and only as its next step by the fixed rules', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' } }).keep();
  sc.spec.when({ type: 'FlipCard' }, { seat: 0 }).thenViolates(t, 'raid/dungeon-only');
  sc.closeTurn();
  sc.spec.when({ type: 'EndTurn' }, { actor: AUTOMATON }).thenViolates(t, 'raid/raiders-only');
  sc.spec.when({ type: 'FlipCard' }, { actor: AUTOMATON }).thenViolates(t, 'raid/not-the-dungeons-step', 'the turn opens first');
  sc.step();
  sc.spec.when({ type: 'DeclareAttack', attacker: 'dh', target: 'h0' }, { actor: AUTOMATON }).thenViolates(t, 'raid/not-the-dungeons-step');
});

t.test('§The Dungeon’s turn: its choices of target are a fixed rule (the MARKED hero; the MARKED party’s strongest ally)', async (t) => {
  const sc = scenario({
    seats: 2,
    options: { difficulty: 'novice', dungeon: 'emberforge-depths', classes: ['guardian', 'guardian'] },
    dungeon: ['molten-spray'],
    hands: [['warhound', 'shieldbearer-recruit', 'oathsworn-veteran'], ['warhound']],
  }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.hand(0, 'oathsworn-veteran') }).play(0, sc.hand(0, 'shieldbearer-recruit'));
  sc.closeTurn();
  sc.do(1, { type: 'PlaceResource', card: sc.raider(1).hand[1] ?? '' });
  sc.roll(1); // raider 0 is MARKED
  sc.endTurn();
  const spray = ofType(sc.events, 'CardPlayed').find((e) => e.card.card === 'molten-spray');
  t.equal(
    spray?.target,
    sc.raider(0).graveyard.find((id) => sc.state.cards[id] === 'shieldbearer-recruit'),
    'its only ally',
  );
});
