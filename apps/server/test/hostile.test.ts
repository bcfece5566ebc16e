// Hostile and unlucky input, one test per fault found by probing the API: each answered 500 (or hung) before and now
// answers a 4xx with a stable code. Idempotency keys and the start of a game with empty seats are here too.
import { connect } from 'node:net';
import t from 'tap';
import { loadModules } from '../src/modules';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const UNLIMITED = { RATE_LIMIT_MAX: '1000000' };

async function seatedToyGame(ctx: TestApp): Promise<{ id: string; tokens: string[] }> {
  const id = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const tokens = [(await ctx.service.lobby.claimSeat(id, {})).token, (await ctx.service.lobby.claimSeat(id, {})).token];
  return { id, tokens };
}

const gql = (ctx: TestApp, query: string, variables: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });

t.test('malformed input answers 400 with a code, never 500', async (t) => {
  const ctx = await testApp(UNLIMITED, undefined, undefined, undefined, { postgresGamesList: true });
  t.teardown(ctx.close);
  const { id } = await seatedToyGame(ctx);

  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const nested = await call(t, ctx.app, 'POST', '/games', {
    headers: { 'content-type': 'application/json' },
    payload: `{"module":"toy","seats":2,"options":{"a":${deep}}}`,
  });
  t.equal(nested.status, 400, 'options nested 5000 arrays deep');
  t.equal(nested.body.code, 'http/too-deep');

  for (const url of [
    '/games?limit=-Infinity',
    '/games?limit=Infinity',
    `/games/${id}/events?limit=-Infinity`,
    `/games/${id}/events?from=1e400`,
  ]) {
    const reply = await call(t, ctx.app, 'GET', url);
    t.equal(reply.status, 400, `${url}: a number that is not finite`);
    t.equal(reply.body.code, 'http/invalid-request');
  }

  // A cursor is opaque, but anyone can forge one: this one decodes to text with a NUL, which PostgreSQL refuses.
  const cursor = Buffer.from(JSON.stringify(['2026-01-01\u0000', id])).toString('base64url');
  const forged = await call(t, ctx.app, 'GET', `/games?cursor=${cursor}`);
  t.equal(forged.status, 400, 'REST: a cursor decoding to NUL');
  const viaGraphql = await gql(ctx, 'query($c: String) { games(filter: { cursor: $c }) { nextCursor } }', { c: cursor });
  t.equal(viaGraphql.statusCode, 400, 'GraphQL: the same cursor');
  t.equal(JSON.parse(viaGraphql.body).errors[0].extensions.status, 400);
  t.equal((await call(t, ctx.app, 'GET', '/games?module=%00')).body.code, 'http/nul-character', 'NUL in the query string');
  const nul = await call(t, ctx.app, 'POST', '/players', {
    headers: { 'content-type': 'application/json' },
    payload: '{"name":"a\\u0000b"}',
  });
  t.equal(nul.status, 400, 'a name with NUL is refused by the rules on names, not by PostgreSQL');
  t.not(nul.body.code, 'http/nul-character', 'NUL inside JSON strings is data: the store keeps it (platform.test.ts)');
});

