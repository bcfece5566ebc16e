// `npm run golden`: record the golden corpus of every module whose rules version has none yet (or, with --force, of
// every module): a handful of games played by random legal moves, written to packages/games/<module>/test/golden/.
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { recordGolden, type GoldenTable } from '@delve/kernel/testing';
import { loadModules } from '../apps/server/src/modules';
import { corpusPath, GOLDEN_TABLES } from './goldenTables';

const force = process.argv.includes('--force');
for (const module of Object.values(await loadModules())) {
  const file = corpusPath(module.name, module.rulesVersion);
  if (existsSync(file) && !force) continue;
  const tables: readonly GoldenTable[] = GOLDEN_TABLES[module.name] ?? [];
  if (tables.length === 0) throw new Error(`no golden tables for module ${module.name}: add them to scripts/goldenTables.ts`);
  const corpus = recordGolden(module, tables);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(corpus)}\n`);
  const events = corpus.games.reduce((n, g) => n + g.events.length, 0);
  console.log(`golden: ${module.name} rules ${module.rulesVersion}: ${corpus.games.length} games, ${events} events → ${file}`);
}
