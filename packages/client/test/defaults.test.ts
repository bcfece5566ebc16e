// A parameter with a default is optional: the contract never marks one required, so the typed client never demands it
// (`limit` on GET /games and `from` on a game's events once were).
import { readFile } from 'node:fs/promises';
import type { Client } from 'openapi-fetch';
import t from 'tap';
import { parse } from 'yaml';
import type { paths } from '../src/schema.js';
import { OPENAPI } from '../scripts/generate';

type Json = Record<string, unknown>;

t.test('no parameter or body field with a default is required in openapi.yaml', async (t) => {
  const document = parse(await readFile(OPENAPI, 'utf8')) as { paths: Record<string, Record<string, Json>>; components: Json };
  const schemas = (document.components.schemas ?? {}) as Record<string, Json>;
  const deref = (node: Json): Json =>
    typeof node.$ref === 'string' ? deref(schemas[node.$ref.replace('#/components/schemas/', '')] as Json) : node;
  const demanded: string[] = [];
  let defaults = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if ((parameter.schema as Json | undefined)?.default === undefined) continue;
        defaults++;
        if (parameter.required === true) demanded.push(`${method} ${path} ${String(parameter.name)}`);
      }
      const body = (((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined)
        ?.schema as Json | undefined;
      const object = body === undefined ? undefined : deref(body);
      for (const [name, field] of Object.entries((object?.properties ?? {}) as Record<string, Json>)) {
        if (deref(field).default === undefined) continue;
        defaults++;
        if (((object?.required ?? []) as string[]).includes(name)) demanded.push(`${method} ${path} body ${name}`);
      }
    }
  }
  t.ok(defaults >= 3, `the scan finds the defaults (${defaults})`);
  t.same(demanded, [], 'none is required');
});

// Held by `npm run typecheck`: the raw typed calls compile without the parameters that have defaults.
export const withoutDefaults = (http: Client<paths>) => [
  http.GET('/games'),
  http.GET('/games/{id}/events', { params: { path: { id: '3f6c1a52-8e0b-4d7a-9c21-5b4e7f0a9d13' } } }),
];
