// Checks of what a module publishes (issue 30): every field of its schemas described, and every command's examples
// accepted by its rules somewhere in seeded playouts.
import type { TSchema } from '@sinclair/typebox';
import { RuleViolation } from '../errors';
import type { Actor, GameModule, Message } from '../module';
import { randomFor } from '../random';
import { playout, type PlayoutOptions } from './playout';

type Json = Record<string, unknown>;

/**
 * Paths in `schema` (a JSON Schema) where an object, one of its fields, a union or a union member that is an object
 * lacks a description; array items that are objects are looked into. `[]` when everything is described.
 */
export function undescribed(schema: TSchema | Json, path = '#'): string[] {
  const s = schema as Json;
  const out = typeof s.description === 'string' && s.description.length > 0 ? [] : [path];
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const members = ((s.anyOf ?? s.oneOf ?? []) as Json[]).filter((member) => member.type === 'object');
  const items = s.items as Json | undefined;
  return [
    ...out,
    ...Object.entries(properties).flatMap(([field, sub]) => undescribed(sub, `${path}.${field}`)),
    ...members.flatMap((member, i) => undescribed(member, `${path}|${String(constOf(member) ?? i)}`)),
    ...(items && items.type === 'object' ? undescribed(items, `${path}[]`) : []),
  ];
}

/** The `type` a message variant is discriminated by. */
const constOf = (variant: Json): unknown => (variant.properties as Record<string, Json> | undefined)?.type?.const;

/** Every command variant of a union schema with its `examples`, in the schema's order (empty lists for none). */
export function commandExamples(schema: TSchema): { type: string; examples: Message[] }[] {
  const variants = ((schema as Json).anyOf ?? [schema]) as Json[];
  return variants.map((variant) => ({ type: String(constOf(variant)), examples: (variant.examples ?? []) as Message[] }));
}

/** Whether the module's decide accepts `command` from `actor` in `state` (randomness from a fixed seed). */
export function accepted<C extends Message, S>(
  module: Pick<GameModule<C, Message, S, unknown>, 'decide'>,
  state: S,
  actor: Actor,
  command: C,
) {
  try {
    module.decide(command, state, { actor, random: randomFor('example', 0) });
    return true;
  } catch (error) {
    if (error instanceof RuleViolation) return false;
    throw error;
  }
}

/**
 * Play the games and, at every state they pass through (after each step, and between the events of a step, where an
 * automaton's steps are decided), offer each example not yet accepted to every seat and to the automaton, for a module
 * that has one. Returns the examples no state reached accepted, as JSON: `[]` when each found its state.
 */
export function unplayedExamples<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  examples: readonly C[],
  games: readonly PlayoutOptions<C, E, S, O>[],
): string[] {
  const waiting = new Map(examples.map((e) => [JSON.stringify(e), e]));
  for (const game of games) {
    if (waiting.size === 0) break;
    const actors: Actor[] = [
      ...Array.from({ length: game.seats }, (_, seat): Actor => ({ kind: 'seat', seat })),
      ...(module.automaton ? [{ kind: 'automaton' } as const] : []),
    ];
    playout(module, {
      ...game,
      onStep: (step) => {
        game.onStep?.(step);
        const states = [...step.events.map((e) => e.before), step.after];
        for (const [key, example] of waiting)
          if (states.some((state) => actors.some((actor) => accepted(module, state, actor, example)))) waiting.delete(key);
      },
    });
  }
  return [...waiting.keys()];
}
