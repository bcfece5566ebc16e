// ADR 0016 for every game package: decide.ts only dispatches, and src/ holds only the files and folders the ADR names.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';

const games = path.resolve(import.meta.dirname, '../../packages/games');
const modules = readdirSync(games, { withFileTypes: true }).filter((e) => e.isDirectory());
const LAYOUT = new Set([
  ...[
    'index',
    'options',
    'commands',
    'events',
    'state',
    'setup',
    'decide',
    'evolve',
    'view',
    'viewSchema',
    'status',
    'legal',
    'describe',
    'automaton',
  ].map((f) => `${f}.ts`),
  ...['rules/', 'content/', 'bots/', 'progression/'],
]);

t.test('ADR 0016: each decide.ts declares decide and its dispatch only; the command functions live in rules/', async (t) => {
  t.ok(modules.length >= 4);
  for (const { name } of modules) {
    const source = readFileSync(path.join(games, name, 'src/decide.ts'), 'utf8');
    const declared = [...source.matchAll(/^(?:export )?(?:function|const|class) (\w+)/gm)].map((m) => m[1]);
    t.same(
      declared.filter((n) => n !== 'decide' && n !== 'dispatch'),
      [],
      `${name}: nothing but the dispatch in decide.ts`,
    );
  }
});

t.test('ADR 0016: src/ holds the files and folders the layout names, and nothing else', async (t) => {
  for (const { name } of modules) {
    const top = readdirSync(path.join(games, name, 'src'), { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
    t.same(
      top.filter((f) => !LAYOUT.has(f)),
      [],
      `${name}: ${top.join(', ')}`,
    );
  }
});
