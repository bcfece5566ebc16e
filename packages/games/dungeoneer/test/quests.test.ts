// dungeoneer.txt, QUEST CARDS: attempting, every quest type, Artifacts, effects, rewards, the Global Quest, winning.
import t from 'tap';
import { adventureCard, dungeoneer } from '../src/index';
import { only, scenario, type Deal } from './support';

// Buttressed Way north of the entrance: a room drawn in the first Build Phase goes at (0,2), two moves away.
const NORTH: Deal['passages'] = ['buttressed-way', 'narrow-fork', 'dripping-crossway', 'mossy-passage'];
const room = (deal: Deal & { room: string }) => scenario({ passages: NORTH, mapDeck: [deal.room], ...deal }).toHeroPhase(0, 2);

t.test('QUEST CARDS: a quest is attempted in its own space, and only by its holder (or anyone, when Global)', async (t) => {
  const sc = room({
    room: 'bone-pit',
    heroes: ['brannoc', 'ysolde'],
    quests: ['blood-tithe', 'knucklebones', 'oath-of-ash', 'hidden-codex', 'stolen-reliquary'],
  });
  sc.spec.when({ type: 'AttemptQuest', quest: 'blood-tithe' }).thenViolates(t, 'dungeoneer/wrong-space');
  sc.spec.when({ type: 'AttemptQuest', quest: 'oath-of-ash' }).thenViolates(t, 'dungeoneer/not-your-quest');
  sc.move('N').move('N', { roll: 6 });
  sc.spec.when({ type: 'AttemptQuest', quest: 'blood-tithe', boost: 0 }).thenViolates(t, 'dungeoneer/no-boost');
  t.same(
    sc.legal(0).filter((c) => c.type === 'AttemptQuest'),
    [{ type: 'AttemptQuest', quest: 'blood-tithe' }],
  );
});

t.test('QUEST CARDS, Sacrifice: go to the space and pay the price; Level and Peril are the reward', async (t) => {
  const sc = room({
    room: 'bone-pit',
    heroes: ['brannoc', 'ysolde'],
    quests: ['blood-tithe', 'knucklebones', 'oath-of-ash', 'hidden-codex', 'stolen-reliquary'],
  });
  sc.move('N').move('N', { roll: 2 });
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'blood-tithe' }), [
    { type: 'QuestAttempted', seat: 0, quest: 'blood-tithe', cost: 0, paid: 0 },
    { type: 'HeroWounded', seat: 0, wounds: 2, life: 4 },
    { type: 'QuestCompleted', seat: 0, quest: 'blood-tithe' },
    { type: 'LevelGained', seat: 0, level: 2 },
    { type: 'TrackerChanged', seat: 0, glory: 0, peril: 2 },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
  t.same(sc.player(0).completed, ['blood-tithe'], 'face down in the Inventory');
  sc.finishTurn().toHeroPhase().finishTurn();
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 0, movements: 3 }, 'level 2: Brannoc’s Speed is 3');
  const poor = room({
    room: 'bone-pit',
    profiles: [{ life: 2 }, null],
    quests: ['blood-tithe', 'knucklebones', 'oath-of-ash', 'hidden-codex', 'stolen-reliquary'],
  });
  poor.move('N').move('N', { roll: 6 });
  poor.spec.when({ type: 'AttemptQuest', quest: 'blood-tithe' }).thenViolates(t, 'dungeoneer/cannot-pay');
});

t.test('QUEST CARDS, Complete Quest: at most one a turn — the hero goes straight to Discard/Draw', async (t) => {
  const sc = room({
    room: 'bone-pit',
    heroes: ['tamsin', 'ysolde'],
    quests: ['blood-tithe', 'knucklebones', 'oath-of-ash', 'hidden-codex', 'stolen-reliquary'],
  });
  sc.move('N').move('N', { roll: 6 });
  sc.do(0, { type: 'AttemptQuest', quest: 'blood-tithe' });
  t.equal(dungeoneer.status(sc.state).phase, 'discard');
  sc.spec.when({ type: 'Move', direction: 'S' }).thenViolates(t, 'dungeoneer/wrong-phase');
});

