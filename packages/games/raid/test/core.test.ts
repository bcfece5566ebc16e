// The compact trading-card core (README: Core rules): resources, costs, the turn, combat, keywords, equipment,
// talents, instants in response windows, cancels and targets.
import t from 'tap';
import { raid, profileFromOptions, type RaidEvent } from '../src/index';
import { resolveOptions } from '../src/options';
import { scenario } from './support';

const ofType = <T extends RaidEvent['type']>(events: readonly RaidEvent[], type: T) =>
  events.filter((e): e is Extract<RaidEvent, { type: T }> => e.type === type);
const types = (events: readonly RaidEvent[]) => events.map((e) => e.type);

function profile(cls: string, ...extra: string[]) {
  const starter = profileFromOptions(resolveOptions({ classes: [cls] }, 1), 0);
  return { ...starter, deck: [...starter.deck.slice(extra.length), ...extra] };
}

t.test('Core, resources: once per turn a card from hand goes face down as a resource', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' } }).keep();
  const [first, second] = sc.raider(0).hand;
  sc.spec
    .when({ type: 'PlaceResource', card: first ?? '' })
    .then(t, [{ type: 'ResourcePlaced', seat: 0, card: { id: first ?? '', card: sc.state.cards[first ?? ''] ?? '' } }]);
  sc.do(0, { type: 'PlaceResource', card: first ?? '' });
  sc.spec.when({ type: 'PlaceResource', card: second ?? '' }).thenViolates(t, 'raid/resource-placed');
  t.same(sc.raider(0).resources, [{ id: first, exhausted: false }], 'it enters ready');
});

t.test('Core, costs: a card is paid for by exhausting that many ready resources', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, hands: [['oathsworn-veteran']] }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[1] ?? '' });
  sc.spec.when({ type: 'PlayCard', card: sc.hand(0, 'oathsworn-veteran') }).thenViolates(t, 'raid/cannot-pay');
  sc.resourcesUp(0, 2, ['oathsworn-veteran']);
  const vet = sc.hand(0, 'oathsworn-veteran');
  sc.spec.when({ type: 'PlayCard', card: vet }).then(t, [
    { type: 'CostPaid', seat: 0, amount: 2 },
    { type: 'CardPlayed', seat: 0, card: { id: vet, card: 'oathsworn-veteran' }, target: null, replaced: null },
  ]);
  sc.play(0, vet);
  t.same(
    sc.raider(0).resources.map((g) => g.exhausted),
    [true, true],
  );
  sc.endTurn();
  t.same(
    sc.raider(0).resources.map((g) => g.exhausted),
    [false, false],
    'they ready at the start of the raider’s next turn',
  );
});

t.test('Core, turn: ready, draw, main; at the end the raider discards down to the hand size, then the turn passes', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' } }).keep();
  t.equal(sc.raider(0).hand.length, 8, 'seven and the turn’s draw');
  sc.spec.when({ type: 'EndTurn' }).then(t, [{ type: 'HandLimitReached', seat: 0, excess: 1 }]);
  sc.send(0, { type: 'EndTurn' });
  t.same(
    raid.legalCommands(sc.state, 0).map((c) => c.type),
    [...Array<string>(8).fill('Discard'), 'Concede'],
  );
  sc.spec.when({ type: 'PlaceResource', card: sc.raider(0).hand[0] ?? '' }).thenViolates(t, 'raid/wrong-step', 'only discards now');
  const card = sc.raider(0).hand[3] ?? '';
  const events = sc.spec.when({ type: 'Discard', card }).events();
  t.same(types(events), ['CardsDiscarded', 'TurnEnded', 'TurnStarted']);
  t.match(events[0], { seat: 0, from: 'hand', reason: 'hand-limit', cards: [{ id: card }] });
  t.match(events[2], { seat: null, number: 2 }, 'the Dungeon’s turn follows');
});

t.test('Core, combat: the attacker exhausts, both deal their ATK, damage stays, fatal damage destroys', async (t) => {
  const sc = scenario({
    options: { difficulty: 'experienced' },
    dungeon: ['bone-rattler', 'rotting-mend'],
    hands: [['oathsworn-veteran']],
  });
  sc.keep().resourcesUp(0, 2, ['oathsworn-veteran']);
  const vet = sc.hand(0, 'oathsworn-veteran');
  sc.play(0, vet);
  const rattler = sc.dungeonAlly('bone-rattler');
  sc.spec.when({ type: 'Attack', attacker: vet, target: rattler }).thenViolates(t, 'raid/summoning-sick', 'not the turn it enters');
  sc.endTurn();
  sc.spec.when({ type: 'Attack', attacker: vet, target: rattler }).then(t, [
    { type: 'AttackDeclared', by: 0, attacker: vet, target: rattler },
    { type: 'DamageDealt', target: rattler, amount: 2, prevented: 0, armor: null, source: vet },
    { type: 'DamageDealt', target: vet, amount: 2, prevented: 0, armor: null, source: rattler },
    { type: 'AttackEnded', cancelled: false },
    { type: 'AllyDestroyed', seat: null, card: { id: rattler, card: 'bone-rattler' }, boss: false },
  ]);
  sc.do(0, { type: 'Attack', attacker: vet, target: rattler });
  sc.spec.when({ type: 'Attack', attacker: vet, target: 'dh' }).thenViolates(t, 'raid/exhausted', 'it exhausted to attack');
  sc.endTurn();
  t.equal(sc.raider(0).allies[0]?.damage, 2, 'damage stays on the veteran');
});

