// End-to-end over inject (and one real socket): a toy game from creation to audit, with every reply checked against openapi.yaml.
import type { ReadModels } from '@delve/projections';
import t, { type Test } from 'tap';
import { call } from './support/http';
import { ADMIN_KEY, testApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function newGame(t: Test, ctx: Awaited<ReturnType<typeof testApp>>, seats = 2) {
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', options: {}, seats } });
  t.equal(created.status, 201, 'created');
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) {
    const claimed = await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: { name: `p${i}` } });
    t.equal(claimed.status, 201, `seat ${i} claimed`);
    t.equal(claimed.body.seat, i);
    tokens.push(claimed.body.token);
  }
  return { id, tokens, created };
}

/** Play by always sending the first legal command of the awaited seat; returns the live views seen by seat 0. */
async function playOut(t: Test, ctx: Awaited<ReturnType<typeof testApp>>, id: string, tokens: string[]) {
  const live: { revision: number; view: Json }[] = [];
  for (let step = 0; step < 200; step++) {
    const summary = await call(t, ctx.app, 'GET', `/games/${id}`);
    if (summary.body.status !== 'active') return { live, summary: summary.body };
    const seat = summary.body.awaiting[0] as number;
    const legal = await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { token: tokens[seat] as string });
    t.equal(legal.body.seat, seat);
    // Draw while low, then stop, so games are varied but end.
    const commands = legal.body.commands as { type: string }[];
    const pick = step % 3 === 2 ? commands[commands.length - 1] : commands[0];
    const sent = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[seat] as string, payload: pick });
    if (sent.status !== 200) {
      t.fail('a legal command was refused', { sent: sent.body, pick });
      break;
    }
    const view = await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string });
    live.push({ revision: view.body.revision, view: view.body.view });
  }
  throw new Error('game did not end');
}

t.test('health, readiness, docs and unknown routes', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  t.same((await call(t, ctx.app, 'GET', '/health')).body, { status: 'ok' });
  t.same((await call(t, ctx.app, 'GET', '/ready')).body, { status: 'ready' });
  const docs = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
  t.equal(docs.statusCode, 200);
  t.ok(JSON.parse(docs.body).paths['/games/{id}/commands'], '/docs serves openapi.yaml');
  const missing = await ctx.app.inject({ method: 'GET', url: '/nope' });
  t.equal(missing.statusCode, 404);
  t.match(missing.headers['content-type'], /application\/problem\+json/);
  t.equal(JSON.parse(missing.body).code, 'http/not-found');
  t.ok(missing.headers['x-request-id'], 'every reply carries a request id');
});

t.test('/ready answers 503 when the store is unreachable', async (t) => {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config');
  const ctx = await testApp();
  t.teardown(ctx.close);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    games: ctx.service,
    reads: {} as ReadModels,
    readiness: async () => {
      throw new Error('connection refused');
    },
    modules: {},
    updates: {
      listen: () => ({ ready: Promise.resolve(), stop: () => {} }),
      listenAll: () => ({ ready: Promise.resolve(), stop: () => {} }),
    },
  });
  t.teardown(() => app.close());
  const ready = await call(t, app, 'GET', '/ready');
  t.equal(ready.status, 503);
  t.equal(ready.body.code, 'ops/not-ready');
});

