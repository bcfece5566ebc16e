// Errors that say what is wrong: a malformed command is checked again against the one variant its `type` names, and
// each failing field is reported with what it expects ("/ask: must be an integer from 0 to 13"); the same for options.
// Runs only after the kernel has refused the input, so accepted commands pay nothing for it.
import { ValidationError, type AnyGameModule } from '@delve/kernel';
import type { TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';

type Json = Record<string, unknown>;
type Detail = { path: string; message: string };

const list = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(', ');

/** A noun phrase for the values `schema` allows: "an integer from 0 to 13", "one of \"a\", \"b\"". */
export function expectation(schema: Json): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) {
    if (variants.every((v) => 'const' in v)) return `one of ${list(variants.map((v) => v.const))}`;
    return variants.map(expectation).join(' or ');
  }
  if (Array.isArray(schema.enum)) return `one of ${list(schema.enum)}`;
  const range = (min: unknown, max: unknown): string => {
    if (typeof min === 'number' && typeof max === 'number') return ` from ${min} to ${max}`;
    if (typeof min === 'number') return ` of at least ${min}`;
    if (typeof max === 'number') return ` of at most ${max}`;
    return '';
  };
  switch (schema.type) {
    case 'integer':
      return `an integer${range(schema.minimum, schema.maximum)}`;
    case 'number':
      return `a number${range(schema.minimum, schema.maximum)}`;
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'string': {
      const length = range(schema.minLength, schema.maxLength);
      const format = typeof schema.format === 'string' ? ` in ${schema.format} format` : '';
      const pattern = typeof schema.pattern === 'string' ? ` matching ${schema.pattern}` : '';
      return `a string${length && ` with a length${length}`}${format}${pattern}`;
    }
    case 'array': {
      const items = schema.items as Json | undefined;
      const count = range(schema.minItems, schema.maxItems);
      return `an array${count && ` with a length${count}`}${items ? ` of ${expectation(items)}` : ''}`;
    }
    case 'object': {
      const required = (schema.required as string[] | undefined) ?? [];
      return required.length > 0 ? `an object with ${required.join(', ')}` : 'an object';
    }
    default:
      return 'a JSON value';
  }
}

/** What is wrong with `value` against `schema`, one line per field (the first problem of each), as "must be …". */
function fieldProblems(schema: TSchema, value: unknown, prefix: string): Detail[] {
  const seen = new Map<string, Detail>();
  for (const error of Value.Errors(schema, value)) {
    const path = `${prefix}${error.path}` || '/';
    if (seen.has(path)) continue;
    const expected = expectation(error.schema as unknown as Json);
    let message: string;
    if (error.type === ValueErrorType.ObjectAdditionalProperties) {
      const known = Object.keys(((error.schema as unknown as Json).properties ?? {}) as Json);
      message = `is not a field here (the fields are ${known.join(', ')})`;
    } else if (error.type === ValueErrorType.ObjectRequiredProperty) {
      message = `is required: it must be ${expected}`;
    } else {
      message = `must be ${expected}`;
    }
    seen.set(path, { path, message });
    if (seen.size >= 10) break;
  }
  return [...seen.values()];
}

const summary = (what: string, details: readonly Detail[]): string =>
  `${what}: ${details.map((d) => `${d.path === '' ? '/' : d.path}: ${d.message}`).join('; ')}`;

/**
 * Why `command` is not a command of `module`: an unknown or missing type lists the module's types; a known type is
 * checked against that command's own schema, field by field. Null when the command is valid.
 */
export function explainCommand(module: AnyGameModule, command: unknown): ValidationError | null {
  // What a seat may send: a seat is never told to send the automaton's own commands.
  return explainUnion(module.seatCommandSchema ?? module.commandSchema, command, 'command/malformed', module.name, 'command');
}

/** Why `command` is not one of `module`'s character commands, as `explainCommand` says it for a game's. */
export function explainCharacterCommand(module: AnyGameModule, command: unknown): ValidationError | null {
  const schema = module.progression?.commandSchema;
  return schema ? explainUnion(schema, command, 'character/malformed-command', module.name, 'character command') : null;
}

/** Why `command` is not one of the union `schema` discriminated by `type` (refused with `code`): a `module`'s `kind`. */
function explainUnion(schema: TSchema, command: unknown, code: string, module: string, kind: string): ValidationError | null {
  const noun = `${module} ${kind}`;
  const variants = ((schema as unknown as Json).anyOf ?? [schema]) as TSchema[];
  const byType = new Map<string, TSchema>();
  for (const variant of variants) {
    const type = ((variant as unknown as Json).properties as Json | undefined)?.type as Json | undefined;
    if (typeof type?.const === 'string') byType.set(type.const, variant);
  }
  const types = [...byType.keys()];
  const type = typeof command === 'object' && command !== null && !Array.isArray(command) ? (command as Json).type : undefined;
  if (typeof command !== 'object' || command === null || Array.isArray(command)) {
    const details = [{ path: '/', message: `must be a JSON object with a type, one of ${list(types)}` }];
    return new ValidationError(code, summary(`not a ${noun}`, details), details);
  }
  const variant = typeof type === 'string' ? byType.get(type) : undefined;
  if (!variant) {
    const what = type === undefined ? 'is required' : `${JSON.stringify(type)} is not a ${noun} type`;
    const details = [{ path: '/type', message: `${what}; it must be one of ${list(types)}` }];
    return new ValidationError(code, summary(`not a ${noun}`, details), details);
  }
  const details = fieldProblems(variant, command, '');
  if (details.length === 0) return null;
  return new ValidationError(code, summary(`not a valid ${module} ${String(type)} ${kind}`, details), details);
}

/** Why `options` are not options of `module` (defaults filled in first, as at creation); null when they are valid. */
export function explainOptions(module: AnyGameModule, options: unknown): ValidationError | null {
  const filled = Value.Default(module.optionsSchema, structuredClone(options ?? {}));
  const details = fieldProblems(module.optionsSchema, filled, '/options');
  if (details.length === 0) return null;
  return new ValidationError('game/bad-options', summary(`invalid options for ${module.name}`, details), details);
}

/**
 * The error to report for input the kernel refused: its own, unless it is a schema failure the module's schemas can
 * explain better.
 */
export function explained(
  error: unknown,
  module: AnyGameModule | undefined,
  input: { command?: unknown; options?: unknown; characterCommand?: unknown },
): unknown {
  if (!(error instanceof ValidationError) || !module) return error;
  if (error.code === 'character/malformed-command' && 'characterCommand' in input) {
    return explainCharacterCommand(module, input.characterCommand) ?? error;
  }
  if (error.code === 'command/malformed' && 'command' in input) return explainCommand(module, input.command) ?? error;
  if (error.code === 'game/bad-options' && 'options' in input) return explainOptions(module, input.options) ?? error;
  return error;
}
