// dungeoneer.txt, CAMPAIGN ADVENTURES: a permanent Dungeonlord against hero players — Set-Up (Peril and Glory decks),
// the Turn Cycle (Reset for all, Build of three connected Map cards, Adventure, Draw/Discard, then each hero's phase),
// and the Heroes' and the Dungeonlord's goals, with Looting and Respawn in force.
import t from 'tap';
import type { Seat } from '@delve/kernel';
import { adventureCard, dungeoneer, HIDDEN, type DungeoneerCommand } from '../src/index';
import { checkPartyGoal } from '../src/rules/campaign';
import { distances, DIRECTIONS, placedAt, spaceOf, stepFrom } from '../src/rules/map';
import { Tx } from '../src/rules/tx';
import { only, scenario, type Deal, type Scenario } from './support';

const CAMPAIGN = { campaign: {} };
const DARK = [
  'gutter-wretch-1',
  'gutter-wretch-2',
  'lantern-moths-1',
  'bone-drummer-1',
  'snapjaw-trap-1',
  'ill-omen-1',
  'creeping-doubt-1',
];
const DEAL: Deal = { options: CAMPAIGN, seats: 3, hands: [DARK, ['notched-sword-1'], ['mending-draught-1']] };
const kind = (card: string) => adventureCard(card)?.kind;

/** The Dungeonlord's turn with nothing played: each Build card at its first legal place, then both phases ended. */
function dungeonlordTurn(sc: Scenario, dl: Seat = 0): Scenario {
  for (let guard = 0; guard < 5 && sc.state.prompt?.kind === 'build'; guard++) {
    const place = sc.legal(dl).find((c) => c.type === 'PlaceMap');
    if (!place) throw new Error('no legal Build place');
    sc.do(dl, place);
  }
  if (sc.state.turn?.phase === 'dungeonlord') sc.do(dl, { type: 'EndPhase' });
  if (sc.state.turn?.phase === 'discard') sc.do(dl, { type: 'EndPhase' });
  return sc;
}

/** Walk `seat`'s hero to the Map card `card`, opening locked doors on the way (every die showing 6). */
function walkTo(sc: Scenario, seat: Seat, card: string): void {
  const goal = spaceOf(sc.state.map, card)!;
  for (let guard = 0; guard < 10; guard++) {
    const h = sc.hero(seat);
    if (h.x === goal.x && h.y === goal.y) return;
    const far = (d: (typeof DIRECTIONS)[number]) => distances(sc.state.map, stepFrom(h, d)).get(`${goal.x},${goal.y}`) ?? 99;
    const direction = [...DIRECTIONS].filter((d) => placedAt(sc.state.map, stepFrom(h, d))).sort((a, b) => far(a) - far(b))[0]!;
    if (sc.legal(seat).some((c) => c.type === 'OpenDoor' && c.direction === direction))
      sc.do(seat, { type: 'OpenDoor', direction }, { roll: 6 });
    sc.do(seat, { type: 'Move', direction }, { roll: 6 });
  }
  throw new Error(`could not walk to ${card}`);
}

t.test('CAMPAIGN ADVENTURES, Set-Up: a permanent Dungeonlord, a hero per other player, on the lone Dungeon Entrance', async (t) => {
  const sc = scenario(DEAL);
  t.same(only(sc.events, 'InitiativeRolled'), [], 'the Dungeonlord has initiative');
  t.same(only(sc.events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 0 }]);
  t.equal(sc.player(0).hero, null, 'the Dungeonlord plays no hero');
  t.match(only(sc.events, 'HeroesAssigned')[0], {
    heroes: [
      { seat: 1, hero: 'brannoc' },
      { seat: 2, hero: 'ysolde' },
    ],
    glory: 1,
    peril: 1,
  });
  t.match(
    sc.state.players,
    [
      { glory: 0, peril: 0 },
      { glory: 1, peril: 1 },
      { glory: 1, peril: 1 },
    ],
    'each hero collects 1 Peril and 1 Glory',
  );
  t.same(only(sc.events, 'MapStarted'), [{ type: 'MapStarted', placed: [{ card: 'entrance', x: 0, y: 0, rotation: 0 }] }]);
  const other = scenario({ ...DEAL, options: { campaign: { dungeonlord: 2 } }, hands: [] });
  t.same(only(other.events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 2 }], 'any seat may be the Dungeonlord');
  t.equal(other.player(2).hero, null);
});

