// Baldur's Gate Wilderness: an opt-in dungeon with nineteen rooms and three bottommost rooms (309.4–309.7, rulings 20–22).
import { randomFor } from '@delve/kernel';
import { scriptedRandom } from '@delve/kernel/testing';
import t from 'tap';
import { allPaths, DUNGEONS, isBottommost, venture, type TokenKind, type VentureCommand } from '../src/index';
import { Table, types } from './support';

const WILDERNESS = 'baldurs-gate-wilderness';
const OPTED_IN = { baldursGateWilderness: true };

/** The arrows as the majority of community sources give them (see docs/rulings/venture.md, ruling 21). */
const ARROWS: Record<string, string[]> = {
  'crash-landing': ['goblin-camp', 'emerald-grove', 'aunties-teahouse'],
  'goblin-camp': ['defiled-temple'],
  'emerald-grove': ['defiled-temple', 'mountain-pass'],
  'aunties-teahouse': ['mountain-pass'],
  'defiled-temple': ['ebonlake-grotto', 'grymforge'],
  'mountain-pass': ['grymforge', 'githyanki-creche'],
  'ebonlake-grotto': ['last-light-inn'],
  grymforge: ['last-light-inn', 'reithwin-tollhouse'],
  'githyanki-creche': ['reithwin-tollhouse'],
  'last-light-inn': ['moonrise-towers', 'gauntlet-of-shar'],
  'reithwin-tollhouse': ['gauntlet-of-shar', 'balthazars-lab'],
  'moonrise-towers': ['circus-of-the-last-days'],
  'gauntlet-of-shar': ['circus-of-the-last-days', 'undercity-ruins'],
  'balthazars-lab': ['undercity-ruins'],
  'circus-of-the-last-days': ['steel-watch-foundry', 'ansurs-sanctum'],
  'undercity-ruins': ['ansurs-sanctum', 'temple-of-bhaal'],
  'steel-watch-foundry': [],
  'ansurs-sanctum': [],
  'temple-of-bhaal': [],
};

/** What each room leaves on the table when seat 0 of two resolves it as `resolveRoom` does: tokens and life changes. */
const OUTCOME: Record<string, { tokens?: TokenKind[]; life?: [number, number] }> = {
  'goblin-camp': { tokens: ['treasure'] },
  'emerald-grove': { tokens: ['knight'] },
  'ebonlake-grotto': { tokens: ['faerie-dragon', 'faerie-dragon'] },
  'reithwin-tollhouse': { tokens: Array<TokenKind>(5).fill('treasure') },
  'gauntlet-of-shar': { life: [0, -5] },
  'undercity-ruins': { tokens: ['skeleton-menace', 'skeleton-menace', 'skeleton-menace'] },
  'ansurs-sanctum': { life: [0, -7] },
};

/** Resolve seat 0's top ability: the dice show 2 and 3, the four revealed cards have a total mana value of 7. */
function resolveRoom(table: Table): void {
  const room = table.view().stack.at(-1)?.room;
  if (room === 'reithwin-tollhouse') table.send(0, { type: 'ResolveTop' }, scriptedRandom({ roll: 2 }, { roll: 3 }));
  else table.send(0, { type: 'ResolveTop', ...(room === 'ansurs-sanctum' ? { revealedManaValue: 7 } : {}) });
}

/** Seat 0 ventures through `rooms` of the Wilderness, resolving each room's ability as it enters. */
function through(table: Table, rooms: readonly string[]): Table {
  for (const room of rooms) {
    table.walk(0, WILDERNESS, [room]);
    resolveRoom(table);
  }
  return table;
}

