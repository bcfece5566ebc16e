// openapi.yaml and the registered routes match one for one, and the spec oracle used by the e2e tests can fail.
import Fastify from 'fastify';
import t from 'tap';
import { readFileSync } from 'node:fs';
import { app, OPENAPI_PATH, serverOptions } from '../src/app';
import { contractDocument, contractYaml } from '../src/contract';
import { loadModules } from '../src/modules';
import { loadConfig } from '../src/config';
import type { GameServices } from '@delve/kernel';
import type { ReadModels } from '@delve/projections';
import { openapi, specProblems } from './support/spec';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import type { AnyGameModule } from '@delve/kernel';
import { plainSchema, schemaNames, seatCommandSchema, variantsByType } from '../src/catalog';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The app with these modules and no database behind it: only its contract and discovery are read. */
async function contractApp(modules: Record<string, AnyGameModule>) {
  const fastify = Fastify(serverOptions(loadConfig({ LOG_LEVEL: 'silent' })));
  await fastify.register(app, {
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    games: {} as GameServices, // never called
    reads: {} as ReadModels,
    readiness: async () => {},
    modules,
    updates: {
      listen: () => ({ ready: Promise.resolve(), stop: () => {} }),
      listenAll: () => ({ ready: Promise.resolve(), stop: () => {} }),
    },
  });
  await fastify.ready();
  return fastify;
}

// Routes that are deliberately outside the REST contract: the docs UI itself, GraphQL, the table's pages and the lobby.
const OUTSIDE = [/^\/docs/, /^\/graphql/, /^\/graphiql/, /^\/watch/, /^\/$/];

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
    games: {} as GameServices, // never called: only the routes are inspected
    reads: {} as ReadModels,
    readiness: async () => {},
    modules: {},
    updates: {
      listen: () => ({ ready: Promise.resolve(), stop: () => {} }),
      listenAll: () => ({ ready: Promise.resolve(), stop: () => {} }),
    },
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
    clock: null,
  };
  t.same(specProblems('GET', `/games/${id}`, { statusCode: 200, headers: json, body: JSON.stringify(summary) }), []);
  const noHash = { ...summary, seedHash: undefined };
  t.not(specProblems('GET', `/games/${id}`, { statusCode: 200, headers: json, body: JSON.stringify(noHash) }).length, 0, 'a missing field');
});

t.test('openapi.yaml is a valid OpenAPI 3.1 document, and the validator does reject a broken one', async (t) => {
  const yaml = readFileSync(OPENAPI_PATH, 'utf8');
  const validator = new Validator();
  const result = await validator.validate(yaml);
  t.same(result.errors ?? [], [], 'no errors');
  t.equal(result.valid, true);
  t.equal(validator.version, '3.1');
  const broken = parse(yaml) as Json;
  broken.paths['/games'].post.responses['201'] = { content: {} };
  t.equal((await new Validator().validate(broken)).valid, false, 'a response without a description is refused');
});

t.test('openapi.yaml documents relative servers, request ids, rate limits, Retry-After and 415', async (t) => {
  const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
  t.same(document.servers, [{ url: '/', description: 'The server this document is served from.' }], 'relative: /docs works on any port');
  const headers = Object.keys(document.components.headers);
  for (const name of ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']) {
    t.ok(headers.includes(name), `${name} is a named header`);
  }
  t.ok(document.components.responses.Problem429.headers['Retry-After'], '429 says when to retry');
  t.ok(document.paths['/games/{id}/commands'].post.responses['415'], 'a body that is not JSON is 415');
  t.ok(document.paths['/games'].post.responses['201'].headers['X-Request-Id'], 'success responses carry the request id');
});

t.test("every module's options, seat commands, events and view are named schemas equal to the module's own", async (t) => {
  const modules = await loadModules();
  t.same(Object.keys(modules).sort(), ['dungeon', 'dungeoneer', 'raid', 'venture'], 'the four shipped modules are loaded');
  const ctx = await contractApp(modules);
  t.teardown(() => ctx.close());
  const served = (await ctx.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
  const schemas = served.components.schemas as Record<string, Json>;
  for (const module of Object.values(modules)) {
    const names = schemaNames(module);
    t.same(
      schemas[names.options],
      { description: `Options of a ${module.info.title} game; every field has a default.`, ...plainSchema(module.optionsSchema) },
      `${module.name}: options`,
    );
    for (const [kind, schema, variant] of [
      // What a seat may send: a module's own steps (the raid's Dungeon) are no seat's to send.
      ['command', seatCommandSchema(module), names.commandVariant],
      ['event', module.eventSchema, names.eventVariant],
    ] as const) {
      const union = schemas[names[kind]];
      const own = variantsByType(plainSchema(schema));
      t.equal(union.discriminator.propertyName, 'type', `${module.name}: ${kind}s are discriminated by type`);
      t.same(Object.keys(union.discriminator.mapping), [...own.keys()], `${module.name}: every ${kind} type is mapped`);
      for (const [type, body] of own) t.same(schemas[variant(type)], body, `${module.name}: ${kind} ${type} is published as is`);
    }
    t.same(
      schemas[names.view as string],
      { description: `What one viewer sees of a ${module.info.title} game.`, ...plainSchema(module.viewSchema) },
      `${module.name}: view`,
    );
  }
  t.same(
    schemas.Command.anyOf.map((r: Json) => r.$ref),
    Object.keys(modules)
      .sort()
      .map((m) => `#/components/schemas/${schemaNames(modules[m]!).command}`),
    'a command body is one of the modules’ commands',
  );
  t.same(served, await contractDocument(modules), '/docs serves what npm run openapi writes');
});