t.test('CAMPAIGN ADVENTURES, Set-Up: the Peril deck holds the Banes and Encounters, the Glory deck the Boons and Treasures', async (t) => {
  const sc = scenario(DEAL);
  t.ok(
    sc.state.perilDeck.every((c) => ['bane', 'monster', 'threat'].includes(kind(c)!)),
    'Peril deck',
  );
  t.ok(
    sc.state.deck.every((c) => ['boon', 'treasure'].includes(kind(c)!)),
    'Glory deck',
  );
  t.equal(sc.state.perilDeck.length + sc.state.deck.length + 9, 60, 'the 60 Adventure cards, less the 9 dealt');
  t.same(sc.player(0).hand, DARK, 'the Dungeonlord fills its hand to 5 + 1 per hero player from the Peril deck');
  t.same([sc.player(1).hand, sc.player(2).hand], [['notched-sword-1'], ['mending-draught-1']], 'each hero draws one Glory card');
  t.equal(dungeoneer.view(sc.state, { kind: 'seat', seat: 1 }).perilDeckCount, sc.state.perilDeck.length);
});

t.test('CAMPAIGN ADVENTURES, Set-Up: one Secret Quest per hero, and the Dungeonlord keeps two Global Quests available', async (t) => {
  const sc = scenario(DEAL);
  t.same(sc.player(1).secretQuests, ['gamblers-mirror']);
  t.same(sc.player(2).secretQuests, ['knucklebones']);
  t.same(
    only(sc.events, 'GlobalQuestRevealed').map((e) => e.quest),
    ['stolen-reliquary', 'cinder-crown'],
  );
  t.same(dungeoneer.view(sc.state, { kind: 'seat', seat: 0 }).players[1]!.secretQuests, [HIDDEN], 'hidden from the Dungeonlord');
  t.same(
    only(sc.events, 'PromptOpened').filter((e) => e.prompt.kind === 'secret-quest'),
    [],
    'nothing to choose: it is dealt as the secret one',
  );
});

t.test('CAMPAIGN ADVENTURES, Turn Cycle 1 and 2A: a Reset for every hero, then the Dungeonlord builds three Map cards', async (t) => {
  const sc = scenario({ ...DEAL, mapDeck: ['dripping-crossway', 'crooked-bend', 'buttressed-way'] });
  const start = sc.events.findIndex((e) => e.type === 'TurnStarted');
  t.same(sc.events.slice(start), [
    { type: 'TurnStarted', seat: 0, round: 1 },
    { type: 'PhaseBegan', phase: 'reset', seat: 1 },
    { type: 'MovementsSet', seat: 1, movements: 2 },
    { type: 'PhaseBegan', phase: 'reset', seat: 2 },
    { type: 'MovementsSet', seat: 2, movements: 2 },
    { type: 'PhaseBegan', phase: 'build', seat: 0 },
    { type: 'MapCardDrawn', seat: 0, card: 'dripping-crossway', reason: 'build' },
    { type: 'MapCardDrawn', seat: 0, card: 'crooked-bend', reason: 'build' },
    { type: 'MapCardDrawn', seat: 0, card: 'buttressed-way', reason: 'build' },
    {
      type: 'PromptOpened',
      prompt: { kind: 'build', seat: 0, cards: ['dripping-crossway', 'crooked-bend', 'buttressed-way'], last: null },
    },
  ]);
  sc.spec.when({ type: 'PlaceMap', x: 0, y: 1, rotation: 0 }).thenViolates(t, 'dungeoneer/card-needed');
  // In any order: the Buttressed Way first, north of the entrance where the heroes stand.
  sc.do(0, { type: 'PlaceMap', card: 'buttressed-way', x: 0, y: 1, rotation: 0 });
  sc.spec
    .when({ type: 'PlaceMap', card: 'dripping-crossway', x: 0, y: -1, rotation: 0 })
    .thenViolates(t, 'dungeoneer/illegal-placement', 'the next card connects to the one before it');
  t.ok(
    sc.legal(0).every((c) => c.type !== 'PlaceMap' || Math.abs(c.x) + Math.abs(c.y - 1) === 1),
    'every offered place touches the Buttressed Way',
  );
  sc.do(0, { type: 'PlaceMap', card: 'dripping-crossway', x: 0, y: 2, rotation: 0 });
  t.same(sc.do(0, { type: 'PlaceMap', card: 'crooked-bend', x: 0, y: 3, rotation: 180 }), [
    { type: 'MapPlaced', seat: 0, card: 'crooked-bend', x: 0, y: 3, rotation: 180 },
    { type: 'PromptClosed' },
    { type: 'PhaseBegan', phase: 'dungeonlord', seat: 0 },
  ]);
});