t.test('309.4 / ruling 21: Baldur’s Gate Wilderness has nineteen rooms in rows of 1-3-2-3-2-3-2-3 and three bottommost rooms', (t) => {
  const dungeon = DUNGEONS[WILDERNESS];
  t.equal(dungeon.name, 'Baldur’s Gate Wilderness');
  t.same(Object.fromEntries(dungeon.rooms.map((r) => [r.id, [...r.next]])), ARROWS);
  t.equal(dungeon.rooms[0]?.id, 'crash-landing', 'the topmost room comes first');
  t.same(
    dungeon.rooms.filter((r) => isBottommost(WILDERNESS, r.id)).map((r) => r.id),
    ['steel-watch-foundry', 'ansurs-sanctum', 'temple-of-bhaal'],
  );
  t.equal(allPaths(WILDERNESS).length, 72);
  t.ok(
    allPaths(WILDERNESS).every((p) => p.length === 8),
    'every path is eight rooms long',
  );
  t.end();
});

t.test('ruling 20: a table opts into the Wilderness; then a plain venture offers it beside the other three', (t) => {
  new Table(2, 0, OPTED_IN).when(0, { type: 'Venture' }).then(t, [
    { type: 'Ventured', seat: 0, undercity: false },
    {
      type: 'DungeonChoiceOpened',
      seat: 0,
      options: ['tomb-of-annihilation', 'lost-mine-of-phandelver', 'dungeon-of-the-mad-mage', WILDERNESS],
    },
  ]);
  const plain = new Table(2, 0);
  plain.send(0, { type: 'Venture' });
  plain.when(0, { type: 'ChooseDungeon', dungeon: WILDERNESS }).thenViolates(t, 'venture/dungeon-not-at-table');
  t.same(
    new Table(2, 0, OPTED_IN).walk(0, 'undercity', ['secret-entrance']).view().players[0]?.dungeon?.id,
    'undercity',
    'venture into Undercity still brings in Undercity',
  );
  t.end();
});

t.test('309.4a / 309.4c: the Wilderness enters with the marker on Crash Landing, whose ability triggers', (t) => {
  const table = new Table(2, 0, OPTED_IN);
  table.send(0, { type: 'Venture' });
  table.when(0, { type: 'ChooseDungeon', dungeon: WILDERNESS }).then(t, [
    { type: 'DungeonEntered', seat: 0, dungeon: WILDERNESS, instance: 1 },
    { type: 'RoomAbilityTriggered', stackId: 2, seat: 0, dungeon: WILDERNESS, instance: 1, room: 'crash-landing' },
  ]);
  t.end();
});

t.test('309.5 / 309.6 / 309.7: every path through the Wilderness, to each of its three bottommost rooms, completes it', (t) => {
  const ends = new Set<string>();
  for (const path of allPaths(WILDERNESS)) {
    const key = path.join('>');
    const table = through(new Table(2, 0, OPTED_IN), path);
    const view = table.view();
    const tokens = path.flatMap((room) => OUTCOME[room]?.tokens ?? []);
    const life = path.reduce<[number, number]>(
      ([a, b], room) => [a + (OUTCOME[room]?.life?.[0] ?? 0), b + (OUTCOME[room]?.life?.[1] ?? 0)],
      [20, 20],
    );
    if (JSON.stringify(view.tokens.map((tk) => tk.kind)) !== JSON.stringify(tokens))
      t.fail(`${key}: tokens ${view.tokens.map((tk) => tk.kind)}`);
    if (JSON.stringify([table.life(0), table.life(1)]) !== JSON.stringify(life)) t.fail(`${key}: life ${table.life(0)}/${table.life(1)}`);
    if (view.players[0]?.dungeon !== null || view.players[0]?.completed[WILDERNESS] !== 1) t.fail(`${key}: not completed`);
    ends.add(path.at(-1) ?? '');
  }
  t.same([...ends].sort(), ['ansurs-sanctum', 'steel-watch-foundry', 'temple-of-bhaal'], 'all 72 paths walked, ending in each bottom room');
  t.end();
});

