// REST and GraphQL are two doors to the same operations: the same input gets the same answer, the same validation,
// the same budget and the same auth check. Each case here was a place the two protocols disagreed.
import type { InjectOptions } from 'fastify';
import t from 'tap';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(ctx: TestApp, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return { status: reply.statusCode, body: JSON.parse(reply.body) as Json };
}

t.test('GraphQL requests that are no GraphQL document answer 400, never 500', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const json = { 'content-type': 'application/json' };
  const cases: [string, InjectOptions][] = [
    ['query "1"', { method: 'POST', url: '/graphql', headers: json, payload: '{"query":"1"}' }],
    ['query true', { method: 'POST', url: '/graphql', headers: json, payload: '{"query":true}' }],
    ['query []', { method: 'POST', url: '/graphql', headers: json, payload: '{"query":[]}' }],
    ['a bare string', { method: 'POST', url: '/graphql', headers: json, payload: '"{ modules { name } }"' }],
    [
      'a JSON syntax tree as the query',
      { method: 'POST', url: '/graphql', headers: json, payload: '{"query":"{\\"kind\\":\\"Document\\"}"}' },
    ],
    ['GET ?query=1', { method: 'GET', url: '/graphql?query=1' }],
    ['application/graphql "1"', { method: 'POST', url: '/graphql', headers: { 'content-type': 'application/graphql' }, payload: '1' }],
  ];
  for (const [name, request] of cases) {
    const reply = await ctx.app.inject(request);
    t.equal(reply.statusCode, 400, `${name}: 400`);
    t.equal(JSON.parse(reply.body).errors?.[0]?.extensions?.code, 'graphql/invalid-query', `${name}: graphql/invalid-query`);
  }
  const document = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/graphql' },
    payload: '{ modules { name } }',
  });
  t.equal(document.statusCode, 200, 'application/graphql carrying a document is served');
});

t.test('claimSeat validates a seat name the same over REST and GraphQL, and a refused claim claims nothing', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { gameId } = await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  const claim = 'mutation($g: ID!, $n: String) { claimSeat(gameId: $g, name: $n) { seat } }';
  for (const [why, name] of [
    ['NUL', 'a\u0000b'],
    ['a control character', 'a\u0007b'],
    ['a leading space', ' Ada'],
    ['2,000 characters', 'x'.repeat(2000)],
  ]) {
    const rest = await call(t, ctx.app, 'POST', `/games/${gameId}/seats`, { payload: { name } });
    const graphql = await gql(ctx, claim, { g: gameId, n: name });
    t.equal(rest.status, 400, `${why}: REST refuses it`);
    t.equal(rest.body.code, 'http/invalid-request');
    t.equal(graphql.body.errors?.[0]?.extensions?.code, rest.body.code, `${why}: GraphQL refuses it with the same code`);
    t.equal(graphql.body.errors?.[0]?.extensions?.status, 400);
    t.same(graphql.body.errors?.[0]?.message, rest.body.detail, `${why}: and the same words`);
  }
  const summary = await ctx.service.reads.summary(gameId);
  t.same(
    summary.seats.map((s) => s.claimed),
    [false, false],
    'no seat was claimed by a refused name',
  );
});

t.test("a seat's write budget is one budget: spent over REST, GraphQL's sendCommand is refused too", async (t) => {
  // Three calls of each kind per ten minutes: no refill between REST's last call and GraphQL's, however slow the machine.
  const ctx = await testApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '600000' });
  t.teardown(ctx.close);
  const { gameId } = await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  const token = (await ctx.service.lobby.claimSeat(gameId, {})).token;
  await ctx.service.lobby.claimSeat(gameId, {});
  // Known to the limiter once it authenticates (a read).
  t.equal((await call(t, ctx.app, 'GET', `/games/${gameId}/view`, { token })).status, 200);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push((await call(t, ctx.app, 'POST', `/games/${gameId}/commands`, { token, payload: { type: 'Stop' } })).status);
  }
  t.equal(statuses.at(-1), 429, 'REST spends the burst');
  const revision = (await ctx.service.reads.summary(gameId)).revision;
  const send = 'mutation($g: ID!, $c: JSON!) { sendCommand(gameId: $g, command: $c) { revision } }';
  const graphql = await gql(ctx, send, { g: gameId, c: { type: 'Stop' } }, token);
  t.equal(graphql.status, 429, 'GraphQL answers 429');
  t.equal(graphql.body.errors?.[0]?.extensions?.code, 'http/rate-limited');
  t.equal((await ctx.service.reads.summary(gameId)).revision, revision, 'and the command never reached the rules');
});

t.test('a document of many mutations spends one write per mutation: aliases buy nothing', async (t) => {
  // A bucket of 10 refilled over ten minutes: nothing refills while the test runs.
  const ctx = await testApp({ RATE_LIMIT_MAX: '10', RATE_LIMIT_WINDOW_MS: '600000' });
  t.teardown(ctx.close);
  const aliases = Array.from({ length: 300 }, (_, i) => `g${i}: createGame(module: "toy", seats: 2) { id }`).join('\n');
  const reply = await gql(ctx, `mutation { ${aliases} }`);
  // Mutations run one after the other; the first refused one ends the document (createGame is non-null).
  t.equal(reply.status, 429, 'the document is refused as rate limited');
  t.same(
    reply.body.errors.map((e: Json) => e.extensions.code),
    ['http/rate-limited'],
  );
  const created = (await ctx.store.readAll({ maxCount: 10_000 })).filter((e) => e.type === 'GameCreated').length;
  t.equal(created, 10, 'the write burst created ten games, not 300');
  const rest = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } });
  t.equal(rest.status, 429, 'and REST finds the same budget spent');
});

t.test('registering players buys no budget: twelve keys from one address share the players ceiling', async (t) => {
  // A bucket of 10 refilled over ten minutes: nothing refills while the test runs.
  const burst = 10;
  const ctx = await testApp({ RATE_LIMIT_MAX: String(burst), RATE_LIMIT_WINDOW_MS: '600000', RATE_LIMIT_PLAYERS_PER_ADDRESS: '2' });
  t.teardown(ctx.close);
  const players: { id: string; key: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const registered = await ctx.platform.players.register(`p${i}`);
    players.push({ id: registered.player.id, key: registered.key });
  }
  /** Reads granted to these players, half of them over REST and half over GraphQL: one budget either way. */
  const granted = async (list: typeof players): Promise<number> => {
    let count = 0;
    for (const [i, { id, key }] of list.entries()) {
      for (let n = 0; n < burst; n++) {
        const status =
          i % 2 === 0
            ? (await call(t, ctx.app, 'GET', `/players/${id}/keys`, { token: key })).status
            : (await gql(ctx, 'query($p: ID!) { playerKeys(playerId: $p) { keyId } }', { p: id }, key)).status;
        if (status === 200) count++;
      }
    }
    return count;
  };
  // A key's first call counts against the address (it is not known yet); after that, against its player, and all
  // players of the address together against twice one client's budget.
  t.equal(await granted(players), 3 * burst, 'twelve players got the address budget and twice one burst between them');
  const more: typeof players = [];
  for (let i = 0; i < 12; i++) {
    const registered = await ctx.platform.players.register(`q${i}`);
    more.push({ id: registered.player.id, key: registered.key });
  }
  t.equal(await granted(more), 0, 'twelve more registrations bought nothing more');
});
