// Both protocols answer the same to the same input: for every operation served over REST and GraphQL, the same
// inputs (valid ones, each field bent out of shape within its GraphQL type, and every kind of credential) get the same
// outcome: success in both, or the same status and code. Generated from the two binding tables, so a new operation is
// covered as soon as it has a route and a field.
import { buildSchema, getNamedType, isCompositeType, type GraphQLArgument, type GraphQLField } from 'graphql';
import t from 'tap';
import { graphqlSchema } from '../src/graphql/index';
import type { AnyOperation } from '../src/operations/operation';
import { restRoutes } from '../src/rest/routes';
import { ADMIN_KEY, testApp, type TestApp } from './support/app';
import { toy } from './support/toy';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const ctx: TestApp = await testApp({ RATE_LIMIT_MAX: '10000000' }, { toy });
t.teardown(ctx.close);
const { sdl, fields } = graphqlSchema({ toy });
const schema = buildSchema(sdl);

// A world to aim at: a game with both seats claimed, an open one, a player with a character and a campaign.
const inject = async (method: string, url: string, payload?: unknown, token?: string): Promise<Json> =>
  JSON.parse(
    (
      await ctx.app.inject({
        method: method as 'POST',
        url,
        ...(payload !== undefined && { payload: payload as object }),
        ...(token !== undefined && { headers: { authorization: `Bearer ${token}` } }),
      })
    ).body || 'null',
  );
const game = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
const seat = (await ctx.service.lobby.claimSeat(game, {})).token;
await ctx.service.lobby.claimSeat(game, {});
const player = await inject('POST', '/players', { name: 'Parity' });
const character = await inject('POST', '/characters', { module: 'toy', name: 'Twin' }, player.key);
const campaign = await inject('POST', '/campaigns', { module: 'toy', name: 'Both doors' }, player.key);

/** A valid value for each input field, by field name and the operation's group (whose id an `id` is). */
function validInput(op: AnyOperation): Record<string, unknown> {
  const ids: Record<string, string> = { games: game, play: game, players: player.id, characters: character.id, campaigns: campaign.id };
  const values: Record<string, unknown> = {
    id: ids[op.group],
    module: 'toy',
    seats: 2,
    name: 'toy',
    owner: player.id,
    keyId: player.keyId,
    command: { type: 'Draw' },
    revision: 0,
    seat: 0,
  };
  const required = new Set(op.input.required ?? []);
  return Object.fromEntries(Object.keys(op.input.properties).flatMap((f) => (required.has(f) && f in values ? [[f, values[f]]] : [])));
}

/** Values of a field's own GraphQL type that its schema refuses (or names nothing): the operation must refuse them. */
function bentValues(schema: Json): unknown[] {
  if (schema.type === 'integer') return [-1, 2 ** 31 - 1];
  if (schema.type === 'string') return ['', ' padded', 'a\u0007b', 'x'.repeat(3000), '00000000-0000-4000-8000-000000000000'];
  return [];
}

type Outcome = string;
const outcomeOf = (status: number, code: unknown): Outcome => (status < 300 ? 'ok' : `${status} ${String(code)}`);

