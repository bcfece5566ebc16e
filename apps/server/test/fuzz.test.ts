// Fuzz over the whole contract: every operation of openapi.yaml and every root field of the GraphQL schema receives
// seeded, bounded requests built from its own schema and bent out of shape (hostile numbers, NUL, forged ids, deep
// bodies, wrong credentials). None may answer 5xx or take longer than HANG_MS. FUZZ_RUNS scales the run
// (`npm run test:faults` runs the long version); FC_SEED replays one.
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLUnionType,
  buildSchema,
} from 'graphql';
import type { GraphQLInputType, GraphQLOutputType, GraphQLSchema } from 'graphql';
import fc from 'fast-check';
import t from 'tap';
import { graphqlSchema } from '../src/graphql/index';
import { ADMIN_KEY, testApp, type TestApp } from './support/app';
import { openapi } from './support/spec';
import { toy } from './support/toy';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FC_SEED ?? 20261123);
/** A request still unanswered after this long counts as a hang. */
const HANG_MS = 5_000;

/** Text that broke something somewhere once: NUL, non-finite numbers, forged cursors, long and odd strings. */
const HOSTILE_TEXT = [
  '',
  '\u0000',
  'a\u0000b',
  '-Infinity',
  'Infinity',
  'NaN',
  '1e400',
  '-1',
  '0',
  '99999999999999999999',
  '..',
  '%00',
  '%',
  ' ',
  '🂡',
  'x'.repeat(5000),
  Buffer.from(JSON.stringify(['2026-01-01\u0000', 'x'])).toString('base64url'),
  Buffer.from('not json').toString('base64url'),
  '00000000-0000-4000-8000-000000000000',
];
const HOSTILE_NUMBERS = [-1, 0, 1, 2 ** 31, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308, 0.5];

/** Values that exist in the database, so requests reach past validation into the handlers and the store. */
interface World {
  ids: string[];
  tokens: string[];
}

async function world(ctx: TestApp): Promise<World> {
  const game = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const seat0 = (await ctx.service.lobby.claimSeat(game, {})).token;
  const seat1 = (await ctx.service.lobby.claimSeat(game, {})).token;
  const open = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const post = async (url: string, payload: object, token?: string): Promise<Json> =>
    JSON.parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url,
          payload,
          ...(token !== undefined && { headers: { authorization: `Bearer ${token}` } }),
        })
      ).body,
    );
  const player = await post('/players', { name: 'Fuzz' });
  const character = await post('/characters', { module: 'toy', name: 'Target' }, player.key);
  const campaign = await post('/campaigns', { module: 'toy', name: 'Fuzzed', seats: 2 }, player.key);
  const keys = JSON.parse(
    (await ctx.app.inject({ url: `/players/${player.id}/keys`, headers: { authorization: `Bearer ${player.key}` } })).body,
  );
  const ids = [game, open, player.id, character.id, campaign.id, keys?.[0]?.id].filter((x): x is string => typeof x === 'string');
  return { ids, tokens: [seat0, seat1, player.key].filter((x): x is string => typeof x === 'string') };
}

const deref = (node: Json): Json => {
  if (typeof node?.$ref !== 'string') return node;
  return deref(
    node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Json, k: string) => o?.[k], openapi),
  );
};

/** An arbitrary for a JSON schema: mostly what it asks for, sometimes something else, bounded in depth. */
function fromSchema(schema: Json, world: World, depth = 0): fc.Arbitrary<unknown> {
  const node = deref(schema ?? {});
  const other = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  );
  if (depth > 4) return other;
  const alternatives = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  let own: fc.Arbitrary<unknown>;
  if (alternatives) own = fc.oneof(...alternatives.map((s) => fromSchema(s, world, depth + 1)));
  else if (node.const !== undefined) own = fc.constant(node.const);
  else if (Array.isArray(node.enum)) own = fc.constantFrom(...(node.enum as unknown[]));
  else if (node.type === 'integer' || node.type === 'number')
    own = fc.oneof(fc.integer({ min: node.minimum ?? -5, max: Math.min(node.maximum ?? 50, 1000) }), fc.constantFrom(...HOSTILE_NUMBERS));
  else if (node.type === 'boolean') own = fc.boolean();
  else if (node.type === 'string') own = fc.oneof(fc.constantFrom(...world.ids, 'toy', 'Draw', 'Stand'), fc.string({ maxLength: 24 }));
  else if (node.type === 'array') own = fc.array(fromSchema(node.items, world, depth + 1), { maxLength: 4 });
  else if (node.type === 'object' || node.properties) {
    const properties = Object.fromEntries(
      Object.entries((node.properties ?? {}) as Record<string, Json>).map(([k, v]) => [k, fromSchema(v, world, depth + 1)]),
    );
    own = fc.record(properties, { requiredKeys: (node.required ?? []).filter((k: string) => k in properties) });
  } else own = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: other, weight: 1 });
}

