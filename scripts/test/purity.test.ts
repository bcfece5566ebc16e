import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { checkSource, isPureSource, sourceKind } from '../purity';

const game = 'packages/games/dungeon/src/rules/x.ts';

t.test('a game package importing postgres is a violation', async (t) => {
  t.match(checkSource(game, `import postgres from 'postgres';\nexport const x = 1;`), [{ line: 1, message: /imports "postgres"/ }]);
});

t.test('I/O modules, clock, ambient randomness, environment and timers are refused', async (t) => {
  const cases: [string, RegExp][] = [
    [`import { readFile } from 'node:fs/promises';`, /node:fs/],
    [`import fastify from 'fastify';`, /fastify/],
    [`import { EventStoreDBClient } from '@eventstore/db-client';`, /@eventstore/],
    [`export * from 'node:net';`, /node:net/],
    [`const t = Date.now();`, /Date\.now/],
    [`const d = new Date();`, /new Date/],
    [`const r = Math.random();`, /Math\.random/],
    [`const id = crypto.randomUUID();`, /randomUUID/],
    [`const e = process.env.X;`, /process/],
    [`setTimeout(() => 1, 5);`, /timers/],
    [`const m = await import('postgres');`, /dynamic import/],
    [`console.log('x');`, /logging/],
    [`import { createHash } from 'node:crypto';`, /node:crypto/],
  ];
  for (const [code, message] of cases) t.match(checkSource(game, code), [{ message }], code);
});

t.test('pure code passes: relative imports, the kernel, TypeBox, property names that shadow globals', async (t) => {
  const code = `import { RuleViolation } from '@delve/kernel';\nimport { Type } from '@sinclair/typebox';\nimport { deal } from './deal';\nconst o = { process: 1, console: 2 };\nexport const v = o.process + Math.max(1, 2);`;
  t.same(checkSource(game, code), []);
  t.same(checkSource('packages/kernel/src/random.ts', `import { createHash } from 'node:crypto';`), [], 'the kernel RNG may hash');
  t.same(checkSource(game, `export const iso = (ms: number) => new Date(ms).toISOString();`), [], 'converting a given time reads no clock');
});

t.test('which files are under the rule', async (t) => {
  t.equal(sourceKind('packages/kernel/src/lobby.ts'), 'pure');
  t.equal(sourceKind('packages/kernel/src/runtime/handler.ts'), 'runtime', 'the handlers that talk to the store port');
  t.ok(isPureSource('packages/games/venture/src/rules/initiative.ts'));
  t.notOk(isPureSource('packages/games/venture/test/x.test.ts'), 'tests');
  t.notOk(isPureSource('packages/store-postgres/src/eventStore.ts'), 'adapters');
  t.notOk(isPureSource('packages/kernel/src/testing/storeContract.ts'), 'kernel test support');
});

t.test('pure code may not import runtime code; runtime code is held to the same clock and randomness rules', async (t) => {
  t.match(checkSource('packages/kernel/src/lobby.ts', `import { GameStreams } from './runtime/gameStreams';`), [
    { message: /pure code imports runtime code/ },
  ]);
  t.same(checkSource('packages/kernel/src/index.ts', `export * from './runtime/handler';`), [], 'the package index re-exports it');
  t.same(checkSource('packages/kernel/src/runtime/x.ts', `import { decideBatch } from '../batch';`), [], 'runtime uses pure code');
  t.match(checkSource('packages/kernel/src/runtime/x.ts', `const now = Date.now();`), [{ message: /Date\.now/ }]);
  t.match(checkSource('packages/kernel/src/runtime/x.ts', `import postgres from 'postgres';`), [{ message: /imports "postgres"/ }]);
});

t.test('npm run check:purity exits non-zero on a tree whose game imports postgres', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'purity-'));
  t.teardown(() => rm(root, { recursive: true, force: true }));
  await mkdir(path.join(root, 'packages/games/evil/src'), { recursive: true });
  await writeFile(path.join(root, 'packages/games/evil/src/index.ts'), `import postgres from 'postgres';\nexport const sql = postgres;\n`);
  const script = path.resolve(import.meta.dirname, '../check-purity.ts');
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, root]);
  const failure = await run.then(
    () => null,
    (e: { code: number; stderr: string }) => e,
  );
  t.equal(failure?.code, 1, 'exit code 1');
  t.match(failure?.stderr, /packages\/games\/evil\/src\/index\.ts:1: imports "postgres"/);
});
