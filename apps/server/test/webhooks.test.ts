// Webhooks over the API with a receiver on loopback: registered by a player for their own games or by the operator for
// every game; each delivery signed, with an id to deduplicate; retried with backoff until delivered, in order per game;
// logged attempt by attempt; a webhook whose delivery fails for good is disabled with the reason; private targets are
// refused at registration and, by what their name resolves to, at delivery.
import { toyGame } from '@delve/kernel/testing';
import t from 'tap';
import { startBeingTold } from '../src/webhooks/leaders';
import { backoffMs, httpSender } from '../src/webhooks/deliverer';
import { verifySignature } from '../src/webhooks/payload';
import { call } from './support/http';
import { ADMIN_KEY, registered, testApp, type TestApp } from './support/app';
import { until } from './support/processes';
import { firstDeliveries, inOrderPerGame, startReceiver, type Received } from './support/receiver';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const admin = { 'x-admin-key': ADMIN_KEY };

/** A toy game of `players.length` seats taken with their keys, played to the end: each seat draws once, then stands. */
async function playToTheEnd(ctx: TestApp, players: { key: string }[], body: object = {}): Promise<string> {
  const game = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: players.length, ...body } });
  const id = game.body.id as string;
  const tokens: string[] = [];
  for (const p of players) tokens.push((await call(t, ctx.app, 'POST', `/games/${id}/seats`, { token: p.key, payload: {} })).body.token);
  const drew = new Set<number>();
  for (let summary = (await call(t, ctx.app, 'GET', `/games/${id}`)).body; summary.status === 'active';) {
    const seat = summary.awaiting[0] as number;
    const type = drew.has(seat) ? 'Stand' : 'Draw';
    drew.add(seat);
    await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[seat] as string, payload: { type } });
    summary = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
  }
  return id;
}

