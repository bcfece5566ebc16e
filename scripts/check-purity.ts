// `npm run check:purity`: fails (exit 1) listing every impure import or call in rules code. Optional arg: root folder.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSource, sourceKind, type Violation } from './purity';

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

const root = path.resolve(process.argv[2] ?? '.');
const violations: Violation[] = [];
const checked = { pure: 0, runtime: 0 };
for await (const file of walk(path.join(root, 'packages'))) {
  const relative = path.relative(root, file);
  const kind = sourceKind(relative);
  if (kind === null) continue;
  checked[kind]++;
  violations.push(...checkSource(relative, await readFile(file, 'utf8')));
}
for (const v of violations) console.error(`${v.file}:${v.line}: ${v.message}`);
console.log(`purity: ${checked.pure} pure and ${checked.runtime} runtime files checked, ${violations.length} violation(s)`);
process.exitCode = violations.length > 0 ? 1 : 0;
