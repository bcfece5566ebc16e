// A player's own feed over the API: the inbox (REST and GraphQL) and the myTurns subscription over WebSocket tell a
// player when a seat of theirs is awaited, when its clock runs low and when a game of theirs ends, only theirs, with
// nothing a seat may not see; the inbox pages with a cursor, and myTurns resumes after one.
import { toyGame } from '@delve/kernel/testing';
import t from 'tap';
import WebSocket from 'ws';
import { call } from './support/http';
import { listening, registered, testApp } from './support/app';
import { until } from './support/processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// The notifier's clock runs ahead of the game's by `ahead` ms when a test moves it (clock-low notices fall due by it).
const clock = { ahead: 0 };
const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { toy: toyGame }, undefined, undefined, {
  told: { clock: () => new Date(Date.now() + clock.ahead) },
});
t.teardown(ctx.close);

/** A toy table of two seats taken by these players with their keys; the seat tokens. */
async function table(players: { key: string }[], body: object = {}): Promise<{ id: string; tokens: string[] }> {
  const game = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2, ...body } });
  const tokens: string[] = [];
  for (const p of players) tokens.push((await call(t, ctx.app, 'POST', `/games/${game.body.id}/seats`, { token: p.key })).body.token);
  return { id: game.body.id, tokens };
}

const move = (id: string, token: string | undefined, type: string) =>
  call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: token as string, payload: { type } });
const inbox = (p: { id: string; key: string }, query = '') => call(t, ctx.app, 'GET', `/players/${p.id}/inbox${query}`, { token: p.key });
const kinds = (items: Json[]) => items.map((n) => `${n.kind}:${n.seat ?? '-'}`);

t.test('the inbox tells each player of their own seats only, newest first, and of the end of their games', async (t) => {
  const [ada, bo] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo')];
  const { id, tokens } = await table([ada, bo]);
  await until('seat 0 told', async () => ((await inbox(ada)).body.items.length === 1 ? true : null));
  t.same(kinds((await inbox(bo)).body.items), [], 'seat 1 is not awaited yet');
  await move(id, tokens[0], 'Draw');
  await until('seat 1 told', async () => ((await inbox(bo)).body.items.length === 1 ? true : null));
  await move(id, tokens[1], 'Stand');
  await move(id, tokens[0], 'Stand');
  const ended = await until('the end told', async () => {
    const items = (await inbox(ada)).body.items;
    return items[0]?.kind === 'game.finished' ? items : null;
  });
  t.same(kinds(ended), ['game.finished:-', 'turn:0', 'turn:0'], 'newest first');
  t.match(ended[0], { gameId: id, module: 'toy', status: 'finished', winners: Array, seat: null, deadline: null });
  t.match(ended[1], { gameId: id, kind: 'turn', seat: 0, status: null, winners: null });
  const text = JSON.stringify(ended);
  t.notOk(
    tokens.some((token) => text.includes(token)),
    'no seat token',
  );
  t.notOk(/hands|deck|seed/.test(text), 'nothing of any hand, deck or seed');

  const first = await inbox(ada, '?limit=2');
  t.equal(first.body.items.length, 2);
  const rest = await inbox(ada, `?limit=2&cursor=${first.body.nextCursor}`);
  t.same(kinds(rest.body.items), ['turn:0'], 'the cursor pages on to older ones');
  t.equal(rest.body.nextCursor, null);
});

t.test('the inbox is its player’s own: another key is refused, a malformed cursor named', async (t) => {
  const [ada, bo] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo')];
  t.equal((await call(t, ctx.app, 'GET', `/players/${ada.id}/inbox`)).status, 401);
  const other = await call(t, ctx.app, 'GET', `/players/${ada.id}/inbox`, { token: bo.key });
  t.equal(other.status, 403);
  t.equal(other.body.code, 'auth/not-your-account');
  const bad = await inbox(ada, '?cursor=-1');
  t.equal(bad.status, 400);
  t.match(bad.body.errors, [{ path: '/cursor' }]);
  const huge = await inbox(ada, `?cursor=${'9'.repeat(30)}`);
  t.equal(huge.status, 400, 'a cursor past any id is refused, not a 500');
  const graphql = JSON.parse(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { authorization: `Bearer ${ada.key}` },
        payload: { query: `{ inbox(playerId: "${ada.id}") { items { kind gameId } nextCursor } }` },
      })
    ).body,
  );
  t.same(graphql.data.inbox, { items: [], nextCursor: null }, 'the same operation over GraphQL');
});

