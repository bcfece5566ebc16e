// The pages' routes (ADR 0050) without a browser: the log in words is redacted like the events it describes, refuses
// bad input with problem+json naming the field, and a resource's address answers a browser's navigation with a page
// and every other client with the API's JSON.
import { dungeon } from '@delve/game-dungeon';
import t from 'tap';
import { testApp } from './support/app';

const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { dungeon }, 'pages');
t.teardown(ctx.close);
const { app } = ctx;
const { gameId } = await ctx.service.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
const tokens = [(await ctx.service.lobby.claimSeat(gameId, { name: 'Ada' })).token, (await ctx.service.lobby.claimSeat(gameId, {})).token];
type Line = { revision: number; type: string; at: string; text: string };
const log = async (token?: string, query = '') => {
  const reply = await app.inject({
    method: 'GET',
    url: `/watch/${gameId}/log${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: reply.statusCode, body: reply.json() as { items: Line[]; nextFrom: number | null; code?: string; detail?: string } };
};

t.test('the log in words: a sentence for every event the caller may see, its own cards named and no one else’s', async (t) => {
  const events = await app.inject({ method: 'GET', url: `/games/${gameId}/events`, headers: { authorization: `Bearer ${tokens[0]}` } });
  const mine = await log(tokens[0]);
  t.equal(mine.status, 200);
  t.same(
    mine.body.items.map((i) => [i.revision, i.type]),
    (events.json().items as Line[]).map((e) => [e.revision, e.type]),
    'one line per event GET /games/{id}/events gives the same caller',
  );
  t.match(mine.body.items[0]?.text, /^A dungeon game for 2 seats was created\.$/, 'lobby events in words too');
  t.ok(
    mine.body.items.some((i) => i.text === 'Seat 0 was taken by Ada.'),
    'a claimed seat by the name given',
  );
  const dealt = (seat: number, lines: Line[]) =>
    lines.find((i) => i.type === 'CardsDrawn' && i.text.startsWith(`Seat ${seat}`))?.text ?? '';
  t.match(dealt(0, mine.body.items), /^Seat 0 \(you\) drew (\S+ ){4}\S+\.$/, 'seat 0 reads its own five cards');
  t.equal(dealt(1, mine.body.items), 'Seat 1 drew 5 cards.', 'and only how many seat 1 drew');
  const watching = await log();
  t.ok(
    watching.body.items.filter((i) => i.type === 'CardsDrawn').every((i) => /drew \d+ cards?\.$/.test(i.text)),
    'a spectator reads no card drawn',
  );
});

t.test('the log pages like the events: from and limit', async (t) => {
  const page = await log(tokens[0], '?from=2&limit=2');
  t.same(
    page.body.items.map((i) => i.revision),
    [2, 3],
  );
  t.equal(page.body.nextFrom, 4);
});

t.test('bad input is a problem naming the field, never a 5xx', async (t) => {
  for (const [query, field] of [
    ['?from=-1', '/from'],
    ['?from=abc', '/from'],
    ['?limit=5000', '/limit'],
  ] as const) {
    const reply = await log(undefined, query);
    t.same([reply.status, reply.body.code], [400, 'http/invalid-request'], query);
    t.match(reply.body.detail, field, `${query}: names ${field}`);
  }
  const unknown = await log(undefined, '?seat=1');
  t.same([unknown.status, unknown.body.code], [400, 'http/invalid-request'], 'an unknown query parameter is refused');
  const bad = await app.inject({ method: 'GET', url: '/watch/not-a-game/log' });
  t.equal(bad.statusCode, 400, 'a game id that is not one');
  const missing = await app.inject({ method: 'GET', url: '/watch/00000000-0000-4000-8000-000000000000/log' });
  t.same([missing.statusCode, missing.json().code], [404, 'game/not-found']);
  const forged = await log('st.not-a-token');
  t.ok(forged.status === 401 || forged.status === 403, `a bad token is refused (${forged.status}), not served as a spectator`);
});

t.test('a resource’s address: the page to a browser’s navigation, the API’s JSON to everyone else', async (t) => {
  const { id } = (await app.inject({ method: 'POST', url: '/players', payload: { name: 'Bo' } })).json() as { id: string };
  const page = await app.inject({ method: 'GET', url: `/players/${id}`, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  t.equal(page.statusCode, 200);
  t.match(page.headers['content-type'], 'text/html');
  t.match(page.headers.vary, 'Accept');
  t.match(page.body, '/watch/assets/pages.js');
  for (const accept of [undefined, '*/*', 'application/json']) {
    const reply = await app.inject({ method: 'GET', url: `/players/${id}`, headers: accept ? { accept } : {} });
    t.match(
      [reply.statusCode, reply.headers['content-type'], reply.json().name],
      [200, /application\/json/, 'Bo'],
      `Accept ${accept ?? 'absent'}`,
    );
    // A cache between must not hand the JSON to a browser's navigation, or the page to a client.
    t.match(reply.headers.vary, /\bAccept\b/, `Accept ${accept ?? 'absent'}: the JSON varies by Accept too`);
  }
  const lobby = await app.inject({ method: 'GET', url: '/' });
  t.match([lobby.statusCode, lobby.headers['content-type'], lobby.body], [200, /text\/html/, /pages\.js/], 'the lobby at /');
});
