import t from 'tap';
import type { GameModule } from '../src/module';
import { specFor, toyGame, type ToyCommand, type ToyEvent, type ToyState } from '../src/testing/index';

const spec = specFor(toyGame, { options: { maxCards: 2 }, seats: 2 });
const dealt: ToyEvent[] = [{ type: 'DeckShuffled', order: [5, 9, 2, 7] }];

t.test('given/when/then: the events a command produces', async (t) => {
  spec
    .given(dealt)
    .when({ type: 'Draw' }, { seat: 0 })
    .then(t, [
      { type: 'CardDrawn', seat: 0, card: 5 },
      { type: 'TurnPassed', to: 1 },
    ]);
});

t.test('given/when/thenViolates: the rule violation code', async (t) => {
  spec.given(dealt).when({ type: 'Draw' }, { seat: 1 }).thenViolates(t, 'toy/not-your-turn');
  const full: ToyEvent[] = [
    ...dealt,
    { type: 'CardDrawn', seat: 0, card: 5 },
    { type: 'TurnPassed', to: 1 },
    { type: 'Stood', seat: 1 },
    { type: 'TurnPassed', to: 0 },
    { type: 'CardDrawn', seat: 0, card: 9 },
  ];
  spec.given(full).when({ type: 'Draw' }, { seat: 0 }).thenViolates(t, 'toy/hand-full');
});

t.test('the helper catches a decider that mutates its state', async (t) => {
  const mutating: GameModule<ToyCommand, ToyEvent, ToyState, unknown, { maxCards: number }> = {
    ...toyGame,
    decide(command, state, ctx) {
      (state as { turn: number }).turn = 1; // a bug: deciders must not mutate
      return toyGame.decide(command, state, ctx);
    },
  };
  const events = specFor(mutating, { options: { maxCards: 2 }, seats: 2 })
    .given(dealt)
    .when({ type: 'Draw' }).events;
  t.throws(events, TypeError, 'the frozen state refuses the write');
});
