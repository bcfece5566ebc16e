// dungeoneer.txt, INTRODUCTION and Set-Up: seats, initiative, heroes, quests, the starting map, trackers and hands.
import t from 'tap';
import { randomFor, RuleViolation } from '@delve/kernel';
import { dungeoneer, heroSetup, HIDDEN, STARTER, type DungeoneerEvent } from '../src/index';
import { dealt, only, scenario } from './support';

t.test('INTRODUCTION: 2 to 4 players', async (t) => {
  for (const seats of [2, 3, 4]) t.doesNotThrow(() => dungeoneer.checkSeats({}, seats), `${seats} seats`);
  for (const seats of [1, 5]) t.throws(() => dungeoneer.checkSeats({}, seats), RuleViolation, `${seats} seats refused`);
});

t.test('Set-Up, Roll Initiative: the highest die goes first', async (t) => {
  const events = dealt({ seats: 3, initiative: [2, 5, 3] });
  t.same(only(events, 'InitiativeRolled'), [
    {
      type: 'InitiativeRolled',
      rolls: [
        { seat: 0, roll: 2 },
        { seat: 1, roll: 5 },
        { seat: 2, roll: 3 },
      ],
    },
  ]);
  t.same(only(events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 1 }]);
  t.match(only(events, 'TurnStarted'), [{ seat: 1, round: 1 }], 'the winner takes the first turn');
});

t.test('Set-Up, Roll Initiative: tied high rolls are rolled again by the tied players only, and recorded', async (t) => {
  const events = dealt({ seats: 3, initiative: [4, 4, 1, 3, 6] });
  t.same(
    only(events, 'InitiativeRolled').map((e) => e.rolls),
    [
      [
        { seat: 0, roll: 4 },
        { seat: 1, roll: 4 },
        { seat: 2, roll: 1 },
      ],
      [
        { seat: 0, roll: 3 },
        { seat: 1, roll: 6 },
      ],
    ],
  );
  t.same(only(events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 1 }]);
});

t.test('Set-Up, Assign Heroes: one hero each, level 1 with 6 Life, on the Dungeon Entrance', async (t) => {
  const sc = scenario({ seats: 3, heroes: ['dunstan', 'mirela', 'oskar'] });
  t.match(only(sc.events, 'HeroesAssigned')[0], {
    heroes: [
      { seat: 0, hero: 'dunstan', level: 1, life: 6 },
      { seat: 1, hero: 'mirela', level: 1, life: 6 },
      { seat: 2, hero: 'oskar', level: 1, life: 6 },
    ],
  });
  for (const seat of [0, 1, 2]) t.match(sc.hero(seat), { level: 1, life: 6, x: 0, y: 0 }, `seat ${seat} stands on the entrance`);
  t.same([...only(sc.events, 'HeroesAssigned')[0]!.pool].sort(), ['brannoc', 'tamsin', 'ysolde'], 'the other heroes stay out of the game');
});

t.test('Set-Up, Assign Heroes: a character profile can set the hero, level and life (room for campaigns)', async (t) => {
  const card = STARTER.heroes.find((h) => h.id === 'tamsin')!;
  t.same(heroSetup(card), { hero: 'tamsin', level: 1, life: 6 }, 'the standard start');
  t.same(heroSetup(card, { level: 3, life: 4 }), { hero: 'tamsin', level: 3, life: 4 });
  t.same(heroSetup(card, { level: 9, life: 40 }), { hero: 'tamsin', level: 4, life: 6 }, 'clamped to the card');
  const state = dungeoneer.initialState({}, 2);
  const events = dungeoneer.setup(state, randomFor('profiles', 0));
  t.equal(only(events, 'HeroesAssigned')[0]?.heroes.length, 2, 'without profiles every seat still gets a hero');
});