t.test('CAMPAIGN ADVENTURES, Build: the first card comes as close to a hero as it can when no place touches one', async (t) => {
  const sc = scenario({
    ...DEAL,
    mapStart: [
      { card: 'entrance', x: 0, y: 0, rotation: 0 },
      { card: 'narrow-fork', x: 1, y: 0, rotation: 180 },
      { card: 'rat-run', x: -1, y: 0, rotation: 0 },
      { card: 'dripping-crossway', x: 0, y: 1, rotation: 0 },
      { card: 'split-corridor', x: 0, y: -1, rotation: 0 },
      { card: 'sooty-hall', x: 0, y: 2, rotation: 0 },
    ],
  });
  const near = distances(sc.state.map, { x: 0, y: 0 });
  const offered = sc.legal(0).filter((c): c is Extract<DungeoneerCommand, { type: 'PlaceMap' }> => c.type === 'PlaceMap');
  t.ok(offered.length > 0, 'somewhere to build');
  for (const c of offered) {
    const touching = DIRECTIONS.map((d) => stepFrom(c, d)).filter((n) => placedAt(sc.state.map, n));
    t.ok(
      touching.some((n) => near.get(`${n.x},${n.y}`) === 1),
      `(${c.x}, ${c.y}) is next to a space one move from the heroes`,
    );
  }
});

t.test('CAMPAIGN ADVENTURES, Turn Cycle 2B and 2C: the Dungeonlord plays as usual, then may discard and fills to 5 + heroes', async (t) => {
  const sc = scenario(DEAL);
  dungeonlordTurn(sc);
  const dl = scenario(DEAL);
  for (let guard = 0; guard < 5 && dl.state.prompt?.kind === 'build'; guard++)
    dl.do(
      0,
      dl.legal(0).find((c) => c.type === 'PlaceMap')!,
    );
  dl.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  dl.do(0, { type: 'ResolveEncounters' });
  dl.do(1, { type: 'Pass' }, { roll: 2 }, { roll: 1 });
  dl.do(1, { type: 'Pass' }); // heroes hold their Movements in the Dungeonlord Phase: it declines to challenge back
  dl.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'hand' });
  t.same(dl.do(0, { type: 'EndPhase' }), [{ type: 'PhaseBegan', phase: 'discard' }], 'the Draw/Discard step');
  t.match(dl.do(0, { type: 'Discard', card: 'ill-omen-1' }), [
    { type: 'CardsDiscarded', seat: 0, cards: ['ill-omen-1'], from: 'hand' },
    { type: 'CardsDrawn', seat: 0, deck: 'peril' },
    { type: 'PhaseBegan', phase: 'hero', seat: 1 },
  ]);
  t.equal(dl.player(0).hand.length, 7, '5 + 1 per hero player');
  t.ok(dl.state.perilDiscard.includes('ill-omen-1') && !dl.state.discard.includes('ill-omen-1'), 'onto the Peril deck’s own pile');
  t.match(sc.events.at(-1), { type: 'PhaseBegan', phase: 'hero', seat: 1 }, 'the discard is optional');
});