/** A raw body: the schema's shape as JSON, or bytes no parser should trust. */
function bodyFor(schema: Json | undefined, world: World): fc.Arbitrary<string> {
  const shaped = schema ? fromSchema(schema, world).map((v) => JSON.stringify(v) ?? 'null') : fc.constant('{}');
  return fc.oneof(
    { arbitrary: shaped, weight: 6 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 1 },
    { arbitrary: fc.constantFrom('', '{', '{"a":1', '[]', 'null', '"\\u0000"', `${'['.repeat(3000)}${']'.repeat(3000)}`), weight: 1 },
    { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  );
}

/** Requests for one documented operation, its path template filled with real and hostile values. */
function requestsFor(path: string, method: string, operation: Json, world: World) {
  const parameters = ((operation.parameters ?? []) as Json[]).map(deref);
  const pathValue = fc.oneof(
    { arbitrary: fc.constantFrom(...world.ids, '0', '1'), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 1 },
    { arbitrary: fc.string({ maxLength: 16 }), weight: 1 },
  );
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const query = parameters.filter((p) => p.in === 'query');
  const queryValue = (p: Json) =>
    fc.option(
      fc.oneof(
        fromSchema(p.schema, world).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
        fc.constantFrom(...HOSTILE_TEXT),
      ),
      { nil: undefined },
    );
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const authorization = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...world.tokens).map((token) => `Bearer ${token}`),
    fc.constantFrom('Bearer ', 'Bearer pk.', 'Basic x', `Bearer ${'a'.repeat(600)}`),
  );
  return fc
    .record({
      params: fc.tuple(...names.map(() => pathValue)),
      query: fc.tuple(...query.map(queryValue)),
      body: method === 'get' ? fc.constant(undefined) : bodyFor(schema, world),
      authorization,
      admin: fc.constantFrom(undefined, ADMIN_KEY, 'wrong'),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', undefined),
      idempotencyKey: fc.constantFrom(undefined, 'k1', 'k2', 'x'.repeat(300)),
    })
    .map((r) => {
      let url = path;
      names.forEach((name, i) => (url = url.replace(`{${name}}`, encodeURIComponent(String(r.params[i])))));
      const search = new URLSearchParams();
      query.forEach((p, i) => {
        const value = r.query[i];
        if (value !== undefined) search.set(p.name as string, value);
      });
      if (search.size > 0) url += `?${search}`;
      const headers: Record<string, string> = {};
      if (r.authorization !== undefined) headers.authorization = r.authorization;
      if (r.admin !== undefined) headers['x-admin-key'] = r.admin;
      if (r.contentType !== undefined && r.body !== undefined) headers['content-type'] = r.contentType;
      if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
      return { method: method.toUpperCase(), url, headers, ...(r.body !== undefined && { payload: r.body }) };
    });
}

