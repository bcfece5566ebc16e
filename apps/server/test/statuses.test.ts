// Status codes decided once (src/codes.ts, ADR 0035) and answered alike by REST and GraphQL: acting for another
// player's seat or character is 403, a second join 409, a malformed owner 400; and a refused schedule leaves nothing.
import { toyGame } from '@delve/kernel/testing';
import t, { type Test } from 'tap';
import { call, graphql } from './support/http';
import { testApp, type TestApp } from './support/app';

const modules = { toy: toyGame };

async function player(t: Test, ctx: TestApp, name: string): Promise<{ id: string; key: string }> {
  const reply = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
  return reply.body;
}

async function character(t: Test, ctx: TestApp, key: string, name: string): Promise<string> {
  return (await call(t, ctx.app, 'POST', '/characters', { token: key, payload: { module: 'toy', name } })).body.id;
}

/** Both protocols' answer to one refused call: REST's status and code, GraphQL's status, extensions.status and code. */
async function both(t: Test, ctx: TestApp, rest: Parameters<typeof call>, query: string, variables: Record<string, unknown>, key: string) {
  const viaRest = await call(...rest);
  const viaGraphql = await graphql(ctx.app, query, variables, key);
  return {
    rest: [viaRest.status, viaRest.body?.code],
    graphql: [viaGraphql.status, viaGraphql.body.errors?.[0]?.extensions?.status, viaGraphql.code],
  };
}

t.test('acting for another player’s seat or character is 403 in both protocols', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await player(t, ctx, 'Ada');
  const bob = await player(t, ctx, 'Bob');
  const hero = await character(t, ctx, ada.key, 'Hero');
  const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
  await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { token: ada.key, payload: { seat: 0 } });

  const token = await both(
    t,
    ctx,
    [t, ctx.app, 'POST', `/games/${game.id}/seats/0/tokens`, { token: bob.key }],
    'mutation($g: ID!) { issueSeatToken(gameId: $g, seat: 0) { token } }',
    { g: game.id },
    bob.key,
  );
  t.same(token, { rest: [403, 'game/not-your-seat'], graphql: [403, 403, 'game/not-your-seat'] }, "a token for Ada's seat");

  const command = await both(
    t,
    ctx,
    [t, ctx.app, 'POST', `/characters/${hero}/commands`, { token: bob.key, payload: { type: 'ChangeMotto', motto: 'mine' } }],
    'mutation($c: ID!) { commandCharacter(characterId: $c, command: { type: "ChangeMotto", motto: "mine" }) { revision } }',
    { c: hero },
    bob.key,
  );
  t.same(command, { rest: [403, 'character/not-owner'], graphql: [403, 403, 'character/not-owner'] }, "a command to Ada's character");

  const seat = await both(
    t,
    ctx,
    [t, ctx.app, 'POST', `/games/${game.id}/seats`, { token: bob.key, payload: { character: hero } }],
    'mutation($g: ID!, $c: ID!) { claimSeat(gameId: $g, character: $c) { seat } }',
    { g: game.id, c: hero },
    bob.key,
  );
  t.same(seat, { rest: [403, 'character/not-owner'], graphql: [403, 403, 'character/not-owner'] }, "seating Ada's character");
});

t.test('a second join is the 409 the contract declares; a malformed owner is 400 in both protocols', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await player(t, ctx, 'Ada');
  const bob = await player(t, ctx, 'Bob');
  const campaign = (await call(t, ctx.app, 'POST', '/campaigns', { token: ada.key, payload: { name: 'Deep', module: 'toy' } })).body;
  t.equal((await call(t, ctx.app, 'POST', `/campaigns/${campaign.id}/members`, { token: bob.key, payload: {} })).status, 200);
  const again = await both(
    t,
    ctx,
    [t, ctx.app, 'POST', `/campaigns/${campaign.id}/members`, { token: bob.key, payload: {} }],
    'mutation($c: ID!) { joinCampaign(campaignId: $c) { id } }',
    { c: campaign.id },
    bob.key,
  );
  t.same(again, { rest: [409, 'campaign/already-member'], graphql: [409, 409, 'campaign/already-member'] });

  const owner = await both(
    t,
    ctx,
    [t, ctx.app, 'GET', '/characters?owner=not-a-uuid', {}],
    '{ characters(owner: "not-a-uuid") { id } }',
    {},
    ada.key,
  );
  t.same(owner, { rest: [400, 'http/invalid-request'], graphql: [400, 400, 'http/invalid-request'] });
});

t.test('a refused campaign game leaves nothing behind: no game listed, none in the campaign (REST and GraphQL)', async (t) => {
  const ctx = await testApp({}, modules, undefined, undefined, { readSide: true, postgresGamesList: true });
  t.teardown(ctx.close);
  const ada = await player(t, ctx, 'Ada');
  const bob = await player(t, ctx, 'Bob');
  const hero = await character(t, ctx, ada.key, 'Hero');
  const rogue = await character(t, ctx, bob.key, 'Rogue');
  const campaign = (
    await call(t, ctx.app, 'POST', '/campaigns', { token: ada.key, payload: { name: 'Deep', module: 'toy', character: hero } })
  ).body;
  await call(t, ctx.app, 'POST', `/campaigns/${campaign.id}/members`, { token: bob.key, payload: { character: rogue } });
  // Bob's rogue sits in another game that has not ended.
  const elsewhere = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
  await call(t, ctx.app, 'POST', `/games/${elsewhere.id}/seats`, { token: bob.key, payload: { character: rogue } });

  const refused = await both(
    t,
    ctx,
    [t, ctx.app, 'POST', `/campaigns/${campaign.id}/games`, { token: ada.key, payload: {} }],
    'mutation($c: ID!) { scheduleCampaignGame(campaignId: $c) { gameId } }',
    { c: campaign.id },
    ada.key,
  );
  t.same(refused, { rest: [409, 'character/busy'], graphql: [409, 409, 'character/busy'] }, 'the rogue is busy');
  await ctx.settle();
  const games = (await call(t, ctx.app, 'GET', '/games')).body.items.map((g: { id: string }) => g.id);
  t.same(games, [elsewhere.id], 'the games list holds only the game the rogue sits in');
  t.same((await call(t, ctx.app, 'GET', `/campaigns/${campaign.id}`)).body.games, [], 'the campaign lists no game');
  const streams = await ctx.sql<{ n: number }[]>`select count(distinct stream_id)::int as n from events where stream_id like 'game-%'`;
  t.equal(streams[0]?.n, 1, 'and no game stream was written at all');
});
