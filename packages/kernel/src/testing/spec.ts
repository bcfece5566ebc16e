// given(events).when(command).then(events | violation code): decider specifications for module tests on tap.
import type { Test } from 'tap';
import { RuleViolation } from '../errors';
import type { Actor, GameModule, Message, Seat } from '../module';
import { randomFor, type Random } from '../random';
import { deepFreeze } from './freeze';

export interface SpecSetup<O> {
  readonly options: O;
  readonly seats: number;
}

export interface WhenOptions {
  /** The acting seat (default 0); ignored when `actor` is given. */
  readonly seat?: Seat;
  readonly actor?: Actor;
  /** Seed of the deterministic random source (default "spec"); ignored when `random` is given. */
  readonly seed?: string;
  /** The random source itself, e.g. `scriptedRandom({ roll: 5 })` to state what the die shows. */
  readonly random?: Random;
}

/**
 * Builds decider specifications for one module:
 *
 *   const spec = specFor(dungeon, { options: {...}, seats: 2 });
 *   spec.given([...events]).when({ type: 'PlayPassage', ... }, { seat: 1 }).then(t, [...events]);
 *   spec.given([...]).when(cmd).thenViolates(t, 'dungeon/not-your-turn');
 *   spec.given([...]).when(cmd, { random: scriptedRandom({ roll: 5 }) }).then(t, [...]);
 *
 * The state handed to `decide` is deep-frozen, so a decider that mutates it fails the test.
 */
export function specFor<C extends Message, E extends Message, S, V, O>(module: GameModule<C, E, S, V, O>, defaults: SpecSetup<O>) {
  return {
    given(events: readonly E[], setup: Partial<SpecSetup<O>> = {}) {
      const options = setup.options ?? defaults.options;
      const seats = setup.seats ?? defaults.seats;
      const state = events.reduce((s, e) => module.evolve(deepFreeze(s), e), module.initialState(options, seats));
      return {
        /** The folded state, for assertions on views and legal commands. */
        state,
        when(command: C, when: WhenOptions = {}) {
          const actor: Actor = when.actor ?? { kind: 'seat', seat: when.seat ?? 0 };
          const run = (): E[] =>
            module.decide(command, deepFreeze(state), {
              actor,
              random: when.random ?? randomFor(when.seed ?? 'spec', events.length),
            });
          return {
            /** The events the command produces (throws what decide throws). */
            events: run,
            then(t: Test, expected: readonly E[], message = 'emits the expected events') {
              t.same(run(), expected, message);
            },
            /** Assert the command is rejected with this RuleViolation code. */
            thenViolates(t: Test, code: string, message = `is rejected with ${code}`) {
              try {
                const produced = run();
                t.fail(message, { produced });
              } catch (error) {
                t.type(error, RuleViolation, 'throws a RuleViolation');
                t.equal((error as RuleViolation).code, code, message);
              }
            },
          };
        },
      };
    },
  };
}