t.test('QUEST CARDS, Chance: each attempt costs a Movement; Glory buys +1s for one roll, declared before it', async (t) => {
  const sc = room({
    room: 'mirror-room',
    heroes: ['tamsin', 'ysolde'],
    quests: ['gamblers-mirror', 'knucklebones', 'oath-of-ash', 'hidden-codex', 'stolen-reliquary'],
  });
  sc.move('N').move('N');
  t.equal(sc.player(0).glory, 4);
  t.same(
    sc.legal(0).filter((c) => c.type === 'AttemptQuest'),
    [0, 1, 2, 3, 4].map((boost) => ({ type: 'AttemptQuest', quest: 'gamblers-mirror', boost })),
    'every affordable bonus is listed',
  );
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'gamblers-mirror', boost: 0 }, { roll: 4 }), [
    { type: 'QuestAttempted', seat: 0, quest: 'gamblers-mirror', cost: 1, paid: 0 },
    { type: 'ThreatRolled', seat: 0, source: 'gamblers-mirror', stat: 'none', roll: 4, score: 0, target: 5, success: false },
  ]);
  sc.spec.when({ type: 'AttemptQuest', quest: 'gamblers-mirror', boost: 0 }).thenViolates(t, 'dungeoneer/no-movement');
  sc.spec.when({ type: 'AttemptQuest', quest: 'gamblers-mirror' }).thenViolates(t, 'dungeoneer/boost-needed');
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  sc.spec.when({ type: 'AttemptQuest', quest: 'gamblers-mirror', boost: 5 }).thenViolates(t, 'dungeoneer/not-enough-glory');
  t.match(sc.do(0, { type: 'AttemptQuest', quest: 'gamblers-mirror', boost: 2 }, { roll: 3 }), [
    { type: 'QuestAttempted', cost: 1, paid: 2 },
    { type: 'ThreatRolled', roll: 3, score: 2, target: 5, success: true },
    { type: 'QuestCompleted', quest: 'gamblers-mirror' },
    { type: 'LevelGained', level: 2 },
    { type: 'TrackerChanged', glory: 2 },
  ]);
  sc.spec.when({ type: 'AttemptQuest', quest: 'knucklebones', boost: 1 }).thenViolates(t, 'dungeoneer/wrong-phase');
});

t.test('QUEST CARDS, Escort: pick the component up, drop it, anyone takes it from the floor, or by challenge', async (t) => {
  // The pilgrim waits in the Mossy Passage, west of the entrance. While in play the quest slows its holder (-1 Speed).
  const sc = scenario({
    heroes: ['tamsin', 'brannoc'],
    quests: ['lost-pilgrim', 'gamblers-mirror', 'knucklebones', 'blood-tithe', 'stolen-reliquary'],
  });
  t.match(only(sc.events, 'MovementsSet')[0], { seat: 0, movements: 2 }, 'Speed 3 - 1: the quest’s effect');
  sc.toHeroPhase();
  sc.spec.when({ type: 'PickUpComponent', quest: 'lost-pilgrim' }).thenViolates(t, 'dungeoneer/wrong-space');
  sc.move('W');
  t.same(sc.do(0, { type: 'PickUpComponent', quest: 'lost-pilgrim' }), [
    { type: 'ComponentPickedUp', seat: 0, quest: 'lost-pilgrim', from: 'source', owner: 0 },
  ]);
  t.same(sc.do(0, { type: 'DropComponent', quest: 'lost-pilgrim' }), [
    { type: 'ComponentDropped', seat: 0, quest: 'lost-pilgrim', x: -1, y: 0 },
  ]);
  sc.finishTurn().toHeroPhase().move('W');
  t.same(sc.do(1, { type: 'PickUpComponent', quest: 'lost-pilgrim' }), [
    { type: 'ComponentPickedUp', seat: 1, quest: 'lost-pilgrim', from: 'ground', owner: 0 },
  ]);
  t.same(sc.player(1).quests, ['knucklebones', 'blood-tithe', 'lost-pilgrim'], 'the quest comes with its component');
  t.same(sc.player(0).quests, ['gamblers-mirror']);
  sc.finishTurn().toHeroPhase();
  t.same(sc.do(0, { type: 'ChallengeHero', seat: 1, form: 'melee', component: 'lost-pilgrim' }, { roll: 6 }, { roll: 1 }).slice(-1), [
    { type: 'ComponentPickedUp', seat: 0, quest: 'lost-pilgrim', from: 'hero', owner: 1 },
  ]);
  t.same(sc.player(0).carrying, ['lost-pilgrim'], 'taken by challenge, with its quest');
});