t.test('registering: a player for their own games, the operator for all; the secret once; each sees only its own', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { toy: toyGame });
  t.teardown(ctx.close);
  const [ada, bo] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo')];
  const payload = { url: 'https://hooks.example.com/delve', events: ['turn', 'game.finished'] };
  t.equal((await call(t, ctx.app, 'POST', '/webhooks', { payload })).status, 401, 'no credential');
  const created = await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload });
  t.equal(created.status, 201);
  t.equal(created.headers.location, `/webhooks/${created.body.id}`);
  t.match(created.body, { owner: ada.id, url: payload.url, events: payload.events, status: 'enabled', secret: /^whsec_/ });
  t.same(created.body.deliveries, { pending: 0, delivered: 0, failed: 0 });
  const shown = await call(t, ctx.app, 'GET', `/webhooks/${created.body.id}`, { token: ada.key });
  t.notOk('secret' in shown.body, 'the secret is shown once');
  t.equal((await call(t, ctx.app, 'GET', `/webhooks/${created.body.id}`, { token: bo.key })).status, 404, 'not another player’s');
  const operator = await call(t, ctx.app, 'POST', '/webhooks', { headers: admin, payload: { ...payload, events: ['character.levelled'] } });
  t.match(operator.body, { owner: null, events: ['character.levelled'] });
  t.same(
    (await call(t, ctx.app, 'GET', '/webhooks', { token: ada.key })).body.items.map((w: Json) => w.id),
    [created.body.id],
    'a player lists their own',
  );
  t.equal((await call(t, ctx.app, 'GET', '/webhooks', { headers: admin })).body.items.length, 2, 'the operator lists every one');
  const bad = await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload: { ...payload, events: ['turn', 'turn'] } });
  t.equal(bad.status, 400);
  t.match(bad.body.errors, [{ path: '/events' }]);
  const unknown = await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload: { ...payload, events: ['game.started'] } });
  t.match(unknown.body.errors, [{ path: '/events/0' }]);
  const graphql = JSON.parse(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${bo.key}` },
        payload: { query: 'mutation { createWebhook(url: "https://b.example.com/h", events: ["turn"]) { owner secret status } }' },
      })
    ).body,
  );
  t.match(graphql.data.createWebhook, { owner: bo.id, secret: /^whsec_/, status: 'enabled' }, 'the same operation over GraphQL');
  t.equal((await call(t, ctx.app, 'DELETE', `/webhooks/${created.body.id}`, { token: bo.key })).status, 404);
  t.equal((await call(t, ctx.app, 'DELETE', `/webhooks/${created.body.id}`, { token: ada.key })).status, 204);
  t.equal((await call(t, ctx.app, 'GET', `/webhooks/${created.body.id}`, { token: ada.key })).status, 404, 'gone');
  for (let i = 0; i < 10; i++) await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload });
  const tooMany = await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload });
  t.equal(tooMany.status, 409);
  t.equal(tooMany.body.code, 'webhook/too-many');
});

t.test('private, loopback and link-local targets and plain http are refused at registration, naming the field', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { toy: toyGame });
  t.teardown(ctx.close);
  const refused: [string, string][] = [
    ['https://127.0.0.1/h', 'webhook/private-target'],
    ['https://2130706433/h', 'webhook/private-target'],
    ['https://10.1.2.3/h', 'webhook/private-target'],
    ['https://192.168.0.10/h', 'webhook/private-target'],
    ['https://169.254.169.254/latest/meta-data', 'webhook/private-target'],
    ['https://[::1]/h', 'webhook/private-target'],
    ['https://[::ffff:127.0.0.1]/h', 'webhook/private-target'],
    ['https://[fd00::1]/h', 'webhook/private-target'],
    ['https://localhost/h', 'webhook/private-target'],
    ['https://printer.local/h', 'webhook/private-target'],
    ['https://intranet/h', 'webhook/private-target'],
    ['http://hooks.example.com/h', 'webhook/not-https'],
    ['ftp://hooks.example.com/h', 'webhook/not-https'],
    ['https://user:pw@hooks.example.com/h', 'webhook/credentials-in-url'],
    ['not a url', 'webhook/bad-url'],
  ];
  for (const [url, code] of refused) {
    const answer = await call(t, ctx.app, 'POST', '/webhooks', { headers: admin, payload: { url, events: ['turn'] } });
    t.equal(answer.status, 400, url);
    t.equal(answer.body.code, code, `${url}: ${code}`);
    t.match(answer.body.errors, [{ path: '/url' }]);
  }
  for (const url of ['https://93.184.215.14/h', 'https://hooks.example.com:8443/delve?x=1']) {
    t.equal((await call(t, ctx.app, 'POST', '/webhooks', { headers: admin, payload: { url, events: ['turn'] } })).status, 201, url);
  }
});

t.test('a name that resolves to a private address is refused at delivery: logged, retried, never sent', async (t) => {
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_MAX_ATTEMPTS: '2' }, { toy: toyGame });
  t.teardown(ctx.close);
  const port = new URL(receiver.base).port;
  const url = `https://hooks.example.com:${port}/delve`;
  const created = await call(t, ctx.app, 'POST', '/webhooks', { headers: admin, payload: { url, events: ['turn'] } });
  t.equal(created.status, 201, 'a public name is accepted at registration');
  // The name now resolves to loopback (as a rebinding attacker would make it).
  const resolve = (_host: string, callback: (error: null, addresses: { address: string; family: number }[]) => void) =>
    callback(null, [{ address: '127.0.0.1', family: 4 }]);
  const told = startBeingTold({
    store: ctx.store,
    sql: ctx.sql,
    games: ctx.service,
    modules: { toy: toyGame },
    settings: ctx.config.webhooks,
    onError: (part, error) => t.fail(`${part}: ${String(error)}`),
    send: httpSender(ctx.config.webhooks, resolve),
    pollMs: 20,
  });
  t.teardown(() => told.stop());
  const { gameId } = await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 1 });
  await ctx.service.lobby.claimSeat(gameId, {});
  const webhook = await until('the webhook disabled', async () => {
    const got = (await call(t, ctx.app, 'GET', `/webhooks/${created.body.id}`, { headers: admin })).body;
    return got.status === 'disabled' ? got : null;
  });
  t.match(webhook.disabledReason, /failed 2 times.*resolves to a private address \(127\.0\.0\.1\)/);
  const log = (await call(t, ctx.app, 'GET', `/webhooks/${created.body.id}/deliveries`, { headers: admin })).body.items;
  t.same(
    log[0].attempts.map((a: Json) => [a.statusCode, /private address/.test(a.error)]),
    [
      [null, true],
      [null, true],
    ],
  );
  t.equal(receiver.received.length, 0, 'nothing reached the receiver');
});

