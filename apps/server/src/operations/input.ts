// The one validation of an operation's input, for both protocols: defaults filled in, then checked exactly as declared
// (no coercion, no silently dropped fields). A failure names each field and what it expects.
import { ValidationError } from '@delve/kernel';
import { FormatRegistry, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { expectation } from '../explain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (value) => UUID.test(value));

/** The code of every input that fails its operation's schema, in either protocol. */
export const INVALID_INPUT = 'http/invalid-request';

type Json = Record<string, unknown>;
type Detail = { path: string; message: string };

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();
function checkerFor(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  return check;
}

/** Whether the schema declares a default anywhere: only then is the input copied to fill them in. */
const withDefaults = new WeakMap<TSchema, boolean>();
function hasDefaults(schema: TSchema): boolean {
  let known = withDefaults.get(schema);
  if (known === undefined) withDefaults.set(schema, (known = JSON.stringify(schema).includes('"default"')));
  return known;
}

/**
 * `raw` as the operation's input: defaults filled in and checked. ValidationError `http/invalid-request` otherwise,
 * with one detail per field (an unknown field is named, with the fields there are).
 */
export function parseInput<T>(schema: TObject, raw: unknown): T {
  const value = hasDefaults(schema) && isObject(raw) ? Value.Default(schema, { ...raw }) : raw;
  const check = checkerFor(schema);
  if (check.Check(value)) return value as T;
  const details = problemsOf(check, value);
  const summary = details.map((d) => `${d.path}: ${d.message}`).join('; ');
  throw new ValidationError(INVALID_INPUT, `the request does not match the schema: ${summary}`, details);
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem of each field, at most ten. */
function problemsOf(check: TypeCheck<TSchema>, value: unknown): Detail[] {
  const seen = new Map<string, Detail>();
  for (const error of check.Errors(value)) {
    const schema = error.schema as unknown as Json;
    if (error.type === ValueErrorType.ObjectAdditionalProperties) {
      // The error sits on the object: name each field it does not declare.
      const known = Object.keys((schema.properties ?? {}) as Json);
      const given = isObject(error.value) ? Object.keys(error.value) : [];
      for (const field of given.filter((f) => !known.includes(f))) {
        const path = `${error.path}/${field}`;
        if (!seen.has(path)) seen.set(path, { path, message: `is not a field here (the fields are ${known.join(', ')})` });
      }
    } else {
      const path = error.path || '/';
      if (seen.has(path)) continue;
      const expected = expectation(schema);
      const message = error.type === ValueErrorType.ObjectRequiredProperty ? `is required: it must be ${expected}` : `must be ${expected}`;
      seen.set(path, { path, message });
    }
    if (seen.size >= 10) break;
  }
  return [...seen.values()].slice(0, 10);
}