t.test('CAMPAIGN ADVENTURES, Turn Cycle 3: each hero in turn from the Dungeonlord’s left; Draw/Discard buys cards for Glory', async (t) => {
  const sc = dungeonlordTurn(scenario(DEAL));
  sc.spec.when({ type: 'Explore' }, { seat: 1 }).thenViolates(t, 'dungeoneer/wrong-phase', 'the Dungeonlord builds');
  sc.spec.when({ type: 'EndPhase' }, { seat: 2 }).thenViolates(t, 'dungeoneer/not-your-turn');
  t.match(sc.do(1, { type: 'EndPhase' }), [
    { type: 'SpaceCollected', seat: 1 },
    { type: 'PhaseBegan', phase: 'discard' },
  ]);
  const glory = sc.player(1).glory;
  t.match(sc.do(1, { type: 'BuyCard' }), [
    { type: 'TrackerChanged', seat: 1, glory: -1, peril: 0 },
    { type: 'CardsDrawn', seat: 1 },
  ]);
  t.equal(sc.player(1).glory, glory - 1);
  t.ok(
    only(sc.events, 'CardsDrawn')
      .at(-1)!
      .cards.every((c) => ['boon', 'treasure'].includes(kind(c)!)),
    'from the Glory deck',
  );
  sc.spec
    .when({ type: 'Discard', card: 'notched-sword-1' }, { seat: 1 })
    .thenViolates(t, 'dungeoneer/not-yours', 'only a readied Treasure');
  t.same(sc.do(1, { type: 'EndPhase' }), [{ type: 'PhaseBegan', phase: 'hero', seat: 2 }], 'then the next hero');
  sc.do(2, { type: 'EndPhase' });
  t.match(sc.do(2, { type: 'EndPhase' }).slice(0, 3), [
    { type: 'TurnEnded', seat: 0, kept: 0 },
    { type: 'TurnStarted', seat: 0, round: 2 },
    { type: 'PhaseBegan', phase: 'reset', seat: 1 },
  ]);
});

t.test('CAMPAIGN ADVENTURES, Hero Phase A: instant Boons and Treasures as normal; permanent ones only in a Reward step', async (t) => {
  const sc = dungeonlordTurn(scenario({ ...DEAL, hands: [DARK, ['notched-sword-1'], ['iron-hide-1']] }));
  sc.spec.when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 1 }).thenViolates(t, 'dungeoneer/wrong-phase');
  const potion = dungeonlordTurn(scenario({ ...DEAL, hands: [DARK, ['mending-draught-1'], []] }));
  potion.spec
    .when({ type: 'ReadyTreasure', card: 'mending-draught-1', use: true }, { seat: 1 })
    .then(t, [{ type: 'TreasureReadied', seat: 1, card: 'mending-draught-1', cost: 1, use: true }], 'a potion used at once');
  sc.do(1, { type: 'EndPhase' });
  sc.do(1, { type: 'EndPhase' });
  sc.spec.when({ type: 'PlayBoon', card: 'iron-hide-1' }, { seat: 2 }).thenViolates(t, 'dungeoneer/wrong-phase', 'a permanent Boon');
  // The Reward step of a combat the hero won: seat 1 defeats the Dungeonlord's Gutter Wretch.
  const won = scenario(DEAL);
  for (let guard = 0; guard < 5 && won.state.prompt?.kind === 'build'; guard++)
    won.do(
      0,
      won.legal(0).find((c) => c.type === 'PlaceMap')!,
    );
  won.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  won.do(0, { type: 'ResolveEncounters' });
  t.match(won.do(1, { type: 'Pass' }, { roll: 1 }, { roll: 6 }).at(-1), { type: 'PromptOpened', prompt: { kind: 'spoils', seats: [1] } });
  won.spec
    .when({ type: 'ReadyTreasure', card: 'notched-sword-1', use: false }, { seat: 1 })
    .then(t, [{ type: 'TreasureReadied', seat: 1, card: 'notched-sword-1', cost: 1, use: false }]);
});

/** Every hero ends its phase and its Draw/Discard step at once, staying where it is. */
function heroesRest(sc: Scenario): Scenario {
  for (let guard = 0; guard < 8 && sc.state.turn?.seat !== 0; guard++) sc.do(sc.active, { type: 'EndPhase' });
  return sc;
}

/** Place every Build card at its first legal place. */
function build(sc: Scenario): Scenario {
  for (let guard = 0; guard < 5 && sc.state.prompt?.kind === 'build'; guard++)
    sc.do(
      0,
      sc.legal(0).find((c) => c.type === 'PlaceMap')!,
    );
  return sc;
}

