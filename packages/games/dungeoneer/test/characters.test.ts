// Heroes as characters — Delve's extension of CAMPAIGN ADVENTURES (see docs/rulings/dungeoneer.md, Campaigns): a
// character is a hero whose level and Treasures carry from one adventure to the next when the campaign says so.
import t from 'tap';
import { RuleViolation, type GameResult } from '@delve/kernel';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { dungeoneer, outcome, progression, type DungeoneerOutcome, type DungeoneerSheet } from '../src/index';
import { MAX_DECK_QUESTS } from '../src/options';
import { only, scenario, type Deal } from './support';

const CARRY = { campaign: { carry: { level: true, treasures: true } } };
const DARK = ['gutter-wretch-1', 'gutter-wretch-2', 'lantern-moths-1', 'bone-drummer-1', 'snapjaw-trap-1', 'ill-omen-1'];
const sheetOf = (events: ReturnType<typeof progression.create>) => events.reduce(progression.evolve, progression.initialState());
const result = (o: DungeoneerOutcome | null, won = false): GameResult<DungeoneerOutcome | null> => ({
  gameId: 'game-1',
  seat: 1,
  won,
  at: '2024-01-01T00:00:00.000Z',
  outcome: o,
});

/** A one-hero campaign in which the hero completes its Secret Quest (Hold the Breach, on the Rat Run) in round 1. */
function questDone(options: NonNullable<Deal['options']>, profile: NonNullable<Deal['profiles']> = []) {
  const sc = scenario({
    options,
    seats: 2,
    quests: ['hold-the-breach', 'knucklebones', 'quiet-the-deep'],
    mapDeck: ['rat-run', 'crooked-bend', 'sooty-hall'],
    hands: [DARK, []],
    profiles: profile,
  });
  for (const card of ['rat-run', 'crooked-bend', 'sooty-hall'])
    sc.do(
      0,
      sc.legal(0).find((c) => c.type === 'PlaceMap' && c.card === card)!,
    );
  sc.do(0, { type: 'EndPhase' });
  sc.do(0, { type: 'EndPhase' });
  const rat = sc.state.map.find((m) => m.card === 'rat-run')!;
  const direction = rat.x === 1 ? 'E' : rat.x === -1 ? 'W' : rat.y === 1 ? 'N' : 'S';
  sc.do(1, { type: 'Move', direction });
  sc.do(1, { type: 'AttemptQuest', quest: 'hold-the-breach' }, { roll: 6 });
  return sc;
}

t.test('Characters: a Dungeoneer character is one of the heroes, chosen when it is created', async (t) => {
  const create = TypeCompiler.Compile(progression.createSchema);
  t.ok(create.Check({ hero: 'tamsin' }));
  t.notOk(create.Check({}), 'a hero is required');
  t.notOk(create.Check({ hero: 'gandalf' }), 'one of the starter set’s');
  t.same(progression.create({ hero: 'tamsin' }), [{ type: 'HeroChosen', hero: 'tamsin' }]);
  t.throws(() => progression.create({ hero: 'gandalf' }), RuleViolation);
  const sheet = sheetOf(progression.create({ hero: 'tamsin' }));
  t.match(sheet, { hero: 'tamsin', level: 1, treasures: [], adventures: 0 });
  t.ok(TypeCompiler.Compile(progression.sheetSchema).Check(progression.sheet(sheet)), 'the sheet matches its schema');
  t.same(progression.profile(sheet), { hero: 'tamsin', level: 1, treasures: [] });
});

t.test('Characters: an adventure records the side, quests and falls; a carrying campaign carries level and Treasures', async (t) => {
  const sc = questDone(CARRY, [null, { hero: 'brannoc', treasures: ['notched-sword'] }]);
  t.same(sc.hero(1).treasures, ['notched-sword-1'], 'the carried Treasure started readied');
  t.equal(sc.hero(1).level, 2, 'the quest gave a level');
  const o = outcome(sc.state, 1)!;
  t.match(o, {
    side: 'hero',
    hero: 'brannoc',
    level: 2,
    treasures: ['notched-sword'],
    quests: ['hold-the-breach'],
    defeats: 0,
    carry: { level: true, treasures: true },
    tally: { side: 'heroes', goal: false, counts: { quests: 1, defeats: 0 } },
  });
  const sheet: DungeoneerSheet = { ...sheetOf(progression.create({ hero: 'brannoc' })), treasures: ['notched-sword'] };
  t.same(progression.record(result(o), sheet), [
    {
      type: 'AdventureRecorded',
      adventure: { gameId: 'game-1', side: 'hero', won: false, quests: ['hold-the-breach'], defeats: 0, felled: 0, level: 2 },
    },
    { type: 'LevelCarried', level: 2 },
    { type: 'TreasuresKept', treasures: ['notched-sword'] },
  ]);
  const after = progression.record(result(o), sheet).reduce(progression.evolve, sheet);
  t.same(progression.profile(after), { hero: 'brannoc', level: 2, treasures: ['notched-sword'] });
  t.match(after, { adventures: 1, quests: 1, history: [{ gameId: 'game-1', level: 2 }] });
});

