// Keeping a seat (issue 29): a lost token is recovered with the player key, or with the recovery secret an anonymous
// claim answered, and every earlier token stops working, also on a node whose cached game has not seen the recovery;
// a player lists their seats in games not over. Over REST and GraphQL alike.
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';
import { toy } from './support/toy';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const ctx: TestApp = await testApp({ RATE_LIMIT_MAX: '10000000' }, { toy }, undefined, undefined, { readSide: true });
// A second node in front of the same store, with caches of its own.
const other: TestApp = await testApp({ RATE_LIMIT_MAX: '10000000' }, { toy }, undefined, ctx);
t.teardown(async () => {
  await other.close();
  await ctx.close();
});

async function gql(app: FastifyInstance, query: string, variables: Json, token?: string): Promise<Json> {
  const reply = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return JSON.parse(reply.body);
}

const newGame = async (): Promise<string> => (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body.id;
const register = async (name: string): Promise<{ id: string; key: string }> =>
  (await call(t, ctx.app, 'POST', '/players', { payload: { name } })).body;
const view = (app: FastifyInstance, id: string, token: string) => call(t, app, 'GET', `/games/${id}/view`, { token });

t.test('an anonymous claim gets a recovery secret once; with it the seat comes back and the old token stops working', async (t) => {
  const id = await newGame();
  const claimed = (await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: { name: 'Ann' } })).body;
  t.type(claimed.recoverySecret, 'string', 'the claim answers a recovery secret');
  t.not(claimed.recoverySecret, claimed.token);

  const wrong = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, { payload: { secret: 'not-it' } });
  t.equal(wrong.status, 422, 'a wrong secret is refused');
  t.equal(wrong.body.code, 'game/not-your-seat');
  const missing = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, { payload: {} });
  t.equal(missing.status, 400, 'no secret and no player key: refused, naming the field');
  t.match(JSON.stringify(missing.body), /\/secret/);

  const back = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, {
    payload: { secret: claimed.recoverySecret },
  });
  t.equal(back.status, 200);
  t.equal(back.body.seat, claimed.seat);
  t.not(back.body.token, claimed.token, 'a new token');
  t.type(back.body.recoverySecret, 'string', 'and the next recovery secret');
  t.equal((await view(ctx.app, id, back.body.token)).status, 200, 'the new token acts for the seat');
  t.equal((await view(ctx.app, id, claimed.token)).status, 403, 'the old token is revoked');
  const again = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, {
    payload: { secret: claimed.recoverySecret },
  });
  t.equal(again.status, 422, 'a used secret is used up');

  const log = (await call(t, ctx.app, 'GET', `/games/${id}/events?from=0&limit=100`)).body.items as Json[];
  const text = JSON.stringify(log);
  t.ok(
    log.some((e) => e.type === 'SeatRecovered'),
    'the recovery is an event of the game',
  );
  t.notMatch(text, /tokenHash|recoveryHash/, 'no hash of a token or secret is served');
});

t.test("a player's seat is recovered with the player key, over REST and GraphQL alike", async (t) => {
  const player = await register('Bo');
  const id = await newGame();
  const claimed = (await call(t, ctx.app, 'POST', `/games/${id}/seats`, { token: player.key, payload: {} })).body;
  t.equal(claimed.recoverySecret, null, 'a player needs no recovery secret: the key recovers');

  const rest = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, { token: player.key, payload: {} });
  t.equal(rest.status, 200);
  t.equal((await view(ctx.app, id, claimed.token)).status, 403, 'REST: the claim token is revoked');

  const mutation = `mutation($gameId: ID!, $seat: Int!) { recoverSeat(gameId: $gameId, seat: $seat) { seat token recoverySecret } }`;
  const viaGraphql = await gql(ctx.app, mutation, { gameId: id, seat: claimed.seat }, player.key);
  t.equal(viaGraphql.data?.recoverSeat?.seat, claimed.seat, 'GraphQL recovers the same seat');
  t.equal((await view(ctx.app, id, rest.body.token)).status, 403, 'GraphQL: the token REST gave is revoked in turn');
  t.equal((await view(ctx.app, id, viaGraphql.data.recoverSeat.token)).status, 200);

  const stranger = await register('Cy');
  const refused = await call(t, ctx.app, 'POST', `/games/${id}/seats/${claimed.seat}/recovery`, { token: stranger.key, payload: {} });
  t.equal(refused.body.code, 'game/not-your-seat', "another player's key recovers nothing");
  const refusedGraphql = await gql(ctx.app, mutation, { gameId: id, seat: claimed.seat }, stranger.key);
  t.equal(refusedGraphql.errors?.[0]?.extensions?.code, 'game/not-your-seat', 'the same refusal over GraphQL');
});

