// dungeoneer.txt, TURN CYCLE 1, 4 and 5 (Reset, Hero, Discard/Draw), Special Actions, ADVENTURE CARDS (Boons,
// Treasures) and HERO CARDS (Special Ability, Defeat).
import t from 'tap';
import { dungeoneer } from '../src/index';
import { only, scenario, type Deal } from './support';

// Buttressed Way north of the entrance (Glory 1) and the Idol Chamber beyond it (Glory 3): two moves make 5 Glory.
const RICH: Deal = { passages: ['buttressed-way', 'narrow-fork', 'dripping-crossway', 'mossy-passage'], mapDeck: ['idol-chamber'] };
const rich = (deal: Deal) =>
  scenario({ ...RICH, ...deal })
    .toHeroPhase(0, 2)
    .move('N')
    .move('N');

t.test('HERO PHASE: Boons are played from hand in your Hero Phase for their Glory; an instant one is discarded', async (t) => {
  const sc = scenario({ hands: [['second-wind-1', 'iron-hide-1', 'keen-senses-1', 'gutter-wretch-1', 'quick-step-1'], []] });
  sc.spec.when({ type: 'PlayBoon', card: 'second-wind-1' }).thenViolates(t, 'dungeoneer/wrong-phase');
  sc.toHeroPhase();
  sc.spec.when({ type: 'PlayBoon', card: 'second-wind-1' }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-in-hand');
  sc.spec.when({ type: 'PlayBoon', card: 'iron-hide-1' }).thenViolates(t, 'dungeoneer/not-enough-glory');
  sc.spec.when({ type: 'PlayBoon', card: 'gutter-wretch-1' }).thenViolates(t, 'dungeoneer/not-a-boon');
  t.same(sc.do(0, { type: 'PlayBoon', card: 'second-wind-1' }), [
    { type: 'BoonPlayed', seat: 0, card: 'second-wind-1', cost: 1, permanent: false },
  ]);
  t.ok(sc.state.discard.includes('second-wind-1'), 'discarded after use; no Boon slot taken');
});

t.test('ADVENTURE CARDS, Boon Cards: permanent Boons are readied within the hero’s Boon limit', async (t) => {
  // Brannoc readies one Boon at level 1.
  const sc = rich({
    heroes: ['brannoc', 'ysolde'],
    hands: [['keen-senses-1', 'iron-hide-1', 'ember-lore-1', 'gutter-wretch-1', 'gutter-wretch-2'], []],
  });
  t.equal(sc.player(0).glory, 5);
  t.same(sc.do(0, { type: 'PlayBoon', card: 'keen-senses-1' }), [
    { type: 'BoonPlayed', seat: 0, card: 'keen-senses-1', cost: 2, permanent: true },
  ]);
  sc.spec.when({ type: 'PlayBoon', card: 'iron-hide-1' }).thenViolates(t, 'dungeoneer/boon-limit');
  t.same(sc.hero(0).boons, ['keen-senses-1']);
  sc.finishTurn().toHeroPhase().finishTurn();
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 0, movements: 3 }, 'Keen Senses: Speed 2 + 1');
});

