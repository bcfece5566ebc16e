// GraphQL: typed views per module, replays, the redacted log, errors with stable codes, and gameUpdated over WebSocket.
import t from 'tap';
import { graphqlSchema } from '../src/graphql/index';
import { toy } from './support/toy';
import { listening, testApp, type TestApp } from './support/app';
import { subscribe } from './support/socket';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(ctx: TestApp, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Json> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  return JSON.parse(reply.body);
}

async function seatedGame(ctx: TestApp): Promise<{ id: string; tokens: string[] }> {
  const id = (await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 })).gameId;
  const tokens = [(await ctx.service.lobby.claimSeat(id, {})).token, (await ctx.service.lobby.claimSeat(id, {})).token];
  return { id, tokens };
}

const VIEW = `view { __typename ... on ToyView { turn totals draws out } ... on JsonView { module json } }`;

t.test('a module with a view schema gets a typed view; others fall back to JsonView', async (t) => {
  const { sdl } = graphqlSchema({ toy, other: { ...toy, name: 'other', viewSchema: undefined } as never });
  t.match(sdl, /type ToyView \{[^}]*totals: \[Int\]!/, 'nullable totals in a non-null list');
  t.match(sdl, /union GameView = ToyView \| JsonView/);
  t.notMatch(sdl, /OtherView/);
});

t.test("game(id): summary, the caller's typed view and legal commands", async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await seatedGame(ctx);
  await ctx.service.commands.execute(id, { type: 'Draw' }, { seat: 0 });
  const q = `query($id: ID!) { game(id: $id) { id module status awaiting revision ${VIEW} legalCommands { __typename ... on ToyCommandDraw { type } ... on ToyCommandStop { type } } } }`;
  const seat1 = await gql(ctx, q, { id }, tokens[1]);
  t.equal(seat1.data.game.status, 'active');
  t.same(seat1.data.game.awaiting, [1]);
  t.equal(seat1.data.game.view.__typename, 'ToyView');
  t.equal(seat1.data.game.view.totals[0], null, "seat 1 does not see seat 0's total");
  t.same(seat1.data.game.legalCommands, [
    { __typename: 'ToyCommandDraw', type: 'Draw' },
    { __typename: 'ToyCommandStop', type: 'Stop' },
  ]);
  const seat0 = await gql(ctx, `query($id: ID!) { game(id: $id) { ${VIEW} } }`, { id }, tokens[0]);
  t.type(seat0.data.game.view.totals[0], 'number', 'seat 0 sees its own total');
  const spectator = await gql(ctx, `query($id: ID!) { game(id: $id) { ${VIEW} legalCommands { __typename } } }`, { id });
  t.equal(spectator.errors[0].extensions.code, 'auth/missing-token', 'legal commands need a seat');
  const forged = await gql(ctx, `query($id: ID!) { game(id: $id) { ${VIEW} } }`, { id }, 'forged-token');
  t.equal(forged.errors[0].extensions.code, 'auth/bad-token');
  const missing = await gql(ctx, `{ game(id: "00000000-0000-4000-8000-000000000000") { id } }`);
  t.equal(missing.errors[0].extensions.code, 'game/not-found');
  t.equal(missing.errors[0].extensions.status, 404);
});

t.test('replay(gameId, revision) equals the view the caller had then; events are redacted', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const { id, tokens } = await seatedGame(ctx);
  const live: { revision: number; view: unknown }[] = [];
  for (const [seat, type] of [
    [0, 'Draw'],
    [1, 'Draw'],
    [0, 'Draw'],
    [1, 'Stop'],
  ] as const) {
    const result = await ctx.service.commands.execute(id, { type }, { seat });
    live.push({ revision: result.revision, view: await ctx.service.reads.view(id, { kind: 'seat', seat: 1 }) });
  }
  for (const { revision, view } of live) {
    const replay = await gql(
      ctx,
      `query($g: ID!, $r: Int!) { replay(gameId: $g, revision: $r) { revision view { ... on ToyView { turn totals draws out } } } }`,
      { g: id, r: revision },
      tokens[1],
    );
    t.same(replay.data.replay, { revision, view }, `replay at ${revision}`);
  }
  const events = await gql(
    ctx,
    `query($g: ID!) { events(gameId: $g, limit: 1000) { items { revision type data } nextFrom } }`,
    { g: id },
    tokens[1],
  );
  const draws = events.data.events.items.filter((e: Json) => e.type === 'Drew');
  t.same(
    draws.map((e: Json) => e.data.value === null),
    [true, false, true],
    "seat 0's draws are hidden from seat 1",
  );
  const page = await gql(ctx, `query($g: ID!) { events(gameId: $g, limit: 0) { nextFrom } }`, { g: id });
  t.equal(page.errors[0].extensions.status, 400);
});

