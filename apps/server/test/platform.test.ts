// Players, characters and campaigns end to end over HTTP, with the toy game's small progression: every reply is
// checked against openapi.yaml, and each finished game must appear exactly once on each seated character's sheet.
import { toyGame, type ToySheet } from '@delve/kernel/testing';
import t, { type Test } from 'tap';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const modules = { toy: toyGame };

async function register(t: Test, ctx: TestApp, name: string): Promise<{ id: string; key: string; keyId: string }> {
  const reply = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
  t.equal(reply.status, 201, `${name} registered`);
  t.match(reply.headers.location, `/players/${reply.body.id}`);
  return reply.body;
}

async function createCharacter(t: Test, ctx: TestApp, key: string, name: string): Promise<Json> {
  const reply = await call(t, ctx.app, 'POST', '/characters', {
    token: key,
    payload: { module: 'toy', name, options: { motto: 'forward' } },
  });
  t.equal(reply.status, 201, `${name} created`);
  return reply.body;
}

/** Every awaited seat stands until the toy game ends. */
async function standAll(t: Test, ctx: TestApp, gameId: string, tokens: readonly string[]): Promise<Json> {
  for (let guard = 0; guard < 20; guard++) {
    const summary = (await call(t, ctx.app, 'GET', `/games/${gameId}`)).body;
    if (summary.status !== 'active') return summary;
    const seat = summary.awaiting[0] as number;
    const sent = await call(t, ctx.app, 'POST', `/games/${gameId}/commands`, { token: tokens[seat] as string, payload: { type: 'Stand' } });
    t.equal(sent.status, 200);
  }
  throw new Error('the game did not end');
}

t.test('a player registers, creates characters, plays games with them; each game lands once on each sheet', async (t) => {
  const ctx = await testApp({}, modules, undefined, undefined, { readSide: true });
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const bob = await register(t, ctx, 'Bob');
  const hero = await createCharacter(t, ctx, ada.key, 'Hero');
  const rogue = await createCharacter(t, ctx, bob.key, 'Rogue');
  t.match(hero, { owner: ada.id, module: 'toy', name: 'Hero', sheet: { motto: 'forward', xp: 0, level: 1 } });

  const games: string[] = [];
  for (let round = 0; round < 3; round++) {
    const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
    // Seats in alternating order, so the characters play from both seats.
    const order = round % 2 === 0 ? [ada, bob] : [bob, ada];
    const tokens: string[] = [];
    for (const [seat, player] of order.entries()) {
      const character = player === ada ? hero.id : rogue.id;
      const claimed = await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { token: player.key, payload: { seat, character } });
      t.equal(claimed.status, 201, 'claimed with a character');
      tokens.push(claimed.body.token);
    }
    const summary = (await call(t, ctx.app, 'GET', `/games/${game.id}`)).body;
    t.match(summary.seats[0], { player: order[0]?.id, claimed: true });
    await standAll(t, ctx, game.id, tokens);
    games.push(game.id);
  }
  await ctx.settle();

  for (const character of [hero, rogue]) {
    const sheet = (await call(t, ctx.app, 'GET', `/characters/${character.id}`)).body;
    t.same(
      sheet.games.map((g: Json) => g.gameId),
      games,
      `${character.name}: every game once, in order`,
    );
    t.equal(sheet.seatedIn, null, 'free after the last game');
    const toy = sheet.sheet as ToySheet;
    t.equal(
      toy.xp,
      sheet.games.reduce((xp: number, g: Json) => xp + (g.won ? 3 : 1), 0),
      'XP as the toy table gives',
    );
    const listed = (await call(t, ctx.app, 'GET', `/characters?owner=${character.owner}`)).body.items;
    t.same(
      listed.map((c: Json) => c.games.length),
      [3],
      'the read model agrees',
    );
  }
  const profile = (await call(t, ctx.app, 'GET', `/players/${ada.id}`)).body;
  t.same(
    profile.games.map((g: Json) => [g.gameId, g.status, g.character]),
    games.map((id) => [id, 'finished', hero.id]),
    "the player's games, with their results",
  );
  t.same(profile.characters, [{ id: hero.id, name: 'Hero', module: 'toy' }]);

  // GraphQL serves the same sheet, typed per module.
  const query = `query($id: ID!) { character(id: $id) { name games { gameId won } typedSheet { ... on ToySheet { xp level games { gameId } } } } }`;
  const gql = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { id: hero.id } } });
  const data = gql.json().data.character;
  t.same(
    data.games.map((g: Json) => g.gameId),
    games,
  );
  t.same(
    data.typedSheet.games.map((g: Json) => g.gameId),
    games,
    'the typed sheet lists each game once',
  );
  const player = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: {
      query: `query($id: ID!) { player(id: $id) { name games { gameId status } characters { name } } }`,
      variables: { id: bob.id },
    },
  });
  t.same(player.json().data.player.characters, [{ name: 'Rogue' }]);
});