t.test('ADVENTURE CARDS, Treasure Cards: slots, storage items, no two of a category, and potions used at once', async (t) => {
  // Ysolde has one Treasure slot at level 1.
  const hand = ['patched-satchel-1', 'notched-sword-1', 'ashwood-staff-1', 'hide-buckler-1', 'mending-draught-1'];
  const sc = rich({ heroes: ['ysolde', 'brannoc'], hands: [hand, []] });
  t.same(sc.do(0, { type: 'ReadyTreasure', card: 'patched-satchel-1', use: false }), [
    { type: 'TreasureReadied', seat: 0, card: 'patched-satchel-1', cost: 1, use: false },
  ]);
  sc.do(0, { type: 'ReadyTreasure', card: 'notched-sword-1', use: false });
  sc.spec.when({ type: 'ReadyTreasure', card: 'ashwood-staff-1', use: false }).thenViolates(t, 'dungeoneer/duplicate-category');
  sc.spec.when({ type: 'ReadyTreasure', card: 'hide-buckler-1', use: true }).thenViolates(t, 'dungeoneer/not-usable-at-once');
  sc.do(0, { type: 'ReadyTreasure', card: 'hide-buckler-1', use: false });
  sc.spec.when({ type: 'ReadyTreasure', card: 'mending-draught-1', use: false }).thenViolates(t, 'dungeoneer/treasure-limit');
  t.same(sc.do(0, { type: 'ReadyTreasure', card: 'mending-draught-1', use: true }), [
    { type: 'TreasureReadied', seat: 0, card: 'mending-draught-1', cost: 1, use: true },
  ]);
  t.same(sc.hero(0).treasures, ['patched-satchel-1', 'notched-sword-1', 'hide-buckler-1'], 'the potion used at once took no slot');
  // Discard/Draw: losing the storage item leaves one slot; the player chooses what stays.
  sc.endPhase();
  t.match(sc.do(0, { type: 'Discard', card: 'patched-satchel-1' }), [
    { type: 'CardsDiscarded', cards: ['patched-satchel-1'], from: 'treasures' },
    { type: 'PromptOpened', prompt: { kind: 'trim-treasures', seat: 0 } },
  ]);
  t.match(sc.do(0, { type: 'Discard', card: 'notched-sword-1' }), [
    { type: 'CardsDiscarded', cards: ['notched-sword-1'], from: 'treasures' },
    { type: 'PromptClosed' },
    { type: 'CardsDrawn', seat: 0 },
    { type: 'TurnEnded', seat: 0 },
  ]);
  t.same(sc.hero(0).treasures, ['hide-buckler-1']);
});

t.test('TURN CYCLE, Reset Phase: upkeep is paid in Glory, or the card goes back to hand; then Movements equal Speed', async (t) => {
  const sc = rich({
    heroes: ['ysolde', 'brannoc'],
    hands: [['striding-boots-1', 'iron-hide-1', 'gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3'], []],
  });
  sc.do(0, { type: 'ReadyTreasure', card: 'striding-boots-1', use: false });
  sc.do(0, { type: 'PlayBoon', card: 'iron-hide-1' });
  sc.finishTurn().toHeroPhase().finishTurn();
  t.same(sc.events.slice(-2), [
    { type: 'TurnStarted', seat: 0, round: 2 },
    { type: 'PromptOpened', prompt: { kind: 'upkeep', seat: 0, cards: ['iron-hide-1', 'striding-boots-1'] } },
  ]);
  t.same(dungeoneer.status(sc.state), { phase: 'upkeep', awaiting: [0] });
  t.same(sc.do(0, { type: 'Upkeep', card: 'iron-hide-1', pay: true }), [{ type: 'UpkeepPaid', seat: 0, card: 'iron-hide-1', glory: 1 }]);
  t.same(sc.do(0, { type: 'Upkeep', card: 'striding-boots-1', pay: false }), [
    { type: 'CardReturned', seat: 0, card: 'striding-boots-1' },
    { type: 'PromptClosed' },
    { type: 'MovementsSet', seat: 0, movements: 3 },
    { type: 'PhaseBegan', phase: 'dungeonlord' },
  ]);
  t.ok(sc.player(0).hand.includes('striding-boots-1'), 'back in hand');
});

t.test('Special Actions: activate a readied card when its cost can be paid — once per turn where it says so', async (t) => {
  const sc = rich({
    heroes: ['tamsin', 'brannoc'],
    hands: [['tarnished-idol-1', 'gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3', 'second-wind-1'], []],
  });
  sc.do(0, { type: 'ReadyTreasure', card: 'tarnished-idol-1', use: false });
  t.same(sc.do(0, { type: 'Activate', card: 'tarnished-idol-1' }), [
    { type: 'CardActivated', seat: 0, card: 'tarnished-idol-1', glory: 0, movement: 1, consumed: false },
    { type: 'TrackerChanged', seat: 0, glory: 2, peril: 0 },
  ]);
  sc.spec.when({ type: 'Activate', card: 'tarnished-idol-1' }).thenViolates(t, 'dungeoneer/once-per-turn');
  sc.spec.when({ type: 'Activate', card: 'second-wind-1' }).thenViolates(t, 'dungeoneer/not-readied');
  sc.finishTurn();
  t.equal(sc.hero(0).movements, 0, 'no Movement kept');
  sc.spec.when({ type: 'Activate', card: 'tarnished-idol-1' }).thenViolates(t, 'dungeoneer/no-movement');
});

