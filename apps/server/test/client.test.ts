// @delve/client against a test server, on what the packed-client test does not reach: Retry-After on a refusal, a
// refused subscription as a DelveError, and a subscription that resumes after a dropped connection.
import { DelveClient, DelveError, type Command, type ModuleName } from '@delve/client';
import { toyGame } from '@delve/kernel/testing';
import t from 'tap';
import WebSocket from 'ws';
import { listening, testApp } from './support/app';
import { until } from './support/processes';
import { checkedFetch } from './support/http';

t.test("a refused request's DelveError carries Retry-After", async (t) => {
  const ctx = await testApp({ RATE_LIMIT_READS_PER_SECOND: '1', RATE_LIMIT_READ_BURST: '1' });
  t.teardown(ctx.close);
  const client = new DelveClient({ baseUrl: await listening(ctx.app), fetch: checkedFetch(t, ctx.app) });
  // One call a second: calls in a row spend it, however slow the machine.
  let refused: unknown = null;
  for (let i = 0; i < 5 && refused === null; i++)
    refused = await client.modules().then(
      () => null,
      (error: unknown) => error,
    );
  t.ok(refused instanceof DelveError, 'a DelveError');
  t.match(refused, { status: 429, code: 'http/rate-limited' });
  t.ok(((refused as DelveError).retryAfter ?? 0) >= 1, 'with the seconds to wait');
});

/** A WebSocket whose first connection drops right after its first update arrives. */
let sockets = 0;
class DroppingOnce extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    if (sockets++ !== 1) return; // the first socket is the refused subscription's
    this.on('message', (data) => {
      if (String(data).includes('"next"')) this.terminate();
    });
  }
}

t.test('gameUpdated over the client: every revision once, in order, across a dropped connection, until the game ends', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const client = new DelveClient({ baseUrl: await listening(ctx.app), fetch: checkedFetch(t, ctx.app), webSocket: DroppingOnce });
  const missing = client.subscribe('00000000-0000-4000-8000-000000000000');
  const refusal = await missing.next().catch((error: unknown) => error);
  t.match(refusal, { name: 'DelveError', code: 'game/not-found', status: 404 }, 'no such game');

  // The toy module is the test's own: the published contract does not name it.
  const toy = 'toy' as ModuleName;
  const { id } = await client.createGame(toy, 2);
  const seats = [await client.claimSeat(toy, id), await client.claimSeat(toy, id)];
  const revisions: number[] = [];
  const listedAlike: boolean[] = [];
  let last = '';
  const seat0 = seats[0] as (typeof seats)[0];
  for await (const update of seat0.updates({ after: -1 })) {
    revisions.push(update.revision);
    last = update.status;
    if (update.status !== 'active') continue;
    // Nothing moves before this iteration sends, so the push's lists are the seat's lists now.
    listedAlike.push(update.legal?.seat === 0 && JSON.stringify(update.legal.commands) === JSON.stringify((await seat0.legal()).commands));
    const awaited = seats[(await client.game(id)).awaiting[0] ?? -1];
    // The toy game ends once every seat has stopped.
    await awaited?.send({ type: 'Stop' } as unknown as Command<ModuleName>);
  }
  t.equal(last, 'finished', 'the iterator ends with the game');
  t.same(
    revisions,
    [...revisions].sort((a, b) => a - b),
    'in order',
  );
  t.equal(new Set(revisions).size, revisions.length, 'each once');
  t.ok(listedAlike.length > 0 && listedAlike.every(Boolean), "each active push carried seat 0's legal commands, as legal() lists them");
  t.equal(sockets, 3, 'the dropped connection was opened again, after the last revision received');
});

t.test('the client reads its own writes: a ticket just opened is listed at once, then cancelled', async (t) => {
  const ctx = await testApp({}, { toy: toyGame }, undefined, undefined, { readSide: true });
  t.teardown(ctx.close);
  const client = new DelveClient({ baseUrl: await listening(ctx.app), fetch: checkedFetch(t, ctx.app) });
  const ada = client.asPlayer((await client.registerPlayer('Ada')).key);
  t.equal(ada.position, null, 'no write yet, no position');
  // A table of four nobody else asks for: the ticket waits in its game.
  const placed = await ada.openTicket({ module: 'toy' as ModuleName, seats: 4 });
  t.match(ada.position, /^[0-9]+\/[0-9]+$/, 'the write answered its log position');
  t.same(
    (await ada.tickets()).map((ticket) => ticket.id),
    [placed.id],
    'listed at once: the read passed that position and waited for the read model',
  );
  t.equal((await ada.ticket(placed.id)).id, placed.id);
  t.equal((await ada.cancelTicket(placed.id)).status, 'cancelled');
});

t.test('being told over the client: the inbox, myTurns after a cursor, and webhooks with their delivery log', async (t) => {
  const ctx = await testApp({ WEBHOOKS_ALLOW_PRIVATE: '1' }, { toy: toyGame }, undefined, undefined, { told: true });
  t.teardown(ctx.close);
  const baseUrl = await listening(ctx.app);
  const anonymous = new DelveClient({ baseUrl, fetch: checkedFetch(t, ctx.app), webSocket: WebSocket });
  const ada = await anonymous.registerPlayer('Ada');
  const client = anonymous.asPlayer(ada.key);
  const hook = await client.createWebhook('http://127.0.0.1:9/never-answers', ['turn']);
  t.match(hook, { owner: ada.id, events: ['turn'], status: 'enabled', secret: /^whsec_/ });
  t.same(
    (await client.webhooks()).map((w) => w.id),
    [hook.id],
    'listed, without its secret',
  );
  t.notOk('secret' in (await client.webhook(hook.id)), 'the secret is shown once');

  const toy = 'toy' as ModuleName;
  const { id } = await client.createGame(toy, 1);
  await client.claimSeat(toy, id);
  const told = await until('the turn told', async () => (await client.inbox(ada.id)).items[0] ?? null);
  t.match(told, { kind: 'turn', gameId: id, seat: 0 });
  const delivered = await until('a delivery attempted', async () => {
    const log = await client.webhookDeliveries(hook.id, { limit: 5 });
    return log.items[0]?.attempts.length ? log.items[0] : null;
  });
  t.match(delivered, { event: 'turn', status: /pending|failed/ }, 'the receiver never answers: the attempt is logged');

  // From before the first notification: myTurns pushes it, then ends when the loop breaks.
  for await (const notification of client.myTurns(ada.id, { after: '0' })) {
    t.equal(notification.id, told.id, 'everything after the cursor, first the turn');
    break;
  }
  await client.deleteWebhook(hook.id);
  t.same(await client.webhooks(), [], 'deleted');
});
