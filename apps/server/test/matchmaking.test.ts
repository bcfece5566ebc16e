// Matchmaking over the API: tickets over REST and GraphQL fill the oldest table first and start it when full, can be
// listed and cancelled, end with the game and seat they got, fill with bots after a while when asked; the lobby lists
// open tables and lobbyUpdated tells of each change.
import { toyGame } from '@delve/kernel/testing';
import t from 'tap';
import WebSocket from 'ws';
import { call } from './support/http';
import { listening, testApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

// The kernel's toy: options to make pools apart, and a bot to fill tables with.
const ctx = await testApp({ RATE_LIMIT_MAX: '1000000', BOT_PACE_MS: '0' }, { toy: toyGame }, undefined, undefined, {
  scheduler: true,
  readSide: true,
});
t.teardown(ctx.close);

async function player(name: string): Promise<{ id: string; key: string }> {
  const registered = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
  return { id: registered.body.id, key: registered.body.key };
}

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

t.test('tickets over both protocols fill the oldest table first; it starts when full; tickets say where they got', async (t) => {
  const [ada, bo, cy] = [await player('Ada'), await player('Bo'), await player('Cy')];
  const first = await call(t, ctx.app, 'POST', '/matchmaking/tickets', { token: ada.key, payload: { module: 'toy', seats: 2 } });
  t.equal(first.status, 201);
  t.match(first.body, { status: 'seated', seat: 0, module: 'toy', seats: 2 });
  t.type(first.body.token, 'string', 'the seat token comes with the placement');
  const open = await call(t, ctx.app, 'GET', '/games?open=true&module=toy');
  await until('the table in the lobby', async () =>
    (await call(t, ctx.app, 'GET', '/games?open=true&module=toy')).body.items.some((g: Json) => g.id === first.body.gameId) ? true : null,
  );
  t.equal(open.status, 200);
  const query = 'mutation { openTicket(module: "toy", seats: 2) { status gameId seat token } }';
  const second = JSON.parse(
    (await ctx.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: `Bearer ${bo.key}` }, payload: { query } })).body,
  ).data.openTicket;
  t.match(second, { status: 'seated', gameId: first.body.gameId, seat: 1 }, 'the second ticket takes the free seat of the same table');
  const game = await call(t, ctx.app, 'GET', `/games/${first.body.gameId}`);
  t.equal(game.body.status, 'active', 'the full table started');
  t.same(
    game.body.seats.map((s: Json) => s.player),
    [ada.id, bo.id],
  );
  const view = await call(t, ctx.app, 'GET', `/games/${first.body.gameId}/legal-commands`, { token: first.body.token });
  t.equal(view.status, 200, 'the token plays the seat');

  const third = await call(t, ctx.app, 'POST', '/matchmaking/tickets', { token: cy.key, payload: { module: 'toy', seats: 2 } });
  t.not(third.body.gameId, first.body.gameId, 'a full table takes no more: the third opens the next');
  const listed = await until('the tickets read model', async () => {
    const page = await call(t, ctx.app, 'GET', '/matchmaking/tickets', { token: ada.key });
    return page.body.items.length > 0 ? page.body.items : null;
  });
  t.same(
    listed.map((x: Json) => x.id),
    [first.body.id],
    'a player lists their own tickets only',
  );
  const got = await call(t, ctx.app, 'GET', `/matchmaking/tickets/${first.body.id}`, { token: ada.key });
  t.match(got.body, { status: 'seated', gameId: first.body.gameId, seat: 0 });
  t.equal(
    (await call(t, ctx.app, 'GET', `/matchmaking/tickets/${first.body.id}`, { token: bo.key })).status,
    404,
    "another's ticket is not found",
  );
  const cancel = await call(t, ctx.app, 'DELETE', `/matchmaking/tickets/${first.body.id}`, { token: ada.key });
  t.equal(cancel.status, 409, 'a placed ticket is not cancelled');
  t.equal(cancel.body.code, 'ticket/not-open');
});

