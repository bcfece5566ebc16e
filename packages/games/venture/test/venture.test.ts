// Venturing into the dungeon: rules 309.2–309.7 and 701.49, each test naming the paragraph it checks.
import { specFor } from '@delve/kernel/testing';
import t from 'tap';
import { venture } from '../src/index';
import { started, table, types } from './helpers';

const spec = specFor(venture, { options: {}, seats: 2 });

t.test('309.2a / 701.49a: venturing with no dungeon in the command zone asks the player to choose one', (t) => {
  spec
    .given([started()])
    .when({ type: 'Venture' }, { seat: 0 })
    .then(t, [
      { type: 'Ventured', seat: 0, undercity: false },
      { type: 'DungeonChoiceOpened', seat: 0, options: ['tomb-of-annihilation', 'lost-mine-of-phandelver', 'dungeon-of-the-mad-mage'] },
    ]);
  t.end();
});

t.test('309.4a / 309.4c: the chosen dungeon enters with the marker on its topmost room, whose ability triggers under its owner', (t) => {
  const game = table();
  game.send(1, { type: 'Venture' });
  spec
    .given(game.log)
    .when({ type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' }, { seat: 1 })
    .then(t, [
      { type: 'DungeonEntered', seat: 1, dungeon: 'lost-mine-of-phandelver', instance: 1 },
      { type: 'RoomAbilityTriggered', stackId: 2, seat: 1, dungeon: 'lost-mine-of-phandelver', instance: 1, room: 'cave-entrance' },
    ]);
  game.send(1, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  t.equal(game.room(1), 'cave-entrance');
  t.same(venture.status(game.state).awaiting, [1], 'the owner controls and resolves the room ability');
  t.end();
});

t.test('309.2d: a dungeon cannot be brought in other than by a venture', (t) => {
  spec.given([started()]).when({ type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' }).thenViolates(t, 'venture/no-dungeon-choice');
  const game = table();
  game.send(0, { type: 'Venture' });
  t.equal(
    game.code(1, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' }),
    'venture/no-dungeon-choice',
    "another player cannot answer someone else's venture",
  );
  t.end();
});

t.test('309.3: a player with a dungeon in the command zone cannot bring in a second; venturing advances instead', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' });
  t.equal(game.code(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' }), 'venture/no-dungeon-choice');
  game.drain();
  const events = game.send(0, { type: 'Venture' });
  t.same(types(events), ['Ventured', 'MarkerMoved', 'RoomAbilityTriggered']);
  t.equal(game.state.players[0]?.dungeon?.dungeon, 'dungeon-of-the-mad-mage', 'still the same dungeon');
  t.equal(game.room(0), 'dungeon-level');
  t.end();
});

t.test('Undercity: a plain venture cannot choose Undercity', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  t.equal(game.code(0, { type: 'ChooseDungeon', dungeon: 'undercity' }), 'venture/undercity-needs-venture-into-undercity');
  t.end();
});

t.test('701.49d: venturing into Undercity with no dungeon puts Undercity in the command zone without a choice', (t) => {
  spec
    .given([started()])
    .when({ type: 'Venture', undercity: true })
    .then(t, [
      { type: 'Ventured', seat: 0, undercity: true },
      { type: 'DungeonEntered', seat: 0, dungeon: 'undercity', instance: 1 },
      { type: 'RoomAbilityTriggered', stackId: 2, seat: 0, dungeon: 'undercity', instance: 1, room: 'secret-entrance' },
    ]);
  t.end();
});

t.test('701.49d: venture into Undercity advances in the current dungeon', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' });
  game.drain();
  game.send(0, { type: 'Venture', undercity: true });
  t.equal(game.state.players[0]?.dungeon?.dungeon, 'dungeon-of-the-mad-mage');
  t.equal(game.room(0), 'dungeon-level');
  t.end();
});

t.test('309.5a / 701.49b: one arrow is followed at once; with several the player chooses', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  game.drain();
  spec
    .given(game.log)
    .when({ type: 'Venture' })
    .then(t, [
      { type: 'Ventured', seat: 0, undercity: false },
      { type: 'RoomChoiceOpened', seat: 0, options: ['veils-of-fear', 'oubliette'] },
    ]);
  game.send(0, { type: 'Venture' });
  t.same(venture.status(game.state).awaiting, [0]);
  t.equal(game.code(0, { type: 'ChooseRoom', room: 'cradle-of-the-death-god' }), 'venture/not-an-arrow', 'no arrow skips a room');
  t.equal(game.code(1, { type: 'ChooseRoom', room: 'oubliette' }), 'venture/no-room-choice', 'only the venturing player chooses');
  t.equal(game.code(0, { type: 'Venture' }), 'venture/choice-pending', 'the venture finishes before anything else happens');
  game.send(0, { type: 'ChooseRoom', room: 'oubliette' });
  t.equal(game.room(0), 'oubliette');
  t.equal(game.code(0, { type: 'ChooseRoom', room: 'oubliette' }), 'venture/no-room-choice', 'the choice is spent');
  t.end();
});

t.test('309.6 / 704.5t: the dungeon stays while its bottom room ability is on the stack and is removed once it resolves', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  game.drain();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseRoom', room: 'oubliette' });
  game.drain();
  game.send(0, { type: 'Venture' });
  t.equal(game.room(0), 'cradle-of-the-death-god', 'on the bottommost room');
  t.same(game.state.players[0]?.completed, [], '309.7: not completed on entering the last room');
  spec
    .given(game.log)
    .when({ type: 'ResolveTop' })
    .then(t, [
      { type: 'AbilityResolved', stackId: game.state.stack.at(-1)?.id ?? -1, choices: {} },
      { type: 'TokenCreated', token: game.state.nextId, kind: 'the-atropal', controller: 0 },
      { type: 'DungeonCompleted', seat: 0, dungeon: 'tomb-of-annihilation', instance: 1 },
    ]);
  game.send(0, { type: 'ResolveTop' });
  t.equal(game.state.players[0]?.dungeon, null, 'removed from the game');
  t.same(game.state.players[0]?.completed, ['tomb-of-annihilation'], '309.7: completed as it is removed');
  t.end();
});

t.test('309.6: an unrelated room ability on the stack does not keep a finished dungeon in play', (t) => {
  const game = table();
  game.send(0, { type: 'Venture', undercity: true });
  game.drain();
  // Seat 1 reaches Mad Mage's bottom room while seat 0's Undercity ability waits on the stack below.
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' });
  game.drain();
  for (const room of [null, 'goblin-bazaar', null, 'muirals-graveyard', null, null]) {
    game.send(1, { type: 'Venture' });
    if (room) game.send(1, { type: 'ChooseRoom', room });
    if (game.room(1) !== 'mad-wizards-lair') game.drain();
  }
  t.equal(game.room(1), 'mad-wizards-lair');
  game.send(0, { type: 'Venture', undercity: true });
  game.send(0, { type: 'ChooseRoom', room: 'lost-well' });
  t.same(
    game.state.stack.map((i) => i.controller),
    [1, 0],
    'seat 0 ability on top of the lair ability',
  );
  game.send(0, { type: 'ResolveTop' });
  t.same(game.state.players[1]?.completed, [], 'the lair ability is still on the stack');
  const events = game.send(1, { type: 'ResolveTop' });
  t.same(types(events), ['AbilityResolved', 'DungeonCompleted']);
  t.end();
});

t.test('309.5b / 701.49c: venturing from the bottommost room completes the dungeon and starts a new one', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  game.drain();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseRoom', room: 'oubliette' });
  game.drain();
  game.send(0, { type: 'Venture' });
  // The Atropal's ability is still on the stack, so 704.5t has not removed the dungeon: venture again in response.
  const events = game.send(0, { type: 'Venture' });
  t.same(types(events), ['Ventured', 'DungeonCompleted', 'DungeonChoiceOpened']);
  t.same(game.state.players[0]?.completed, ['tomb-of-annihilation']);
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  t.equal(game.room(0), 'trapped-entry', 'the same dungeon may be chosen again, as a new object');
  t.equal(game.state.stack.length, 2, 'the old Cradle ability and the new Trapped Entry ability');
  game.drain();
  t.same(game.state.players[0]?.completed, ['tomb-of-annihilation'], 'the old ability resolving does not complete the new dungeon');
  t.equal(game.state.tokens.filter((tk) => tk.kind === 'the-atropal').length, 1, 'the Cradle ability still resolved');
  t.end();
});

t.test('701.49d: venturing into Undercity from a bottommost room completes it and brings in Undercity', (t) => {
  const game = table();
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseRoom', room: 'oubliette' });
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'Venture' });
  const events = game.send(0, { type: 'Venture', undercity: true });
  t.same(types(events), ['Ventured', 'DungeonCompleted', 'DungeonEntered', 'RoomAbilityTriggered']);
  t.equal(game.state.players[0]?.dungeon?.dungeon, 'undercity');
  t.end();
});

