import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';

// A log shaped as tap 21 prints one: a failed assertion two subtests deep, a passing file, and a timeout,
// which tap reports inside the subtest and then restates twice at the file's level.
const LOG = `TAP version 14
1..2
# Subtest: apps/server/test/a.test.ts
    # Subtest: outer
        # Subtest: inner
            not ok 1 - one is two
              ---
              compare: ===
              diff: |
                -2
                +1
              ...
            1..1
        not ok 1 - inner # time=60.773ms
          ---
          at:
            lineNumber: 2
          ...
        ok 2 - should be equal
        1..2
    not ok 1 - outer # time=77.718ms
    # Subtest: times out
        not ok 1 - timeout!
          ---
          expired: times out
          ...
    not ok 3 - times out # time=209.897ms
    not ok 4 - times out # time=209.897ms
    1..4
not ok 1 - apps/server/test/a.test.ts # time=3213.699ms
# Subtest: apps/server/test/b.test.ts
    ok 1 - fine
    1..1
ok 2 - apps/server/test/b.test.ts # time=10ms
# { total: 6, pass: 2, fail: 4 }
`;

async function digest(log: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'failures-'));
  try {
    await writeFile(path.join(dir, 'log'), log);
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/failures.mjs', path.join(dir, 'log')]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

t.test('each failed assertion is restated once, with the subtests it sits in and its diagnostics', async (t) => {
  const out = await digest(LOG);
  const failures = out.split('\n').filter((l) => l.startsWith('not ok: '));
  t.same(failures, [
    'not ok: apps/server/test/a.test.ts › outer › inner › one is two',
    'not ok: apps/server/test/a.test.ts › times out › timeout!',
  ]);
  t.match(out, /# 2 failure\(s\)/);
  t.match(out, /\n {2}diff: \|\n {4}-2\n {4}\+1/, 'the diagnostics, unindented');
  t.match(out, /expired: times out/);
  t.notMatch(out, /b\.test\.ts/, 'a passing file is not named');
});

t.test('a log with no failure prints nothing', async (t) => {
  t.equal(await digest(LOG.split('# Subtest: apps/server/test/b.test.ts')[1]!), '');
});