t.test('games(filter) lists from the read model', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  await seatedGame(ctx);
  await ctx.service.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  // The read model follows the log: wait (bounded) until it has both games.
  let all = await gql(ctx, `{ games { items { module status openSeats } nextCursor } }`);
  for (let i = 0; i < 250 && all.data.games.items.length < 2; i++) {
    await new Promise((r) => setTimeout(r, 20));
    all = await gql(ctx, `{ games { items { module status openSeats } nextCursor } }`);
  }
  t.same(
    all.data.games.items.map((g: Json) => g.status),
    ['open', 'active'],
  );
  const active = await gql(ctx, `{ games(filter: { status: active }) { items { status } } }`);
  t.equal(active.data.games.items.length, 1);
});

t.test("gameUpdated pushes each new revision, redacted for the subscriber's seat, over WebSocket", async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const { id, tokens } = await seatedGame(ctx);
  const query = `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision status events { type data } view { ... on ToyView { turn totals } } } }`;

  // With `after` set to the revision now, a push that happens before the subscription is registered is not lost (a
  // fixed pause before playing was not enough on a busy machine).
  const { revision } = await ctx.service.reads.summary(id);
  const seat1 = subscribe(url, { authorization: `Bearer ${tokens[1]}` }, query, { g: id, a: revision });
  t.teardown(() => seat1.ws.close());
  await seat1.start();

  const drew = await ctx.service.commands.execute(id, { type: 'Draw' }, { seat: 0 });
  const first = await seat1.next('next');
  const update = first.payload.data.gameUpdated;
  t.equal(update.revision, drew.revision);
  t.same(
    update.events.map((e: Json) => e.type),
    ['Drew'],
  );
  t.equal(update.events[0].data.value, null, "the subscriber does not see the other seat's draw");
  t.equal(update.view.totals[0], null);
  t.equal(update.view.turn, 1);

  await ctx.service.commands.execute(id, { type: 'Stop' }, { seat: 1 });
  const second = (await seat1.next('next')).payload.data.gameUpdated;
  t.same(
    second.events.map((e: Json) => e.type),
    ['Stopped'],
    'each push carries only the new events',
  );

  const forged = subscribe(url, { authorization: 'Bearer forged' }, query, { g: id, a: revision });
  t.teardown(() => forged.ws.close());
  await forged.start();
  const refused = await forged.next('error');
  t.equal(refused.payload[0].extensions.code, 'auth/bad-token', 'a bad token cannot subscribe');
});

t.test("gameUpdated's legal: each seat's own legal commands at the pushed revision, as GET legal-commands lists them", async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const { id, tokens } = await seatedGame(ctx);
  const query = `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision status legal { seat commands templates { type } } } }`;
  const { revision } = await ctx.service.reads.summary(id);
  const open = async (init: Record<string, unknown>) => {
    const socket = subscribe(url, init, query, { g: id, a: revision });
    t.teardown(() => socket.ws.close());
    await socket.start();
    return socket;
  };
  const seats = [await open({ authorization: `Bearer ${tokens[0]}` }), await open({ authorization: `Bearer ${tokens[1]}` })];
  const spectator = await open({});
  const legalNow = async (seat: number) => {
    const reply = await ctx.app.inject({ url: `/games/${id}/legal-commands`, headers: { authorization: `Bearer ${tokens[seat]}` } });
    t.equal(reply.statusCode, 200);
    return JSON.parse(reply.body);
  };

  await ctx.service.commands.execute(id, { type: 'Draw' }, { seat: 0 });
  for (const seat of [0, 1]) {
    const update = (await seats[seat]?.next('next')).payload.data.gameUpdated;
    const listed = await legalNow(seat);
    t.equal(update.legal.seat, seat, `seat ${seat} is told its own seat's lists, no other`);
    t.same(update.legal.commands, listed.commands, `seat ${seat}: the commands GET legal-commands lists at that revision`);
    t.same(
      update.legal.templates.map((x: Json) => x.type),
      listed.templates.map((x: Json) => x.type),
    );
  }
  t.ok(
    (await legalNow(1)).commands.length > 0,
    'the seat now awaited has something to send, so the comparison above is not between two empty lists',
  );
  const watched = (await spectator.next('next')).payload.data.gameUpdated;
  t.equal(watched.legal, null, 'a spectator holds no seat: no lists');

  // Play to the end (whoever may move stops): the last push lists nothing.
  for (let moves = 0; moves < 20; moves++) {
    const lists = [await legalNow(0), await legalNow(1)];
    const seat = lists.findIndex((l) => l.commands.length > 0);
    if (seat < 0) break;
    await ctx.service.commands.execute(id, lists[seat].commands.at(-1), { seat });
  }
  let last: Json;
  do last = (await seats[0]?.next('next')).payload.data.gameUpdated;
  while (last.status === 'active');
  t.equal(last.status, 'finished');
  t.same(last.legal.commands, [], 'a finished game lists nothing');
});

