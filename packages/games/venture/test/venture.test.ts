// Venturing into the dungeon: rules 309.2–309.7 and 701.49, each test naming the paragraph it checks.
import t from 'tap';
import { completedCount, distinctCompleted, hasCompleted, hasCompletedAny } from '../src/index';
import { PATHS, Table, types } from './support';

t.test('309.2a / 701.49a: venturing with no dungeon in the command zone asks the player to choose one', (t) => {
  new Table().when(0, { type: 'Venture' }).then(t, [
    { type: 'Ventured', seat: 0, undercity: false },
    { type: 'DungeonChoiceOpened', seat: 0, options: ['tomb-of-annihilation', 'lost-mine-of-phandelver', 'dungeon-of-the-mad-mage'] },
  ]);
  t.end();
});

t.test('309.4a / 309.4c: the chosen dungeon enters with the marker on its topmost room, whose ability triggers under its owner', (t) => {
  const table = new Table();
  table.send(1, { type: 'Venture' });
  table.when(1, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' }).then(t, [
    { type: 'DungeonEntered', seat: 1, dungeon: 'lost-mine-of-phandelver', instance: 1 },
    { type: 'RoomAbilityTriggered', stackId: 2, seat: 1, dungeon: 'lost-mine-of-phandelver', instance: 1, room: 'cave-entrance' },
  ]);
  table.send(1, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  t.equal(table.room(1), 'cave-entrance');
  t.same(table.view().awaiting, [1], 'the owner controls and resolves the room ability');
  t.end();
});

