// Rate limits shared through PostgreSQL (RATE_LIMIT_STORE=postgres), against the real database: two nodes spend one
// budget, where per-node limits give each its own; a database that does not answer leaves each node deciding alone,
// within a quarter of a second; and two server processes refuse a client that spreads its writes over both.
import { connect } from '@delve/store-postgres';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import { RateLimiter } from '../src/operations/limits';
import { PostgresBuckets } from '../src/operations/sharedLimits';
import { HttpProblem } from '../src/problems';
import { freePort, http, startServer } from './support/processes';

const databases = await startTestDatabaseServer();
t.teardown(() => databases.stop());

const BUDGETS = { read: { perSecond: 1, burst: 5 }, write: { perSecond: 1, burst: 5 } };
const client = { authorization: undefined, adminKey: undefined, address: '203.0.113.7' };

/** Calls of one client until `count`, each through `limiters` in turn: which were allowed. */
async function spend(limiters: readonly RateLimiter[], count: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < count; i++) {
    const limiter = limiters[i % limiters.length] as RateLimiter;
    try {
      limiter.charge('write', client, null);
      await limiter.chargeShared('write', client, null);
      allowed.push(true);
    } catch (error) {
      if (!(error instanceof HttpProblem) || error.status !== 429) throw error;
      allowed.push(false);
    }
  }
  return allowed;
}

t.test('two nodes sharing buckets spend one budget; apart, each has its own', async (t) => {
  const db = await databases.create();
  t.teardown(() => db.close());
  // Two nodes: two pools on one database, each with its limiter.
  const pools = [connect(db.url, 2), connect(db.url, 2)];
  t.teardown(() => Promise.all(pools.map((p) => p.end({ timeout: 1 }))));
  const shared = pools.map((sql) => new RateLimiter(BUDGETS, 2, undefined, undefined, new PostgresBuckets(sql)));
  const together = await spend(shared, 10);
  t.equal(together.filter(Boolean).length, 5, `shared: 5 of 10 calls over two nodes allowed (${together.join(' ')})`);
  t.same(together.slice(5), [false, false, false, false, false], 'and every call after the burst refused, on either node');
  t.equal(
    shared.reduce((n, l) => n + l.refusals.write, 0),
    5,
    'counted as refusals',
  );
  const [{ n }] = (await db.sql`select count(*)::int as n from rate_limits`) as unknown as [{ n: number }];
  t.ok(n >= 1, 'the buckets live in PostgreSQL');

  const apart = [new RateLimiter(BUDGETS, 2), new RateLimiter(BUDGETS, 2)];
  const alone = await spend(apart, 10);
  t.equal(alone.filter(Boolean).length, 10, 'per node (the default): each node allows its own 5');
});

t.test('a database that does not answer: each node decides from memory within a quarter of a second', async (t) => {
  const dead = connect(`postgres://delve:x@127.0.0.1:${await freePort()}/delve`, 1);
  t.teardown(() => dead.end({ timeout: 0 }));
  const limiter = new RateLimiter(BUDGETS, 2, undefined, undefined, new PostgresBuckets(dead));
  const started = performance.now();
  const allowed = await spend([limiter], 7);
  const ms = performance.now() - started;
  t.same(allowed, [true, true, true, true, true, false, false], 'the burst allowed, then refused, as per node');
  t.ok(ms < 7 * 300, `7 decisions in ${Math.round(ms)} ms`);
});

t.test('two server processes with RATE_LIMIT_STORE=postgres refuse a client spreading its writes over both', async (t) => {
  const db = await databases.create();
  t.teardown(() => db.close());
  const env = {
    DATABASE_URL: db.url,
    RATE_LIMIT_STORE: 'postgres',
    RATE_LIMIT_MAX: '',
    RATE_LIMIT_WRITES_PER_SECOND: '1',
    RATE_LIMIT_WRITE_BURST: '4',
  };
  const nodes = await Promise.all([0, 1].map(async () => startServer(env, await freePort())));
  t.teardown(() => nodes.forEach((n) => n.child.kill('SIGKILL')));
  const answers = [];
  for (let i = 0; i < 10; i++) {
    answers.push(await http(nodes[i % 2]!.base, 'POST', '/games', { module: 'toy', seats: 2 }));
  }
  const created = answers.filter((a) => a.status === 201).length;
  t.ok(created >= 4 && created <= 5, `${created} of 10 creations over two nodes allowed (a burst of 4, plus one where a window ends)`);
  const refused = answers.filter((a) => a.status === 429);
  t.ok(refused.length >= 5, `${refused.length} refused`);
  t.ok(
    refused.every((a) => a.body.code === 'http/rate-limited' && Number(a.headers.get('retry-after')) > 0),
    'each a 429 with its code and Retry-After',
  );
});