t.test('character commands: owner only (403 for anyone else), the module answers 422 with its code, malformed ones 400', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const bob = await register(t, ctx, 'Bob');
  const hero = await createCharacter(t, ctx, ada.key, 'Hero');
  const url = `/characters/${hero.id}/commands`;
  const ok = await call(t, ctx.app, 'POST', url, { token: ada.key, payload: { type: 'ChangeMotto', motto: 'onward' } });
  t.equal(ok.status, 200);
  t.equal(ok.body.character.sheet.motto, 'onward');
  t.equal(
    (await call(t, ctx.app, 'POST', url, { token: ada.key, payload: { type: 'SpendPoint', perk: 'luck' } })).body.code,
    'toy/no-points',
  );
  t.equal((await call(t, ctx.app, 'POST', url, { token: bob.key, payload: { type: 'ChangeMotto', motto: 'x' } })).status, 403);
  t.equal((await call(t, ctx.app, 'POST', url, { token: ada.key, payload: { type: 'Fly' } })).body.code, 'character/malformed-command');
  t.equal((await call(t, ctx.app, 'POST', url, { payload: { type: 'ChangeMotto', motto: 'x' } })).status, 401, 'no key');
  t.equal((await call(t, ctx.app, 'POST', url, { token: `${ada.key}x`, payload: { type: 'ChangeMotto', motto: 'x' } })).status, 403);
  const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
  const noKey = await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { payload: { character: hero.id } });
  t.equal(noKey.status, 401, 'bringing a character needs the player key');
  t.equal((await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { token: bob.key, payload: { character: hero.id } })).status, 403);
  t.equal((await call(t, ctx.app, 'GET', `/characters/not-a-uuid`)).status, 400);
  t.equal((await call(t, ctx.app, 'POST', '/characters', { token: ada.key, payload: { module: 'toy', name: ' ' } })).status, 400);
});

t.test('keys: issue another, revoke the first; a revoked key stops at once; the last key stays', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const second = await call(t, ctx.app, 'POST', `/players/${ada.id}/keys`, { token: ada.key });
  t.equal(second.status, 201);
  const listed = await call(t, ctx.app, 'GET', `/players/${ada.id}/keys`, { token: second.body.key });
  t.same(
    listed.body.items.map((k: Json) => k.keyId),
    [ada.keyId, second.body.keyId],
  );
  t.notOk(JSON.stringify(listed.body).includes(ada.key), 'keys are never listed');
  t.equal((await call(t, ctx.app, 'DELETE', `/players/${ada.id}/keys/${ada.keyId}`, { token: second.body.key })).status, 204);
  t.equal((await call(t, ctx.app, 'GET', `/players/${ada.id}/keys`, { token: ada.key })).status, 403, 'the revoked key');
  const last = await call(t, ctx.app, 'DELETE', `/players/${ada.id}/keys/${second.body.keyId}`, { token: second.body.key });
  t.equal(last.body.code, 'player/last-key');
  const bob = await register(t, ctx, 'Bob');
  t.equal((await call(t, ctx.app, 'GET', `/players/${ada.id}/keys`, { token: bob.key })).body.code, 'auth/not-your-account');
});

t.test('a campaign seats its members in a scheduled game and records its results once', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const ada = await register(t, ctx, 'Ada');
  const bob = await register(t, ctx, 'Bob');
  const hero = await createCharacter(t, ctx, ada.key, 'Hero');
  const created = await call(t, ctx.app, 'POST', '/campaigns', {
    token: ada.key,
    payload: { name: 'The long road', module: 'toy', character: hero.id },
  });
  t.equal(created.status, 201);
  const id = created.body.id;
  t.equal((await call(t, ctx.app, 'POST', `/campaigns/${id}/members`, { token: bob.key })).status, 200);
  const results: Json[] = [];
  for (let round = 0; round < 2; round++) {
    const scheduled = await call(t, ctx.app, 'POST', `/campaigns/${id}/games`, { token: bob.key, payload: {} });
    t.equal(scheduled.status, 201);
    t.equal(scheduled.body.seat, 1, "the caller's own seat");
    const other = await call(t, ctx.app, 'POST', `/games/${scheduled.body.gameId}/seats/0/tokens`, { token: ada.key });
    t.equal(other.status, 201, 'the other member takes a token for their seat');
    results.push(await standAll(t, ctx, scheduled.body.gameId, [other.body.token, scheduled.body.token]));
  }
  await ctx.settle();
  await ctx.settle(); // twice: nothing more is recorded
  const progress = (await call(t, ctx.app, 'GET', `/campaigns/${id}`)).body;
  t.equal(progress.games.length, 2);
  t.same(
    progress.games.map((g: Json) => [g.status, g.winners]),
    results.map((r) => ['finished', r.winners]),
  );
  t.same(
    progress.games[0].seats.map((s: Json) => s.character),
    [hero.id, null],
  );
  t.equal((await call(t, ctx.app, 'GET', `/characters/${hero.id}`)).body.games.length, 2, 'the character played both');
});