t.test('CAMPAIGN ADVENTURES, Adventure: the Peril the Wandering Pack earns, the Dungeonlord keeps — and may pool it', async (t) => {
  const sc = build(scenario(DEAL));
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, { roll: 2 }, { roll: 1 });
  sc.do(1, { type: 'Pass' });
  t.match(sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'pack' }), [
    { type: 'MonsterStowed' },
    { type: 'PackMarkerPlaced', seat: 0, x: 0, y: 0 },
  ]);
  sc.do(0, { type: 'EndPhase' }).concat(sc.do(0, { type: 'EndPhase' }));
  build(heroesRest(sc));
  // Round 2: the Pack's free attack on a hero in its space wounds it; the Dungeonlord keeps the Peril.
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  t.same(
    sc.do(0, { type: 'ResolveEncounters' }),
    [
      { type: 'CombatStaged', stage: 'respond' },
      { type: 'PromptOpened', prompt: { kind: 'respond', seats: [1, 2], bane: null } },
    ],
    'both heroes stand in the Pack’s space',
  );
  sc.do(1, { type: 'Pass' });
  const events = sc.do(2, { type: 'Pass' }, { roll: 6 }, { roll: 1 });
  t.match(events.slice(events.findIndex((e) => e.type === 'HeroWounded')), [
    { type: 'HeroWounded', seat: 1 },
    { type: 'TrackerChanged', seat: 0, glory: 0, peril: 1 },
  ]);
  t.same(only(events, 'PerilEarned'), [], 'nothing to assign');
  sc.do(1, { type: 'Pass' });
  sc.do(0, { type: 'Stow', card: 'gutter-wretch-1', to: 'pack' });
  t.equal(sc.player(0).peril, 1, 'the Dungeonlord’s own Peril');
  sc.do(0, { type: 'EndPhase' }).concat(sc.do(0, { type: 'EndPhase' }));
  build(heroesRest(sc));
  // Round 3: once the hero's Peril runs short, the Dungeonlord adds its own.
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 1, form: 'melee' });
  t.equal(sc.player(1).peril, 1, 'the hero has 1 Peril left');
  t.match(sc.do(0, { type: 'PlayEncounter', card: 'bone-drummer-1', target: 1, form: 'melee' }), [
    { type: 'EncounterPlayed', target: 1, cost: 2, own: 1 },
  ]);
  t.same([sc.player(0).peril, sc.player(1).peril], [0, 0], 'both spent');
  sc.spec.when({ type: 'PlayEncounter', card: 'snapjaw-trap-1', target: 1 }).thenViolates(t, 'dungeoneer/not-enough-peril');
});

t.test('CAMPAIGN ADVENTURES, Dungeonlord’s Goal: as many heroes defeated as hero players; fallen heroes respawn meanwhile', async (t) => {
  const sc = build(scenario({ ...DEAL, profiles: [null, { life: 1 }, { life: 1 }] }));
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-2', target: 2, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' });
  const events = sc.do(2, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: 0 }, { roll: 6 }, { roll: 1 }, { int: 0 });
  t.match(only(events, 'HeroDefeated'), [
    { seat: 1, fate: 'respawn' },
    { seat: 2, fate: 'respawn' },
  ]);
  t.equal(only(events, 'HeroRespawned').length, 2, 'each fallen hero’s player takes another hero');
  t.same(only(events, 'GameWon'), [{ type: 'GameWon', winners: [0], how: 'dungeonlord' }], 'two heroes fell: two hero players');
});

t.test('CAMPAIGN ADVENTURES, Dungeonlord’s Goal: a fallen hero’s Treasures stay where it died, as per Looting', async (t) => {
  const sc = build(
    scenario({
      ...DEAL,
      options: { campaign: { carry: { treasures: true } } },
      profiles: [null, { life: 1, treasures: ['notched-sword'] }, null],
    }),
  );
  t.same(sc.hero(1).treasures, ['notched-sword-1'], 'a carried Treasure, readied');
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  const events = sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: 0 });
  t.match(only(events, 'HeroDefeated'), [{ seat: 1, loot: ['notched-sword-1'], fate: 'respawn' }]);
  t.same(sc.state.loot, [{ card: 'notched-sword-1', x: 0, y: 0 }]);
  t.same(only(events, 'GameWon'), [], 'one of two');
});