/** Bodies that broke a parser or the store before: truncated, NUL, nested thousands deep (in options and at the top). */
const HOSTILE_BODIES = [
  '',
  '{',
  'null',
  '{"name":"a\\u0000b","module":"toy","seats":2,"type":"Draw"}',
  `{"module":"toy","seats":2,"options":{"a":${'['.repeat(3000)}${']'.repeat(3000)}}}`,
  `${'['.repeat(3000)}${']'.repeat(3000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
];

/**
 * The systematic part: every hostile text in every path and query parameter of the operation (the others left at a
 * real value), and every hostile body, each with a real credential. Bounded by the lists, the same on every run.
 */
function sweep(path: string, method: string, operation: Json, world: World): Json[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const query = ((operation.parameters ?? []) as Json[]).map(deref).filter((p) => p.in === 'query');
  const url = (values: Record<string, string>, search: Record<string, string> = {}) => {
    let out = path;
    for (const name of names) out = out.replace(`{${name}}`, encodeURIComponent(values[name] ?? (world.ids[0] as string)));
    const q = new URLSearchParams(search);
    return q.size > 0 ? `${out}?${q}` : out;
  };
  const headers = { authorization: `Bearer ${world.tokens[0]}`, 'content-type': 'application/json' };
  const body = method === 'get' ? {} : { payload: '{}' };
  const requests: Json[] = [];
  for (const text of HOSTILE_TEXT) {
    for (const name of names) requests.push({ method: method.toUpperCase(), url: url({ [name]: text }), headers, ...body });
    for (const p of query) requests.push({ method: method.toUpperCase(), url: url({}, { [p.name]: text }), headers, ...body });
  }
  if (method !== 'get')
    for (const payload of HOSTILE_BODIES) requests.push({ method: method.toUpperCase(), url: url({}), headers, payload });
  return requests;
}

/** Send one request; fail on a 5xx or a hang. */
async function send(ctx: TestApp, request: Json, seen: Map<number, number>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: no answer within ${HANG_MS} ms to ${request.method} ${request.url}`)), HANG_MS);
  });
  try {
    const reply = await Promise.race([ctx.app.inject(request), hang]);
    seen.set(reply.statusCode, (seen.get(reply.statusCode) ?? 0) + 1);
    if (reply.statusCode >= 500) throw new Error(`${request.method} ${request.url} → ${reply.statusCode}: ${reply.body.slice(0, 300)}`);
  } finally {
    clearTimeout(timer);
  }
}

const unwrap = (type: GraphQLInputType | GraphQLOutputType): GraphQLInputType | GraphQLOutputType =>
  type instanceof GraphQLNonNull || type instanceof GraphQLList ? unwrap(type.ofType) : type;

/** A GraphQL literal for an argument type: mostly fitting, sometimes not. */
function literalFor(type: GraphQLInputType, world: World, depth = 0): fc.Arbitrary<string> {
  const fitting = ((): fc.Arbitrary<string> => {
    if (type instanceof GraphQLNonNull) return literalFor(type.ofType, world, depth);
    if (type instanceof GraphQLList)
      return fc.array(literalFor(type.ofType, world, depth + 1), { maxLength: 3 }).map((a) => `[${a.join(', ')}]`);
    if (type instanceof GraphQLEnumType) return fc.constantFrom(...type.getValues().map((v) => v.name));
    if (type instanceof GraphQLInputObjectType) {
      if (depth > 3) return fc.constant('{}');
      const fields = Object.values(type.getFields());
      return fc
        .tuple(...fields.map((f) => fc.option(literalFor(f.type, world, depth + 1), { nil: undefined })))
        .map((values) => `{ ${fields.flatMap((f, i) => (values[i] === undefined ? [] : [`${f.name}: ${values[i]}`])).join(', ')} }`);
    }
    switch (type.name) {
      case 'Int':
        return fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.constantFrom(2 ** 31 - 1, -(2 ** 31))).map(String);
      case 'Float':
        return fc.constantFrom('0.5', '1e308', '-1');
      case 'Boolean':
        return fc.constantFrom('true', 'false');
      default:
        return fc
          .oneof(fc.constantFrom(...world.ids, 'toy'), fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 16 }))
          .map((s) => JSON.stringify(s));
    }
  })();
  return fc.oneof({ arbitrary: fitting, weight: 5 }, { arbitrary: fc.constantFrom('null', '"x"', '-1', '[]', '{}'), weight: 1 });
}

