// No input a client can send yields a 5xx: fast-check throws arbitrary methods, paths, headers and bodies at the app.
import fc from 'fast-check';
import t from 'tap';
import { testApp } from './support/app';

const json = fc.jsonValue({ maxDepth: 3 });

t.test('arbitrary requests never yield a 5xx, and every error is problem+json', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' });
  t.teardown(ctx.close);
  const game = await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  const { token } = await ctx.service.lobby.claimSeat(game.gameId, {});
  await ctx.service.lobby.claimSeat(game.gameId, {});
  const id = game.gameId;

  const path = fc.oneof(
    fc.constantFrom('/games', `/games/${id}`, `/games/${id}/seats`, `/games/${id}/commands`, `/games/${id}/view`),
    fc.constantFrom(`/games/${id}/legal-commands`, `/games/${id}/events`, `/games/${id}/audit`, `/games/${id}/start`, '/graphql'),
    fc.string({ maxLength: 30 }).map((s) => `/games/${encodeURIComponent(s)}/commands`),
    fc
      .tuple(fc.constantFrom('from', 'limit', 'revision', 'status', 'module', 'cursor'), fc.string({ maxLength: 12 }))
      .map(([k, v]) => `/games/${id}/events?${k}=${encodeURIComponent(v)}`),
  );
  const body = fc.oneof(
    json.map((v) => JSON.stringify(v)),
    fc.record({ type: fc.oneof(fc.constantFrom('Draw', 'Stop'), fc.string()) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
    fc.record({ module: fc.oneof(fc.constant('toy'), fc.string()), seats: fc.integer(), options: json }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  );
  const authorization = fc.oneof(fc.constant(undefined), fc.constant(`Bearer ${token}`), fc.string({ maxLength: 40 }));
  const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined);

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      path,
      body,
      authorization,
      contentType,
      fc.string({ maxLength: 20 }),
      async (method, url, payload, auth, type, key) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        if (type !== undefined) headers['content-type'] = type;
        if (key !== '') headers['idempotency-key'] = key;
        const reply = await ctx.app.inject({ method, url, headers, ...(method === 'POST' || method === 'PUT' ? { payload } : {}) });
        if (reply.statusCode >= 500) throw new Error(`${method} ${url} → ${reply.statusCode}: ${reply.body}`);
        if (reply.statusCode >= 400 && !url.startsWith('/graphql')) {
          if (!String(reply.headers['content-type']).startsWith('application/problem+json'))
            throw new Error(`${method} ${url}: ${reply.statusCode} is not problem+json`);
          const problem = JSON.parse(reply.body);
          if (typeof problem.code !== 'string' || problem.status !== reply.statusCode) throw new Error(`bad problem body ${reply.body}`);
        }
      },
    ),
    { numRuns: 250, seed: Number(process.env.FC_SEED ?? 20261121) },
  );
  t.pass('250 arbitrary requests answered without a 5xx');
});

t.test('CORS follows CORS_ORIGIN, and request ids are honoured or generated', async (t) => {
  const ctx = await testApp({ CORS_ORIGIN: 'https://table.example' });
  t.teardown(ctx.close);
  const allowed = await ctx.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://table.example' } });
  t.equal(allowed.headers['access-control-allow-origin'], 'https://table.example');
  const other = await ctx.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } });
  t.equal(other.headers['access-control-allow-origin'], undefined, 'other origins get no CORS grant');
  const preflight = await ctx.app.inject({
    method: 'OPTIONS',
    url: '/games',
    headers: { origin: 'https://table.example', 'access-control-request-method': 'POST' },
  });
  t.ok(preflight.statusCode < 300, 'preflight answered');
  const given = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'client-trace-42' } });
  t.equal(given.headers['x-request-id'], 'client-trace-42', 'a sane incoming id is kept');
  const odd = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id with spaces' } });
  t.match(String(odd.headers['x-request-id']), /^[0-9a-f-]{36}$/, 'an odd one is replaced');
  for (const failing of [
    { method: 'GET', url: '/nowhere' },
    { method: 'POST', url: '/games', headers: { 'content-type': 'application/json' }, payload: '{"module":' },
  ] as const) {
    const reply = await ctx.app.inject({
      ...failing,
      headers: { ...('headers' in failing ? failing.headers : {}), 'x-request-id': 'trace-7' },
    });
    t.equal(reply.headers['x-request-id'], 'trace-7', `an error reply (${reply.statusCode}) carries the request id too`);
  }

  const closed = await testApp();
  t.teardown(closed.close);
  const none = await closed.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://table.example' } });
  t.equal(none.headers['access-control-allow-origin'], undefined, 'CORS is off unless configured');
  const refused = await closed.app.inject({
    method: 'OPTIONS',
    url: '/games',
    headers: { origin: 'https://table.example', 'access-control-request-method': 'POST' },
  });
  t.equal(refused.statusCode, 404, 'with CORS off there is no preflight route');
  t.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8');
  t.equal(refused.headers['access-control-allow-origin'], undefined);
});

t.test('GraphiQL is served in development only', async (t) => {
  const dev = await testApp({ NODE_ENV: 'development' });
  t.teardown(dev.close);
  t.equal((await dev.app.inject({ method: 'GET', url: '/graphiql' })).statusCode, 200);
  const prod = await testApp({ NODE_ENV: 'production' });
  t.teardown(prod.close);
  t.equal((await prod.app.inject({ method: 'GET', url: '/graphiql' })).statusCode, 404);
});