t.test('GraphQL: no document can tie the server up, and subscriptions need a socket', async (t) => {
  const ctx = await testApp(UNLIMITED);
  t.teardown(ctx.close);
  const { id } = await seatedToyGame(ctx);
  const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: game(id: "${id}") { events(limit: 1000) { nextFrom } }`).join(' ');
  // Count the game's reads while the costly document is sent: a refusal by cost comes before any resolver reads.
  const reads = ctx.service.reads as unknown as Record<string, (...args: unknown[]) => unknown>;
  const readsMade: string[] = [];
  const originals = Object.fromEntries(['summary', 'events'].map((name) => [name, reads[name] as (...args: unknown[]) => unknown]));
  for (const [name, original] of Object.entries(originals)) {
    reads[name] = (...args: unknown[]) => {
      readsMade.push(name);
      return original.apply(ctx.service.reads, args);
    };
  }
  const costly = await gql(ctx, `{ ${aliases} }`);
  Object.assign(reads, originals);
  t.equal(costly.statusCode, 400, '50 aliases of a full page of the log');
  t.equal(JSON.parse(costly.body).errors[0].extensions.code, 'graphql/too-costly');
  t.same(readsMade, [], 'refused before any resolver ran: the game was never read');
  const viaVariable = await gql(
    ctx,
    `query($l: Int) { a: events(gameId: "${id}", limit: $l) { nextFrom } b: events(gameId: "${id}", limit: $l) { nextFrom } c: events(gameId: "${id}", limit: $l) { nextFrom } }`,
    { l: 1000 },
  );
  t.equal(viaVariable.statusCode, 400, 'a limit given as a variable counts as the largest it may be');
  const fine = await gql(ctx, `{ game(id: "${id}") { id events(limit: 10) { nextFrom } } }`);
  t.equal(fine.statusCode, 200, 'an ordinary document passes');

  const fragments = `{ ...A } fragment A on Query { ${Array.from({ length: 30 }, (_, i) => `g${i}: game(id: "${id}") { id }`).join(' ')} }`;
  t.equal(JSON.parse((await gql(ctx, fragments)).body).errors[0].extensions.code, 'graphql/too-costly', 'reads behind fragments count');
  const deep = `{ games(filter: { module: ${'['.repeat(5000)}"a"${']'.repeat(5000)} }) { nextCursor } }`;
  const deeply = await gql(ctx, deep);
  t.equal(deeply.statusCode, 400, 'a literal nested 5000 deep');
  t.equal(JSON.parse(deeply.body).errors[0].extensions.code, 'graphql/too-deep');

  const subscription = await gql(ctx, `subscription { gameUpdated(gameId: "${id}") { revision } }`);
  t.equal(subscription.statusCode, 400, 'a subscription over HTTP POST');
  t.equal(JSON.parse(subscription.body).errors[0].extensions.code, 'graphql/subscription-needs-websocket');
});

t.test('a request whose body never completes is answered 408 and closed', async (t) => {
  const ctx = await testApp({ ...UNLIMITED, REQUEST_TIMEOUT_MS: '1000' });
  t.teardown(ctx.close);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = ctx.app.server.address() as { port: number };
  const started = performance.now();
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write('POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"module"'),
    );
    let received = '';
    socket.on('data', (d) => (received += String(d)));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 10 s: the connection is held'));
    }, 10_000).unref();
  });
  const seconds = (performance.now() - started) / 1000;
  t.match(answer, /^HTTP\/1\.1 408/, '408 Request Timeout');
  t.match(answer, /"code":"http\/request-timeout"/, 'as problem+json');
  t.ok(seconds < 4, `closed after ${seconds.toFixed(1)} s`);
});

t.test('Idempotency-Key: a retry gets the first answer; the key reused for another command is 422', async (t) => {
  const ctx = await testApp(UNLIMITED);
  t.teardown(ctx.close);
  const { id, tokens } = await seatedToyGame(ctx);
  const send = (seat: number, type: string, key?: string) =>
    call(t, ctx.app, 'POST', `/games/${id}/commands`, {
      token: tokens[seat] as string,
      payload: { type },
      ...(key !== undefined && { headers: { 'idempotency-key': key } }),
    });
  const first = await send(0, 'Draw', 'move-1');
  t.equal(first.status, 200);
  await send(1, 'Draw');
  await send(0, 'Draw');
  const retry = await send(0, 'Draw', 'move-1');
  t.equal(retry.status, 200);
  t.equal(retry.headers['idempotent-replayed'], 'true');
  t.equal(retry.body.revision, first.body.revision, 'the revision of the first answer, though the game moved on');
  t.same(retry.body.view, first.body.view, 'and its view');
  t.same(retry.body.events, first.body.events, 'and its events');
  const reused = await send(0, 'Stop', 'move-1');
  t.equal(reused.status, 422, 'the same key with another body');
  t.equal(reused.body.code, 'request/idempotency-key-reused');
});

t.test('no module can start with an empty seat: POST /start is refused for each, and the game stays open', async (t) => {
  const modules = await loadModules();
  t.same(Object.keys(modules).sort(), ['dungeon', 'dungeoneer', 'raid', 'venture'], 'every shipped module');
  const ctx = await testApp(UNLIMITED, modules);
  t.teardown(ctx.close);
  for (const [name, module] of Object.entries(modules)) {
    const seats = Math.max(2, module.info.seats.min);
    const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: name, seats } });
    t.equal(created.status, 201, `${name}: a game of ${seats} seats`);
    const { token } = (await call(t, ctx.app, 'POST', `/games/${created.body.id}/seats`, { payload: { seat: 0 } })).body;
    const start = await call(t, ctx.app, 'POST', `/games/${created.body.id}/start`, { token });
    t.equal(start.status, 409, `${name}: start refused`);
    t.equal(start.body.code, 'game/seats-empty', `${name}: because seat 1 is empty`);
    t.equal((await call(t, ctx.app, 'GET', `/games/${created.body.id}`)).body.status, 'open', `${name}: still open for claims`);
  }
});

t.test('a client holding many seat tokens gets no more budget on routes of no game of theirs', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_READS_PER_SECOND: '1', RATE_LIMIT_READ_BURST: '5', RATE_LIMIT_WRITE_BURST: '100' });
  t.teardown(ctx.close);
  const tokens: { id: string; token: string }[] = [];
  for (let i = 0; i < 10; i++) {
    const id = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
    tokens.push({ id, token: (await call(t, ctx.app, 'POST', `/games/${id}/seats`)).body.token });
  }
  const statuses: number[] = [];
  for (const { token } of tokens) statuses.push((await call(t, ctx.app, 'GET', '/games', { token })).status);
  t.same(statuses, [200, 200, 200, 200, 200, 429, 429, 429, 429, 429], 'ten tokens share the address budget on GET /games');
  const own = await call(t, ctx.app, 'GET', `/games/${tokens[3]?.id}/view`, { token: tokens[3]?.token as string });
  t.equal(own.status, 200, "on its own game's routes a seat has a budget of its own");
});

t.test('an honest bot is paced, not locked out: smooth buckets, reads and writes apart, each protocol its answer', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_READS_PER_SECOND: '2', RATE_LIMIT_READ_BURST: '10', RATE_LIMIT_WRITE_BURST: '100' });
  t.teardown(ctx.close);
  const { id, tokens } = await seatedToyGame(ctx);
  const token = tokens[0] as string;
  const view = () => call(t, ctx.app, 'GET', `/games/${id}/view`, { token });
  const burst: number[] = [];
  for (let i = 0; i < 10; i++) burst.push((await view()).status);
  t.same(burst, Array(10).fill(200), 'a burst of 10 reads');
  let limited = await view();
  for (let i = 0; i < 3 && limited.status === 200; i++) limited = await view();
  t.equal(limited.status, 429, 'then paced');
  t.equal(limited.body.code, 'http/rate-limited');
  t.equal(limited.headers['retry-after'], '1', 'told to wait a second, not a minute');
  const write = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token, payload: { type: 'Draw' } });
  t.equal(write.status, 200, 'a move still goes through: writes have their own budget');
  await new Promise((r) => setTimeout(r, 600));
  t.equal((await view()).status, 200, 'a token back within half a second');

  // GraphQL reads without a seat count against the address: ten in a burst, then GraphQL's own refusal.
  let refused: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
  for (let i = 0; i < 20 && !refused; i++) {
    const reply = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ games { nextCursor } }' } });
    if (reply.statusCode === 429) refused = reply;
  }
  t.ok(refused, 'GraphQL over budget answers 429');
  t.equal(JSON.parse(refused?.body ?? '{}').errors?.[0]?.extensions?.code, 'http/rate-limited', 'as a GraphQL error with extensions.code');
  t.equal(refused?.headers['content-type'], 'application/json; charset=utf-8');
  t.ok(refused?.headers['retry-after'], 'with Retry-After');
  const upgrade = await ctx.app.inject({
    method: 'GET',
    url: '/graphql',
    headers: {
      connection: 'upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    },
  });
  t.equal(upgrade.statusCode, 429, 'a WebSocket upgrade over budget is refused with 429');
});

t.test('PostgreSQL refusing text maps to 400; the store being away maps to 503 with Retry-After', async (t) => {
  const { toProblem, retryAfterOf } = await import('../src/problems');
  const pg = (code: string) => Object.assign(new Error('x'), { name: 'PostgresError', code });
  t.equal(toProblem(pg('22021')).status, 400, 'invalid byte sequence (NUL)');
  for (const error of [
    pg('57P01'),
    pg('57P03'),
    pg('08006'),
    Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }),
  ]) {
    t.same(
      [toProblem(error).status, toProblem(error).code, retryAfterOf(error)],
      [503, 'store/unavailable', 2],
      String((error as Json).code),
    );
  }
  t.equal(toProblem(pg('23505')).status, 500, 'anything else unexpected stays an opaque 500');
});

t.test('a read of the log costs what it returns: the head of a long game costs one read, as a page of a new one does', async (t) => {
  // Redaction folds from the nearest record the node keeps (every 64 events; packages/kernel/test/snapshots.test.ts
  // checks how few events a replay reads), so no read is charged for the length of the game.
  const ctx = await testApp({ RATE_LIMIT_READS_PER_SECOND: '1', RATE_LIMIT_READ_BURST: '10', RATE_LIMIT_WRITE_BURST: '100' });
  t.teardown(ctx.close);
  const player = 'p-fold';
  const long = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  await ctx.service.lobby.claimSeat(long, { seat: 0, player });
  // Each token the seat's player asks for is an event: 250 of them make a long stream without playing.
  let head = 0;
  for (let i = 0; i < 250; i++) head = (await ctx.service.lobby.issueSeatToken(long, 0, player)).revision;
  const short = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  // Each game read from an address of its own, so each starts with a full bucket.
  const statuses = async (id: string, from: number, remoteAddress: string) => {
    const out: number[] = [];
    for (let i = 0; i < 10; i++)
      out.push((await ctx.app.inject({ url: `/games/${id}/events?from=${from}&limit=1`, remoteAddress })).statusCode);
    return out;
  };
  const page = Array(10).fill(200);
  t.same(await statuses(short, 0, '10.0.0.1'), page, 'ten reads of a new game fit in a burst of ten');
  t.same(
    await statuses(long, head, '10.0.0.2'),
    page,
    `the head of a ${head}-revision game: ten reads fit too (a read charged by length would stop at four)`,
  );
});