async function viaRest(op: AnyOperation, input: Record<string, unknown>, headers: Record<string, string>): Promise<Outcome> {
  const route = restRoutes.find((r) => r.operation === op);
  if (!route) throw new Error(`no route for ${op.name}`);
  const rest = { ...input };
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const fromHeaders = Object.fromEntries(
    Object.entries(route.headers ?? {}).flatMap(([h, f]) => (f in rest ? [[h, String(rest[f])]] : [])),
  );
  for (const field of Object.values(route.headers ?? {})) delete rest[field];
  const query = new URLSearchParams(Object.entries(rest).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const body = route.body !== undefined ? rest[route.body] : rest;
  const reply = await ctx.app.inject({
    method: route.method,
    url: route.method === 'POST' || query === '' ? url : `${url}?${query}`,
    headers: { ...headers, ...fromHeaders },
    ...(route.method === 'POST' && { payload: body as object }),
  });
  return outcomeOf(reply.statusCode, reply.statusCode < 300 ? null : JSON.parse(reply.body).code);
}

async function viaGraphql(name: string, root: 'Query' | 'Mutation', input: Record<string, unknown>, headers: Record<string, string>) {
  const field = (root === 'Query' ? schema.getQueryType() : schema.getMutationType())?.getFields()[name] as GraphQLField<unknown, unknown>;
  const binding = fields.find((f) => f.on === root && f.name === name);
  const argOf = new Map(Object.entries(binding?.args ?? {}).map(([arg, inputField]) => [inputField, arg]));
  const args = new Map(field.args.map((a: GraphQLArgument) => [a.name, a]));
  const given = Object.entries(input).map(([f, v]) => [argOf.get(f) ?? f, v] as const);
  const wrapper = binding?.inputObject;
  const declarations = wrapper
    ? `$${wrapper.arg}: ${String(args.get(wrapper.arg)?.type)}`
    : given.map(([a]) => `$${a}: ${String(args.get(a)?.type)}`).join(', ');
  const passed = wrapper ? `${wrapper.arg}: $${wrapper.arg}` : given.map(([a]) => `${a}: $${a}`).join(', ');
  const variables = wrapper ? { [wrapper.arg]: Object.fromEntries(given) } : Object.fromEntries(given);
  const selection = isCompositeType(getNamedType(field.type)) ? '{ __typename }' : '';
  const document = `${root === 'Query' ? 'query' : 'mutation'}${declarations ? `(${declarations})` : ''} { ${name}${passed ? `(${passed})` : ''} ${selection} }`;
  const reply = await ctx.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: document, variables } });
  const error = JSON.parse(reply.body).errors?.[0];
  return error ? outcomeOf(error.extensions?.status ?? reply.statusCode, error.extensions?.code) : 'ok';
}

const CREDENTIALS: [string, Record<string, string>][] = [
  ['no credential', {}],
  ['a seat token', { authorization: `Bearer ${seat}` }],
  ['a player key', { authorization: `Bearer ${player.key}` }],
  ['a token of nothing', { authorization: 'Bearer not-a-token' }],
  ['a malformed Authorization', { authorization: 'Basic x' }],
  ['a wrong admin key', { 'x-admin-key': 'wrong-admin-key-0000' }],
  ['the admin key', { 'x-admin-key': ADMIN_KEY }],
];

t.test('every operation over REST and GraphQL: the same input, the same outcome', async (t) => {
  let compared = 0;
  for (const binding of fields.filter((f) => f.on === 'Query' || f.on === 'Mutation')) {
    const op = binding.operation;
    if (!restRoutes.some((r) => r.operation === op) || binding.parent) continue;
    const root = binding.on as 'Query' | 'Mutation';
    const valid = validInput(op);
    const inputs: [string, Record<string, unknown>][] = [];
    const route = restRoutes.find((r) => r.operation === op);
    for (const [field, fieldSchema] of Object.entries(op.input.properties as Record<string, Json>)) {
      // A URL path has a length limit GraphQL arguments do not (414 before anything reads it): not the same input.
      const inPath = route?.url.includes(`:${field}`) === true;
      for (const value of bentValues(fieldSchema).filter((v) => !inPath || String(v).length <= 100))
        inputs.push([`${field}=${JSON.stringify(value).slice(0, 20)}`, { ...valid, [field]: value }]);
    }
    // Reads may also be compared with valid input, every credential at a time: they change nothing.
    if (op.budget === 'read') inputs.push(['valid input', valid]);
    for (const [what, input] of inputs) {
      for (const [who, headers] of op.budget === 'read' || what !== 'valid input' ? CREDENTIALS : []) {
        const rest = await viaRest(op, input, headers);
        const graphql = await viaGraphql(binding.name, root, input, headers);
        if (graphql.endsWith('graphql/invalid-query')) continue; // refused by GraphQL's own types first
        if (rest !== graphql) t.fail(`${op.name} with ${what} and ${who}: REST ${rest}, GraphQL ${graphql}`);
        compared++;
      }
    }
  }
  t.ok(compared > 500, `${compared} inputs answered alike by both protocols`);
});
