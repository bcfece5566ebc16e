// A random source whose outcomes a test states ("the die shows 5", "the deck is in this order") instead of a seed.
import type { Random } from '../random';

/** One scripted outcome, consumed in order by the module's draws. */
export type ScriptedDraw =
  /** Answers the next `int(n)` (or `pick`) with exactly this value; it must be below n. */
  | { readonly int: number }
  /** Answers the next `int(sides)` as a die showing `roll` (1..sides): the module's `int(6) + 1` gives `roll`. */
  | { readonly roll: number }
  /** Answers the next `shuffle(items)` with this order; it must be a permutation of the items. */
  | { readonly order: readonly unknown[] };

/** Thrown when a module draws something the script did not foresee: the test is wrong or the rule changed. */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}

/**
 * A Random that hands out the scripted outcomes in order and fails loudly on any draw it was not told about:
 *
 *   spec.given(events).when(cmd, { random: scriptedRandom({ roll: 5 }) }).then(t, [...]);
 *
 * `remaining` lets a test check that the command drew everything the script foresaw.
 */
export function scriptedRandom(...draws: readonly ScriptedDraw[]): Random & { readonly remaining: number } {
  const queue = [...draws];
  const next = (what: string): ScriptedDraw => {
    const draw = queue.shift();
    if (!draw) throw new ScriptError(`the module drew ${what}, but the script has no more outcomes`);
    return draw;
  };
  const int = (n: number): number => {
    const draw = next(`int(${n})`);
    if ('order' in draw) throw new ScriptError(`the module drew int(${n}), but the script expected a shuffle`);
    const value = 'roll' in draw ? draw.roll - 1 : draw.int;
    if (!Number.isInteger(value) || value < 0 || value >= n) {
      throw new ScriptError(`scripted ${'roll' in draw ? `roll ${draw.roll}` : `int ${draw.int}`} does not fit int(${n})`);
    }
    return value;
  };
  return {
    get remaining() {
      return queue.length;
    },
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('random.pick: empty list');
      return items[int(items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const draw = next(`a shuffle of ${items.length}`);
      if (!('order' in draw)) throw new ScriptError(`the module shuffled ${items.length} items, but the script expected an int`);
      const order = draw.order as readonly T[];
      const left = [...items];
      for (const item of order) {
        const at = left.findIndex((x) => JSON.stringify(x) === JSON.stringify(item));
        if (at < 0) throw new ScriptError(`scripted order holds ${JSON.stringify(item)}, which is not among the shuffled items`);
        left.splice(at, 1);
      }
      if (left.length > 0) throw new ScriptError(`scripted order leaves out ${left.length} of the shuffled items`);
      return [...order];
    },
  };
}