t.test('two API nodes on one database: characters play from both; each game is recorded once', async (t) => {
  const a = await testApp({}, modules, undefined, undefined, { readSide: true });
  t.teardown(a.close);
  const b = await testApp({}, modules, undefined, a);
  t.teardown(b.close);
  const ada = await register(t, a, 'Ada');
  const hero = await createCharacter(t, b, ada.key, 'Hero');
  const games: string[] = [];
  for (let round = 0; round < 4; round++) {
    const [first, second] = round % 2 === 0 ? [a, b] : [b, a];
    const game = (await call(t, first.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
    const mine = await call(t, second.app, 'POST', `/games/${game.id}/seats`, { token: ada.key, payload: { character: hero.id } });
    const anon = await call(t, first.app, 'POST', `/games/${game.id}/seats`);
    const tokens = mine.body.seat === 0 ? [mine.body.token, anon.body.token] : [anon.body.token, mine.body.token];
    await standAll(t, round % 2 === 0 ? b : a, game.id, tokens);
    games.push(game.id);
    await a.settle(); // the recorder frees the character before its next game
  }
  for (const node of [a, b]) {
    const sheet = (await call(t, node.app, 'GET', `/characters/${hero.id}`)).body;
    t.same(
      sheet.games.map((g: Json) => g.gameId),
      games,
      'every game once, whichever node asks',
    );
  }
});

t.test('NUL characters: refused in names; in free text they never stop a read model', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  for (const name of ['A\u0000B', 'tab\there', ' padded', 'x'.repeat(65)]) {
    const reply = await call(t, ctx.app, 'POST', '/players', { payload: { name } });
    t.equal(reply.status, 400, `player name ${JSON.stringify(name)} is refused`);
  }
  const ada = await register(t, ctx, 'Ada Lovelace');
  const hero = await createCharacter(t, ctx, ada.key, 'Hero');
  // The toy's motto is free text: a NUL is a legal character of a JSON string, and the event stores it.
  const sent = await call(t, ctx.app, 'POST', `/characters/${hero.id}/commands`, {
    token: ada.key,
    payload: { type: 'ChangeMotto', motto: 'a\u0000b' },
  });
  t.equal(sent.status, 200);
  await ctx.settle(); // jsonb refuses NUL: without care the character-sheets projection would stop here forever
  const listed = (await call(t, ctx.app, 'GET', `/characters?owner=${ada.id}`)).body.items;
  t.equal(listed[0]?.sheet.motto, 'a\uFFFDb', 'the read model shows it as U+FFFD');
  t.equal((await call(t, ctx.app, 'GET', `/characters/${hero.id}`)).body.sheet.motto, 'a\u0000b', 'the stream keeps it');
});

t.test('GraphQL platform queries answer NUL and malformed ids with a 4xx code, never an internal error', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const queries = [
    ['query($id: ID!) { player(id: $id) { name } }', { id: 'a\u0000b' }],
    ['query($id: ID!) { character(id: $id) { name } }', { id: 'not-a-uuid' }],
    ['query($id: ID!) { campaign(id: $id) { name } }', { id: '\u0000' }],
    ['query($o: ID!, $m: String) { characters(owner: $o, module: $m) { name } }', { o: 'x\u0000', m: 'toy\u0000' }],
  ] as const;
  for (const [query, variables] of queries) {
    const reply = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
    const body = reply.json();
    const codes = (body.errors ?? []).map((e: Json) => e.extensions?.code);
    t.notOk(codes.includes('internal'), `${query.slice(8, 40)}… gives no internal error`, { body });
    t.ok(reply.statusCode < 500, 'and no 5xx');
  }
});