t.test('QUEST CARDS, Escort: a Global escort becomes personal on pick-up and a new Global Quest is turned over', async (t) => {
  const sc = room({
    room: 'sunken-vault',
    heroes: ['tamsin', 'brannoc'],
    quests: ['gamblers-mirror', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary', 'hidden-codex'],
  });
  sc.move('N').move('N');
  t.same(sc.do(0, { type: 'PickUpComponent', quest: 'stolen-reliquary' }), [
    { type: 'ComponentPickedUp', seat: 0, quest: 'stolen-reliquary', from: 'source', owner: null },
    { type: 'GlobalQuestRevealed', quest: 'hidden-codex' },
  ]);
  t.same(sc.player(0).quests, ['gamblers-mirror', 'knucklebones', 'stolen-reliquary']);
  sc.move('S').finishTurn().toHeroPhase().finishTurn().toHeroPhase().move('S');
  sc.spec.when({ type: 'AttemptQuest', quest: 'knucklebones' }).thenViolates(t, 'dungeoneer/wrong-space');
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'stolen-reliquary' }), [
    { type: 'QuestAttempted', seat: 0, quest: 'stolen-reliquary', cost: 0, paid: 0 },
    { type: 'QuestCompleted', seat: 0, quest: 'stolen-reliquary' },
    { type: 'LevelGained', seat: 0, level: 2 },
    { type: 'TrackerChanged', seat: 0, glory: 3, peril: 0 },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
});

t.test('QUEST CARDS, Search: overcome the Threat to find the objective; the Play reward plays a card for free', async (t) => {
  const sc = room({
    room: 'scroll-library',
    heroes: ['ysolde', 'brannoc'],
    quests: ['hidden-codex', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
    hands: [['keen-senses-1', 'gutter-wretch-1', 'gutter-wretch-2', 'gutter-wretch-3', 'lantern-moths-1']],
  });
  sc.move('N').move('N');
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'hidden-codex' }, { roll: 1 }), [
    { type: 'QuestAttempted', seat: 0, quest: 'hidden-codex', cost: 0, paid: 0 },
    { type: 'ThreatRolled', seat: 0, source: 'hidden-codex', stat: 'magic', roll: 1, score: 3, target: 4, success: true },
    { type: 'QuestFound', seat: 0, quest: 'hidden-codex' },
    { type: 'QuestCompleted', seat: 0, quest: 'hidden-codex' },
    { type: 'LevelGained', seat: 0, level: 2 },
    { type: 'PromptOpened', prompt: { kind: 'reward', seat: 0, reward: 'play', cardKind: 'boon', rest: [] } },
  ]);
  t.same(sc.do(0, { type: 'PlayBoon', card: 'keen-senses-1' }), [
    { type: 'BoonPlayed', seat: 0, card: 'keen-senses-1', cost: 0, permanent: true },
    { type: 'PromptClosed' },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
});

