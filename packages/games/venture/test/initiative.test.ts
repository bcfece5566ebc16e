// The initiative (725): taking it ventures into Undercity, the holder's upkeep, combat damage, re-taking, leaving.
import t from 'tap';
import { Table, types } from './support';

t.test('725.2: taking the initiative triggers a venture into Undercity, controlled by the taker', (t) => {
  const table = new Table(3);
  table.when(2, { type: 'TakeInitiative' }).then(t, [
    { type: 'InitiativeTaken', seat: 2 },
    { type: 'InitiativeVentureTriggered', stackId: 1, seat: 2 },
  ]);
  table.send(2, { type: 'TakeInitiative' });
  t.equal(table.view().players[2]?.dungeon, null, 'the venture waits on the stack');
  table.when(2, { type: 'ResolveTop' }).then(t, [
    { type: 'AbilityResolved', stackId: 1, choices: {} },
    { type: 'Ventured', seat: 2, undercity: true },
    { type: 'DungeonEntered', seat: 2, dungeon: 'undercity', instance: 2 },
    { type: 'RoomAbilityTriggered', stackId: 3, seat: 2, dungeon: 'undercity', instance: 2, room: 'secret-entrance' },
  ]);
  t.end();
});

t.test('725.3: only one player has the initiative; taking it takes it from the holder', (t) => {
  const table = new Table(3);
  table.send(0, { type: 'TakeInitiative' });
  table.drain();
  table.send(1, { type: 'TakeInitiative' });
  const view = table.view();
  t.equal(view.initiative, 1);
  t.same(
    view.players.filter((p) => p.hasInitiative).map((p) => p.seat),
    [1],
  );
  t.end();
});

t.test('725.2: taking the initiative while holding it ventures again', (t) => {
  const table = new Table(3);
  table.send(0, { type: 'TakeInitiative' });
  table.drain();
  t.same(types(table.send(0, { type: 'TakeInitiative' })), ['InitiativeTaken', 'InitiativeVentureTriggered']);
  t.same(
    types(table.send(0, { type: 'ResolveTop' })),
    ['AbilityResolved', 'Ventured', 'RoomChoiceOpened'],
    'the second venture advances from Secret Entrance (two arrows)',
  );
  t.end();
});

t.test("725.2: at the beginning of the holder's upkeep they venture into Undercity", (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.drain();
  table.when(0, { type: 'PassTurn' }).then(t, [
    { type: 'StepBegan', active: 1, step: 'upkeep', turn: 2 },
    { type: 'InitiativeVentureTriggered', stackId: 4, seat: 1 },
  ]);
  table.send(0, { type: 'PassTurn' });
  table.send(1, { type: 'ResolveTop' });
  table.send(1, { type: 'ChooseRoom', room: 'forge' });
  table.drain();
  t.same(types(table.send(1, { type: 'PassTurn' })), ['StepBegan'], "no trigger in a non-holder's upkeep");
  t.end();
});

t.test('725.2: combat damage to the holder gives the attacking player the initiative', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.stepTo('combat-damage');
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 3 }).then(t, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 3 },
    { type: 'LifeChanged', seat: 1, amount: -3 },
    { type: 'InitiativeStealTriggered', stackId: 4, seat: 1, taker: 0 },
  ]);
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 3 });
  t.equal(table.life(1), 17);
  t.equal(table.view().initiative, 1, 'the trigger has not resolved yet');
  t.same(table.view().awaiting, [1], 'the damaged holder controls the trigger');
  t.same(types(table.send(1, { type: 'ResolveTop' })), ['AbilityResolved', 'InitiativeTaken', 'InitiativeVentureTriggered']);
  t.equal(table.view().initiative, 0);
  table.send(0, { type: 'ResolveTop' });
  t.equal(table.view().players[0]?.dungeon?.id, 'undercity', 'the new holder ventured into Undercity');
  t.end();
});

t.test('725.2: one combat damage step gives one initiative trigger; a second report against a player in that step is refused', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.stepTo('combat-damage');
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 2 });
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 3 }).thenViolates(t, 'venture/damage-already-reported');
  t.same(
    types(table.send(0, { type: 'ReportCombatDamage', player: 2, amount: 1 })),
    ['CombatDamageDealt', 'LifeChanged'],
    'another defending player is reported once too',
  );
  table.when(0, { type: 'ReportCombatDamage', player: 2, amount: 1 }).thenViolates(t, 'venture/damage-already-reported');
  table.send(1, { type: 'ResolveTop' });
  table.drain();
  t.same(
    table.view().players.map((p) => p.dungeon?.id ?? null),
    ['undercity', 'undercity', null],
    'the attacker ventured once, on taking the initiative',
  );
  t.equal(table.view().players[0]?.dungeon?.room, 'secret-entrance');
  t.end();
});

