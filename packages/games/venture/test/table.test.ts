// The table around the dungeons: setup, steps and turns, life, tokens, leaving the game and the end of the game.
import { randomFor } from '@delve/kernel';
import { specFor } from '@delve/kernel/testing';
import t from 'tap';
import { venture } from '../src/index';
import { started, table, types } from './helpers';

const spec = specFor(venture, { options: {}, seats: 2 });

t.test('setup records seats, starting life and a random first player', (t) => {
  const state = venture.initialState({ startingLife: 40 }, 4);
  const firsts = new Set<number>();
  for (let i = 0; i < 40; i++) {
    const [event] = venture.setup(state, randomFor(`seed-${i}`, 0));
    t.equal(event?.type, 'TableSet');
    if (event?.type === 'TableSet') {
      t.equal(event.startingLife, 40, 'Commander life');
      t.equal(event.seats, 4);
      firsts.add(event.firstPlayer);
    }
  }
  t.same([...firsts].sort(), [0, 1, 2, 3], 'every seat can go first');
  const [plain] = venture.setup(venture.initialState({}, 2), randomFor('x', 0));
  t.equal(plain?.type === 'TableSet' ? plain.startingLife : 0, 20, '20 life by default');
  t.end();
});

t.test('checkSeats accepts 2 to 16 players', (t) => {
  t.throws(() => venture.checkSeats({}, 1), { code: 'venture/bad-seat-count' });
  t.throws(() => venture.checkSeats({}, 17), { code: 'venture/bad-seat-count' });
  t.throws(() => venture.checkSeats({ startingLife: 0 }, 2), { code: 'venture/bad-starting-life' });
  t.doesNotThrow(() => venture.checkSeats({}, 2));
  t.doesNotThrow(() => venture.checkSeats({ startingLife: 40 }, 16));
  t.end();
});

t.test('commands before the start, from the automaton or from a player out of the game are rejected', (t) => {
  spec.given([]).when({ type: 'Venture' }).thenViolates(t, 'venture/not-started');
  spec
    .given([started()])
    .when({ type: 'Venture' }, { actor: { kind: 'automaton' } })
    .thenViolates(t, 'venture/not-a-seat');
  spec
    .given([started(3), { type: 'PlayerLeft', seat: 2, reason: 'conceded' }], { seats: 3 })
    .when({ type: 'Venture' }, { seat: 2 })
    .thenViolates(t, 'venture/not-in-game');
  spec
    .given([started(), { type: 'PlayerLeft', seat: 1, reason: 'conceded' }])
    .when({ type: 'Venture' })
    .thenViolates(t, 'venture/game-over');
  t.end();
});

t.test('the active player steps through upkeep, draw, main, combat damage, main, end, then the turn passes clockwise', (t) => {
  const game = table(3, 2);
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    seen.push(`${game.state.active}:${game.state.step}`);
    game.send(game.state.active, { type: 'AdvanceStep' });
  }
  t.same(seen, ['2:upkeep', '2:draw', '2:main1', '2:combat-damage', '2:main2', '2:end']);
  t.equal(game.state.active, 0, 'seat 2 is followed by seat 0');
  t.equal(game.state.turn, 2);
  t.equal(game.code(1, { type: 'AdvanceStep' }), 'venture/not-active-player');
  t.equal(game.code(1, { type: 'PassTurn' }), 'venture/not-active-player');
  game.send(0, { type: 'PassTurn' });
  t.equal(game.state.active, 1);
  t.end();
});

t.test('the turn does not move on while the stack holds abilities', (t) => {
  const game = table(2);
  game.send(0, { type: 'Venture', undercity: true });
  t.equal(game.code(0, { type: 'AdvanceStep' }), 'venture/stack-not-empty');
  t.equal(game.code(0, { type: 'PassTurn' }), 'venture/stack-not-empty');
  t.end();
});

t.test('players left out of the game are skipped in turn order', (t) => {
  const game = table(4, 0);
  game.send(1, { type: 'LeaveGame' });
  game.send(0, { type: 'PassTurn' });
  t.equal(game.state.active, 2);
  t.end();
});

t.test('704.5a: a player at 0 or less life loses and leaves; the last player standing wins', (t) => {
  const game = table(3, 0);
  const events = game.send(0, { type: 'AdjustLife', player: 1, amount: -20 });
  t.same(types(events), ['LifeChanged', 'PlayerLeft']);
  t.same(events[1], { type: 'PlayerLeft', seat: 1, reason: 'no-life' });
  t.same(venture.status(game.state).winners, undefined, 'still two players');
  game.send(2, { type: 'LeaveGame' });
  t.same(venture.status(game.state), { phase: 'finished', awaiting: [], winners: [0] });
  t.same(venture.legalCommands(game.state, 0), [], 'nothing more to do');
  t.end();
});

t.test('309.2c / 800.4a: a player leaving takes their dungeon, tokens and abilities with them', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  game.send(1, { type: 'ResolveTop' });
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseRoom', room: 'goblin-lair' });
  game.send(1, { type: 'ResolveTop' });
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseRoom', room: 'dark-pool' });
  t.equal(game.state.tokens.length, 1);
  t.equal(game.state.stack.length, 1);
  game.send(1, { type: 'LeaveGame' });
  t.same(game.state.tokens, []);
  t.same(game.state.stack, []);
  t.equal(game.state.players[1]?.dungeon, null);
  t.same(game.state.players[1]?.completed, [], 'leaving is not completing');
  t.end();
});

t.test('a player can leave in the middle of choosing, which cancels the choice', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'LeaveGame' });
  t.equal(game.state.pending, null);
  t.same(venture.status(game.state).awaiting, [0]);
  t.end();
});

t.test('life adjustments and token removal', (t) => {
  const game = table(2);
  t.equal(game.code(0, { type: 'AdjustLife', player: 1, amount: 0 }), 'venture/bad-amount');
  t.equal(game.code(0, { type: 'AdjustLife', player: 5, amount: 2 }), 'venture/bad-player');
  game.send(0, { type: 'AdjustLife', player: 0, amount: 3 });
  t.equal(game.life(0), 23);
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' });
  game.send(1, { type: 'ResolveTop' });
  game.send(1, { type: 'Venture' });
  game.send(1, { type: 'ChooseRoom', room: 'mine-tunnels' });
  game.send(1, { type: 'ResolveTop' });
  const treasure = game.state.tokens[0]?.id ?? 0;
  t.equal(game.code(0, { type: 'RemoveToken', token: treasure }), 'venture/not-your-token');
  t.equal(game.code(1, { type: 'RemoveToken', token: 999 }), 'venture/no-such-token');
  t.same(game.send(1, { type: 'RemoveToken', token: treasure }), [{ type: 'TokenRemoved', token: treasure }]);
  t.end();
});