t.test('QUEST CARDS, Search: a failed search waits for the next turn; a found objective may be a monster to fight', async (t) => {
  const sc = room({
    room: 'idol-chamber',
    heroes: ['ysolde', 'tamsin'],
    quests: ['wardens-key', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
  });
  sc.move('N').move('N');
  t.same(only(sc.do(0, { type: 'AttemptQuest', quest: 'wardens-key' }, { roll: 1 }), 'QuestFound'), []);
  sc.spec.when({ type: 'AttemptQuest', quest: 'wardens-key' }).thenViolates(t, 'dungeoneer/already-attempted');
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  t.match(sc.do(0, { type: 'AttemptQuest', quest: 'wardens-key' }, { roll: 6 }, { roll: 3 }, { roll: 3 }), [
    { type: 'QuestAttempted' },
    { type: 'ThreatRolled', success: true },
    { type: 'QuestFound', quest: 'wardens-key' },
    { type: 'QuestMonsterAttacked', quest: 'wardens-key' },
    { type: 'AttackRolled', attacker: { kind: 'quest', quest: 'wardens-key' }, form: 'melee', hit: 'attacker' },
    { type: 'HeroWounded', seat: 0 },
  ]);
});

t.test('QUEST CARDS, Slay: the monster attacks first as a free Movement, once a turn; then the hero may challenge it', async (t) => {
  const sc = room({
    room: 'forgotten-shrine',
    heroes: ['ysolde', 'brannoc'],
    quests: ['pale-matron', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
  });
  sc.move('N').move('N');
  sc.spec.when({ type: 'ChallengeQuestMonster', quest: 'pale-matron', form: 'magic' }).thenViolates(t, 'dungeoneer/not-attacked');
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'pale-matron' }, { roll: 5 }, { roll: 1 }), [
    { type: 'QuestAttempted', seat: 0, quest: 'pale-matron', cost: 0, paid: 0 },
    { type: 'QuestMonsterAttacked', seat: 0, quest: 'pale-matron' },
    {
      type: 'AttackRolled',
      attacker: { kind: 'quest', quest: 'pale-matron' },
      defender: { kind: 'hero', seat: 0 },
      form: 'magic',
      attack: { roll: 5, score: 3 },
      defence: { roll: 1, score: 3 },
      hit: 'attacker',
    },
    { type: 'HeroWounded', seat: 0, wounds: 1, life: 5 },
    { type: 'TrackerChanged', seat: 0, glory: -1, peril: 0 },
  ]);
  sc.spec.when({ type: 'AttemptQuest', quest: 'pale-matron' }).thenViolates(t, 'dungeoneer/already-attempted');
  t.equal(sc.hero(0).movements, 0, 'the moves used both Movements');
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  sc.do(0, { type: 'AttemptQuest', quest: 'pale-matron' }, { roll: 1 }, { roll: 1 });
  t.same(sc.do(0, { type: 'ChallengeQuestMonster', quest: 'pale-matron', form: 'melee' }, { roll: 6 }, { roll: 1 }), [
    { type: 'Challenged', seat: 0, target: { kind: 'quest', quest: 'pale-matron' }, form: 'melee', cost: 1 },
    {
      type: 'AttackRolled',
      attacker: { kind: 'hero', seat: 0 },
      defender: { kind: 'quest', quest: 'pale-matron' },
      form: 'melee',
      attack: { roll: 6, score: 1 },
      defence: { roll: 1, score: 2 },
      hit: 'attacker',
    },
    { type: 'QuestMonsterWounded', quest: 'pale-matron', wounds: 1 },
  ]);
  sc.spec.when({ type: 'ChallengeQuestMonster', quest: 'pale-matron', form: 'melee' }).thenViolates(t, 'dungeoneer/already-challenged');
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  t.same(sc.state.questWounds, [{ quest: 'pale-matron', wounds: 1 }], 'wounds stay on the quest monster');
});

t.test('QUEST CARDS, Slay and Artifact: slaying the monster completes the quest; an Artifact replaces the reward', async (t) => {
  const sc = room({
    room: 'ember-forge',
    heroes: ['brannoc', 'ysolde'],
    quests: ['cinder-crown', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
  });
  sc.move('N').move('N');
  t.match(
    sc.do(0, { type: 'AttemptQuest', quest: 'cinder-crown' }, { roll: 1 }, { roll: 6 }).slice(-1),
    [{ type: 'QuestMonsterWounded', wounds: 1 }],
    'the hero defends and hits',
  );
  sc.finishTurn().toHeroPhase().finishTurn();
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 0, movements: 2 });
  sc.toHeroPhase();
  sc.do(0, { type: 'AttemptQuest', quest: 'cinder-crown' }, { roll: 1 }, { roll: 1 });
  t.same(sc.do(0, { type: 'ChallengeQuestMonster', quest: 'cinder-crown', form: 'melee' }, { roll: 6 }, { roll: 1 }).slice(-4), [
    { type: 'QuestMonsterWounded', quest: 'cinder-crown', wounds: 2 },
    { type: 'QuestCompleted', seat: 0, quest: 'cinder-crown' },
    { type: 'SpaceCollected', seat: 0, x: 0, y: 2, glory: 2, peril: 2 },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
  sc.finishTurn().toHeroPhase().finishTurn();
  t.match(only(sc.events, 'MovementsSet').at(-1), { seat: 0, movements: 3 }, 'the Artifact: +1 Speed (and +1 melee), still level 1');
  t.equal(sc.hero(0).level, 1);
});

t.test('QUEST CARDS, Threat: the first attempt is free, more cost a Movement each; a failure hits everyone in the space', async (t) => {
  // The Rat Run lies south of the entrance; Hold the Breach gives its holder +1 melee while in play.
  const sc = scenario({
    heroes: ['ysolde', 'brannoc'],
    passages: ['dripping-crossway', 'narrow-fork', 'rat-run', 'mossy-passage'],
    quests: ['hold-the-breach', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
  });
  sc.toHeroPhase().finishTurn();
  sc.toHeroPhase().move('S').finishTurn();
  sc.toHeroPhase().move('S');
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'hold-the-breach' }, { roll: 1 }), [
    { type: 'QuestAttempted', seat: 0, quest: 'hold-the-breach', cost: 0, paid: 0 },
    { type: 'ThreatRolled', seat: 0, source: 'hold-the-breach', stat: 'melee', roll: 1, score: 2, target: 5, success: false },
    { type: 'HeroWounded', seat: 0, wounds: 1, life: 5 },
    { type: 'HeroWounded', seat: 1, wounds: 1, life: 5 },
  ]);
  t.match(sc.do(0, { type: 'AttemptQuest', quest: 'hold-the-breach' }, { roll: 3 }), [
    { type: 'QuestAttempted', cost: 1 },
    { type: 'ThreatRolled', roll: 3, score: 2, success: true },
    { type: 'QuestCompleted' },
    { type: 'LevelGained', level: 2 },
    { type: 'HeroHealed', seat: 0, life: 6 },
  ]);
});