t.test('Characters: without the campaign’s say-so nothing carries — only the adventure is recorded', async (t) => {
  const sc = questDone({ campaign: {} });
  const o = outcome(sc.state, 1)!;
  t.same(o.carry, { level: false, treasures: false });
  const sheet = sheetOf(progression.create({ hero: 'brannoc' }));
  t.same(
    progression.record(result(o), sheet).map((e) => e.type),
    ['AdventureRecorded'],
  );
  const plain = scenario({
    options: { campaign: {} },
    seats: 2,
    profiles: [null, { hero: 'brannoc', level: 3, treasures: ['notched-sword'] }],
  });
  t.match(only(plain.events, 'HeroesAssigned')[0]?.heroes, [{ seat: 1, hero: 'brannoc', level: 1 }], 'the level does not carry');
  t.same(only(plain.events, 'TreasuresCarried'), [], 'nor do the Treasures');
  const carried = scenario({ options: CARRY, seats: 2, profiles: [null, { hero: 'brannoc', level: 3, treasures: ['notched-sword'] }] });
  t.match(only(carried.events, 'HeroesAssigned')[0]?.heroes, [{ seat: 1, hero: 'brannoc', level: 3 }], 'with carry, it does');
  t.same(only(carried.events, 'TreasuresCarried'), [{ type: 'TreasuresCarried', seat: 1, cards: ['notched-sword-1'] }]);
});

t.test('Characters: a fallen hero’s Treasures stay in the dungeon; the Dungeonlord side records the heroes it felled', async (t) => {
  const sc = scenario({
    options: CARRY,
    seats: 2,
    hands: [DARK, []],
    profiles: [null, { hero: 'brannoc', life: 1, treasures: ['notched-sword'] }],
  });
  for (let guard = 0; guard < 5 && sc.state.prompt?.kind === 'build'; guard++)
    sc.do(
      0,
      sc.legal(0).find((c) => c.type === 'PlaceMap')!,
    );
  sc.do(0, { type: 'PlayEncounter', card: 'gutter-wretch-1', target: 1, form: 'melee' });
  sc.do(0, { type: 'ResolveEncounters' });
  sc.do(1, { type: 'Pass' }, { roll: 6 }, { roll: 1 }, { int: 0 });
  t.same(dungeoneer.status(sc.state).winners, [0], 'one hero player, one fall');
  t.match(outcome(sc.state, 1), { side: 'hero', hero: 'brannoc', treasures: [], defeats: 1, tally: { goal: false } });
  t.match(outcome(sc.state, 0), {
    side: 'dungeonlord',
    hero: null,
    felled: 1,
    tally: { side: 'dungeonlord', goal: true, counts: { heroesDefeated: 1 } },
  });
  const sheet: DungeoneerSheet = { ...sheetOf(progression.create({ hero: 'brannoc' })), treasures: ['notched-sword'] };
  t.same(progression.record(result(outcome(sc.state, 1)), sheet).at(-1), { type: 'TreasuresKept', treasures: [] }, 'lost with the hero');
  t.same(
    progression.record({ ...result(outcome(sc.state, 0), true), seat: 0 }, sheet).map((e) => e.type),
    ['AdventureRecorded'],
    'the Dungeonlord plays no hero: nothing of one carries',
  );
});

t.test('Characters: the owner may drop a carried Treasure between adventures', async (t) => {
  const sheet: DungeoneerSheet = { ...sheetOf(progression.create({ hero: 'tamsin' })), treasures: ['notched-sword', 'hide-buckler'] };
  t.same(progression.decide({ type: 'DropTreasure', treasure: 'hide-buckler' }, sheet), [
    { type: 'TreasureDropped', treasure: 'hide-buckler' },
  ]);
  t.same(progression.evolve(sheet, { type: 'TreasureDropped', treasure: 'hide-buckler' }).treasures, ['notched-sword']);
  t.throws(() => progression.decide({ type: 'DropTreasure', treasure: 'tarnished-idol' }, sheet), RuleViolation);
});

t.test('Characters: a record keeps every quest an adventure completed, up to the most a Dungeonlord’s deck holds', async (t) => {
  // Found by a campaign of bots: one hero completed 13 quests in one adventure, and the sheet's schema allowed 12.
  const quests = Array.from({ length: MAX_DECK_QUESTS }, (_, i) => `quest-${i}`);
  const o = { ...outcome(questDone(CARRY, [null, { hero: 'brannoc', treasures: [] }]).state, 1)!, quests };
  const sheet = progression
    .record(result(o), sheetOf(progression.create({ hero: 'brannoc' })))
    .reduce(progression.evolve, sheetOf(progression.create({ hero: 'brannoc' })));
  t.equal(sheet.history[0]?.quests.length, MAX_DECK_QUESTS, 'all recorded');
  t.ok(TypeCompiler.Compile(progression.sheetSchema).Check(progression.sheet(sheet)), 'and the sheet matches its schema');
  const events = TypeCompiler.Compile(progression.eventSchema);
  t.ok(events.Check(progression.record(result(o), sheet)[0]), 'as does the event that recorded them');
});