t.test('309.5b: venturing from any bottommost room of the Wilderness completes it and starts a new dungeon', (t) => {
  for (const bottom of ['steel-watch-foundry', 'ansurs-sanctum', 'temple-of-bhaal']) {
    const path = allPaths(WILDERNESS).find((p) => p.at(-1) === bottom) ?? [];
    const table = through(new Table(2, 0, OPTED_IN), path.slice(0, -1));
    table.walk(0, WILDERNESS, [bottom]);
    t.same(types(table.send(0, { type: 'Venture' })), ['Ventured', 'DungeonCompleted', 'DungeonChoiceOpened'], bottom);
  }
  t.end();
});

t.test(
  '309.4c / ruling 22: Reithwin Tollhouse: two four-sided dice are rolled and that many Treasures created, the faces recorded',
  (t) => {
    const table = new Table(2, 0, OPTED_IN).walk(0, WILDERNESS, [
      'crash-landing',
      'aunties-teahouse',
      'mountain-pass',
      'githyanki-creche',
      'reithwin-tollhouse',
    ]);
    table
      .when(0, { type: 'ResolveTop' }, scriptedRandom({ roll: 4 }, { roll: 1 }))
      .then(t, [
        { type: 'AbilityResolved', stackId: 6, choices: {} },
        { type: 'DiceRolled', seat: 0, sides: 4, results: [4, 1] },
        ...[7, 8, 9, 10, 11].map((token) => ({ type: 'TokenCreated' as const, token, kind: 'treasure' as const, controller: 0 })),
      ]);
    const seen = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const rolled = table.when(0, { type: 'ResolveTop' }, randomFor(`dice-${i}`, 0)).events()[1];
      if (rolled?.type === 'DiceRolled') rolled.results.forEach((r) => seen.add(r));
    }
    t.same([...seen].sort(), [1, 2, 3, 4], 'each face of a four-sided die comes up');
    t.end();
  },
);

t.test('309.4c / ruling 22: Githyanki Crèche: three +1/+1 counters split among up to three creatures the controller controls', (t) => {
  const table = new Table(2, 0, OPTED_IN).walk(0, WILDERNESS, ['crash-landing', 'emerald-grove']).drain();
  table.walk(1, 'dungeon-of-the-mad-mage', ['yawning-portal', 'dungeon-level', 'goblin-bazaar', 'lost-level', 'muirals-graveyard']).drain();
  const knight = table.view().tokens.find((tk) => tk.kind === 'knight')?.id ?? 0;
  const skeleton = table.view().tokens.find((tk) => tk.kind === 'skeleton')?.id ?? 0;
  table.walk(0, WILDERNESS, ['mountain-pass']).drain().walk(0, WILDERNESS, ['githyanki-creche']);
  const resolve = (distribute: Record<number, number>): VentureCommand => ({ type: 'ResolveTop', distribute });
  table.when(0, resolve({ [knight]: 4 })).thenViolates(t, 'venture/bad-distribution', 'three counters at most');
  table.when(0, resolve({ [knight]: 2, [skeleton]: 1 })).thenViolates(t, 'venture/bad-target', 'only creatures you control');
  table.when(0, resolve({ 999: 1 })).thenViolates(t, 'venture/bad-target');
  table.when(0, resolve({ [knight]: 3 })).then(t, [
    { type: 'AbilityResolved', stackId: table.view().stack.at(-1)?.id ?? 0, choices: { distribute: { [knight]: 3 } } },
    { type: 'CountersPut', token: knight, count: 3 },
  ]);
  t.same(types(table.when(0, { type: 'ResolveTop' }).events()), ['AbilityResolved'], 'the counters may all go to untracked creatures');
  const listed = venture.legalCommands(table.state, 0).filter((c) => c.type === 'ResolveTop');
  t.same(
    listed,
    [{ type: 'ResolveTop' }, resolve({ [knight]: 1 }), resolve({ [knight]: 2 }), resolve({ [knight]: 3 })],
    'each way to place counters on tracked creatures is listed',
  );
  table.when(0, { type: 'ResolveTop', targetPlayer: 1 }).thenViolates(t, 'venture/unexpected-choice');
  t.end();
});

