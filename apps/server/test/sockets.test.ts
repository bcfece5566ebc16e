// Subscriptions over graphql-ws: each distinct document parsed and validated once (bounded), HTTP's limits applied to a
// subscription's document, only subscriptions served on the socket, and the server's shutdown closing its sockets.
import t from 'tap';
import {
  buildSchema,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  parse,
  subscribe as graphqlSubscribe,
  type ExecutionResult,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import WebSocket from 'ws';
import { graphqlSchema } from '../src/graphql/index';
import { MAX_DEPTH } from '../src/graphql/limits';
import { CompiledPushes, SubscriptionDocuments } from '../src/graphql/sockets';
import { toy } from './support/toy';
import { listening, testApp } from './support/app';
import { subscribe } from './support/socket';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const schema = buildSchema(graphqlSchema({ toy }).sdl);
const codes = (refused: unknown) => (Array.isArray(refused) ? refused.map((e) => e.extensions.code) : 'a document');
/** A selection `levels` fields deep below `__type` (a root field at depth 0), on any schema. */
const deep = (levels: number) => `{ __type(name: "Query") { ${'ofType { '.repeat(levels - 1)}name${' }'.repeat(levels - 1)} } }`;

t.test('a document is parsed and validated once, and the memory of documents is bounded', async (t) => {
  let schemaReads = 0;
  const documents = new SubscriptionDocuments(() => (schemaReads++, schema));
  const text = 'subscription($g: ID!) { gameUpdated(gameId: $g) { revision } }';
  const first = documents.document(text);
  t.notOk(Array.isArray(first), 'a valid subscription document');
  t.equal(documents.document(text), first, 'the same text gives the same syntax tree');
  t.equal(schemaReads, 1, 'validated once');
  for (let i = 0; i < 1000; i++) documents.document(`subscription { lobbyUpdated(module: "m${i}") { id } }`);
  t.not(documents.document(text), first, 'past 1,000 documents the memory starts over');
});

t.test('pushes run a function compiled once per document; the subscribe resolver gets its own arguments', async (t) => {
  const closed: number[] = [];
  const int = new GraphQLNonNull(GraphQLInt);
  const tick = new GraphQLObjectType({
    name: 'Tick',
    fields: { n: { type: int }, twice: { type: int, resolve: (tick: { n: number }) => tick.n * 2 } },
  });
  const ticks = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { q: { type: GraphQLInt } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        ticks: {
          type: tick,
          args: { from: { type: int } },
          subscribe: async function* (_root: unknown, args: { from: number }) {
            try {
              for (let n = args.from; ; n++) yield { n };
            } finally {
              closed.push(args.from);
            }
          },
          resolve: (payload: unknown) => payload,
        },
      },
    }),
  });
  let compilations = 0;
  let pushes = 0;
  const pushed = new CompiledPushes((...args) => {
    compilations++;
    const compiled = compileQuery(...args);
    if (!isCompiledQuery(compiled)) return compiled;
    const { query } = compiled;
    return Object.assign(compiled, { query: (...q: Parameters<typeof query>) => (pushes++, query(...q)) });
  });
  const document = parse('subscription($f: Int!) { ticks(from: $f) { n twice } }');
  const take = async (stream: unknown, count: number) => {
    const iterator = (stream as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
    const got: ExecutionResult[] = [];
    for (let i = 0; i < count; i++) got.push((await iterator.next()).value as ExecutionResult);
    await iterator.return?.();
    return got;
  };
  const args = (from: number) => ({ schema: ticks, document, variableValues: { f: from } });
  const compiledTwo = await take(await pushed.subscribe(args(5)), 2);
  t.same(compiledTwo, await take(await graphqlSubscribe(args(5)), 2), 'each push is what graphql-js makes of it');
  t.same(compiledTwo, [{ data: { ticks: { n: 5, twice: 10 } } }, { data: { ticks: { n: 6, twice: 12 } } }], 'from the field’s argument');
  await take(await pushed.subscribe(args(9)), 1);
  t.equal(compilations, 1, 'a second subscription with the same document compiles nothing');
  t.equal(pushes, 3, 'and every push ran the compiled function');
  t.same(closed, [5, 5, 9], 'breaking off ends the source');
});

t.test('a subscription document is held to the limits of HTTP documents', async (t) => {
  const documents = new SubscriptionDocuments(() => schema);
  t.same(codes(documents.document(`{ ${'['.repeat(100)} }`)), ['graphql/too-deep'], 'brackets nested past MAX_NESTING');
  t.same(codes(documents.document('subscription {')), ['graphql/invalid-query'], 'a text that does not parse');
  t.same(codes(documents.document(deep(MAX_DEPTH + 1))), ['graphql/too-deep'], 'a selection deeper than MAX_DEPTH');
  t.notOk(Array.isArray(documents.document(deep(MAX_DEPTH))), 'a selection MAX_DEPTH deep passes');
  const reads = Array.from({ length: 30 }, (_, i) => `g${i}: game(id: "x") { id }`).join(' ');
  t.same(codes(documents.document(`{ ${reads} }`)), ['graphql/too-costly'], 'the budget of store reads');
  t.same(codes(documents.document('subscription { noSuchField }')), [undefined], 'graphql-js own rules (coded when sent)');
});

t.test('over the socket: refusals with their codes, only subscriptions, and sockets closed on shutdown', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;

  const tooDeep = subscribe(url, {}, deep(MAX_DEPTH + 1), {});
  t.teardown(() => tooDeep.ws.close());
  await tooDeep.start();
  t.equal((await tooDeep.next('error')).payload[0].extensions.code, 'graphql/too-deep', 'depth refused on the socket');

  const unknown = subscribe(url, {}, 'subscription { noSuchField }', {});
  t.teardown(() => unknown.ws.close());
  await unknown.start();
  t.equal((await unknown.next('error')).payload[0].extensions.code, 'graphql/invalid-query', 'an invalid document');

  const query = subscribe(url, {}, '{ modules { name } }', {});
  t.teardown(() => query.ws.close());
  await query.start();
  t.equal((await query.next('error')).payload[0].extensions.code, 'graphql/invalid-query', 'a query over the socket is refused');

  const overHttp = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: deep(MAX_DEPTH + 1) } });
  t.equal(JSON.parse(overHttp.body).errors[0].extensions.code, 'graphql/too-deep', 'the same depth limit over HTTP');

  const id = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const live = subscribe(url, {}, 'subscription($g: ID!) { gameUpdated(gameId: $g, after: -1) { revision } }', { g: id });
  await live.start();
  t.ok((await live.next('next')).payload.data.gameUpdated, 'a live subscription');
  const closed = new Promise<void>((resolve) => live.ws.once('close', () => resolve()));
  await ctx.app.close();
  await closed;
  t.equal(live.ws.readyState, WebSocket.CLOSED, 'the server closed the socket on shutdown');
});

t.test('connection_init payloads that are no credentials subscribe as a spectator, never fail the socket', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const id = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const odd = subscribe(
    url,
    { authorization: 42, adminKey: ['x'] } as Json,
    'subscription($g: ID!) { gameUpdated(gameId: $g, after: -1) { revision } }',
    { g: id },
  );
  t.teardown(() => odd.ws.close());
  await odd.start();
  t.type((await odd.next('next')).payload.data.gameUpdated.revision, 'number', 'pushed as a spectator');
});
