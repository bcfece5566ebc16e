// `npm run check:deps` on a small monorepo made for each test: it fails on a cycle and on undeclared dependencies.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';

const repo = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** A monorepo with workspaces pkgs/a (declares `declared` and, for tests, `tool`) and pkgs/b, plus extra files. */
async function fixture(t: Test, files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'delve-deps-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  };
  await write('package.json', JSON.stringify({ name: 'fx', private: true, type: 'module', workspaces: ['pkgs/*'] }));
  await write('pkgs/a/package.json', JSON.stringify({ name: '@fx/a', dependencies: { declared: '1' }, devDependencies: { tool: '1' } }));
  await write('pkgs/b/package.json', JSON.stringify({ name: '@fx/b', exports: { '.': './src/index.ts' } }));
  await write('pkgs/b/src/index.ts', 'export const b = 1;\n');
  for (const name of ['declared', 'tool', 'stray'])
    await write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
  for (const name of ['declared', 'tool', 'stray']) await write(`node_modules/${name}/index.js`, 'export default 1;\n');
  await mkdir(path.join(dir, 'node_modules/@fx'), { recursive: true });
  await symlink(path.join(dir, 'pkgs/b'), path.join(dir, 'node_modules/@fx/b'));
  await write('pkgs/a/src/index.ts', "import declared from 'declared';\nexport const a = declared;\n");
  for (const [file, text] of Object.entries(files)) await write(file, text);
  return dir;
}

/** Run the check as `npm run check:deps` does, in `dir`: whether it failed and the rules it reports broken. */
async function check(dir: string): Promise<{ failed: boolean; rules: string[] }> {
  const run = promisify(execFile);
  const args = [depcruise, '--config', path.join(repo, '.dependency-cruiser.js'), 'pkgs'];
  const { stdout, code } = await run(process.execPath, args, { cwd: dir }).then(
    (r) => ({ stdout: r.stdout, code: 0 }),
    (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
  );
  // The err reporter (what `npm run check:deps` prints): one `error <rule>: <from> → <to>` line per violation.
  return { failed: code !== 0, rules: [...stdout.matchAll(/^\s*error ([\w-]+):/gm)].map((m) => m[1] as string).sort() };
}

t.test('a clean monorepo passes: declared packages, a declared workspace, dev packages in tests', async (t) => {
  const dir = await fixture(t, {
    'pkgs/a/package.json': JSON.stringify({ name: '@fx/a', dependencies: { declared: '1', '@fx/b': '*' }, devDependencies: { tool: '1' } }),
    'pkgs/a/src/uses-b.ts': "import { b } from '@fx/b';\nexport const c = b;\n",
    'pkgs/a/test/x.test.ts': "import tool from 'tool';\nimport { a } from '../src/index';\nexport const x = [tool, a];\n",
  });
  t.same(await check(dir), { failed: false, rules: [] });
});

t.test('an import cycle fails the check', async (t) => {
  const dir = await fixture(t, {
    'pkgs/a/src/one.ts': "import { two } from './two';\nexport const one = () => two();\n",
    'pkgs/a/src/two.ts': "import { one } from './one';\nexport const two = (): unknown => one;\n",
  });
  t.same(await check(dir), { failed: true, rules: ['no-circular'] });
});

t.test('a type-only import closes a cycle too', async (t) => {
  const dir = await fixture(t, {
    'pkgs/a/src/state.ts': "import type { Options } from './options';\nexport type State = { options: Options };\n",
    'pkgs/a/src/options.ts': "import type { State } from './state';\nexport type Options = { last?: State };\n",
  });
  t.same(await check(dir), { failed: true, rules: ['no-circular'] });
});

t.test('an npm package the workspace does not declare fails the check', async (t) => {
  const dir = await fixture(t, { 'pkgs/a/src/stray.ts': "import stray from 'stray';\nexport const s = stray;\n" });
  t.same(await check(dir), { failed: true, rules: ['undeclared-package'] });
});

t.test('a devDependency imported by runtime code fails the check (a test may import it, as the clean monorepo does)', async (t) => {
  const dir = await fixture(t, { 'pkgs/a/src/tool.ts': "import tool from 'tool';\nexport const x = tool;\n" });
  t.same(await check(dir), { failed: true, rules: ['dev-package-in-runtime-code'] });
});

t.test('a workspace package the importing workspace does not declare fails the check', async (t) => {
  const dir = await fixture(t, {
    'pkgs/a/src/uses-b.ts': "import { b } from '@fx/b';\nexport const c = b;\n",
    'pkgs/a/test/uses-b.test.ts': "import { b } from '@fx/b';\nexport const d = b;\n",
  });
  t.same(await check(dir), { failed: true, rules: ['undeclared-workspace', 'undeclared-workspace'] });
});