t.test('a toy game from creation to a verified audit; replays equal the live views', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens, created } = await newGame(t, ctx);
  t.equal(created.headers.location, `/games/${id}`);
  t.equal(created.body.status, 'open');
  t.match(created.body.seedHash, /^[0-9a-f]{64}$/);

  const before = await call(t, ctx.app, 'GET', `/games/${id}/audit`);
  t.equal(before.status, 409, 'no audit before the end');
  t.equal(before.body.code, 'game/not-over');

  const summary = await call(t, ctx.app, 'GET', `/games/${id}`);
  t.equal(summary.body.status, 'active', 'the game starts when the last seat is claimed');
  t.same(summary.body.awaiting, [0]);
  t.same(summary.body.seats, [
    { seat: 0, claimed: true, name: 'p0', player: null, character: null, bot: null, autopilot: false },
    { seat: 1, claimed: true, name: 'p1', player: null, character: null, bot: null, autopilot: false },
  ]);

  const { live, summary: end } = await playOut(t, ctx, id, tokens);
  t.equal(end.status, 'finished');
  t.type(end.winners, Array);
  t.ok(live.length >= 2, 'several commands were played');

  // Replays: seat 0's view at each revision it saw live is what it saw then (after the end everyone sees everything,
  // so compare the revisions before the last one).
  for (const { revision, view } of live.slice(0, -1)) {
    const replay = await call(t, ctx.app, 'GET', `/games/${id}/view?revision=${revision}`, { token: tokens[0] as string });
    // `connected` is who is at the table now (presence), not part of what the revision shows.
    const { connected, ...shown } = replay.body;
    t.type(connected, Array);
    t.same(shown, { revision, clock: null, view }, `replay at ${revision} equals the live view`);
  }
  const beyond = await call(t, ctx.app, 'GET', `/games/${id}/view?revision=${end.revision + 1}`);
  t.equal(beyond.status, 404);

  const audit = await call(t, ctx.app, 'GET', `/games/${id}/audit`);
  t.equal(audit.status, 200);
  t.equal(audit.body.verified, true, 'the audit re-run reproduces the stream');
  t.match(audit.body.seed, /.+/);
  t.ok(audit.body.commands.length >= live.length, 'the command log holds every command');

  const log = await call(t, ctx.app, 'GET', `/games/${id}/events?limit=1000`);
  t.equal(log.body.items.length, end.revision + 1, 'after the end the full log is public');
  t.equal(log.body.nextFrom, null);
  t.ok(
    log.body.items.every((e: Json) => e.type !== 'Drew' || typeof e.data.value === 'number'),
    'no draw is hidden once the game is over',
  );
  t.notOk(JSON.stringify(log.body).includes('tokenHash'), 'token hashes never leave the server');
  const finished = log.body.items.find((e: Json) => e.type === 'GameFinished');
  t.equal(finished?.data.seed, audit.body.seed, 'the revealed seed is the audited one');
});

t.test('conditional GETs: 304 until the game moves, per viewer', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await newGame(t, ctx);
  const first = await call(t, ctx.app, 'GET', `/games/${id}`);
  const etag = first.headers.etag as string;
  t.match(etag, /^W\/"/, 'a weak ETag');
  const same = await call(t, ctx.app, 'GET', `/games/${id}`, { headers: { 'if-none-match': etag } });
  t.equal(same.status, 304, 'unchanged');
  const view0 = await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string });
  const unchanged = await call(t, ctx.app, 'GET', `/games/${id}/view`, {
    token: tokens[0] as string,
    headers: { 'if-none-match': view0.headers.etag as string },
  });
  t.equal(unchanged.status, 304);
  const otherViewer = await call(t, ctx.app, 'GET', `/games/${id}/view`, {
    token: tokens[1] as string,
    headers: { 'if-none-match': view0.headers.etag as string },
  });
  t.equal(otherViewer.status, 200, "seat 0's ETag does not match seat 1's view");
  await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' } });
  const moved = await call(t, ctx.app, 'GET', `/games/${id}`, { headers: { 'if-none-match': etag } });
  t.equal(moved.status, 200, 'a new revision is a new representation');
  t.not(moved.headers.etag, etag);
  const movedView = await call(t, ctx.app, 'GET', `/games/${id}/view`, {
    token: tokens[0] as string,
    headers: { 'if-none-match': view0.headers.etag as string },
  });
  t.equal(movedView.status, 200);
});