t.test('725.2 / ruling 11: every combat damage step is reported anew: the same attacker reports again next time', (t) => {
  const table = new Table(2, 0);
  table.stepTo('combat-damage');
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 1 });
  table.stepTo('end').send(0, { type: 'AdvanceStep' });
  table.stepTo('end').send(1, { type: 'AdvanceStep' });
  table.stepTo('combat-damage');
  t.match(table.view(), { active: 0, turn: 3 });
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 1 }).then(t, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 1 },
    { type: 'LifeChanged', seat: 1, amount: -1 },
  ]);
  t.end();
});

t.test('725.2 / 510.4: with first strike there are two damage steps, each reported once per player, first strike first', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.stepTo('combat-damage');
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 2, firstStrike: true }).then(t, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 2, firstStrike: true },
    { type: 'LifeChanged', seat: 1, amount: -2 },
    { type: 'InitiativeStealTriggered', stackId: 4, seat: 1, taker: 0 },
  ]);
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 2, firstStrike: true });
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 1, firstStrike: true }).thenViolates(t, 'venture/damage-already-reported');
  table
    .when(0, { type: 'ReportCombatDamage', player: 1, amount: 3 })
    .thenViolates(t, 'venture/stack-not-empty', 'the regular damage step begins once the first-strike triggers have resolved');
  table.send(1, { type: 'ResolveTop' });
  table.drain();
  t.equal(table.view().initiative, 0);
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 3 }).then(t, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 3 },
    { type: 'LifeChanged', seat: 1, amount: -3 },
  ]);
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 3 });
  table
    .when(0, { type: 'ReportCombatDamage', player: 2, amount: 1, firstStrike: true })
    .thenViolates(t, 'venture/first-strike-over', 'no first-strike damage after the regular damage step');
  t.end();
});

t.test('725.2: combat damage to a player without the initiative does not move it', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.stepTo('combat-damage');
  t.same(types(table.send(0, { type: 'ReportCombatDamage', player: 2, amount: 2 })), ['CombatDamageDealt', 'LifeChanged']);
  t.equal(table.view().initiative, 1);
  t.end();
});

t.test('725.2: combat damage is reported by the active player during the combat damage step, to an opponent', (t) => {
  const table = new Table(3, 0);
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 1 }).thenViolates(t, 'venture/wrong-step');
  table.stepTo('combat-damage');
  table.when(1, { type: 'ReportCombatDamage', player: 2, amount: 1 }).thenViolates(t, 'venture/not-active-player');
  table.when(0, { type: 'ReportCombatDamage', player: 0, amount: 1 }).thenViolates(t, 'venture/bad-player');
  table.when(0, { type: 'ReportCombatDamage', player: 1, amount: 0 }).thenViolates(t, 'venture/bad-amount');
  t.end();
});

t.test('725.4: when the holder leaves, the active player takes the initiative', (t) => {
  const table = new Table(3, 0);
  table.send(2, { type: 'TakeInitiative' });
  table.drain();
  t.same(types(table.send(2, { type: 'LeaveGame' })), ['PlayerLeft', 'InitiativeTaken', 'InitiativeVentureTriggered']);
  t.equal(table.view().initiative, 0);
  t.end();
});

t.test('725.4: when the holder is the active player and leaves, the next player in turn order takes it', (t) => {
  const table = new Table(4, 1);
  table.send(1, { type: 'TakeInitiative' });
  table.drain();
  t.same(types(table.send(1, { type: 'LeaveGame' })), [
    'PlayerLeft',
    'InitiativeTaken',
    'InitiativeVentureTriggered',
    'StepBegan',
    'InitiativeVentureTriggered',
  ]);
  t.equal(table.view().initiative, 2);
  t.equal(table.view().active, 2, 'the turn passes on as well, and it is now the holder’s upkeep');
  t.end();
});

t.test('725.4: if the holder and the active player leave together, the next player after the active one takes it', (t) => {
  const table = new Table(4, 0);
  table.send(2, { type: 'TakeInitiative' });
  table.drain();
  table.send(0, { type: 'AdjustLife', player: 0, amount: -19 });
  table.send(0, { type: 'AdjustLife', player: 2, amount: -19 });
  // Trapped Entry makes every player lose 1 life: seats 0 and 2 reach 0 together (704.5a).
  table.walk(3, 'tomb-of-annihilation', ['trapped-entry']);
  const events = table.send(3, { type: 'ResolveTop' });
  t.equal(types(events).filter((e) => e === 'PlayerLeft').length, 2);
  const view = table.view();
  t.equal(view.initiative, 1, 'seat 1 follows the leaving active player');
  t.equal(view.active, 1);
  t.same(
    view.stack.map((i) => [i.kind, i.controller]),
    [
      ['initiative-venture', 1],
      ['initiative-venture', 1],
    ],
    'taking it and the upkeep both trigger',
  );
  t.end();
});

t.test('725.1: nobody has the initiative until an effect gives it; no upkeep venture before that', (t) => {
  const table = new Table(3, 0);
  for (let i = 0; i < 18; i++) t.same(types(table.send(table.view().active, { type: 'AdvanceStep' })), ['StepBegan']);
  t.equal(table.view().initiative, null);
  t.end();
});