t.test('Core, Ferocity: an ally with Ferocity may attack the turn it enters', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, hands: [['warhound']] }).keep();
  sc.resourcesUp(0, 2, ['warhound']);
  sc.play(0, sc.hand(0, 'warhound'));
  const hound = sc.raider(0).allies[0]?.id ?? '';
  t.ok(raid.legalCommands(sc.state, 0).some((c) => c.type === 'Attack' && c.attacker === hound && c.target === 'dh'));
});

t.test('Core, Protector: a ready Protector may take a Dungeon attack aimed at its party; it exhausts', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, dungeon: ['rotting-mend'], hands: [['shieldbearer-recruit']] }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[1] ?? '' }).play(0, sc.hand(0, 'shieldbearer-recruit'));
  const recruit = sc.raider(0).allies[0]?.id ?? '';
  sc.closeTurn();
  sc.auto();
  t.match(sc.state.attack, { by: null, attacker: 'dh', target: 'h0' });
  t.match(sc.state.window, { kind: 'attack', awaiting: [0] }, 'the MARKED raider with a ready Protector is asked');
  t.same(raid.legalCommands(sc.state, 0), [{ type: 'Pass' }, { type: 'Protect', ally: recruit }, { type: 'Concede' }]);
  sc.spec
    .when({ type: 'Protect', ally: recruit })
    .then(t, [{ type: 'AttackRedirected', seat: 0, protector: recruit }, { type: 'WindowClosed' }]);
  sc.do(0, { type: 'Protect', ally: recruit });
  const hits = ofType(sc.events, 'DamageDealt').filter((e) => e.source === 'dh');
  t.same(
    hits.map((e) => e.target),
    [recruit],
    'the Dungeon hero’s ATK landed on the recruit',
  );
  t.equal(sc.raider(0).hero.damage, 0);
});

t.test('Core, Protector: the Dungeon’s first ready Protector takes raider attacks on its hero (fixed rule)', async (t) => {
  // The sentry enters on the Dungeon's second turn and, without Ferocity, does not attack: it is still ready.
  const sc = scenario({ options: { difficulty: 'experienced' }, dungeon: ['rotting-mend', 'drowned-sentry'], hands: [['warhound']] });
  sc.keep().resourcesUp(0, 2, ['warhound']);
  sc.play(0, sc.hand(0, 'warhound'));
  const hound = sc.raider(0).allies[0]?.id ?? '';
  const sentry = sc.dungeonAlly('drowned-sentry');
  t.match(sc.spec.when({ type: 'Attack', attacker: hound, target: 'dh' }).events(), [
    { type: 'AttackDeclared', by: 0, attacker: hound, target: 'dh' },
    { type: 'AttackRedirected', seat: null, protector: sentry },
    { type: 'DamageDealt', target: sentry, amount: 3 },
    { type: 'DamageDealt', target: hound, amount: 2 },
    { type: 'AttackEnded' },
    { type: 'AllyDestroyed', card: { id: hound } },
  ]);
});

t.test('Core, weapons: the hero with a weapon exhausts and pays the strike cost to attack', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, hands: [['iron-longsword']] }).keep();
  sc.resourcesUp(0, 3, ['iron-longsword']);
  sc.spec.when({ type: 'Attack', attacker: 'h0', target: 'dh' }).thenViolates(t, 'raid/no-weapon');
  sc.play(0, sc.hand(0, 'iron-longsword'));
  const atk = raid.view(sc.state, { kind: 'seat', seat: 0 }).dungeon.hero.atk;
  t.match(sc.spec.when({ type: 'Attack', attacker: 'h0', target: 'dh' }).events(), [
    { type: 'CostPaid', seat: 0, amount: 1 },
    { type: 'AttackDeclared', by: 0, attacker: 'h0', target: 'dh' },
    { type: 'DamageDealt', target: 'dh', amount: 3 },
    { type: 'DamageDealt', target: 'h0', amount: atk },
    { type: 'AttackEnded' },
  ]);
});

t.test('Core, armor: while ready it prevents its value of the next damage to the hero, then exhausts', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, dungeon: ['rotting-mend'], hands: [['tower-shield']] }).keep();
  sc.resourcesUp(0, 2, ['tower-shield']);
  sc.play(0, sc.hand(0, 'tower-shield'));
  const shield = sc.raider(0).armor?.id;
  const from = sc.events.length;
  sc.endTurn();
  const hit = ofType(sc.since(from), 'DamageDealt').find((e) => e.target === 'h0');
  t.match(hit, { prevented: 3, armor: shield, source: 'dh' });
  t.equal(sc.raider(0).armor?.exhausted, false, 'ready again on the raider’s turn');
});

