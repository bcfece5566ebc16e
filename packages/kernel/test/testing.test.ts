// The test support every module uses: scripted randomness and playouts through the real pipeline with contract checks.
import t from 'tap';
import type { GameModule } from '../src/index';
import {
  moduleContract,
  playout,
  ScriptError,
  scriptedRandom,
  specFor,
  toyGame,
  type ToyCommand,
  type ToyEvent,
  type ToyState,
  type ToyView,
} from '../src/testing/index';

t.test('scriptedRandom answers draws in order: ints, die rolls and shuffles', async (t) => {
  const random = scriptedRandom({ int: 2 }, { roll: 5 }, { order: ['c', 'a', 'b'] });
  t.equal(random.int(3), 2);
  t.equal(random.int(6) + 1, 5, 'a die showing 5');
  t.same(random.shuffle(['a', 'b', 'c']), ['c', 'a', 'b']);
  t.equal(random.remaining, 0);
  t.throws(() => random.int(6), ScriptError, 'a draw the script did not foresee fails loudly');
});

t.test('scriptedRandom refuses outcomes that do not fit the draw', async (t) => {
  t.throws(() => scriptedRandom({ int: 3 }).int(3), ScriptError, 'int out of range');
  t.throws(() => scriptedRandom({ roll: 7 }).int(6), ScriptError, 'a seven on a six-sided die');
  t.throws(() => scriptedRandom({ order: ['a', 'x'] }).shuffle(['a', 'b']), ScriptError, 'not a permutation');
  t.throws(() => scriptedRandom({ order: ['a'] }).shuffle(['a', 'b']), ScriptError, 'leaves items out');
  t.throws(() => scriptedRandom({ int: 0 }).shuffle(['a']), ScriptError, 'an int where a shuffle comes');
});

t.test('specFor takes a scripted random source', async (t) => {
  const spec = specFor(toyGame, { options: { maxCards: 2 }, seats: 2 });
  // The toy deals by shuffling 1..20: the script states the order instead of hunting for a seed.
  const order = Array.from({ length: 20 }, (_, i) => 20 - i);
  t.same(toyGame.setup(spec.given([]).state, scriptedRandom({ order }), []), [{ type: 'DeckShuffled', order }]);
});

t.test('playout runs claims, the deal, commands, the automaton and GameFinished as the server does', async (t) => {
  const result = playout(toyGame, { options: { maxCards: 3 }, seats: 3, seed: 'p1' });
  t.ok(result.finished, 'the game ends');
  t.equal(result.events[0]?.type, 'DeckShuffled', 'the deal comes first');
  t.equal(result.events.at(-1)?.type, 'GameScored', 'the automaton scored it');
  t.same(result.record.winners, toyGame.status(result.state).winners);
});

t.test('moduleContract passes a sound module and catches a legal command that decide refuses', async (t) => {
  const sound = moduleContract(t, toyGame, { options: { maxCards: 3 }, seats: 2 });
  sound.assertReplay(playout(toyGame, { options: { maxCards: 3 }, seats: 2, seed: 'c1', onStep: (s) => sound.onStep(s) }));
  t.equal(sound.failures, 0);

  // A module whose legal list offers Draw when the hand is full: the contract must notice.
  const broken: GameModule<ToyCommand, ToyEvent, ToyState, ToyView, { maxCards: number }> = {
    ...toyGame,
    legalCommands: (state, seat) => (seat === state.turn && !state.winners ? [{ type: 'Draw' }, { type: 'Stand' }] : []),
  };
  const failures: string[] = [];
  const recorder = { fail: (message: string) => failures.push(message) } as unknown as typeof t;
  const check = moduleContract(recorder, broken, { options: { maxCards: 1 }, seats: 2 });
  playout(broken, {
    options: { maxCards: 1 },
    seats: 2,
    seed: 'c2',
    choose: (state) => (state.stood[state.turn] || state.winners ? null : { seat: state.turn, command: { type: 'Stand' } as ToyCommand }),
    onStep: (s) => check.onStep(s),
  });
  t.ok(check.failures > 0, 'the refused legal command is reported');
  t.match(failures[0] ?? '', /is refused: toy\/hand-full|is refused: toy\/deck-empty/);
});