t.test('completed-dungeon queries count any, named and differently named dungeons', async (t) => {
  const { completedCount, distinctCompleted, hasCompleted, hasCompletedAny } = await import('../src/index');
  const game = table();
  t.notOk(hasCompletedAny(game.state, 0));
  const runTomb = () => {
    game.send(0, { type: 'Venture' });
    if (game.state.pending?.kind === 'dungeon') game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
    game.drain();
    game.send(0, { type: 'Venture' });
    game.send(0, { type: 'ChooseRoom', room: 'oubliette' });
    game.drain();
    game.send(0, { type: 'Venture' });
    game.drain();
  };
  runTomb();
  runTomb();
  t.ok(hasCompletedAny(game.state, 0));
  t.ok(hasCompleted(game.state, 0, 'tomb-of-annihilation'));
  t.notOk(hasCompleted(game.state, 0, 'undercity'));
  t.equal(completedCount(game.state, 0, 'tomb-of-annihilation'), 2);
  t.equal(distinctCompleted(game.state, 0), 1);
  t.notOk(hasCompletedAny(game.state, 1), 'completion is per player');
  t.end();
});

t.test('309.2b / 309.2c: a dungeon stays in the command zone across turns until it is removed from the game', (t) => {
  const game = table(2, 0);
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  game.drain();
  for (let i = 0; i < 14; i++) game.send(game.state.active, { type: 'AdvanceStep' });
  t.equal(game.state.turn, 3);
  t.same(game.state.players[0]?.dungeon, { dungeon: 'lost-mine-of-phandelver', instance: 1, room: 'cave-entrance' });
  t.end();
});

t.test('309.4b: room names are flavour; arrows are chosen by room id, never by name', (t) => {
  const game = table(2, 0);
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  game.drain();
  game.send(0, { type: 'Venture' });
  t.equal(game.code(0, { type: 'ChooseRoom', room: 'Oubliette' }), 'venture/not-an-arrow');
  t.equal(game.code(0, { type: 'ChooseRoom', room: 'oubliette' }), null);
  t.end();
});
