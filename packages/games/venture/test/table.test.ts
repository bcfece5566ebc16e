// The table around the dungeons: setup, steps and turns, life, tokens, leaving the game and the end of the game.
import { randomFor } from '@delve/kernel';
import { scriptedRandom, specFor } from '@delve/kernel/testing';
import t from 'tap';
import { venture } from '../src/index';
import { Table, tableSet, types } from './support';

t.test('ruling 17: setup records seats, starting life and a first player drawn at random', (t) => {
  t.same(venture.setup(venture.initialState({ startingLife: 40 }, 4), scriptedRandom({ int: 3 })), [
    { type: 'TableSet', seats: 4, startingLife: 40, firstPlayer: 3 },
  ]);
  t.same(venture.setup(venture.initialState({}, 2), scriptedRandom({ int: 0 })), [
    { type: 'TableSet', seats: 2, startingLife: 20, firstPlayer: 0 },
  ]);
  const firsts = new Set<number>();
  for (let i = 0; i < 40; i++) {
    const [event] = venture.setup(venture.initialState({}, 4), randomFor(`seed-${i}`, 0));
    if (event?.type === 'TableSet') firsts.add(event.firstPlayer);
  }
  t.same([...firsts].sort(), [0, 1, 2, 3], 'every seat can go first');
  t.end();
});

t.test('ruling 17: checkSeats accepts 2 to 16 players and a positive starting life', (t) => {
  t.throws(() => venture.checkSeats({}, 1), { code: 'venture/bad-seat-count' });
  t.throws(() => venture.checkSeats({}, 17), { code: 'venture/bad-seat-count' });
  t.throws(() => venture.checkSeats({ startingLife: 0 }, 2), { code: 'venture/bad-starting-life' });
  t.doesNotThrow(() => venture.checkSeats({}, 2));
  t.doesNotThrow(() => venture.checkSeats({ startingLife: 40 }, 16));
  t.end();
});

t.test('ruling 17 / 800.4a: commands before the start, from the automaton or from a player out of the game are rejected', (t) => {
  const spec = specFor(venture, { options: {}, seats: 3 });
  spec.given([]).when({ type: 'Venture' }).thenViolates(t, 'venture/not-started');
  spec
    .given(tableSet(3))
    .when({ type: 'Venture' }, { actor: { kind: 'automaton' } })
    .thenViolates(t, 'venture/not-a-seat');
  const table = new Table(3);
  table.send(2, { type: 'LeaveGame' });
  table.when(2, { type: 'Venture' }).thenViolates(t, 'venture/not-in-game');
  table.send(1, { type: 'LeaveGame' });
  table.when(0, { type: 'Venture' }).thenViolates(t, 'venture/game-over');
  t.end();
});

t.test('ruling 15: the active player steps through upkeep, draw, main, combat damage, main, end, then the turn passes clockwise', (t) => {
  const table = new Table(3, 2);
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    const view = table.view();
    seen.push(`${view.active}:${view.step}`);
    table.send(view.active, { type: 'AdvanceStep' });
  }
  t.same(seen, ['2:upkeep', '2:draw', '2:main1', '2:combat-damage', '2:main2', '2:end']);
  t.match(table.view(), { active: 0, turn: 2, step: 'upkeep' }, 'seat 2 is followed by seat 0');
  table.when(1, { type: 'AdvanceStep' }).thenViolates(t, 'venture/not-active-player');
  table.when(1, { type: 'PassTurn' }).thenViolates(t, 'venture/not-active-player');
  table.when(0, { type: 'PassTurn' }).then(t, [{ type: 'StepBegan', active: 1, step: 'upkeep', turn: 3 }]);
  t.end();
});

t.test('ruling 15: the turn does not move on while the stack holds abilities', (t) => {
  const table = new Table(2);
  table.send(0, { type: 'Venture', undercity: true });
  table.when(0, { type: 'AdvanceStep' }).thenViolates(t, 'venture/stack-not-empty');
  table.when(0, { type: 'PassTurn' }).thenViolates(t, 'venture/stack-not-empty');
  t.end();
});

t.test('800.4a / ruling 15: players left out of the game are skipped in turn order', (t) => {
  const table = new Table(4, 0);
  table.send(1, { type: 'LeaveGame' });
  table.when(0, { type: 'PassTurn' }).then(t, [{ type: 'StepBegan', active: 2, step: 'upkeep', turn: 2 }]);
  t.end();
});

t.test('704.5a: a player at 0 or less life loses and leaves; the last player standing wins', (t) => {
  const table = new Table(3, 0);
  table.when(0, { type: 'AdjustLife', player: 1, amount: -20 }).then(t, [
    { type: 'LifeChanged', seat: 1, amount: -20 },
    { type: 'PlayerLeft', seat: 1, reason: 'no-life' },
  ]);
  table.send(0, { type: 'AdjustLife', player: 1, amount: -20 });
  t.same(venture.status(table.state).winners, undefined, 'still two players');
  table.send(2, { type: 'LeaveGame' });
  t.same(venture.status(table.state), { phase: 'finished', awaiting: [], winners: [0] });
  t.same(venture.legalCommands(table.state, 0), [], 'nothing more to do');
  t.end();
});

t.test('309.2c / 800.4a: a player leaving takes their dungeon, tokens and abilities with them', (t) => {
  const table = new Table(3, 0);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair', 'dark-pool']);
  t.equal(table.view().tokens.length, 1);
  t.equal(table.view().stack.length, 1);
  table.send(1, { type: 'LeaveGame' });
  const view = table.view();
  t.same(view.tokens, []);
  t.same(view.stack, []);
  t.equal(view.players[1]?.dungeon, null);
  t.same(view.players[1]?.completed, {}, 'leaving is not completing');
  t.end();
});

t.test('800.4a: a player can leave in the middle of choosing, which cancels the choice', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'Venture' });
  table.send(1, { type: 'LeaveGame' });
  t.equal(table.view().pending, null);
  t.same(table.view().awaiting, [0]);
  t.end();
});

t.test('ruling 16: life adjustments and token removal', (t) => {
  const table = new Table(2);
  table.when(0, { type: 'AdjustLife', player: 1, amount: 0 }).thenViolates(t, 'venture/bad-amount');
  table.when(0, { type: 'AdjustLife', player: 5, amount: 2 }).thenViolates(t, 'venture/bad-player');
  table.when(0, { type: 'AdjustLife', player: 0, amount: 3 }).then(t, [{ type: 'LifeChanged', seat: 0, amount: 3 }]);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels']).drain();
  const treasure = table.view().tokens[0]?.id ?? 0;
  table.when(0, { type: 'RemoveToken', token: treasure }).thenViolates(t, 'venture/not-your-token');
  table.when(1, { type: 'RemoveToken', token: 999 }).thenViolates(t, 'venture/no-such-token');
  table.when(1, { type: 'RemoveToken', token: treasure }).then(t, [{ type: 'TokenRemoved', token: treasure }]);
  t.same(types(table.send(1, { type: 'RemoveToken', token: treasure })), ['TokenRemoved']);
  t.end();
});