t.test('QUEST CARDS, rewards Deck and Pile: search the deck (then reshuffled) or the discard pile for a card of a kind', async (t) => {
  // Knucklebones in the Crooked Bend, north of the entrance: a 6 on the die.
  const sc = scenario({
    heroes: ['brannoc', 'ysolde'],
    passages: ['crooked-bend', 'narrow-fork', 'dripping-crossway', 'mossy-passage'],
    quests: ['knucklebones', 'gamblers-mirror', 'blood-tithe', 'oath-of-ash', 'stolen-reliquary'],
  }).toHeroPhase();
  sc.move('N');
  t.match(sc.do(0, { type: 'AttemptQuest', quest: 'knucklebones', boost: 0 }, { roll: 6 }).at(-1), {
    type: 'PromptOpened',
    prompt: { kind: 'reward', seat: 0, reward: 'deck', cardKind: 'treasure' },
  });
  const mine = dungeoneer.view(sc.state, { kind: 'seat', seat: 0 });
  t.same(mine.search, sc.state.deck, 'the searcher sees the deck');
  t.equal(dungeoneer.view(sc.state, { kind: 'seat', seat: 1 }).search, null, 'nobody else does');
  const treasure = sc.state.deck.find((c) => c.startsWith('notched-sword'))!;
  sc.spec
    .when({ type: 'TakeCard', card: sc.state.deck.find((c) => adventureCard(c)?.kind !== 'treasure')! })
    .thenViolates(t, 'dungeoneer/wrong-kind');
  const events = sc.do(0, { type: 'TakeCard', card: treasure }, { order: sc.state.deck.filter((c) => c !== treasure) });
  t.match(events, [
    { type: 'CardTaken', seat: 0, card: treasure, from: 'deck', kind: 'treasure' },
    { type: 'AdventureDeckShuffled', reason: 'search' },
    { type: 'PromptClosed' },
  ]);
  t.match(dungeoneer.redact(events[0]!, { kind: 'seat', seat: 1 }, sc.state), { card: '?' }, 'others do not learn which card');
});

t.test('QUEST CARDS: three completed quests win the game; a completed Global Quest is replaced', async (t) => {
  // Three quests next to the entrance: the Rat Run (south), the Crooked Bend (north), the Sooty Hall (east, Global).
  const sc = scenario({
    heroes: ['brannoc', 'ysolde'],
    passages: ['crooked-bend', 'sooty-hall', 'rat-run', 'mossy-passage'],
    quests: ['hold-the-breach', 'knucklebones', 'blood-tithe', 'oath-of-ash', 'quiet-the-deep'],
  });
  sc.toHeroPhase().move('S');
  sc.do(0, { type: 'AttemptQuest', quest: 'hold-the-breach' }, { roll: 1 });
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase();
  sc.do(0, { type: 'OpenDoor', direction: 'N' }, { roll: 1 });
  sc.move('N').move('N');
  sc.do(0, { type: 'AttemptQuest', quest: 'knucklebones', boost: 0 }, { roll: 6 });
  sc.do(0, { type: 'Pass' }, { order: [...sc.state.deck] });
  sc.finishTurn().toHeroPhase().finishTurn().toHeroPhase().move('S').move('E');
  const next = sc.state.questDeck[0];
  t.same(sc.do(0, { type: 'AttemptQuest', quest: 'quiet-the-deep' }, { roll: 2 }).slice(-3), [
    { type: 'QuestCompleted', seat: 0, quest: 'quiet-the-deep' },
    { type: 'GlobalQuestRevealed', quest: next },
    { type: 'GameWon', winners: [0], how: 'quests' },
  ]);
  t.same(dungeoneer.status(sc.state).winners, [0]);
});