t.test('an idempotent retry returns the first answer and appends nothing', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await newGame(t, ctx);
  const headers = { 'idempotency-key': 'retry-1' };
  const first = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' }, headers });
  t.equal(first.status, 200);
  t.equal(first.headers['idempotent-replayed'], 'false');
  const length = (await ctx.store.readStream(`game-${id}`)).length;
  const again = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' }, headers });
  t.equal(again.status, 200);
  t.equal(again.headers['idempotent-replayed'], 'true');
  t.same(again.body.events, first.body.events, 'same events');
  t.equal(again.body.revision, first.body.revision, 'same revision');
  t.equal((await ctx.store.readStream(`game-${id}`)).length, length, 'nothing appended');
  const otherSeat = await call(t, ctx.app, 'POST', `/games/${id}/commands`, {
    token: tokens[1] as string,
    payload: { type: 'Stop' },
    headers,
  });
  t.equal(otherSeat.headers['idempotent-replayed'], 'false', "another seat's command with the same key is not a replay");
  t.same(
    otherSeat.body.events.map((e: Json) => e.type),
    ['Stopped'],
    'it is decided on its own',
  );
});

t.test('a token acts and sees for its own seat only', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await newGame(t, ctx);
  const other = await newGame(t, ctx);

  const drew = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' } });
  const value = drew.body.events.find((e: Json) => e.type === 'Drew').data.value;
  t.type(value, 'number', 'the drawer sees its draw');
  t.equal(drew.body.view.totals[0], value);

  const mine = await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[1] as string });
  t.equal(mine.body.view.totals[0], null, "seat 1 cannot see seat 0's total");
  const spectator = await call(t, ctx.app, 'GET', `/games/${id}/view`);
  t.same(spectator.body.view.totals, [null, null], 'a spectator sees no totals');
  const admin = await call(t, ctx.app, 'GET', `/games/${id}/view`, { headers: { 'x-admin-key': ADMIN_KEY } });
  t.equal(admin.body.view.totals[0], value, 'the admin key reads everything');
  const badAdmin = await call(t, ctx.app, 'GET', `/games/${id}/view`, { headers: { 'x-admin-key': 'wrong-key-wrong-key' } });
  t.equal(badAdmin.status, 403);

  const log1 = await call(t, ctx.app, 'GET', `/games/${id}/events`, { token: tokens[1] as string });
  const seen = log1.body.items.find((e: Json) => e.type === 'Drew');
  t.equal(seen.data.value, null, "seat 1's log hides seat 0's draw");
  t.notOk(JSON.stringify(log1.body).includes('"seed"'), 'the seed stays secret during the game');

  const wrongSeat = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' } });
  t.equal(wrongSeat.status, 422, "seat 0 cannot play on seat 1's turn");
  t.equal(wrongSeat.body.code, 'toy/not-your-turn');
  t.equal(wrongSeat.body.detail, 'it is not your turn');

  const foreign = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: other.tokens[1] as string, payload: { type: 'Draw' } });
  t.equal(foreign.status, 403, "another game's token is refused");
  const forged = await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: 'not-a-real-token' });
  t.equal(forged.status, 403);
  const none = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { payload: { type: 'Draw' } });
  t.equal(none.status, 401);
  t.equal(none.body.code, 'auth/missing-token');
  const malformed = await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { headers: { authorization: 'Basic abc' } });
  t.equal(malformed.status, 401);
  const legal1 = await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { token: tokens[0] as string });
  t.same(legal1.body.commands, [], 'no legal commands off turn');
});