t.test('a token revoked on one node is refused on another whose cached game has not seen the recovery', async (t) => {
  const player = await register('Di');
  const id = await newGame();
  const mine = (await call(t, ctx.app, 'POST', `/games/${id}/seats`, { token: player.key, payload: {} })).body;
  const theirs = (await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: {} })).body;
  // The other node folds the game and caches it with the first token in it.
  t.equal((await view(other.app, id, mine.token)).status, 200);
  const cachedAt = other.service.streams.cachedRecord(id)?.revision;
  t.ok(cachedAt !== undefined, 'the other node has the game cached');

  await call(t, ctx.app, 'POST', `/games/${id}/seats/${mine.seat}/recovery`, { token: player.key, payload: {} });
  t.equal(other.service.streams.cachedRecord(id)?.revision, cachedAt, 'the other node has not seen the recovery yet');
  // The recovered seat is the one awaited: on the stale record the command would be legal, so only the check of the
  // token on the record the command is decided on (after the append's conflict) refuses it.
  t.same((await ctx.service.reads.summary(id)).awaiting, [mine.seat], 'the recovered seat is awaited');
  t.ok(theirs.token, 'the other seat is claimed: the game runs');
  const command = await call(t, other.app, 'POST', `/games/${id}/commands`, { token: mine.token, payload: { type: 'Draw' } });
  t.equal(command.status, 403, 'a command with the revoked token is refused');
  t.equal(command.body.code, 'auth/bad-token');
  t.equal((await view(other.app, id, mine.token)).status, 403, 'and so is a read');
});

t.test("a player lists their seats in games not over, with whether each awaits them; nobody else's", async (t) => {
  const player = await register('Ed');
  const open = await newGame();
  const played = await newGame();
  const seatOpen = (await call(t, ctx.app, 'POST', `/games/${open}/seats`, { token: player.key, payload: {} })).body.seat;
  const seatPlayed = (await call(t, ctx.app, 'POST', `/games/${played}/seats`, { token: player.key, payload: { seat: 0 } })).body.seat;
  await call(t, ctx.app, 'POST', `/games/${played}/seats`, { payload: {} });
  await ctx.settle();

  const listed = await call(t, ctx.app, 'GET', `/players/${player.id}/seats`, { token: player.key });
  t.equal(listed.status, 200);
  const items = listed.body.items as Json[];
  t.same(
    items.map((i) => [i.gameId, i.seat, i.status]),
    [
      [played, seatPlayed, 'active'],
      [open, seatOpen, 'open'],
    ],
    'newest first, each with its status',
  );
  const summary = (await call(t, ctx.app, 'GET', `/games/${played}`)).body;
  t.equal(items[0].awaited, summary.awaiting.includes(seatPlayed), 'awaited as the game says');

  const viaGraphql = await gql(
    ctx.app,
    `query($id: ID!) { activeSeats(playerId: $id) { gameId seat status awaited } }`,
    { id: player.id },
    player.key,
  );
  t.same(
    viaGraphql.data?.activeSeats,
    items.map(({ gameId, seat, status, awaited }) => ({ gameId, seat, status, awaited })),
    'GraphQL lists the same',
  );
  const stranger = await register('Fi');
  t.equal(
    (await call(t, ctx.app, 'GET', `/players/${player.id}/seats`, { token: stranger.key })).status,
    403,
    "another's are not yours to list",
  );
});