t.test('deliveries: signed, each id once delivered, only the player’s own games, every event kind, logged', async (t) => {
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  const env = { RATE_LIMIT_MAX: '1000000', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '20' };
  const ctx = await testApp(env, { toy: toyGame }, undefined, undefined, { told: true, readSide: true });
  t.teardown(ctx.close);
  const [ada, bo, cy] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo'), await registered(ctx, 'Cy')];
  const events = ['turn', 'game.finished', 'campaign.scheduled', 'character.levelled'];
  const hook = await call(t, ctx.app, 'POST', '/webhooks', { token: ada.key, payload: { url: `${receiver.base}/ada`, events } });
  t.equal(hook.status, 201, 'http to loopback with WEBHOOKS_ALLOW_PRIVATE');
  const secret = hook.body.secret as string;

  const ours = await playToTheEnd(ctx, [ada, bo]);
  const theirs = await playToTheEnd(ctx, [bo, cy]);
  // A character that levels: toy characters reach level 2 at 5 XP, 3 for each win.
  const character = (await call(t, ctx.app, 'POST', '/characters', { token: ada.key, payload: { module: 'toy', name: 'Vel' } })).body.id;
  for (let i = 0; i < 2; i++) {
    const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 1 } })).body.id;
    const seat = await call(t, ctx.app, 'POST', `/games/${game}/seats`, { token: ada.key, payload: { character } });
    await call(t, ctx.app, 'POST', `/games/${game}/commands`, { token: seat.body.token, payload: { type: 'Stand' } });
    await until('the game recorded on the character', async () =>
      (await call(t, ctx.app, 'GET', `/characters/${character}`)).body.seatedIn === null ? true : null,
    );
  }
  const campaign = (await call(t, ctx.app, 'POST', '/campaigns', { token: ada.key, payload: { module: 'toy', name: 'Run' } })).body.id;
  const scheduled = await call(t, ctx.app, 'POST', `/campaigns/${campaign}/games`, { token: ada.key, payload: {} });
  t.equal(scheduled.status, 201);

  await receiver.until(
    'the level and the campaign',
    (r) => r.some((x) => x.payload.type === 'character.levelled') && r.some((x) => x.payload.type === 'campaign.scheduled'),
  );
  const got = firstDeliveries(receiver.received);
  for (const r of receiver.received) {
    t.ok(verifySignature(secret, String(r.headers['delve-signature']), r.body, new Date()), 'signed with the webhook’s secret');
    t.equal(r.headers['delve-delivery'], r.payload.id, 'the delivery id in the header and the body');
    t.equal(r.headers['delve-event'], r.payload.type);
  }
  t.notOk(
    verifySignature('whsec_other', String(receiver.received[0]?.headers['delve-signature']), receiver.received[0]?.body ?? '', new Date()),
    'not with another secret',
  );
  t.notOk(
    got.some((r) => r.payload.data.gameId === theirs),
    'nothing of a game Ada has no seat in',
  );
  const ofOurs = got.filter((r) => r.payload.data.gameId === ours);
  t.same(
    ofOurs.map((r) => `${r.payload.type}:${r.payload.data.seat ?? '-'}`),
    ['turn:0', 'turn:0', 'game.finished:-'],
    'Ada’s seat each time it is awaited, then the end',
  );
  t.ok(inOrderPerGame(receiver.received).ok);
  const level = got.find((r) => r.payload.type === 'character.levelled');
  t.match(level?.payload.data, { characterId: character, owner: ada.id, module: 'toy', level: 2, previousLevel: 1 });
  const campaignNotice = got.find((r) => r.payload.type === 'campaign.scheduled');
  t.match(campaignNotice?.payload.data, { campaignId: campaign, gameId: scheduled.body.gameId, seats: [{ seat: 0, player: ada.id }] });
  const text = JSON.stringify(receiver.received.map((r) => r.payload));
  t.notOk(/token|tokenHash|seed|hands|deck/i.test(text), 'no token, seed or hand in any payload');

  await until('every delivery recorded', async () =>
    (await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}`, { token: ada.key })).body.deliveries.pending === 0 ? true : null,
  );
  const log = await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}/deliveries?limit=2`, { token: ada.key });
  t.equal(log.body.items.length, 2);
  t.match(log.body.items[0], { status: 'delivered', attempts: [{ attempt: 1, statusCode: 200, error: null, retryInMs: null }] });
  t.equal(log.body.items[0].payload.id, log.body.items[0].id, 'the log shows the payload as sent');
  const older = await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}/deliveries?cursor=${log.body.nextCursor}`, { token: ada.key });
  t.ok(older.body.items.length > 0, 'the cursor pages on');
  t.equal((await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}/deliveries`, { token: bo.key })).status, 404);
});