t.test('a subscriber on one node hears commands accepted by another node (stateless API nodes)', async (t) => {
  const nodeA = await testApp();
  t.teardown(nodeA.close);
  const nodeB = await testApp({}, { toy }, undefined, nodeA);
  t.teardown(nodeB.close);
  const url = `${(await listening(nodeB.app)).replace('http', 'ws')}/graphql`;
  const { id, tokens } = await seatedGame(nodeA);
  // From the revision before the command, so the push is owed however late node B sets the subscription up.
  const { revision: before } = await nodeA.service.reads.summary(id);
  const spectator = subscribe(
    url,
    {},
    `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision events { type data } } }`,
    { g: id, a: before },
  );
  t.teardown(() => spectator.ws.close());
  await spectator.start();
  const sent = await nodeA.app.inject({
    method: 'POST',
    url: `/games/${id}/commands`,
    headers: { authorization: `Bearer ${tokens[0]}` },
    payload: { type: 'Draw' },
  });
  t.equal(sent.statusCode, 200, 'node A accepts the command');
  const update = (await spectator.next('next')).payload.data.gameUpdated;
  t.equal(update.revision, JSON.parse(sent.body).revision, 'node B pushes it');
  t.equal(update.events[0].data.value, null, 'redacted for the spectator');
});

t.test('gameUpdated(after) first pushes what the subscriber missed, then live revisions', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const { id, tokens } = await seatedGame(ctx);
  const first = await ctx.service.commands.execute(id, { type: 'Draw' }, { seat: 0 });
  await ctx.service.commands.execute(id, { type: 'Draw' }, { seat: 1 });
  const query = `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision events { revision type } } }`;
  const late = subscribe(url, { authorization: `Bearer ${tokens[0]}` }, query, { g: id, a: first.revision });
  t.teardown(() => late.ws.close());
  await late.start();
  const missed = (await late.next('next')).payload.data.gameUpdated;
  t.same(
    missed.events.map((e: Json) => e.type),
    ['Drew'],
    'the revision after `after` is pushed at once',
  );
  t.ok(
    missed.events.every((e: Json) => e.revision > first.revision),
    'nothing at or before `after`',
  );
  await ctx.service.commands.execute(id, { type: 'Stop' }, { seat: 0 });
  const live = (await late.next('next')).payload.data.gameUpdated;
  t.same(
    live.events.map((e: Json) => e.type),
    ['Stopped'],
    'then live',
  );
  const bad = subscribe(url, {}, query, { g: id, a: -5 });
  t.teardown(() => bad.ws.close());
  await bad.start();
  t.equal((await bad.next('error')).payload[0].extensions.code, 'graphql/bad-argument');
});

t.test('modules: discovery over GraphQL, as GET /modules', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const reply = await gql(
    ctx,
    `{ modules { name title rulesVersion summary seats { min max } notation { path url } options { name default } commands } }`,
  );
  t.same(reply.data.modules, [
    {
      name: 'toy',
      title: toy.info.title,
      rulesVersion: '1',
      summary: toy.info.summary,
      seats: { min: 2, max: 4 },
      notation: { path: 'apps/server/test/support/toy.ts', url: '/modules/toy/notation' },
      options: [],
      commands: ['Draw', 'Stop'],
    },
  ]);
});

t.test('mutations: create, claim and play with the codes and idempotency of REST', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const created = await gql(ctx, `mutation { createGame(module: "toy", seats: 2) { id status seats { seat claimed } } }`);
  const id = created.data.createGame.id as string;
  t.equal(created.data.createGame.status, 'open');
  const bad = await gql(ctx, `mutation { createGame(module: "toy", seats: 9) { id } }`);
  t.equal(bad.errors[0].extensions.code, 'toy/seats', "the module's seat rule, as over REST");
  const claim = `mutation($g: ID!) { claimSeat(gameId: $g) { seat token revision } }`;
  const s0 = (await gql(ctx, claim, { g: id })).data.claimSeat;
  const s1 = (await gql(ctx, claim, { g: id })).data.claimSeat;
  t.same([s0.seat, s1.seat], [0, 1]);
  t.equal((await gql(ctx, claim, { g: id })).errors[0].extensions.code, 'game/full');

  const send = `mutation($g: ID!, $c: JSON!, $k: String) {
    sendCommand(gameId: $g, command: $c, idempotencyKey: $k) { revision replayed events { type data } view { ... on ToyView { totals } } }
  }`;
  const first = (await gql(ctx, send, { g: id, c: { type: 'Draw' }, k: 'k1' }, s0.token)).data.sendCommand;
  t.equal(first.replayed, false);
  t.same(
    first.events.map((e: Json) => e.type),
    ['Drew'],
  );
  t.type(first.view.totals[0], 'number', 'the caller sees its own total');
  const again = (await gql(ctx, send, { g: id, c: { type: 'Draw' }, k: 'k1' }, s0.token)).data.sendCommand;
  t.same(again, { ...first, replayed: true }, 'a repeated key returns the first outcome');
  const wrongTurn = await gql(ctx, send, { g: id, c: { type: 'Draw' } }, s0.token);
  t.same(wrongTurn.errors[0].extensions, { code: 'toy/not-your-turn', status: 422 });
  const malformed = await gql(ctx, send, { g: id, c: { type: 'Fly' } }, s1.token);
  t.equal(malformed.errors[0].extensions.code, 'command/malformed');
  t.match(malformed.errors[0].message, /"Fly" is not a toy command type; it must be one of "Draw", "Stop"/);
  t.equal((await gql(ctx, send, { g: id, c: { type: 'Draw' } })).errors[0].extensions.code, 'auth/missing-token');
  t.equal(
    (await gql(ctx, send, { g: id, c: { type: 'Draw' }, k: 'has space' }, s1.token)).errors[0].extensions.code,
    'http/invalid-request',
    'a malformed key gets the code REST gives it',
  );
});

