// @delve/client as anyone installs it (issue 30): `npm pack`ed, installed from the tarball alone (and its few
// dependencies, from npm's cache) into a scratch project, a small bot compiled against it by TypeScript under
// `moduleResolution: nodenext` and `bundler`, and each build run against a test server until its game ends.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { loadModules } from '../src/modules';
import { listening, testApp } from './support/app';

const run = promisify(execFile);
const ROOT = new URL('../../../', import.meta.url).pathname;
const CLIENT = join(ROOT, 'packages/client');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** Node before 22 has WebSocket behind a flag; the client uses the global one. */
const NODE_FLAGS = Number(process.versions.node.split('.')[0]) < 22 ? ['--experimental-websocket'] : [];

/** A strict project of a client developer's, differing only in how modules resolve. */
const tsconfig = (resolution: 'nodenext' | 'bundler') => ({
  compilerOptions: {
    target: 'ES2022',
    module: resolution === 'nodenext' ? 'NodeNext' : 'ESNext',
    moduleResolution: resolution,
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    outDir: `out-${resolution}`,
  },
  files: ['bot.ts'],
});

const RESOLUTIONS = ['nodenext', 'bundler'] as const;

const RUNNER = `const [bot, url] = process.argv.slice(2);
const { play } = await import(new URL(bot, import.meta.url).href);
console.log(JSON.stringify(await play(url)));
`;

t.test('the packed client installs, compiles under nodenext and bundler, and plays a game', async (t) => {
  const started = performance.now();
  const lap = (what: string) => t.comment(`${what}: ${Math.round(performance.now() - started)} ms`);
  // The server starts meanwhile: the real modules, the read side and the scheduler (which plays the server bot).
  const server = loadModules().then((modules) =>
    testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, modules, 'client-package', undefined, { readSide: true, scheduler: true }),
  );
  t.teardown(async () => (await server).close());
  const scratch = await mkdtemp(join(tmpdir(), 'delve-client-'));
  t.teardown(() => rm(scratch, { recursive: true, force: true }));

  // npm pack builds the package (prepack) and packs what it publishes.
  const packed = JSON.parse((await run('npm', ['pack', '--json', '--pack-destination', scratch], { cwd: CLIENT })).stdout) as {
    filename: string;
    files: { path: string }[];
  }[];
  const [tarball] = packed;
  if (!tarball) throw new Error('npm pack made nothing');
  const files = tarball.files.map((f) => f.path);
  t.ok(
    files.includes('dist/index.js') && files.includes('dist/index.d.ts') && files.includes('README.md'),
    'JavaScript, declarations, README',
  );
  t.notOk(
    files.some((f) => f.startsWith('src/') || f.startsWith('test/')),
    'no sources or tests',
  );

  lap('packed');
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  await run('npm', ['install', join(scratch, tarball.filename), '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: scratch,
  });
  t.same(
    (await readdir(join(scratch, 'node_modules'))).filter((name) => !name.startsWith('.')).sort(),
    ['@delve', 'graphql', 'graphql-ws', 'openapi-fetch', 'openapi-typescript-helpers'],
    'the tarball brings only its few dependencies',
  );

  lap('installed');
  await copyFile(join(ROOT, 'apps/server/test/support/clientBot.ts'), join(scratch, 'bot.ts'));
  await writeFile(join(scratch, 'run.mjs'), RUNNER);
  // Both builds at once, as two projects of a client developer would be.
  await Promise.all(
    RESOLUTIONS.map(async (resolution) => {
      await writeFile(join(scratch, `tsconfig.${resolution}.json`), JSON.stringify(tsconfig(resolution)));
      const compiled = await run(process.execPath, [TSC, '-p', `tsconfig.${resolution}.json`], { cwd: scratch }).catch(
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error), failed: true }),
      );
      t.notOk('failed' in compiled, `the bot compiles under moduleResolution ${resolution}`, { output: compiled.stdout });
    }),
  );
  lap('compiled');

  const url = await listening((await server).app);
  // Each build plays its own game, both at once.
  const played = await Promise.all(
    RESOLUTIONS.map(async (resolution) => {
      const { stdout } = await run(process.execPath, [...NODE_FLAGS, 'run.mjs', `./out-${resolution}/bot.js`, url], { cwd: scratch });
      return [resolution, JSON.parse(stdout) as Record<string, unknown>] as const;
    }),
  );
  lap('played');
  for (const [resolution, seen] of played) {
    t.same(seen.modules, ['dungeon', 'dungeoneer', 'raid', 'venture'], `${resolution}: discovery`);
    t.equal(seen.keys, 1, `${resolution}: a key issued and revoked again`);
    t.same(seen.characters, ['Hilde'], `${resolution}: the new character is listed at once`);
    t.equal(seen.members, 1, `${resolution}: so is the new campaign`);
    t.equal(seen.tokens, true, `${resolution}: a second token for the seat works`);
    t.equal(seen.revoked, true, `${resolution}: recovering the seat revokes its earlier tokens`);
    t.equal(seen.seats, 1, `${resolution}: the player's seats list it`);
    t.match(seen.refused, { code: /^dungeon\//, status: 422 }, `${resolution}: a refusal is a DelveError with the rule's code`);
    t.equal(seen.status, 'finished', `${resolution}: the game ends (${String(seen.sent)} commands, ${String(seen.updates)} updates)`);
    t.equal(seen.summarised, true, `${resolution}: each command's answer carries the game's summary at its revision`);
    t.equal(typeof seen.listed, 'number', `${resolution}: the games list, asked with no limit`);
    t.ok((seen.events as number) > 0, `${resolution}: the seat reads its log`);
    t.equal(seen.audit, 'verified', `${resolution}: and the audit verifies`);
  }
});