/** A selection of a type's fields, two levels deep, with the arguments of nested fields left to their defaults. */
function selectionOf(type: GraphQLOutputType, depth = 0): string {
  const named = unwrap(type);
  if (named instanceof GraphQLUnionType) return '{ __typename }';
  if (!(named instanceof GraphQLObjectType)) return '';
  const fields = Object.values(named.getFields()).filter((f) => f.args.every((a) => !(a.type instanceof GraphQLNonNull)));
  const parts = fields.flatMap((f) => {
    const inner = unwrap(f.type);
    if (inner instanceof GraphQLObjectType || inner instanceof GraphQLUnionType)
      return depth < 1 ? [`${f.name} ${selectionOf(f.type, depth + 1)}`] : [];
    return [f.name];
  });
  return `{ ${parts.length > 0 ? parts.join(' ') : '__typename'} }`;
}

/** Documents for every Query and Mutation root field, with fitting and unfitting arguments, plus broken documents. */
function documents(schema: GraphQLSchema, world: World): fc.Arbitrary<string> {
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((r): r is GraphQLObjectType => r != null);
  const fields = roots.flatMap((root) =>
    Object.values(root.getFields()).map((field) => {
      const keyword = root === schema.getMutationType() ? 'mutation' : 'query';
      return fc.tuple(...field.args.map((a) => fc.option(literalFor(a.type, world), { freq: 5, nil: undefined }))).map((values) => {
        const args = field.args.flatMap((a, i) => (values[i] === undefined ? [] : [`${a.name}: ${values[i]}`]));
        return `${keyword} { ${field.name}${args.length > 0 ? `(${args.join(', ')})` : ''} ${selectionOf(field.type)} }`;
      });
    }),
  );
  const broken = fc.constantFrom('', '{', 'query { nope }', '{ game }', `{ ${'a { '.repeat(100)}`, 'subscription { x }', '"\\u0000"');
  return fc.oneof(
    { arbitrary: fc.oneof(...fields), weight: 8 },
    { arbitrary: broken, weight: 1 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  );
}

t.test(`every operation of openapi.yaml: ${RUNS} seeded requests each, no 5xx and no hang`, async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '10000000' }, { toy }, undefined, undefined, { postgresGamesList: true });
  t.teardown(ctx.close);
  const w = await world(ctx);
  const seen = new Map<number, number>();
  let operations = 0;
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations++;
      for (const request of sweep(path, method, operation, w)) await send(ctx, request, seen);
      await fc.assert(
        fc.asyncProperty(requestsFor(path, method, operation, w), (request) => send(ctx, request, seen)),
        { numRuns: RUNS, seed: SEED },
      );
    }
  }
  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  t.ok(operations >= 27, `${operations} operations`);
  t.pass(`${total} requests over ${operations} operations; statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
  t.ok(
    [...seen.keys()].some((s) => s < 300),
    'some requests got through to a handler and succeeded',
  );
});

t.test(`every root field of the GraphQL schema: seeded documents, no 5xx and no hang`, async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '10000000' }, { toy }, undefined, undefined, { postgresGamesList: true });
  t.teardown(ctx.close);
  const w = await world(ctx);
  const schema = buildSchema(graphqlSchema({ toy }).sdl);
  const roots =
    Object.keys(schema.getQueryType()?.getFields() ?? {}).length + Object.keys(schema.getMutationType()?.getFields() ?? {}).length;
  const seen = new Map<number, number>();
  const runs = RUNS * roots;
  await fc.assert(
    fc.asyncProperty(
      documents(schema, w),
      fc.constantFrom(undefined, ...w.tokens),
      fc.constantFrom('POST', 'GET'),
      (query, token, method) => {
        const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
        const request =
          method === 'POST'
            ? { method, url: '/graphql', headers, payload: { query } }
            : { method, url: `/graphql?query=${encodeURIComponent(query)}`, headers };
        return send(ctx, request, seen);
      },
    ),
    { numRuns: runs, seed: SEED },
  );
  const total = [...seen.values()].reduce((a, b) => a + b, 0);
  t.pass(`${total} documents over ${roots} root fields; statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
  t.ok(seen.has(200), 'some documents ran');
});
