// The legend rule (704.5j) for the legendary tokens rooms create: The Atropal from Tomb of Annihilation.
import t from 'tap';
import { PATHS, Table, types } from './support';

/** Seat 0 completes Tomb of Annihilation once (one The Atropal) and walks it again to the Cradle, its ability on the stack. */
function secondCradle(): Table {
  return new Table(2).walk(0, 'tomb-of-annihilation', PATHS.tombShort).drain().walk(0, 'tomb-of-annihilation', PATHS.tombShort);
}

t.test('704.5j: completing Tomb of Annihilation twice makes its controller keep one of the two The Atropal tokens', (t) => {
  const table = secondCradle();
  const first = table.view().tokens[0]?.id ?? 0;
  table.when(0, { type: 'ResolveTop' }).then(t, [
    { type: 'AbilityResolved', stackId: 9, choices: {} },
    { type: 'TokenCreated', token: 10, kind: 'the-atropal', controller: 0 },
    { type: 'DungeonCompleted', seat: 0, dungeon: 'tomb-of-annihilation', instance: 6 },
    { type: 'LegendChoiceOpened', seat: 0, options: [first, 10] },
  ]);
  table.send(0, { type: 'ResolveTop' });
  t.same(table.view().awaiting, [0], 'the controller chooses before anything else happens');
  t.equal(table.view().phase, 'choose-legend');
  table.when(0, { type: 'ChooseLegend', keep: 10 }).then(t, [
    { type: 'LegendKept', seat: 0, token: 10 },
    { type: 'TokenRemoved', token: first },
  ]);
  table.send(0, { type: 'ChooseLegend', keep: first });
  t.same(
    table.view().tokens.map((tk) => [tk.id, tk.kind]),
    [[first, 'the-atropal']],
    'one The Atropal is left',
  );
  t.same(table.view().awaiting, [0], 'play goes on');
  t.equal(table.view().pending, null);
  t.end();
});

t.test('704.5j: the choice is the controller’s, among the tokens in question, and nothing else happens before it', (t) => {
  const table = secondCradle();
  table.send(0, { type: 'ResolveTop' });
  table.when(1, { type: 'ChooseLegend', keep: 10 }).thenViolates(t, 'venture/no-legend-choice');
  table.when(0, { type: 'ChooseLegend', keep: 99 }).thenViolates(t, 'venture/not-a-choice');
  table.when(0, { type: 'Venture' }).thenViolates(t, 'venture/choice-pending');
  table.when(1, { type: 'TakeInitiative' }).thenViolates(t, 'venture/choice-pending');
  t.same(types(table.when(1, { type: 'LeaveGame' }).events()), ['PlayerLeft'], 'a player may still concede');
  new Table(2).when(0, { type: 'ChooseLegend', keep: 1 }).thenViolates(t, 'venture/no-legend-choice');
  t.end();
});

t.test('704.5j: the legend rule looks at one controller at a time: two players may each have The Atropal', (t) => {
  const table = new Table(2).walk(0, 'tomb-of-annihilation', PATHS.tombShort).drain().walk(1, 'tomb-of-annihilation', PATHS.tombShort);
  t.same(types(table.send(1, { type: 'ResolveTop' })), ['AbilityResolved', 'TokenCreated', 'DungeonCompleted']);
  t.same(
    table.view().tokens.map((tk) => [tk.kind, tk.controller]),
    [
      ['the-atropal', 0],
      ['the-atropal', 1],
    ],
  );
  t.equal(table.view().pending, null);
  t.end();
});

t.test('704.5j: a controller who leaves while choosing takes the tokens and the choice with them', (t) => {
  const table = new Table(3).walk(0, 'tomb-of-annihilation', PATHS.tombShort).drain().walk(0, 'tomb-of-annihilation', PATHS.tombShort);
  table.send(0, { type: 'ResolveTop' });
  t.same(types(table.send(0, { type: 'LeaveGame' })), ['PlayerLeft', 'StepBegan']);
  t.same(table.view().tokens, []);
  t.equal(table.view().pending, null);
  t.end();
});