t.test('a clock running low is told when a fifth of the time is left, unless the seat moved first', async (t) => {
  const [ada, bo] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo')];
  const { id, tokens } = await table([ada, bo], { clock: { kind: 'move', seconds: 60 } });
  await until('seat 0 told', async () => ((await inbox(ada)).body.items.length === 1 ? true : null));
  t.teardown(() => void (clock.ahead = 0));
  clock.ahead = 31_000;
  const low = await until('seat 0’s clock low', async () => {
    const items = (await inbox(ada)).body.items;
    return items[0]?.kind === 'clock.low' ? items[0] : null;
  });
  const { clock: gameClock } = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
  t.match(low, { gameId: id, seat: 0, deadline: gameClock.deadlines[0].at });
  // Seat 1 gets its minute and moves at once: when the notifier's clock passes its low time, nothing is told.
  clock.ahead = 0;
  await move(id, tokens[0], 'Draw');
  await move(id, tokens[1], 'Draw');
  await until('seat 0 told again', async () => ((await inbox(ada)).body.items[0]?.kind === 'turn' ? true : null));
  clock.ahead = 31_000;
  await until('seat 0’s second clock low', async () => ((await inbox(ada)).body.items[0]?.kind === 'clock.low' ? true : null));
  t.same(kinds((await inbox(bo)).body.items), ['turn:1'], 'seat 1 moved in time: no clock.low');
});

function subscribe(url: string, key: string, variables: Record<string, unknown>) {
  const ws = new WebSocket(url, 'graphql-transport-ws');
  const pushed: Json[] = [];
  const errors: Json[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    if (message.type === 'connection_ack') {
      const query = `subscription($p: ID!, $a: String) { myTurns(playerId: $p, after: $a) { id kind gameId seat status } }`;
      ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
    }
    if (message.type === 'next') pushed.push(message.payload.data?.myTurns ?? message.payload);
    if (message.type === 'error') errors.push(message.payload);
  });
  ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
  return { ws, pushed, errors };
}

t.test('myTurns pushes the player’s notifications as they come, and after a cursor what came before', async (t) => {
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const [ada, bo] = [await registered(ctx, 'Ada'), await registered(ctx, 'Bo')];
  // After id 0: everything Ada is told, however soon after the subscription it comes.
  const live = subscribe(url, ada.key, { p: ada.id, a: '0' });
  t.teardown(() => live.ws.close());
  // Subscribed before anything was told: wait until the socket answers a first push to an earlier game of Ada's.
  const warmup = await table([ada, bo]);
  await until('the first push', async () => (live.pushed.length > 0 ? true : null));
  t.match(live.pushed[0], { kind: 'turn', gameId: warmup.id, seat: 0 });
  const { id, tokens } = await table([bo, ada]);
  await move(id, tokens[0], 'Stand');
  await move(id, tokens[1], 'Stand');
  const pushed = await until('the game’s end pushed', async () =>
    live.pushed.some((n) => n.gameId === id && n.kind === 'game.finished') ? live.pushed : null,
  );
  t.same(
    pushed.filter((n) => n.gameId === id).map((n) => `${n.kind}:${n.seat ?? '-'}`),
    ['turn:1', 'game.finished:-'],
    'Ada’s seat 1 awaited, then the end; nothing of Bo’s seat',
  );
  t.same(live.errors, []);

  const resumed = subscribe(url, ada.key, { p: ada.id, a: pushed[0].id });
  t.teardown(() => resumed.ws.close());
  await until('the resumed feed', async () => (resumed.pushed.length >= pushed.length - 1 ? true : null));
  t.same(
    resumed.pushed.map((n) => n.id),
    pushed.slice(1).map((n) => n.id),
    'after a cursor: everything since, once, in order',
  );

  const intruder = subscribe(url, bo.key, { p: ada.id });
  t.teardown(() => intruder.ws.close());
  const refused = await until('the refusal', async () => (intruder.errors.length > 0 ? intruder.errors : null));
  t.equal(refused[0][0].extensions.code, 'auth/not-your-account', 'another player’s key is refused');
});
