// The initiative (725): taking it ventures into Undercity, the holder's upkeep, combat damage, re-taking, leaving.
import { specFor } from '@delve/kernel/testing';
import t from 'tap';
import { venture } from '../src/index';
import { started, table, types } from './helpers';

const spec = specFor(venture, { options: {}, seats: 3 });

/** Move the active player's turn on to the given step. */
function stepTo(game: ReturnType<typeof table>, step: string): void {
  for (let guard = 0; guard < 20 && game.state.step !== step; guard++) {
    game.drain();
    game.send(game.state.active, { type: 'AdvanceStep' });
  }
}

t.test('725.2: taking the initiative triggers a venture into Undercity, controlled by the taker', (t) => {
  spec
    .given([started(3)])
    .when({ type: 'TakeInitiative' }, { seat: 2 })
    .then(t, [
      { type: 'InitiativeTaken', seat: 2 },
      { type: 'InitiativeVentureTriggered', stackId: 1, seat: 2 },
    ]);
  const game = table(3);
  game.send(2, { type: 'TakeInitiative' });
  t.equal(game.state.players[2]?.dungeon, null, 'the venture waits on the stack');
  const events = game.send(2, { type: 'ResolveTop' });
  t.same(types(events), ['AbilityResolved', 'Ventured', 'DungeonEntered', 'RoomAbilityTriggered']);
  t.equal(game.state.players[2]?.dungeon?.dungeon, 'undercity');
  t.end();
});

t.test('725.3: only one player has the initiative; taking it takes it from the holder', (t) => {
  const game = table(3);
  game.send(0, { type: 'TakeInitiative' });
  game.drain();
  game.send(1, { type: 'TakeInitiative' });
  t.equal(game.state.initiative, 1);
  const view = venture.view(game.state, { kind: 'spectator' });
  t.same(
    view.players.filter((p) => p.hasInitiative).map((p) => p.seat),
    [1],
  );
  t.end();
});

t.test('725.2: taking the initiative while holding it ventures again', (t) => {
  const game = table(3);
  game.send(0, { type: 'TakeInitiative' });
  game.drain();
  const events = game.send(0, { type: 'TakeInitiative' });
  t.same(types(events), ['InitiativeTaken', 'InitiativeVentureTriggered']);
  game.send(0, { type: 'ResolveTop' });
  t.equal(game.state.pending?.kind, 'room', 'the second venture advances from Secret Entrance (two arrows)');
  t.end();
});

t.test("725.2: at the beginning of the holder's upkeep they venture into Undercity", (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'TakeInitiative' });
  game.drain();
  game.send(0, { type: 'PassTurn' });
  t.equal(game.state.active, 1);
  t.same(
    game.state.stack.map((i) => [i.kind, i.controller]),
    [['initiative-venture', 1]],
    'the upkeep trigger is on the stack',
  );
  game.send(1, { type: 'ResolveTop' });
  t.equal(game.state.pending?.kind, 'room', 'the holder ventures from Secret Entrance');
  game.send(1, { type: 'ChooseRoom', room: 'forge' });
  game.drain();
  game.send(1, { type: 'PassTurn' });
  t.equal(game.state.active, 2);
  t.equal(game.state.stack.length, 0, "no trigger in a non-holder's upkeep");
  t.end();
});

t.test('725.2: combat damage to the holder gives the attacking player the initiative', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'TakeInitiative' });
  game.drain();
  stepTo(game, 'combat-damage');
  const events = game.send(0, { type: 'ReportCombatDamage', player: 1, amount: 3 });
  t.same(events, [
    { type: 'CombatDamageDealt', attacker: 0, player: 1, amount: 3 },
    { type: 'LifeChanged', seat: 1, amount: -3 },
    { type: 'InitiativeStealTriggered', stackId: game.state.nextId - 1, seat: 1, taker: 0 },
  ]);
  t.equal(game.life(1), 17);
  t.equal(game.state.initiative, 1, 'the trigger has not resolved yet');
  t.same(venture.status(game.state).awaiting, [1], 'the damaged holder controls the trigger');
  const resolved = game.send(1, { type: 'ResolveTop' });
  t.same(types(resolved), ['AbilityResolved', 'InitiativeTaken', 'InitiativeVentureTriggered']);
  t.equal(game.state.initiative, 0);
  game.send(0, { type: 'ResolveTop' });
  t.equal(game.state.players[0]?.dungeon?.dungeon, 'undercity', 'the new holder ventured into Undercity');
  t.end();
});

