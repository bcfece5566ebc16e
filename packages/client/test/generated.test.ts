// The committed client types are what the generator makes of openapi.yaml (run `npm run openapi` after a change).
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { generate, MODULES_TS, OPENAPI, SCHEMA_TS } from '../scripts/generate';

t.test('src/schema.ts and src/modules.ts are generated from the current openapi.yaml', async (t) => {
  const { schema, modules } = await generate(await readFile(OPENAPI, 'utf8'));
  t.equal(await readFile(SCHEMA_TS, 'utf8'), schema, 'schema.ts is current');
  t.equal(await readFile(MODULES_TS, 'utf8'), modules, 'modules.ts is current');
  t.match(modules, /dungeon: \{\s+options: components\['schemas'\]\['DungeonOptions'\];/, 'each module maps to its named schemas');
});
