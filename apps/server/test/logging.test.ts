// What the server says about failures: GraphiQL's own first query answers (options without a default included), every
// 5xx is logged at error level with what caused it in both protocols, and a client's bad token is not an error.
import { readFileSync } from 'node:fs';
import type { GameModule } from '@delve/kernel';
import t from 'tap';
import { loadModules } from '../src/modules';
import { call, graphql } from './support/http';
import { listening, testApp, type LogEntry } from './support/app';
import { subscribe } from './support/socket';
import { toy } from './support/toy';

const ERROR = 50;

t.test("GraphiQL's starter query answers with the shipped modules, options without a default as null", async (t) => {
  const ctx = await testApp({}, await loadModules());
  t.teardown(ctx.close);
  const script = readFileSync(new URL('../src/graphql/graphiql.start.js', import.meta.url), 'utf8');
  const query = /const defaultQuery = `([^`]*)`/.exec(script)?.[1];
  if (query === undefined) throw new Error('graphiql.start.js has no defaultQuery');
  const answer = await graphql(ctx.app, query);
  t.equal(answer.status, 200, 'no 500');
  t.equal(answer.body.errors, undefined);
  const options = answer.body.data.modules.flatMap((m: { options: { default: unknown }[] }) => m.options);
  t.ok(
    options.some((o: { default: unknown }) => o.default === null),
    'an option with no default answers null',
  );
});

/** The toy, except that nobody can see it: its view throws, as a bug in a module would. */
const broken: GameModule<never, never, never, never> = {
  ...(toy as unknown as GameModule<never, never, never, never>),
  name: 'broken',
  view: () => {
    throw new Error('the view exploded');
  },
};

t.test('every 5xx is logged at error level with its cause, over REST and GraphQL', async (t) => {
  const log: LogEntry[] = [];
  const ctx = await testApp({}, { broken }, undefined, undefined, { log: (entry) => log.push(entry) });
  t.teardown(ctx.close);
  const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'broken', seats: 2 } })).body;
  // Not through the contract's oracle: a 500 is a bug, which no operation declares.
  const reply = await ctx.app.inject({ method: 'GET', url: `/games/${game.id}/view` });
  const rest = { status: reply.statusCode, body: JSON.parse(reply.body) };
  t.equal(rest.status, 500);
  t.equal(rest.body.code, 'internal');
  t.notMatch(rest.body.detail, /exploded/, 'the cause stays in the log');
  const viaGraphql = await graphql(ctx.app, 'query($g: ID!) { game(id: $g) { view { __typename } } }', { g: game.id });
  t.equal(viaGraphql.code, 'internal');
  t.notMatch(JSON.stringify(viaGraphql.body), /exploded/, 'the cause stays in the log');
  const errors = log.filter((e) => e.level >= ERROR);
  t.equal(errors.length, 2, 'one error line per failed request');
  for (const entry of errors) t.match(entry, { err: { message: 'the view exploded' } }, `${entry.msg}: with its cause`);
});

t.test("a client's bad token is not logged at error level, in any protocol", async (t) => {
  const log: LogEntry[] = [];
  const ctx = await testApp({}, { toy }, undefined, undefined, { log: (entry) => log.push(entry) });
  t.teardown(ctx.close);
  const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
  t.equal((await call(t, ctx.app, 'GET', `/games/${game.id}/legal-commands`, { token: 'forged' })).status, 403);
  t.equal((await call(t, ctx.app, 'GET', `/games/${game.id}/legal-commands`, { token: 'not a token' })).status, 401);
  const legal = await graphql(ctx.app, 'query($g: ID!) { game(id: $g) { legalCommands { __typename } } }', { g: game.id }, 'forged');
  t.equal(legal.code, 'auth/bad-token');
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const socket = subscribe(url, { authorization: 'Bearer forged' }, 'subscription($g: ID!) { gameUpdated(gameId: $g) { revision } }', {
    g: game.id,
  });
  t.teardown(() => socket.ws.close());
  await socket.start();
  t.equal((await socket.next('error')).payload[0].extensions.code, 'auth/bad-token');
  t.same(
    log.filter((e) => e.level >= ERROR),
    [],
    'nothing at error level',
  );
  t.ok(
    log.some((e) => e.code === 'auth/bad-token'),
    'the refusal is logged, below error',
  );
});