t.test('CAMPAIGN ADVENTURES, Heroes’ Goal: the party completes 2 quests + 1 per hero player and wins together', async (t) => {
  // One hero player: three quests. Its Secret Quest is Hold the Breach (the Rat Run); Knucklebones (the Crooked Bend)
  // and Quiet the Deep (the Sooty Hall) are the Global Quests. The first Build lays the three passages in a chain.
  const sc = scenario({
    options: CAMPAIGN,
    seats: 2,
    quests: ['hold-the-breach', 'knucklebones', 'quiet-the-deep'],
    mapDeck: ['rat-run', 'crooked-bend', 'sooty-hall'],
    hands: [DARK.slice(0, 6), []],
  });
  const place = (card: string) =>
    sc.do(
      0,
      sc.legal(0).find((c) => c.type === 'PlaceMap' && c.card === card)!,
    );
  ['rat-run', 'crooked-bend', 'sooty-hall'].forEach(place);
  sc.do(0, { type: 'EndPhase' }).concat(sc.do(0, { type: 'EndPhase' }));
  walkTo(sc, 1, 'rat-run');
  t.match(sc.do(1, { type: 'AttemptQuest', quest: 'hold-the-breach' }, { roll: 6 }), [
    { type: 'QuestRevealed', seat: 1, quest: 'hold-the-breach' },
    { type: 'QuestAttempted' },
    { type: 'ThreatRolled', success: true },
    { type: 'QuestCompleted', seat: 1, quest: 'hold-the-breach' },
  ]);
  sc.do(1, { type: 'EndPhase' });
  build(sc);
  sc.do(0, { type: 'EndPhase' }).concat(sc.do(0, { type: 'EndPhase' }));
  walkTo(sc, 1, 'crooked-bend');
  sc.do(1, { type: 'AttemptQuest', quest: 'knucklebones', boost: 0 }, { roll: 6 });
  if (sc.state.prompt?.kind === 'reward') sc.do(1, { type: 'Pass' }, { order: [...sc.state.deck] });
  t.equal(dungeoneer.status(sc.state).winners, undefined, 'two of three');
  sc.do(1, { type: 'EndPhase' });
  build(sc);
  sc.do(0, { type: 'EndPhase' }).concat(sc.do(0, { type: 'EndPhase' }));
  walkTo(sc, 1, 'sooty-hall');
  const last = sc.do(1, { type: 'AttemptQuest', quest: 'quiet-the-deep' }, { roll: 6 });
  t.match(only(last, 'QuestCompleted'), [{ seat: 1, quest: 'quiet-the-deep' }]);
  t.same(last.at(-1), { type: 'GameWon', winners: [1], how: 'party' });
  t.same(dungeoneer.status(sc.state).winners, [1]);
});

t.test('CAMPAIGN ADVENTURES, Heroes’ Goal: each hero player must complete at least one quest', async (t) => {
  // The rule itself, on a three-player deal (two heroes: four quests) and the completions earlier turns would bring.
  const base = scenario(DEAL).state;
  const after = (...done: [Seat, string][]) =>
    new Tx(done.reduce((s, [seat, quest]) => dungeoneer.evolve(s, { type: 'QuestCompleted', seat, quest }), base));
  const lopsided = after([1, 'drowned-ring'], [1, 'cinder-crown'], [1, 'pale-matron'], [1, 'stair-gnawer']);
  t.equal(checkPartyGoal(lopsided), false, 'four quests, all by one hero: not yet');
  t.same(lopsided.events, []);
  const shared = after([1, 'drowned-ring'], [1, 'cinder-crown'], [1, 'pale-matron'], [2, 'stair-gnawer']);
  t.equal(checkPartyGoal(shared), true);
  t.same(shared.events, [{ type: 'GameWon', winners: [1, 2], how: 'party' }], 'the whole party wins');
  t.equal(checkPartyGoal(after([1, 'drowned-ring'], [2, 'stair-gnawer'], [2, 'pale-matron'])), false, 'three of four');
});
