// The headers the contract declares are the headers the server sends: the caller's budget on every operation's reply,
// and CORS that lets a browser call every route and read every declared header.
import t from 'tap';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { OPENAPI_PATH } from '../src/app';
import { call } from './support/http';
import { testApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

t.test("every operation's reply carries X-RateLimit-* from the caller's own bucket, the 429 too", async (t) => {
  const ctx = await testApp({
    RATE_LIMIT_READ_BURST: '3',
    RATE_LIMIT_READS_PER_SECOND: '1',
    RATE_LIMIT_WRITE_BURST: '50',
    RATE_LIMIT_WRITES_PER_SECOND: '1',
  });
  t.teardown(ctx.close);
  const seen: Record<string, unknown>[] = [];
  for (let i = 0; i < 3; i++) seen.push((await call(t, ctx.app, 'GET', '/modules')).headers);
  t.same(
    seen.map((h) => h['x-ratelimit-limit']),
    ['3', '3', '3'],
    'the limit is the read bucket’s size',
  );
  t.same(
    seen.map((h) => h['x-ratelimit-remaining']),
    ['2', '1', '0'],
    'what is left counts down with each call',
  );
  t.ok(
    seen.every((h) => Number(h['x-ratelimit-reset']) >= 1 && Number(h['x-ratelimit-reset']) <= 3),
    'and the bucket refills within 3 s',
  );
  const refused = await call(t, ctx.app, 'GET', '/modules');
  t.equal(refused.status, 429);
  t.equal(refused.headers['x-ratelimit-remaining'], '0', 'a refusal says nothing is left');
  t.equal(refused.headers['x-ratelimit-limit'], '3');
  t.ok(Number(refused.headers['retry-after']) >= 1);
  const write = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } });
  t.equal(write.status, 201);
  t.same([write.headers['x-ratelimit-limit'], write.headers['x-ratelimit-remaining']], ['50', '49'], 'writes count apart from reads');
  const problem = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 'two' } });
  t.equal(problem.status, 400);
  t.equal(problem.headers['x-ratelimit-remaining'], '48', 'a refused request spent its token and says so');
  const health = await ctx.app.inject({ method: 'GET', url: '/health' });
  t.equal(health.headers['x-ratelimit-limit'], undefined, '/health is never limited and says nothing of a budget');
});

t.test('CORS: a preflight allows every method the API uses and the headers it reads', async (t) => {
  const ctx = await testApp({ CORS_ORIGIN: 'https://table.example' });
  t.teardown(ctx.close);
  const preflight = await ctx.app.inject({
    method: 'OPTIONS',
    url: '/players/00000000-0000-4000-8000-000000000000/keys/00000000-0000-4000-8000-000000000001',
    headers: { origin: 'https://table.example', 'access-control-request-method': 'DELETE' },
  });
  t.equal(preflight.statusCode, 204);
  const methods = String(preflight.headers['access-control-allow-methods']).split(/,\s*/);
  t.same(methods.sort(), ['DELETE', 'GET', 'POST'], 'DELETE is allowed, as GET and POST are');
  const reply = await ctx.app.inject({ method: 'GET', url: '/modules', headers: { origin: 'https://table.example' } });
  const exposed = String(reply.headers['access-control-expose-headers']).split(/,\s*/);
  const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
  const declared = new Set<string>(Object.keys(document.components.headers));
  for (const item of Object.values(document.paths) as Json[]) {
    for (const operation of Object.values(item) as Json[]) {
      for (const response of Object.values(operation.responses ?? {}) as Json[]) {
        for (const name of Object.keys(response.headers ?? {})) declared.add(name);
      }
    }
  }
  for (const name of [
    'etag',
    'retry-after',
    'x-request-id',
    'location',
    'idempotent-replayed',
    'x-ratelimit-remaining',
    'x-log-position',
  ]) {
    t.ok(exposed.includes(name), `${name} is exposed`);
  }
  t.same(
    [...declared].map((n) => n.toLowerCase()).filter((n) => !exposed.includes(n)),
    [],
    'every header openapi.yaml declares is exposed to browsers',
  );
});
