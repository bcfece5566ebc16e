// `npm run check:deps` (dependency-cruiser): no import cycle, and every package a file imports is declared by its workspace.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The folder being checked: the repository, or a fixture in scripts/test/deps.test.ts.
const root = process.cwd();
const manifest = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Folders whose files may use devDependencies: tests, benches, scripts and examples, and the test support that only
// tests import (the kernel's `@delve/kernel/testing`, the embedded PostgreSQL for tests).
const DEV_FOLDERS = '(test|bench|scripts|examples)/';
const TEST_SUPPORT = ['packages/kernel/src/testing/', 'packages/store-postgres/src/testing.ts'].map((p) => `^${escape(p)}`);
const devCode = (dir) => [`^${dir === '.' ? '' : `${escape(dir)}/`}${DEV_FOLDERS}`, ...TEST_SUPPORT];

/** The workspaces of the root manifest ("dir" or "dir/*"), each with its name and what it declares. */
function workspaces() {
  const dirs = (manifest('.').workspaces ?? []).flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(path.join(root, pattern.slice(0, -2), entry.name, 'package.json')))
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  return dirs.map((dir) => {
    const m = manifest(dir);
    return {
      dir,
      name: m.name,
      runtime: Object.keys({ ...m.dependencies, ...m.peerDependencies }),
      dev: Object.keys(m.devDependencies ?? {}),
    };
  });
}

/**
 * A workspace package resolves to its own folder, so dependency-cruiser sees it as local code rather than as a
 * package. These rules say, per workspace, which other workspaces' folders its runtime code and its dev code may reach:
 * those named in its package.json (dependencies; devDependencies too for dev code). The root is not a workspace: its
 * scripts and benches may reach any.
 */
function workspaceRules() {
  const all = workspaces();
  return all.flatMap((w) => {
    const undeclared = (names) => all.filter((o) => o.dir !== w.dir && !names.includes(o.name)).map((o) => `^${escape(o.dir)}/`);
    const rule = (kind, from, to) =>
      to.length === 0
        ? []
        : [
            {
              name: 'undeclared-workspace',
              severity: 'error',
              comment: `${w.name} (${w.dir}): ${kind} code imports a workspace package its package.json does not declare`,
              from,
              to: { path: to },
            },
          ];
    return [
      ...rule('runtime', { path: `^${escape(w.dir)}/`, pathNot: devCode(w.dir) }, undeclared(w.runtime)),
      ...rule('dev', { path: devCode(w.dir).slice(0, 1) }, undeclared([...w.runtime, ...w.dev])),
    ];
  });
}

const everyDevCode = [`(^|/)${DEV_FOLDERS}`, ...TEST_SUPPORT];

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a file both import, or move the call up to whoever drives both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'undeclared-package',
      severity: 'error',
      comment: 'An npm package the nearest package.json (or the root one) does not declare: add it where the importing file lives.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'dev-package-in-runtime-code',
      severity: 'error',
      comment: 'A devDependency imported by code that runs in production: declare it under dependencies of that workspace.',
      from: { pathNot: everyDevCode },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm', 'npm-peer', 'npm-optional'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file. (Absolute paths are URLs the browser asks the server for.)',
      from: {},
      to: { couldNotResolve: true, pathNot: '^/' },
    },
    ...workspaceRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^\\.data/' },
    tsPreCompilationDeps: true,
    // Each file is checked against the package.json files from its folder up to the root: a workspace declares its
    // own dependencies, and the root's devDependencies (the test runner, the type checker) serve every test.
    combinedDependencies: true,
    ...(existsSync(path.join(root, 'tsconfig.json')) && { tsConfig: { fileName: 'tsconfig.json' } }),
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@delve/source', 'import', 'require', 'node', 'default', 'types'],
    },
  },
};
