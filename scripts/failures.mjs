#!/usr/bin/env node
// Prints what failed in a tap log, so that the failures are in the last lines of a long run's output,
// where a CI page that keeps only the tail still shows them. Usage: node scripts/failures.mjs <log>
//
// Each failed assertion is printed with the subtests it sits in and the start of its diagnostics.
// A failed subtest with no failed assertion of its own (a timeout, a crashed file) is printed with its diagnostics.
import { readFileSync } from 'node:fs';

const MAX_DIAGNOSTIC_LINES = 40;
const MAX_FAILURES = 20;

const lines = readFileSync(process.argv[2], 'utf8').split('\n');
const open = []; // the subtests the current line is inside: { indent, name }
const failures = [];

for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
  if (subtest) {
    open.push({ indent: subtest[1].length, name: subtest[2] });
    continue;
  }
  const result = /^(\s*)(not ok|ok) \d+ - (.*?)(?: # time=.*)?$/.exec(line);
  if (!result) continue;
  const indent = result[1].length;
  const failed = result[2] === 'not ok';
  const top = open.at(-1);
  const closesSubtest = top !== undefined && top.indent === indent && top.name === result[3];
  if (closesSubtest) open.pop();
  if (!failed) continue;
  const path = [...open.map((o) => o.name), result[3]].join(' › ');
  // A subtest whose failed assertions are printed already (tap also restates a timed-out subtest): once is enough.
  if (failures.some((f) => f.path === path || f.path.startsWith(`${path} › `))) continue;
  const diagnostics = [];
  if (lines[i + 1]?.trim() === '---') {
    for (let j = i + 2; j < lines.length && lines[j].trim() !== '...'; j++) diagnostics.push(lines[j]);
  }
  failures.push({ path, diagnostics, indent });
}

if (failures.length === 0) process.exit(0);
console.log(`\n# ${failures.length} failure(s), restated from the log above:`);
for (const { path, diagnostics, indent } of failures.slice(0, MAX_FAILURES)) {
  console.log(`\nnot ok: ${path}`);
  const shown = diagnostics.slice(0, MAX_DIAGNOSTIC_LINES).map((l) => `  ${l.slice(indent + 2)}`);
  if (shown.length > 0) console.log(shown.join('\n'));
  if (diagnostics.length > MAX_DIAGNOSTIC_LINES) console.log(`  … ${diagnostics.length - MAX_DIAGNOSTIC_LINES} more lines in the log`);
}
if (failures.length > MAX_FAILURES) console.log(`\n… and ${failures.length - MAX_FAILURES} more failures in the log`);
