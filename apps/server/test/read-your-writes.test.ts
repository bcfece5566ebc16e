// Reading your own writes (ADR 0036): every write answers with the log position it reached, and a read served from a
// read model given that position waits, boundedly, until its read model has reached it. The read side here moves only
// when the test settles it, so what a read shows is decided by the test, not by timing.
import { toyGame } from '@delve/kernel/testing';
import t, { type Test } from 'tap';
import { call, graphql } from './support/http';
import { testApp, type TestApp } from './support/app';

const modules = { toy: toyGame };
const POSITION = /^[0-9]+\/[0-9]+$/;

async function register(t: Test, ctx: TestApp, name: string): Promise<{ id: string; key: string }> {
  const reply = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
  t.match(reply.headers['x-log-position'], POSITION, 'a registration answers its position');
  return reply.body;
}

/** A campaign the read model already shows (settled), with one member. */
async function campaign(t: Test, ctx: TestApp, key: string): Promise<string> {
  const created = await call(t, ctx.app, 'POST', '/campaigns', { token: key, payload: { name: 'The long road', module: 'toy' } });
  t.equal(created.status, 201);
  await ctx.settle();
  return created.body.id;
}

t.test('right after scheduling a campaign game, the campaign read with its position shows the game', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const id = await campaign(t, ctx, ada.key);

  const scheduled = await call(t, ctx.app, 'POST', `/campaigns/${id}/games`, { token: ada.key, payload: {} });
  t.equal(scheduled.status, 201);
  const position = scheduled.headers['x-log-position'] as string;
  t.match(position, POSITION, 'the write answers the position it reached');
  const stale = await call(t, ctx.app, 'GET', `/campaigns/${id}`);
  t.same(stale.body.games, [], 'without a position the read model answers as far as it has come: not there yet');

  // Asked before the read model moves; it answers once the read side has taken the write.
  const reading = call(t, ctx.app, 'GET', `/campaigns/${id}?after=${encodeURIComponent(position)}`);
  await ctx.settle();
  const fresh = await reading;
  t.equal(fresh.status, 200);
  t.same(
    fresh.body.games.map((g: { gameId: string }) => g.gameId),
    [scheduled.body.gameId],
    'with the position it shows the game',
  );
});

t.test('GraphQL: a mutation answers extensions.logPosition, and the query given it as `after` shows the write', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const id = await campaign(t, ctx, ada.key);
  const scheduled = await graphql(ctx.app, 'mutation($id: ID!) { scheduleCampaignGame(campaignId: $id) { gameId } }', { id }, ada.key);
  t.equal(scheduled.status, 200);
  const position = scheduled.body.extensions?.logPosition as string;
  t.match(position, POSITION, 'the mutation answers the position it reached');
  t.equal((await graphql(ctx.app, '{ modules { name } }')).body.extensions, undefined, 'a read answers none');

  const query = 'query($id: ID!, $after: String) { campaign(id: $id, after: $after) { games { gameId } } }';
  const reading = graphql(ctx.app, query, { id, after: position });
  await ctx.settle();
  t.same((await reading).body.data.campaign.games, [{ gameId: scheduled.body.data.scheduleCampaignGame.gameId }]);
});

t.test('the games list, profiles and character lists take `after` too; a replayed write answers a position', async (t) => {
  const ctx = await testApp({}, modules, undefined, undefined, { postgresGamesList: true });
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const game = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } });
  const character = await call(t, ctx.app, 'POST', '/characters', {
    token: ada.key,
    payload: { module: 'toy', name: 'Hero', options: { motto: 'on' } },
  });
  const after = (reply: { headers: Record<string, unknown> }) => `after=${encodeURIComponent(reply.headers['x-log-position'] as string)}`;

  const reads = Promise.all([
    call(t, ctx.app, 'GET', `/games?${after(game)}`),
    call(t, ctx.app, 'GET', `/characters?owner=${ada.id}&${after(character)}`),
    call(t, ctx.app, 'GET', `/players/${ada.id}?${after(character)}`),
  ]);
  await ctx.settle();
  const [games, characters, profile] = await reads;
  t.same(
    games.body.items.map((g: { id: string }) => g.id),
    [game.body.id],
    'the games list shows the new game',
  );
  t.same(
    characters.body.items.map((c: { id: string }) => c.id),
    [character.body.id],
    'the list shows the new character',
  );
  t.same(
    profile.body.characters.map((c: { id: string }) => c.id),
    [character.body.id],
    'so does the profile',
  );

  const tokens: string[] = [];
  for (const seat of [0, 1])
    tokens.push((await call(t, ctx.app, 'POST', `/games/${game.body.id}/seats`, { payload: { seat } })).body.token);
  const seat = (await call(t, ctx.app, 'GET', `/games/${game.body.id}`)).body.awaiting[0] as number;
  const stand = () =>
    call(t, ctx.app, 'POST', `/games/${game.body.id}/commands`, {
      token: tokens[seat] as string,
      payload: { type: 'Stand' },
      headers: { 'idempotency-key': 'stand-once' },
    });
  const first = await stand();
  const again = await stand();
  t.equal(again.headers['idempotent-replayed'], 'true');
  // Positions in log order: each part zero-padded, so they compare as text.
  const ordered = (reply: { headers: Record<string, unknown> }) =>
    String(reply.headers['x-log-position'])
      .split('/')
      .map((part) => part.padStart(20, '0'))
      .join('/');
  t.ok(ordered(again) >= ordered(first), 'a replayed write answers a position too, no earlier than the first');
  const refused = await call(t, ctx.app, 'POST', `/games/${game.body.id}/start`, { token: tokens[0] as string });
  t.equal(refused.status, 409);
  t.equal(refused.headers['x-log-position'], undefined, 'a refused write reached nothing');
});

t.test('a read model that does not reach the position in time answers 503 read-model/behind with Retry-After', async (t) => {
  const ctx = await testApp({ READ_WAIT_MS: '50' }, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const id = await campaign(t, ctx, ada.key);
  const scheduled = await call(t, ctx.app, 'POST', `/campaigns/${id}/games`, { token: ada.key, payload: {} });
  // Nobody settles the read side: it stays behind.
  const behind = await call(
    t,
    ctx.app,
    'GET',
    `/campaigns/${id}?after=${encodeURIComponent(scheduled.headers['x-log-position'] as string)}`,
  );
  t.equal(behind.status, 503);
  t.equal(behind.body.code, 'read-model/behind');
  t.equal(behind.headers['retry-after'], '1');
  const malformed = await call(t, ctx.app, 'GET', `/campaigns/${id}?after=yesterday`);
  t.equal(malformed.status, 400);
  t.match(malformed.body.errors, [{ path: '/after' }], 'a malformed position is refused by name');
});
