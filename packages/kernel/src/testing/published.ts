// What a module publishes for clients, held against what it does: the refusal codes its source gives to `fail` and
// those its decide answers commands of every type with in seeded playouts, and its command examples.
import { readdirSync, readFileSync } from 'node:fs';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { sameJson } from '../batch';
import type { GameModule, Message, Seat } from '../module';
import type { Random } from '../random';
import { commandExamples } from './contractChecks';
import { playout, refusalOf, type PlayoutOptions } from './playout';

/**
 * The codes a module's source refuses with, as `<module>/<code>`: the first argument of every `fail('…'` and every
 * refusal pair returned as `return ['…', ` (a code and its message, later spread into `fail`) in the `.ts` files under
 * `dir`.
 */
export function codesInSource(module: string, dir: URL): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(new URL(file, dir), 'utf8');
    for (const match of text.matchAll(/\bfail\(\s*'([a-z0-9-]+)'|\breturn\s*\[\s*'([a-z0-9-]+)',/g))
      codes.add(`${module}/${match[1] ?? match[2]}`);
  }
  return codes;
}

/**
 * A chooser for playouts that go on: a random awaited seat sends a random legal command, its concession only when it
 * has nothing else.
 */
export function playingOn<C extends Message, E extends Message, S, V, O>(module: GameModule<C, E, S, V, O>) {
  return (state: S, random: Random): { seat: Seat; command: C } | null => {
    const awaiting = module.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const concession = module.concession?.(state, seat) ?? null;
    const legal = module.legalCommands(state, seat);
    const on = legal.filter((c) => !sameJson(c, concession));
    return { seat, command: random.pick(on.length > 0 ? on : legal) };
  };
}

/**
 * Every refusal code `decide` gives, in the playouts of `games`, to the commands `probe` offers each seat before each
 * step, with one command that drew it. A probe should offer every command type, well formed but unlikely to fit.
 * A game without a chooser plays on (`playingOn`).
 */
export function refusalCodes<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  games: readonly PlayoutOptions<C, E, S, O>[],
  probe: (state: S, seat: Seat, random: Random) => readonly C[],
): Map<string, C> {
  const seen = new Map<string, C>();
  for (const game of games) {
    const choose = game.choose ?? playingOn(module);
    let step = 0;
    playout(module, {
      ...game,
      choose: (state, random) => {
        step++;
        for (let seat = 0; seat < game.seats; seat++)
          for (const command of probe(state, seat, random)) {
            const code = refusalOf(module, state, seat, command, `${game.seed}:${step}`)?.code;
            if (code !== undefined && !seen.has(code)) seen.set(code, command);
          }
        return choose(state, random);
      },
    });
  }
  return seen;
}

/** What is wrong with the command examples of a union `schema`: each variant without one, each example it refuses. */
export function exampleProblems(schema: TSchema): string[] {
  return commandExamples(schema).flatMap(({ type, examples }) => [
    ...(examples.length === 0 ? [`${type} has no example`] : []),
    ...examples.filter((e) => !Value.Check(schema, e)).map((e) => `${JSON.stringify(e)} is not a valid command`),
  ]);
}