t.test('Set-Up, Assign Quests: two personal quests each, face up, and one Global Quest', async (t) => {
  const sc = scenario({ quests: ['blood-tithe', 'hidden-codex', 'pale-matron', 'knucklebones', 'stolen-reliquary'] });
  t.same(sc.player(0).quests, ['blood-tithe', 'hidden-codex']);
  t.same(sc.player(1).quests, ['pale-matron', 'knucklebones']);
  t.same(only(sc.events, 'GlobalQuestRevealed'), [{ type: 'GlobalQuestRevealed', quest: 'stolen-reliquary' }]);
  t.equal(sc.state.questDeck.length, STARTER.quests.length - 5, 'the rest stay in the quest deck');
});

t.test('Set-Up, Start Map: the entrance in the centre and a passage on each side, each opening onto it', async (t) => {
  // mossy-passage has a Wall on its north side and buttressed-way one on its east: both are turned end over end.
  const sc = scenario({ passages: ['dripping-crossway', 'narrow-fork', 'mossy-passage', 'buttressed-way'] });
  t.same(only(sc.events, 'MapStarted')[0]?.placed, [
    { card: 'entrance', x: 0, y: 0, rotation: 0 },
    { card: 'dripping-crossway', x: 0, y: 1, rotation: 0 },
    { card: 'narrow-fork', x: 1, y: 0, rotation: 180 },
    { card: 'mossy-passage', x: 0, y: -1, rotation: 180 },
    { card: 'buttressed-way', x: -1, y: 0, rotation: 180 },
  ]);
  t.equal(sc.state.mapDeck.length, STARTER.map.length - 5, 'the other Map cards are shuffled into the Map deck');
  for (const cell of dungeoneer.view(sc.state, { kind: 'spectator' }).grid.cells.slice(1))
    t.ok(cell.open.length > 0, `${cell.card} opens onto the map`);
});

t.test('Set-Up, Track Glory/Peril and Draw Adventure Cards: Glory and Peril at 1, five cards each', async (t) => {
  const sc = scenario({ seats: 4 });
  for (const p of sc.state.players) {
    t.equal(p.glory, 1, `seat ${p.seat} Glory`);
    t.equal(p.peril, 1, `seat ${p.seat} Peril`);
    t.equal(p.hand.length, 5, `seat ${p.seat} hand`);
  }
  t.equal(sc.state.deck.length, 60 - 20);
});

t.test('Set-Up: every shuffle is recorded, hidden from seats and spectators, whole for the audit', async (t) => {
  const state = dungeoneer.initialState({}, 2);
  const events = dungeoneer.setup(state, randomFor('audit', 0));
  const shuffles = events.filter((e) => e.type.endsWith('Shuffled')) as Extract<DungeoneerEvent, { order: string[] }>[];
  t.same(
    shuffles.map((e) => e.type),
    ['QuestDeckShuffled', 'MapDeckShuffled', 'AdventureDeckShuffled'],
  );
  for (const e of shuffles) {
    for (const viewer of [{ kind: 'seat', seat: 0 }, { kind: 'spectator' }] as const) {
      const seen = dungeoneer.redact(e, viewer, state) as typeof e;
      t.ok(seen.order.length > 0 && seen.order.every((c) => c === HIDDEN), `${e.type} hidden from ${viewer.kind}`);
    }
    t.same(dungeoneer.redact(e, { kind: 'audit' }, state), e);
  }
});

t.test('TURN CYCLE, Reset Phase: the first turn sets Movements to Speed and opens the Dungeonlord Phase', async (t) => {
  const sc = scenario({ heroes: ['tamsin', 'brannoc'] });
  t.same(sc.events.slice(-3), [
    { type: 'TurnStarted', seat: 0, round: 1 },
    { type: 'MovementsSet', seat: 0, movements: 3 },
    { type: 'PhaseBegan', phase: 'dungeonlord' },
  ]);
  t.same(dungeoneer.status(sc.state), { phase: 'dungeonlord', awaiting: [0] });
});