t.test('309.2d: a dungeon cannot be brought in other than by a venture', (t) => {
  const table = new Table();
  table.when(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' }).thenViolates(t, 'venture/no-dungeon-choice');
  table.send(0, { type: 'Venture' });
  table
    .when(1, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' })
    .thenViolates(t, 'venture/no-dungeon-choice', "another player cannot answer someone else's venture");
  t.end();
});

t.test('309.3: a player with a dungeon in the command zone cannot bring in a second; venturing advances instead', (t) => {
  const table = new Table().walk(0, 'dungeon-of-the-mad-mage', ['yawning-portal']);
  table.when(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' }).thenViolates(t, 'venture/no-dungeon-choice');
  table.drain();
  table.when(0, { type: 'Venture' }).then(t, [
    { type: 'Ventured', seat: 0, undercity: false },
    { type: 'MarkerMoved', seat: 0, room: 'dungeon-level' },
    { type: 'RoomAbilityTriggered', stackId: 3, seat: 0, dungeon: 'dungeon-of-the-mad-mage', instance: 1, room: 'dungeon-level' },
  ]);
  t.end();
});

t.test('701.49d / ruling 2: a plain venture cannot choose Undercity', (t) => {
  const table = new Table();
  table.send(0, { type: 'Venture' });
  table.when(0, { type: 'ChooseDungeon', dungeon: 'undercity' }).thenViolates(t, 'venture/undercity-needs-venture-into-undercity');
  t.end();
});

t.test('701.49d: venturing into Undercity with no dungeon puts Undercity in the command zone without a choice', (t) => {
  new Table().when(0, { type: 'Venture', undercity: true }).then(t, [
    { type: 'Ventured', seat: 0, undercity: true },
    { type: 'DungeonEntered', seat: 0, dungeon: 'undercity', instance: 1 },
    { type: 'RoomAbilityTriggered', stackId: 2, seat: 0, dungeon: 'undercity', instance: 1, room: 'secret-entrance' },
  ]);
  t.end();
});

t.test('701.49d: venture into Undercity advances in the current dungeon', (t) => {
  const table = new Table().walk(0, 'dungeon-of-the-mad-mage', ['yawning-portal']).drain();
  t.same(types(table.send(0, { type: 'Venture', undercity: true })), ['Ventured', 'MarkerMoved', 'RoomAbilityTriggered']);
  t.same(table.view().players[0]?.dungeon?.id, 'dungeon-of-the-mad-mage');
  t.equal(table.room(0), 'dungeon-level');
  t.end();
});

t.test('309.5a / 701.49b: one arrow is followed at once; with several the player chooses', (t) => {
  const table = new Table().walk(0, 'tomb-of-annihilation', ['trapped-entry']).drain();
  table.when(0, { type: 'Venture' }).then(t, [
    { type: 'Ventured', seat: 0, undercity: false },
    { type: 'RoomChoiceOpened', seat: 0, options: ['veils-of-fear', 'oubliette'] },
  ]);
  table.send(0, { type: 'Venture' });
  t.same(table.view().awaiting, [0]);
  table.when(0, { type: 'ChooseRoom', room: 'cradle-of-the-death-god' }).thenViolates(t, 'venture/not-an-arrow', 'no arrow skips a room');
  table.when(1, { type: 'ChooseRoom', room: 'oubliette' }).thenViolates(t, 'venture/no-room-choice', 'only the venturing player chooses');
  table.when(0, { type: 'Venture' }).thenViolates(t, 'venture/choice-pending', 'the venture finishes before anything else happens');
  table.send(0, { type: 'ChooseRoom', room: 'oubliette' });
  t.equal(table.room(0), 'oubliette');
  table.when(0, { type: 'ChooseRoom', room: 'oubliette' }).thenViolates(t, 'venture/no-room-choice', 'the choice is spent');
  t.end();
});

t.test('309.6 / 704.5t: the dungeon stays while its bottom room ability is on the stack and is removed once it resolves', (t) => {
  const table = new Table().walk(0, 'tomb-of-annihilation', PATHS.tombShort);
  t.same(table.view().players[0]?.completed, {}, '309.7: not completed on entering the last room');
  table.when(0, { type: 'ResolveTop' }).then(t, [
    { type: 'AbilityResolved', stackId: 4, choices: {} },
    { type: 'TokenCreated', token: 5, kind: 'the-atropal', controller: 0 },
    { type: 'DungeonCompleted', seat: 0, dungeon: 'tomb-of-annihilation', instance: 1 },
  ]);
  table.send(0, { type: 'ResolveTop' });
  t.equal(table.view().players[0]?.dungeon, null, 'removed from the game');
  t.same(table.view().players[0]?.completed, { 'tomb-of-annihilation': 1 }, '309.7: completed as it is removed');
  t.end();
});

t.test('309.6: an unrelated room ability on the stack does not keep a finished dungeon in play', (t) => {
  const table = new Table();
  table.send(0, { type: 'Venture', undercity: true });
  table.drain();
  // Seat 1 reaches Mad Mage's bottom room while seat 0's Undercity ability waits on the stack below.
  table.walk(1, 'dungeon-of-the-mad-mage', PATHS.madMage);
  table.send(0, { type: 'Venture', undercity: true });
  table.send(0, { type: 'ChooseRoom', room: 'lost-well' });
  t.same(
    table.view().stack.map((i) => i.controller),
    [1, 0],
    'seat 0 ability on top of the lair ability',
  );
  table.send(0, { type: 'ResolveTop' });
  t.same(table.view().players[1]?.completed, {}, 'the lair ability is still on the stack');
  t.same(types(table.send(1, { type: 'ResolveTop' })), ['AbilityResolved', 'DungeonCompleted']);
  t.end();
});

t.test('309.5b / 701.49c: venturing from the bottommost room completes the dungeon and starts a new one', (t) => {
  const table = new Table().walk(0, 'tomb-of-annihilation', PATHS.tombShort);
  // The Atropal's ability is still on the stack, so 704.5t has not removed the dungeon: venture again in response.
  t.same(types(table.send(0, { type: 'Venture' })), ['Ventured', 'DungeonCompleted', 'DungeonChoiceOpened']);
  t.same(table.view().players[0]?.completed, { 'tomb-of-annihilation': 1 });
  table.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  t.equal(table.room(0), 'trapped-entry', 'the same dungeon may be chosen again, as a new object');
  t.equal(table.view().stack.length, 2, 'the old Cradle ability and the new Trapped Entry ability');
  table.drain();
  t.same(table.view().players[0]?.completed, { 'tomb-of-annihilation': 1 }, 'the old ability resolving does not complete the new dungeon');
  t.same(
    table.view().tokens.map((tk) => tk.kind),
    ['the-atropal'],
    'the Cradle ability still resolved',
  );
  t.end();
});

t.test('701.49d: venturing into Undercity from a bottommost room completes it and brings in Undercity', (t) => {
  const table = new Table().walk(0, 'tomb-of-annihilation', PATHS.tombShort);
  t.same(types(table.send(0, { type: 'Venture', undercity: true })), [
    'Ventured',
    'DungeonCompleted',
    'DungeonEntered',
    'RoomAbilityTriggered',
  ]);
  t.equal(table.view().players[0]?.dungeon?.id, 'undercity');
  t.end();
});

t.test('309.7: completed-dungeon queries count any, named and differently named dungeons', (t) => {
  const table = new Table();
  t.notOk(hasCompletedAny(table.state, 0));
  for (let i = 0; i < 2; i++) table.walk(0, 'tomb-of-annihilation', PATHS.tombShort).drain();
  t.ok(hasCompletedAny(table.state, 0));
  t.ok(hasCompleted(table.state, 0, 'tomb-of-annihilation'));
  t.notOk(hasCompleted(table.state, 0, 'undercity'));
  t.equal(completedCount(table.state, 0, 'tomb-of-annihilation'), 2);
  t.equal(distinctCompleted(table.state, 0), 1);
  t.notOk(hasCompletedAny(table.state, 1), 'completion is per player');
  t.match(table.view().players[0], { completed: { 'tomb-of-annihilation': 2 }, completedTotal: 2, completedDistinct: 1 });
  t.end();
});

t.test('309.2b / 309.2c: a dungeon stays in the command zone across turns until it is removed from the game', (t) => {
  const table = new Table(2, 0).walk(0, 'lost-mine-of-phandelver', ['cave-entrance']).drain();
  for (let i = 0; i < 14; i++) table.send(table.view().active, { type: 'AdvanceStep' });
  t.equal(table.view().turn, 3);
  t.match(table.view().players[0]?.dungeon, { id: 'lost-mine-of-phandelver', room: 'cave-entrance' });
  t.end();
});

t.test('309.4b: room names are flavour; arrows are chosen by room id, never by name', (t) => {
  const table = new Table().walk(0, 'tomb-of-annihilation', ['trapped-entry']).drain();
  table.send(0, { type: 'Venture' });
  table.when(0, { type: 'ChooseRoom', room: 'Oubliette' }).thenViolates(t, 'venture/not-an-arrow');
  t.same(types(table.when(0, { type: 'ChooseRoom', room: 'oubliette' }).events()), ['MarkerMoved', 'RoomAbilityTriggered']);
  t.end();
});