t.test('malformed input is rejected with 400 and changes nothing', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await newGame(t, ctx);
  const length = (await ctx.store.readStream(`game-${id}`)).length;
  const token = tokens[0] as string;
  const bad: [string, unknown][] = [
    ['unknown command type', { type: 'Fly' }],
    ['extra field', { type: 'Draw', cards: 3 }],
    ['no type', { draw: true }],
    ['an array', [{ type: 'Draw' }]],
    ['a string', 'Draw'],
  ];
  for (const [what, payload] of bad) {
    const reply = await call(t, ctx.app, 'POST', `/games/${id}/commands`, {
      token,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    t.equal(reply.status, 400, `${what} → 400`);
  }
  const notJson = await call(t, ctx.app, 'POST', `/games/${id}/commands`, {
    token,
    payload: '{"type":',
    headers: { 'content-type': 'application/json' },
  });
  t.equal(notJson.status, 400);
  t.equal(notJson.body.code, 'http/malformed-json');
  const badKey = await call(t, ctx.app, 'POST', `/games/${id}/commands`, {
    token,
    payload: { type: 'Draw' },
    headers: { 'idempotency-key': 'has space' },
  });
  t.equal(badKey.status, 400);
  t.equal((await ctx.store.readStream(`game-${id}`)).length, length, 'nothing was appended');

  t.equal((await call(t, ctx.app, 'GET', '/games/not-a-uuid')).status, 400);
  t.equal((await call(t, ctx.app, 'GET', '/games/00000000-0000-4000-8000-000000000000')).body.code, 'game/not-found');
  const unknownModule = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'chess', seats: 2 } });
  t.equal(unknownModule.status, 400);
  t.equal(unknownModule.body.code, 'game/unknown-module');
  const badOptions = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', options: { speed: 3 }, seats: 2 } });
  t.equal(badOptions.status, 400);
  t.equal(badOptions.body.code, 'game/bad-options');
  const badSeats = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 9 } });
  t.equal(badSeats.status, 422, "the module's seat rule is a rule violation");
  t.equal(badSeats.body.code, 'toy/seats');
  const events = await call(t, ctx.app, 'GET', `/games/${id}/events?limit=0`);
  t.equal(events.status, 400);
  t.equal(events.body.code, 'http/invalid-request');
  t.ok(events.body.errors.length > 0, 'says what failed');
});

t.test('lobby: seats, start, abandon and conflicts', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 3 } });
  const id = created.body.id as string;
  const a = await call(t, ctx.app, 'POST', `/games/${id}/seats`);
  t.equal(a.status, 201, 'a claim needs no body');
  t.equal(a.body.seat, 0);
  const b = await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: { seat: 2 } });
  t.equal(b.body.seat, 2);
  const taken = await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: { seat: 2 } });
  t.equal(taken.status, 409, 'a taken seat cannot be claimed again');
  t.equal(taken.body.code, 'game/seat-taken');
  const early = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: a.body.token, payload: { type: 'Draw' } });
  t.equal(early.status, 409, 'no commands before the start');
  t.equal(early.body.code, 'game/not-active');
  const anon = await call(t, ctx.app, 'POST', `/games/${id}/start`);
  t.equal(anon.status, 401, 'starting needs a seat token');
  const refused = await call(t, ctx.app, 'POST', `/games/${id}/start`, { token: a.body.token });
  t.equal(refused.status, 409, 'no start while a seat is empty: nobody could ever act for it');
  t.equal(refused.body.code, 'game/seats-empty');
  t.match(refused.body.detail, /seat 1 is empty/);
  await call(t, ctx.app, 'POST', `/games/${id}/seats`);
  const started = await call(t, ctx.app, 'GET', `/games/${id}`);
  t.equal(started.body.status, 'active', 'the last claim starts the game');
  t.equal((await call(t, ctx.app, 'POST', `/games/${id}/start`, { token: a.body.token })).body.code, 'game/not-open');
  const abandoned = await call(t, ctx.app, 'POST', `/games/${id}/abandon`, { token: b.body.token });
  t.equal(abandoned.status, 200);
  t.equal(abandoned.body.status, 'abandoned');
  const after = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: a.body.token, payload: { type: 'Draw' } });
  t.equal(after.status, 409, 'an abandoned game takes no commands');
  const full = await call(t, ctx.app, 'POST', `/games/${id}/seats`);
  t.equal(full.status, 409, 'no seat can be claimed once the game has started');

  const other = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } });
  const byAdmin = await call(t, ctx.app, 'POST', `/games/${other.body.id}/abandon`, { headers: { 'x-admin-key': ADMIN_KEY } });
  t.equal(byAdmin.body.status, 'abandoned', 'the operator can abandon any game');
});