t.test('309.4c / ruling 22: Defiled Temple: the controller may sacrifice one permanent, a tracked token or one the table sees', (t) => {
  const table = new Table(2, 0, OPTED_IN).walk(0, WILDERNESS, ['crash-landing', 'goblin-camp']).drain();
  const treasure = table.view().tokens[0]?.id ?? 0;
  table.walk(0, WILDERNESS, ['defiled-temple']);
  table.when(0, { type: 'ResolveTop', sacrifice: [treasure] }).then(t, [
    { type: 'AbilityResolved', stackId: 5, choices: { sacrifice: [treasure] } },
    { type: 'TokenRemoved', token: treasure },
  ]);
  t.same(types(table.when(0, { type: 'ResolveTop' }).events()), ['AbilityResolved']);
  t.end();
});

t.test(
  '309.4c / ruling 22: Ansur’s Sanctum: opponents lose the total mana value its controller reports for the four revealed cards',
  (t) => {
    const path = [
      'crash-landing',
      'goblin-camp',
      'defiled-temple',
      'ebonlake-grotto',
      'last-light-inn',
      'moonrise-towers',
      'circus-of-the-last-days',
    ];
    const table = through(new Table(3, 0, OPTED_IN), path);
    table.walk(0, WILDERNESS, ['ansurs-sanctum']);
    table.when(0, { type: 'ResolveTop' }).thenViolates(t, 'venture/mana-value-required');
    t.same(
      venture.legalCommands(table.state, 0).filter((c) => c.type === 'ResolveTop'),
      [],
      'the total is a free amount: not among the legal commands…',
    );
    t.match(
      venture.commandTemplates?.(table.state, 0).filter((tpl) => tpl.type === 'ResolveTop'),
      [{ type: 'ResolveTop', fixed: {}, params: { revealedManaValue: { minimum: 0 } } }],
      '…but a template',
    );
    const id = table.view().stack.at(-1)?.id ?? 0;
    table.when(0, { type: 'ResolveTop', revealedManaValue: 9 }).then(t, [
      { type: 'AbilityResolved', stackId: id, choices: { revealedManaValue: 9 } },
      { type: 'LifeChanged', seat: 1, amount: -9 },
      { type: 'LifeChanged', seat: 2, amount: -9 },
      { type: 'DungeonCompleted', seat: 0, dungeon: WILDERNESS, instance: 1 },
    ]);
    t.same(
      types(table.when(0, { type: 'ResolveTop', revealedManaValue: 0 }).events()),
      ['AbilityResolved', 'DungeonCompleted'],
      'four lands: nobody loses life',
    );
    table.walk(1, 'undercity', ['secret-entrance']);
    table.when(1, { type: 'ResolveTop', revealedManaValue: 3 }).thenViolates(t, 'venture/unexpected-choice');
    t.end();
  },
);

t.test('309.4c / ruling 22: Gauntlet of Shar and Undercity Ruins: five life from each opponent; three 4/1 Skeletons with menace', (t) => {
  const table = through(new Table(3, 0, OPTED_IN), ['crash-landing', 'goblin-camp', 'defiled-temple', 'ebonlake-grotto', 'last-light-inn']);
  table.walk(0, WILDERNESS, ['gauntlet-of-shar']);
  t.same(types(table.send(0, { type: 'ResolveTop' })), ['AbilityResolved', 'LifeChanged', 'LifeChanged']);
  t.same([table.life(0), table.life(1), table.life(2)], [20, 15, 15]);
  table.walk(0, WILDERNESS, ['undercity-ruins']);
  table.send(0, { type: 'ResolveTop' });
  t.same(
    table
      .view()
      .tokens.filter((tk) => tk.kind === 'skeleton-menace')
      .map((tk) => tk.name),
    ['Skeleton', 'Skeleton', 'Skeleton'],
  );
  t.end();
});
