// Schema checks for commands and options: compiled once per schema, error details only when a value fails.
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerFor(schema: TSchema): TypeCheck<TSchema> {
  let check = compiled.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** Up to `max` problems of `value` against `schema` as { path, message }; empty when it conforms. */
export function schemaProblems(schema: TSchema, value: unknown, max = 10): { path: string; message: string }[] {
  const check = checkerFor(schema);
  if (check.Check(value)) return [];
  const problems: { path: string; message: string }[] = [];
  for (const error of check.Errors(value)) {
    problems.push({ path: error.path || '/', message: error.message });
    if (problems.length >= max) break;
  }
  return problems;
}