t.test('HERO CARDS, Special Ability: a Boon usable any time, on or off turn, outside the Boon limit, once a turn', async (t) => {
  const sc = rich({
    heroes: ['brannoc', 'ysolde'],
    hands: [['keen-senses-1', 'gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3', 'second-wind-1'], []],
  });
  sc.do(0, { type: 'PlayBoon', card: 'keen-senses-1' });
  t.same(sc.do(0, { type: 'UseAbility' }), [
    { type: 'AbilityUsed', seat: 0, glory: 1, movement: 0 },
    { type: 'BoostGained', seat: 0, stat: 'melee', amount: 2 },
  ]);
  sc.spec.when({ type: 'UseAbility' }).thenViolates(t, 'dungeoneer/once-per-turn');
  sc.finishTurn();
  t.same(sc.hero(0).boosts, [], 'the boost lasted the turn');
  t.same(
    sc.do(0, { type: 'UseAbility' }),
    [
      { type: 'AbilityUsed', seat: 0, glory: 1, movement: 0 },
      { type: 'BoostGained', seat: 0, stat: 'melee', amount: 2 },
    ],
    'off turn, in the next player’s turn: once-per-turn uses reset with every turn',
  );
});

t.test('ADVENTURE CARDS, Anytime: an Anytime Boon is played on anyone’s turn', async (t) => {
  const sc = scenario({ hands: [[], ['quick-step-1', 'second-wind-1', 'gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3']] });
  t.same(sc.do(1, { type: 'PlayBoon', card: 'quick-step-1' }), [
    { type: 'BoonPlayed', seat: 1, card: 'quick-step-1', cost: 1, permanent: false },
    { type: 'MovementsSet', seat: 1, movements: 1 },
  ]);
  sc.spec.when({ type: 'PlayBoon', card: 'second-wind-1' }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-your-turn');
});

t.test('HERO PHASE, Challenge: a hero in your space, once a turn, 1 Movement; the hitter gets 1 Glory per wound', async (t) => {
  const sc = scenario({ heroes: ['brannoc', 'ysolde'] }).toHeroPhase();
  t.same(sc.do(0, { type: 'ChallengeHero', seat: 1, form: 'melee' }, { roll: 4 }, { roll: 2 }), [
    { type: 'Challenged', seat: 0, target: { kind: 'hero', seat: 1 }, form: 'melee', cost: 1 },
    {
      type: 'AttackRolled',
      attacker: { kind: 'hero', seat: 0 },
      defender: { kind: 'hero', seat: 1 },
      form: 'melee',
      attack: { roll: 4, score: 3 },
      defence: { roll: 2, score: 1 },
      hit: 'attacker',
    },
    { type: 'TrackerChanged', seat: 0, glory: 1, peril: 0 },
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
  ]);
  sc.spec.when({ type: 'ChallengeHero', seat: 1, form: 'melee' }).thenViolates(t, 'dungeoneer/already-challenged');
  const apart = scenario().toHeroPhase().move('N');
  apart.spec.when({ type: 'ChallengeHero', seat: 1, form: 'melee' }).thenViolates(t, 'dungeoneer/wrong-space');
  const defended = scenario({ heroes: ['ysolde', 'brannoc'] }).toHeroPhase();
  t.match(
    only(defended.do(0, { type: 'ChallengeHero', seat: 1, form: 'melee' }, { roll: 1 }, { roll: 6 }), 'TrackerChanged'),
    [{ seat: 1, glory: 1 }],
    'a defender’s hit counts too',
  );
});

t.test('TURN CYCLE, Discard/Draw: exactly one discard from hand, Treasures or Pack; refill to five; keep one Movement', async (t) => {
  const sc = scenario({
    heroes: ['tamsin', 'brannoc'],
    hands: [['gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3', 'lantern-moths-1', 'lantern-moths-2'], []],
    deck: ['second-wind-1', 'quick-step-1'],
  });
  sc.toHeroPhase().endPhase();
  sc.spec.when({ type: 'EndPhase' }).thenViolates(t, 'dungeoneer/must-discard');
  sc.spec.when({ type: 'Discard', card: 'second-wind-1' }).thenViolates(t, 'dungeoneer/not-yours');
  t.same(sc.do(0, { type: 'Discard', card: 'lantern-moths-2' }).slice(0, 4), [
    { type: 'CardsDiscarded', seat: 0, cards: ['lantern-moths-2'], from: 'hand' },
    { type: 'CardsDrawn', seat: 0, cards: ['second-wind-1'] },
    { type: 'TurnEnded', seat: 0, kept: 1 },
    { type: 'TurnStarted', seat: 1, round: 1 },
  ]);
  t.equal(sc.player(0).hand.length, 5);
  t.equal(sc.hero(0).movements, 1, 'one Movement kept for off-turn use');
});

t.test('TURN CYCLE, Discard/Draw: if the Adventure deck is depleted, the discard pile is reshuffled into it', async (t) => {
  const sc = scenario({ seats: 2 });
  for (let turn = 0; turn < 200 && sc.state.deck.length > 0; turn++) sc.toHeroPhase().finishTurn();
  t.equal(sc.state.deck.length, 0);
  const pile = [...sc.state.discard];
  const events = sc
    .toHeroPhase()
    .endPhase()
    .do(sc.active, { type: 'Discard', card: sc.player(sc.active).hand[0]! });
  const shuffle = only(events, 'AdventureDeckShuffled')[0];
  t.equal(shuffle?.reason, 'reshuffle');
  t.same([...(shuffle?.order ?? [])].sort(), [...pile, sc.events.filter((e) => e.type === 'CardsDiscarded').at(-1)!.cards[0]].sort());
});

t.test('HERO CARDS, Defeat: at 0 Life the player discards everything and is out; on its own turn the turn passes', async (t) => {
  const sc = scenario({
    seats: 3,
    heroes: ['brannoc', 'ysolde', 'tamsin'],
    profiles: [{ life: 1 }, null, null],
    passages: ['dripping-crossway', 'narrow-fork', 'buttressed-way', 'split-corridor'],
    hands: [['gutter-wretch-1', 'second-wind-1', 'notched-sword-1', 'lantern-moths-1', 'ill-omen-1'], [], []],
  });
  sc.toHeroPhase().move('W');
  const events = sc.do(0, { type: 'Move', direction: 'E' }, { roll: 1 });
  t.match(events, [
    { type: 'ThreatRolled', source: 'door', success: false },
    { type: 'HeroWounded', seat: 0, life: 0 },
    { type: 'HeroDefeated', seat: 0, quests: ['gamblers-mirror', 'knucklebones'] },
    { type: 'TurnEnded', seat: 0, kept: 0 },
    { type: 'TurnStarted', seat: 1 },
  ]);
  t.same(
    [...only(events, 'HeroDefeated')[0]!.cards].sort(),
    [...sc.events.filter((e) => e.type === 'CardsDrawn' && e.seat === 0).flatMap((e) => (e.type === 'CardsDrawn' ? e.cards : []))].sort(),
  );
  t.ok(sc.player(0).defeated);
  t.same(sc.legal(0), [], 'out of the game');
  sc.toHeroPhase().finishTurn().toHeroPhase().finishTurn();
  t.equal(sc.active, 1, 'turn order skips the defeated seat');
});

t.test('Set-Up and HERO CARDS: the last surviving hero wins by default', async (t) => {
  const sc = scenario({
    profiles: [null, { life: 1 }],
    hands: [['gutter-wretch-1', 'second-wind-1', 'quick-step-1', 'gutter-wretch-2', 'gutter-wretch-3'], []],
  });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  t.match(sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }).slice(-3), [
    { type: 'HeroWounded', seat: 1, life: 0 },
    { type: 'HeroDefeated', seat: 1 },
    { type: 'GameWon', winners: [0], how: 'last-standing' },
  ]);
  t.same(dungeoneer.status(sc.state), { phase: 'finished', awaiting: [], winners: [0] });
  sc.spec.when({ type: 'EndPhase' }).thenViolates(t, 'dungeoneer/game-over');
});