t.test('Core, talents and equipment: one talent, one weapon, one armor at a time; a new one replaces the old', async (t) => {
  const sc = scenario({
    options: { difficulty: 'novice' },
    profiles: [profile('guardian', 'battle-hardened')],
    hands: [['veterans-resolve', 'battle-hardened']],
  }).keep();
  sc.resourcesUp(0, 3, ['veterans-resolve', 'battle-hardened']);
  const resolve = sc.hand(0, 'veterans-resolve');
  sc.play(0, resolve);
  t.equal(raid.view(sc.state, { kind: 'seat', seat: 0 }).raiders[0]?.hero.health, 34, '+4 health');
  sc.endTurn();
  const hardened = sc.hand(0, 'battle-hardened');
  sc.spec.when({ type: 'PlayCard', card: hardened }).then(t, [
    { type: 'CostPaid', seat: 0, amount: 2 },
    { type: 'CardPlayed', seat: 0, card: { id: hardened, card: 'battle-hardened' }, target: null, replaced: resolve },
  ]);
  sc.play(0, hardened);
  t.equal(sc.raider(0).talent, hardened);
  t.ok(sc.raider(0).graveyard.includes(resolve), 'the old talent went to the graveyard');
  t.equal(raid.view(sc.state, { kind: 'seat', seat: 0 }).raiders[0]?.hero.health, 35);
});

t.test('Core, instants: only instant abilities answer a window, and a response re-asks everyone who can answer', async (t) => {
  const sc = scenario({
    options: { difficulty: 'novice', classes: ['pyromancer'] },
    dungeon: ['rotting-mend', 'bone-rattler'],
    hands: [['flame-lash', 'ember-familiar']],
  }).keep();
  sc.resourcesUp(0, 2, ['flame-lash', 'ember-familiar']);
  sc.closeTurn();
  sc.auto();
  t.match(sc.state.window, { kind: 'flip', awaiting: [0] });
  sc.spec.when({ type: 'PlayCard', card: sc.hand(0, 'ember-familiar') }).thenViolates(t, 'raid/not-instant');
  const lash = sc.hand(0, 'flame-lash');
  const events = sc.spec.when({ type: 'PlayCard', card: lash, target: 'dh' }).events();
  t.same(types(events), ['CostPaid', 'CardPlayed', 'DamageDealt', 'AbilityResolved', 'WindowOpened']);
  t.match(events.at(-1), { kind: 'flip', awaiting: [0] }, 'asked again: one resource is still ready');
});

t.test('Core, cancel: an instant cancel stops the flipped Dungeon card, or the Dungeon attack, and closes the window', async (t) => {
  const sc = scenario({
    options: { difficulty: 'novice', classes: ['pyromancer'] },
    dungeon: ['rotting-mend', 'rotting-mend', 'chill-of-the-grave'],
    hands: [['unweave']],
  }).keep();
  sc.resourcesUp(0, 3, ['unweave']);
  const unweave = sc.hand(0, 'unweave');
  t.notOk(
    raid.legalCommands(sc.state, 0).some((c) => c.type === 'PlayCard' && c.card === unweave),
    'nothing to cancel on the raider’s own turn',
  );
  sc.spec.when({ type: 'PlayCard', card: unweave }).thenViolates(t, 'raid/nothing-to-cancel');
  sc.closeTurn();
  sc.auto();
  const chill = sc.state.dturn?.revealed ?? '';
  t.equal(sc.state.cards[chill], 'chill-of-the-grave');
  sc.spec
    .when({ type: 'PlayCard', card: unweave })
    .then(t, [
      { type: 'CostPaid', seat: 0, amount: 3 },
      { type: 'CardPlayed', seat: 0, card: { id: unweave, card: 'unweave' }, target: null, replaced: null },
      { type: 'CardCancelled', seat: 0, card: chill },
      { type: 'WindowClosed' },
      { type: 'AbilityResolved', seat: 0, card: unweave },
    ]);
  sc.do(0, { type: 'PlayCard', card: unweave });
  t.ok(sc.state.dungeon.graveyard.includes(chill), 'the cancelled card went to the Dungeon graveyard unresolved');
  t.notOk(
    ofType(sc.events, 'CardPlayed').some((e) => e.card.id === chill),
    'it never resolved',
  );
});

t.test('Core, targets: an ability needs a legal target', async (t) => {
  const sc = scenario({ options: { difficulty: 'novice' }, hands: [['shield-slam']] }).keep();
  sc.do(0, { type: 'PlaceResource', card: sc.raider(0).hand[2] ?? '' });
  const slam = sc.hand(0, 'shield-slam');
  t.notOk(
    raid.legalCommands(sc.state, 0).some((c) => c.type === 'PlayCard' && c.card === slam),
    'no Dungeon ally to aim at',
  );
  sc.spec.when({ type: 'PlayCard', card: slam }).thenViolates(t, 'raid/no-target');
  sc.spec.when({ type: 'PlayCard', card: slam, target: 'dh' }).thenViolates(t, 'raid/no-target');
});