t.test('a ticket waits at a table of its own pool, and cancelling it leaves the seat for the next ticket', async (t) => {
  const [dee, eve] = [await player('Dee'), await player('Eve')];
  // Options of their own: a pool of their own, whose first ticket opens a table and waits for the second seat.
  const options = { maxCards: 2 };
  const waiting = await call(t, ctx.app, 'POST', '/matchmaking/tickets', { token: dee.key, payload: { module: 'toy', seats: 2, options } });
  t.match(waiting.body, { status: 'seated', seat: 0 }, 'it has a seat at a table that waits for more');
  const other = await call(t, ctx.app, 'POST', '/matchmaking/tickets', {
    token: eve.key,
    payload: { module: 'toy', seats: 3, options },
  });
  t.not(other.body.gameId, waiting.body.gameId, 'another seat count is another pool');
  const cancelled = await call(t, ctx.app, 'DELETE', `/matchmaking/tickets/${other.body.id}`, { token: eve.key });
  t.equal(cancelled.status, 200, 'its game has not started: the ticket is cancelled');
  t.equal(cancelled.body.status, 'cancelled');
  t.equal((await call(t, ctx.app, 'GET', `/games/${other.body.gameId}`)).body.seats[0].claimed, false, 'and its seat is free');
  const again = await call(t, ctx.app, 'POST', '/matchmaking/tickets', { token: dee.key, payload: { module: 'toy', seats: 3, options } });
  t.match(again.body, { gameId: other.body.gameId, seat: 0 }, 'the next ticket of that pool takes the seat left');
});

t.test('fillWithBotsAfter: what is left of the table goes to bots, and the game starts', async (t) => {
  const fay = await player('Fay');
  const ticket = await call(t, ctx.app, 'POST', '/matchmaking/tickets', {
    token: fay.key,
    payload: { module: 'toy', seats: 3, options: { maxCards: 4 }, fillWithBotsAfter: 1 },
  });
  t.match(ticket.body, { status: 'seated', seat: 0 });
  const game = await until('the bots to fill the table', async () => {
    const summary = (await call(t, ctx.app, 'GET', `/games/${ticket.body.gameId}`)).body;
    return summary.status !== 'open' ? summary : null;
  });
  t.equal(game.status, 'active');
  t.same(
    game.seats.map((s: Json) => s.bot),
    [null, 'fifteen', 'fifteen'],
  );
});

t.test('lobbyUpdated pushes each change to a table of the lobby', async (t) => {
  const url = (await listening(ctx.app)).replace('http', 'ws');
  const ws = new WebSocket(`${url}/graphql`, 'graphql-transport-ws');
  t.teardown(() => ws.close());
  const messages: Json[] = [];
  const next = (type: string) =>
    until(`a ${type} message`, async () => {
      const i = messages.findIndex((m) => m.type === type);
      return i < 0 ? null : messages.splice(i, 1)[0];
    });
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await next('connection_ack');
  const query = 'subscription { lobbyUpdated(module: "toy") { id status seats { seat claimed } } }';
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  // Subscribed once a table change reaches it: make changes until one does, then follow one table.
  const gus = await player('Gus');
  let pushed: Json = null;
  for (let i = 0; i < 20 && pushed === null; i++) {
    await call(t, ctx.app, 'POST', '/matchmaking/tickets', {
      token: gus.key,
      payload: { module: 'toy', seats: 4, options: { maxCards: 5 } },
    });
    pushed = await until('a push', async () => (messages.some((m) => m.type === 'next') ? next('next') : null)).catch(() => null);
  }
  t.ok(pushed, 'a table change was pushed');
  t.equal(pushed.payload.data.lobbyUpdated.status, 'open');
  t.ok(
    pushed.payload.data.lobbyUpdated.seats.some((s: Json) => !s.claimed),
    'with its free seats',
  );
});
