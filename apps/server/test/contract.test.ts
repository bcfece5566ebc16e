// openapi.yaml and the registered routes match one for one, and the spec oracle used by the e2e tests can fail.
import Fastify from 'fastify';
import t from 'tap';
import { readFileSync } from 'node:fs';
import { app, OPENAPI_PATH, serverOptions } from '../src/app';
import { contractDocument, contractYaml } from '../src/contract';
import { loadModules } from '../src/modules';
import { loadConfig } from '../src/config';
import { MemoryGamesList } from '../src/gamesList';
import type { GamesPort } from '../src/ports';
import { openapi, specProblems } from './support/spec';

// Routes that are deliberately outside the REST contract: the docs UI itself and GraphQL.
const OUTSIDE = [/^\/docs/, /^\/graphql/, /^\/graphiql/];

t.test('openapi.yaml is what the routes generate (run `npm run openapi` after changing a route or schema)', async (t) => {
  const generated = contractYaml(await contractDocument(await loadModules()));
  t.equal(readFileSync(OPENAPI_PATH, 'utf8'), generated);
});

t.test('every route is in openapi.yaml and every documented operation is a route', async (t) => {
  const fastify = Fastify(serverOptions(loadConfig({ LOG_LEVEL: 'silent' })));
  const routes = new Set<string>();
  fastify.addHook('onRoute', (route) => {
    if (OUTSIDE.some((r) => r.test(route.url))) return;
    for (const method of [route.method].flat()) {
      // HEAD mirrors GET and OPTIONS answers CORS preflights; neither is part of the contract.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.add(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
  await fastify.register(app, {
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    games: {} as GamesPort, // never called: only the routes are inspected
    gamesList: new MemoryGamesList(),
    readiness: async () => {},
    modules: {},
    updates: { listen: () => ({ ready: Promise.resolve(), stop: () => {} }) },
  });
  await fastify.ready();
  t.teardown(() => fastify.close());
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) documented.add(`${method.toUpperCase()} ${path}`);
    }
  }
  t.same([...routes].sort(), [...documented].sort());
});

t.test('the spec oracle rejects replies that break openapi.yaml', async (t) => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const ok = JSON.stringify({ status: 'ok' });
  t.same(specProblems('GET', '/health', { statusCode: 200, headers: json, body: ok }), []);
  t.not(
    specProblems('GET', '/health', { statusCode: 200, headers: json, body: JSON.stringify({ status: 'sleepy' }) }).length,
    0,
    'a bad body',
  );
  t.not(specProblems('GET', '/health', { statusCode: 418, headers: json, body: ok }).length, 0, 'an undocumented status');
  t.not(specProblems('GET', '/nowhere', { statusCode: 200, headers: json, body: ok }).length, 0, 'an undocumented path');
  const problem = JSON.stringify({ type: 'x', title: 'y', status: 404, code: 'game/not-found', detail: 'd' });
  const id = '00000000-0000-4000-8000-000000000000';
  t.not(specProblems('GET', `/games/${id}`, { statusCode: 404, headers: json, body: problem }).length, 0, 'errors must be problem+json');
  t.same(
    specProblems('GET', `/games/${id}`, { statusCode: 404, headers: { 'content-type': 'application/problem+json' }, body: problem }),
    [],
  );
  const summary = {
    id,
    module: 'toy',
    rulesVersion: '1',
    status: 'open',
    phase: 'lobby',
    seats: [],
    awaiting: [],
    winners: null,
    revision: 0,
    seedHash: 'a'.repeat(64),
    campaign: null,
  };
  t.same(specProblems('GET', `/games/${id}`, { statusCode: 200, headers: json, body: JSON.stringify(summary) }), []);
  const noHash = { ...summary, seedHash: undefined };
  t.not(specProblems('GET', `/games/${id}`, { statusCode: 200, headers: json, body: JSON.stringify(noHash) }).length, 0, 'a missing field');
});