t.test('the games list filters and pages', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body.id);
  await call(t, ctx.app, 'POST', `/games/${ids[0]}/seats`);
  await call(t, ctx.app, 'POST', `/games/${ids[0]}/seats`);
  // The list follows the store asynchronously: wait (bounded) until it shows the first game active.
  for (let i = 0; i < 250; i++) {
    const listed = await call(t, ctx.app, 'GET', '/games?status=active&module=toy');
    if (listed.body.items.length > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const page1 = await call(t, ctx.app, 'GET', '/games?limit=3');
  t.same(
    page1.body.items.map((g: Json) => g.id),
    ids.slice(2).reverse(),
    'newest first',
  );
  const page2 = await call(t, ctx.app, 'GET', `/games?limit=3&cursor=${page1.body.nextCursor}`);
  t.same(
    page2.body.items.map((g: Json) => g.id),
    [ids[1], ids[0]],
  );
  t.equal(page2.body.nextCursor, null);
  const active = await call(t, ctx.app, 'GET', '/games?status=active&module=toy');
  t.same(
    active.body.items.map((g: Json) => [g.id, g.openSeats]),
    [[ids[0], 0]],
  );
  t.equal((await call(t, ctx.app, 'GET', '/games?status=sleeping')).status, 400);
  t.equal((await call(t, ctx.app, 'GET', '/games?cursor=zzz')).status, 400);
});

t.test('limits: body size and rate', async (t) => {
  const ctx = await testApp({ BODY_LIMIT: '2048', RATE_LIMIT_MAX: '5' });
  t.teardown(ctx.close);
  const big = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2, options: { pad: 'x'.repeat(4096) } } });
  t.equal(big.status, 413);
  t.equal(big.body.code, 'http/payload-too-large');
  // A claimed seat token is its own bucket: it still works once this address has used up its own.
  const game = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } });
  const { token } = (await call(t, ctx.app, 'POST', `/games/${game.body.id}/seats`, { payload: {} })).body;
  let limited: Json;
  for (let i = 0; i < 10 && !limited; i++) {
    const reply = await call(t, ctx.app, 'GET', '/games/00000000-0000-4000-8000-000000000000');
    if (reply.status === 429) limited = reply;
  }
  t.ok(limited, 'the rate limit answers 429');
  t.equal(limited.body.code, 'http/rate-limited');
  t.ok(limited.headers['retry-after'], 'with Retry-After');
  t.equal((await call(t, ctx.app, 'GET', '/health')).status, 200, 'health is never rate limited');
  const forged = await ctx.app.inject({ method: 'GET', url: '/games', headers: { authorization: `Bearer fresh-${Math.random()}` } });
  t.equal(forged.statusCode, 429, 'a made-up token does not buy a fresh bucket');
  const seated = await ctx.app.inject({ method: 'GET', url: `/games/${game.body.id}/view`, headers: { authorization: `Bearer ${token}` } });
  t.equal(seated.statusCode, 200, "a claimed seat's token has a bucket of its own");
});

t.test('over a real socket', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = async (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  const created = (await (await post('/games', { module: 'toy', seats: 2 })).json()) as Json;
  const s0 = (await (await post(`/games/${created.id}/seats`, {})).json()) as Json;
  await post(`/games/${created.id}/seats`, {});
  const sent = await post(`/games/${created.id}/commands`, { type: 'Stop' }, s0.token);
  t.equal(sent.status, 200);
  t.ok(sent.headers.get('x-request-id'));
  const body = (await sent.json()) as Json;
  t.same(
    body.events.map((e: Json) => e.type),
    ['Stopped'],
  );
  const problem = await post(`/games/${created.id}/commands`, { type: 'Stop' }, s0.token);
  t.equal(problem.status, 422);
  t.equal(problem.headers.get('content-type'), 'application/problem+json; charset=utf-8');
});