t.test('725.2: combat damage to a player without the initiative does not move it', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'TakeInitiative' });
  game.drain();
  stepTo(game, 'combat-damage');
  const events = game.send(0, { type: 'ReportCombatDamage', player: 2, amount: 2 });
  t.same(types(events), ['CombatDamageDealt', 'LifeChanged']);
  t.equal(game.state.initiative, 1);
  t.end();
});

t.test('combat damage is reported by the active player during the combat damage step, to an opponent', (t) => {
  const game = table(3, 0);
  t.equal(game.code(0, { type: 'ReportCombatDamage', player: 1, amount: 1 }), 'venture/wrong-step');
  stepTo(game, 'combat-damage');
  t.equal(game.code(1, { type: 'ReportCombatDamage', player: 2, amount: 1 }), 'venture/not-active-player');
  t.equal(game.code(0, { type: 'ReportCombatDamage', player: 0, amount: 1 }), 'venture/bad-player');
  t.equal(game.code(0, { type: 'ReportCombatDamage', player: 1, amount: 0 }), 'venture/bad-amount');
  t.end();
});

t.test('725.4: when the holder leaves, the active player takes the initiative', (t) => {
  const game = table(3, 0);
  game.send(2, { type: 'TakeInitiative' });
  game.drain();
  const events = game.send(2, { type: 'LeaveGame' });
  t.same(types(events), ['PlayerLeft', 'InitiativeTaken', 'InitiativeVentureTriggered']);
  t.equal(game.state.initiative, 0);
  t.end();
});

t.test('725.4: when the holder is the active player and leaves, the next player in turn order takes it', (t) => {
  const game = table(4, 1);
  game.send(1, { type: 'TakeInitiative' });
  game.drain();
  const events = game.send(1, { type: 'LeaveGame' });
  t.same(types(events), ['PlayerLeft', 'InitiativeTaken', 'InitiativeVentureTriggered', 'StepBegan', 'InitiativeVentureTriggered']);
  t.equal(game.state.initiative, 2);
  t.equal(game.state.active, 2, 'the turn passes on as well, and it is now the holder’s upkeep');
  t.end();
});

t.test('725.4: if the holder and the active player leave together, the next player after the active one takes it', (t) => {
  const game = table(4, 0);
  game.send(2, { type: 'TakeInitiative' });
  game.drain();
  game.send(0, { type: 'AdjustLife', player: 0, amount: -19 });
  game.send(0, { type: 'AdjustLife', player: 2, amount: -19 });
  // Trapped Entry makes every player lose 1 life: seats 0 and 2 reach 0 together (704.5a).
  game.send(3, { type: 'Venture' });
  game.send(3, { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' });
  const events = game.send(3, { type: 'ResolveTop' });
  t.same(types(events).filter((e) => e === 'PlayerLeft').length, 2);
  t.equal(game.state.initiative, 1, 'seat 1 follows the leaving active player');
  t.equal(game.state.active, 1);
  t.same(
    game.state.stack.map((i) => [i.kind, i.controller]),
    [
      ['initiative-venture', 1],
      ['initiative-venture', 1],
    ],
    'taking it and the upkeep both trigger',
  );
  t.end();
});

t.test('725.1: nobody has the initiative until an effect gives it; no upkeep venture before that', (t) => {
  const game = table(3, 0);
  for (let i = 0; i < 18; i++) {
    t.equal(game.state.stack.length, 0);
    game.send(game.state.active, { type: 'AdvanceStep' });
  }
  t.equal(game.state.initiative, null);
  t.same(
    game.state.players.map((p) => p.dungeon),
    [null, null, null],
  );
  t.end();
});