t.test('failed attempts are retried with exponential backoff and jitter, each game in order; the log shows each attempt', async (t) => {
  // The receiver fails the first two attempts of every delivery.
  const tries = new Map<string, number>();
  const receiver = await startReceiver((request) => {
    const n = (tries.get(request.payload.id) ?? 0) + 1;
    tries.set(request.payload.id, n);
    return n <= 2 ? 503 : 200;
  });
  t.teardown(() => receiver.close());
  const env = { RATE_LIMIT_MAX: '1000000', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '40' };
  const ctx = await testApp(env, { toy: toyGame }, undefined, undefined, { told: true });
  t.teardown(ctx.close);
  const hook = await call(t, ctx.app, 'POST', '/webhooks', {
    headers: admin,
    payload: { url: receiver.base, events: ['turn', 'game.finished'] },
  });
  const games = await Promise.all([0, 1, 2].map(async () => playToTheEnd(ctx, [await registered(ctx, 'A'), await registered(ctx, 'B')])));
  await receiver.until('every game’s end delivered', (r) =>
    games.every((g) => firstDeliveries(r).some((x) => x.payload.data.gameId === g && x.payload.type === 'game.finished')),
  );
  // The receiver answers before the deliverer records the answer: wait for the log to settle too.
  await until('every delivery recorded', async () =>
    (await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}`, { headers: admin })).body.deliveries.pending === 0 ? true : null,
  );
  const order = inOrderPerGame(receiver.received);
  t.ok(order.ok, `in order per game (${order.outOfOrder.join(', ')})`);
  t.equal(order.games, 3);
  t.ok(
    [...tries.values()].every((n) => n === 3),
    'each delivery: two failures, then a success, nothing after',
  );
  const log = (await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}/deliveries?limit=100`, { headers: admin })).body.items;
  t.equal(log.length, tries.size);
  for (const delivery of log) {
    t.same(
      delivery.attempts.map((a: Json) => a.statusCode),
      [503, 503, 200],
    );
    const [first, second, third] = delivery.attempts as Json[];
    t.ok(first.retryInMs >= 20 && first.retryInMs <= 60, `first wait ${first.retryInMs} ms in [20, 60]`);
    t.ok(second.retryInMs >= 40 && second.retryInMs <= 120, `second wait ${second.retryInMs} ms in [40, 120]`);
    t.ok(Date.parse(second.at) - Date.parse(first.at) >= first.retryInMs, 'not retried before its wait');
    t.ok(Date.parse(third.at) - Date.parse(second.at) >= second.retryInMs);
  }
  t.ok(new Set(log.map((d: Json) => d.attempts[0].retryInMs)).size > 1, 'the jitter differs between deliveries');
});

t.test('a delivery that fails every attempt disables its webhook, with the reason; later ones wait', async (t) => {
  const receiver = await startReceiver(() => 500);
  t.teardown(() => receiver.close());
  const env = { RATE_LIMIT_MAX: '1000000', WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_MS: '10', WEBHOOK_MAX_ATTEMPTS: '3' };
  const ctx = await testApp(env, { toy: toyGame }, undefined, undefined, { told: true });
  t.teardown(ctx.close);
  const hook = await call(t, ctx.app, 'POST', '/webhooks', {
    headers: admin,
    payload: { url: receiver.base, events: ['turn', 'game.finished'] },
  });
  await playToTheEnd(ctx, [await registered(ctx, 'A'), await registered(ctx, 'B')]);
  const disabled = await until('the webhook disabled', async () => {
    const got = (await call(t, ctx.app, 'GET', `/webhooks/${hook.body.id}`, { headers: admin })).body;
    return got.status === 'disabled' ? got : null;
  });
  t.match(disabled.disabledReason, /failed 3 times; the last attempt: HTTP 500/);
  t.ok(disabled.disabledAt);
  t.equal(disabled.deliveries.failed, 1);
  t.ok(disabled.deliveries.pending >= 1, 'the game’s later events wait');
  t.equal(receiver.received.length, 3, 'three attempts of the first event, nothing after');
  t.equal(new Set(receiver.received.map((r: Received) => r.payload.id)).size, 1);
});

t.test('backoff: doubles per attempt from the base, capped at an hour, times 0.5 to 1.5', async (t) => {
  t.equal(backoffMs(1, 1000, 0), 500);
  t.equal(backoffMs(1, 1000, 0.5), 1000);
  t.equal(backoffMs(3, 1000, 0.5), 4000);
  t.equal(backoffMs(30, 1000, 0.5), 3_600_000, 'capped');
  t.equal(backoffMs(2, 1000, 0.75), 2500, 'the second: twice the base, times 1.25');
});