t.test('every error carries extensions.code: invalid queries and rate limits too', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '3' });
  t.teardown(ctx.close);
  const invalid = await gql(ctx, `{ nothing }`);
  t.equal(invalid.errors[0].extensions.code, 'graphql/invalid-query');
  const unparsable = await gql(ctx, `{ modules {`);
  t.equal(unparsable.errors[0].extensions.code, 'graphql/invalid-query');
  let limited: { statusCode: number; headers: Record<string, unknown>; body: string } | undefined;
  for (let i = 0; i < 6 && !limited; i++) {
    const reply = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ modules { name } }' } });
    if (reply.statusCode === 429) limited = reply;
  }
  t.ok(limited, 'the rate limit applies to /graphql');
  t.ok(limited?.headers['retry-after'], 'with Retry-After');
  t.same(
    JSON.parse(limited?.body ?? '{}').errors[0].extensions,
    { code: 'http/rate-limited', status: 429, retryAfterSeconds: Number(limited?.headers['retry-after']) },
    'as a GraphQL error, with the wait in seconds as the header gives it',
  );
});

t.test('gameUpdated completes when the game ends, and at once for a game already over', async (t) => {
  const ctx = await testApp();
  t.teardown(ctx.close);
  const url = `${(await listening(ctx.app)).replace('http', 'ws')}/graphql`;
  const { id } = await seatedGame(ctx);
  const query = `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) { revision status } }`;
  // From the revision before the moves: however late the server sets the subscription up, it pushes them (a
  // subscription from "now" to a game already over would rightly complete at once with nothing to push).
  const { revision: before } = await ctx.service.reads.summary(id);
  const watcher = subscribe(url, {}, query, { g: id, a: before });
  t.teardown(() => watcher.ws.close());
  await watcher.start();
  await ctx.service.commands.execute(id, { type: 'Stop' }, { seat: 0 });
  await ctx.service.commands.execute(id, { type: 'Stop' }, { seat: 1 });
  let last: Json;
  for (;;) {
    const update = (await watcher.next('next')).payload.data.gameUpdated;
    last = update;
    if (update.status !== 'active') break;
  }
  t.equal(last.status, 'finished', 'the last push says the game is over');
  t.equal((await watcher.next('complete')).id, '1', 'then the subscription completes');
  const late = subscribe(url, {}, query, { g: id, a: last.revision });
  t.teardown(() => late.ws.close());
  await late.start();
  t.equal((await late.next('complete')).id, '1', 'a subscription to a finished game with nothing missed completes at once');
});

t.test('every type and field GraphQL defines, the server owns or a fully described module publishes has a description', async (t) => {
  const { buildSchema } = await import('graphql');
  // These three modules describe every command, event and view field (raid does not yet: see its schemas).
  const { dungeon } = await import('@delve/game-dungeon');
  const { venture } = await import('@delve/game-venture');
  const { dungeoneer } = await import('@delve/game-dungeoneer');
  const schema = buildSchema(graphqlSchema({ dungeon, venture, dungeoneer }).sdl);
  const undescribed: string[] = [];
  // Types generated from the kernel's and read models' own schemas describe what those schemas describe.
  const foreign = /^(Game|GameSeats|Character|CharacterSeatedIn|CharacterGame|Campaign\w*|PlayerProfile\w*|PlayerGame)$/;
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name) || foreign.test(type.name)) continue;
    if (!type.description) undescribed.push(type.name);
    if ('getFields' in type) {
      for (const field of Object.values(type.getFields())) if (!field.description) undescribed.push(`${type.name}.${field.name}`);
    }
  }
  t.same(undescribed, []);
});
