// The codes table is complete and is the one decision: every code the server or the kernel can answer with is in
// src/codes.ts with its status, and every HttpProblem raised with a literal status agrees with it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { SERVER_CODES } from '../src/codes';
import { toProblem, HttpProblem } from '../src/problems';
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '@delve/kernel';

const ROOT = new URL('../../../', import.meta.url).pathname;
/** Where the server's and the kernel's own codes are written (the kernel's test modules are not a client's concern). */
const SOURCES = ['apps/server/src', 'packages/kernel/src', 'packages/projections/src'];
const SKIP = /packages\/kernel\/src\/testing\//;
/** The namespaces of the server's codes (modules' codes are `<module>/…` and live in their packages). */
const NAMESPACES =
  'auth|http|game|games|player|character|campaign|command|replay|request|store|platform|graphql|module|clock|stream|ops|read-model|seat|ticket';
const LITERAL = new RegExp(`['\`]((?:${NAMESPACES})/[a-z0-9-]+)['\`]`, 'g');

/** Codes in the source that no client is ever answered with, and why. */
const NEVER_ANSWERED: Readonly<Record<string, string>> = {
  'store/wrong-expected-version': 'the store port’s conflict, which the command handler retries and turns into <stream>/concurrency',
  'store/stream-not-found': 'the store port’s, which every service turns into its own <thing>/not-found',
  'stream/concurrency': 'the handler’s default, which every service overrides with its own <thing>/concurrency',
  'clock/moot': 'the scheduler’s own: a deadline someone else dealt with, never a client’s call',
  'clock/not-due': 'the scheduler’s own: a deadline fired early, never a client’s call',
  'game/exists': 'ids are the server’s fresh UUIDs: a create never meets an existing stream',
  'player/exists': 'ids are the server’s fresh UUIDs',
  'character/exists': 'ids are the server’s fresh UUIDs',
  'campaign/exists': 'ids are the server’s fresh UUIDs',
  'ticket/exists': 'ids are the server’s fresh UUIDs',
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') && !SKIP.test(path) ? [path] : [];
  });
}

const sources = SOURCES.flatMap((dir) => files(join(ROOT, dir))).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

t.test('every code the server or the kernel writes is in the table, or said never to reach a client', async (t) => {
  const written = new Set(sources.flatMap(({ text }) => [...text.matchAll(LITERAL)].map((m) => m[1] as string)));
  t.ok(written.size > 50, `the scan finds the codes (${written.size})`);
  const missing = [...written].filter((code) => !Object.hasOwn(SERVER_CODES, code) && !Object.hasOwn(NEVER_ANSWERED, code));
  t.same(missing, [], 'no code is answered without being published');
  t.same(
    Object.keys(NEVER_ANSWERED).filter((code) => !written.has(code)),
    [],
    'the exceptions are codes that exist',
  );
  t.ok(Object.keys(NEVER_ANSWERED).length <= 10, 'and they are few');
});

t.test("a literal HttpProblem's status is the table's; every error class maps through the table", async (t) => {
  const raised = sources.flatMap(({ text }) => [...text.matchAll(/HttpProblem\(\s*(\d{3}),\s*'([^']+)'/g)]);
  t.ok(raised.length > 10, 'the scan finds them');
  for (const [, status, code] of raised) {
    t.equal(SERVER_CODES[code as keyof typeof SERVER_CODES]?.status, Number(status), `${code}: ${status}`);
  }
  const cases: [Error, number][] = [
    [new RuleViolation('game/not-your-seat', 'x'), 403],
    [new RuleViolation('character/busy', 'x'), 409],
    [new RuleViolation('campaign/already-member', 'x'), 409],
    [new RuleViolation('dungeon/not-your-turn', 'x'), 422],
    [new ValidationError('command/malformed', 'x'), 400],
    [new NotFoundError('player/no-such-key', 'x'), 404],
    [new ForbiddenError('auth/bad-token', 'x'), 403],
    [new ConflictError('game/not-over', 'x'), 409],
    [new HttpProblem(429, 'http/rate-limited', 'x'), 429],
  ];
  for (const [error, status] of cases)
    t.equal(toProblem(error).status, status, `${(error as unknown as { code: string }).code}: ${status}`);
});
