// One test generated from openapi.yaml (issue 30). For every operation the contract lists: a wrong type and an unknown
// field are refused with the field named; a success sends every header its 2xx declares; and every status it declares
// is driven here, or is in the short list of those no test can drive, with the reason. Every reply goes through the
// contract oracle (support/http.ts), so a status the contract does not declare fails wherever it occurs.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { EventStore } from '@delve/kernel';
import { toyGame } from '@delve/kernel/testing';
import type { ReadModels } from '@delve/projections';
import t, { type Test } from 'tap';
import { parse } from 'yaml';
import { buildApp, OPENAPI_PATH } from '../src/app';
import { loadConfig } from '../src/config';
import { StoreUpdatesFeed } from '../src/graphql/feed';
import { liveGames, livePlatform } from '../src/liveGames';
import { loadModules } from '../src/modules';
import { ADMIN_KEY, testApp, type TestApp } from './support/app';
import { call, type Called } from './support/http';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const document = parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
const deref = (node: Json): Json =>
  typeof node?.$ref === 'string'
    ? deref(
        node.$ref
          .replace(/^#\//, '')
          .split('/')
          .reduce((o: Json, k: string) => o[k], document),
      )
    : node;

/** One operation as openapi.yaml declares it. */
interface Operation {
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly parameters: readonly Json[];
  /** The body's schema (null: none); `whole` when the body is one module's command rather than an object of fields. */
  readonly body: { readonly schema: Json; readonly whole: boolean } | null;
  readonly statuses: readonly number[];
  /** The headers each 2xx declares. */
  readonly headers: Readonly<Record<number, readonly string[]>>;
  /** Credentials it takes: seatToken, playerKey, adminKey, and anonymous when it may be called with none. */
  readonly credentials: readonly string[];
}

const operations: Operation[] = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => {
    const schema = op.requestBody?.content?.['application/json']?.schema;
    const body = schema === undefined ? null : deref(schema);
    const responses = op.responses as Record<string, Json>;
    return {
      id: op.operationId as string,
      method: method.toUpperCase() as Operation['method'],
      path,
      parameters: ((op.parameters ?? []) as Json[]).map(deref),
      body: body === null ? null : { schema: body, whole: body.type !== 'object' },
      statuses: Object.keys(responses).map(Number),
      headers: Object.fromEntries(
        Object.entries(responses)
          .filter(([status]) => status.startsWith('2'))
          .map(([status, response]) => [Number(status), Object.keys(deref(response).headers ?? {})]),
      ),
      credentials: op.security === undefined ? ['anonymous'] : (op.security as Json[]).map((s) => Object.keys(s)[0] ?? 'anonymous'),
    };
  }),
);

/** A request of one operation. */
interface Req {
  readonly path?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly token?: string | undefined;
  readonly body?: unknown;
}

async function send(t: Test, app: TestApp['app'], op: Operation, req: Req): Promise<Called> {
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(req.path?.[name] ?? '')));
  const query = new URLSearchParams(Object.entries(req.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return call(t, app, op.method, query === '' ? url : `${url}?${query}`, {
    ...(req.token !== undefined && { token: req.token }),
    ...(req.body !== undefined && { payload: req.body as object }),
    headers: { ...req.headers },
  });
}

/** What the scenarios play with: two players, a character, a campaign, games in several states. */
interface World {
  readonly ctx: TestApp;
  readonly ada: { id: string; key: string };
  readonly bob: { id: string; key: string };
  /** Ada's toy character, and her campaign (with it). */
  readonly hero: string;
  readonly campaign: string;
  /** An active toy game of two seats: seat 0 claimed by Ada as a player, seat 1 anonymously. */
  readonly game: string;
  readonly tokens: readonly [string, string];
  /** A finished toy game. */
  readonly finished: string;
  /** A seat token of another game (an open one). */
  readonly otherToken: string;
  newGame(seats?: number): Promise<string>;
  claim(id: string, seat: number, key?: string): Promise<string>;
  newCampaign(): Promise<string>;
}

async function world(t: Test, ctx: TestApp): Promise<World> {
  const post = async (url: string, payload: unknown, token?: string) =>
    (await call(t, ctx.app, 'POST', url, { payload: payload as object, ...(token !== undefined && { token }) })).body;
  const ada = await post('/players', { name: 'Ada' });
  const bob = await post('/players', { name: 'Bob' });
  const hero = (await post('/characters', { module: 'toy', name: 'Hero' }, ada.key)).id;
  const newGame = async (seats = 2) => (await post('/games', { module: 'toy', seats })).id as string;
  const claim = async (id: string, seat: number, key?: string) => (await post(`/games/${id}/seats`, { seat }, key)).token as string;
  const newCampaign = async () => (await post('/campaigns', { name: 'Under the Hill', module: 'toy' }, ada.key)).id as string;
  const campaign = (await post('/campaigns', { name: 'The long road', module: 'toy', character: hero }, ada.key)).id;
  const game = await newGame();
  const tokens = [await claim(game, 0, ada.key), await claim(game, 1)] as const;
  const finished = await newGame(1);
  await post(`/games/${finished}/commands`, { type: 'Stand' }, await claim(finished, 0));
  const otherToken = await claim(await newGame(), 0);
  return { ctx, ada, bob, hero, campaign, game, tokens, finished, otherToken, newGame, claim, newCampaign };
}

let keys = 0;
const idempotencyKey = () => `key-${keys++}`;

/** Health and readiness are probes, not operations: they take no input and read no query. */
const PROBES = new Set(['health', 'ready']);
const OPERATION_ROUTES = new Set(operations.map((op) => op.id).filter((id) => !PROBES.has(id)));

/** A request each operation succeeds with. */
const SUCCESS: Record<string, (w: World) => Promise<Req>> = {
  health: async () => ({}),
  ready: async () => ({}),
  listModules: async () => ({}),
  getModuleContent: async () => ({ path: { name: 'dungeon' } }),
  getModuleNotation: async () => ({ path: { name: 'dungeon' } }),
  createGame: async () => ({ body: { module: 'toy', seats: 2 } }),
  listGames: async () => ({ query: { limit: 5 } }),
  getGame: async (w) => ({ path: { id: w.game } }),
  claimSeat: async (w) => ({ path: { id: await w.newGame() }, body: { seat: 1 } }),
  issueSeatToken: async (w) => ({ path: { id: w.game, seat: 0 }, token: w.ada.key }),
  seatBots: async (w) => {
    const id = await w.newGame();
    return { path: { id }, token: await w.claim(id, 0), body: {} };
  },
  abandonGame: async (w) => {
    const id = await w.newGame();
    return { path: { id }, token: await w.claim(id, 0) };
  },
  sendCommand: async (w) => {
    const id = await w.newGame(1);
    return { path: { id }, token: await w.claim(id, 0), body: { type: 'Draw' }, headers: { 'idempotency-key': idempotencyKey() } };
  },
  getView: async (w) => ({ path: { id: w.game }, token: w.tokens[0] }),
  getLegalCommands: async (w) => ({ path: { id: w.game }, token: w.tokens[0] }),
  getEvents: async (w) => ({ path: { id: w.game } }),
  getAudit: async (w) => ({ path: { id: w.finished } }),
  registerPlayer: async () => ({ body: { name: 'Cleo' } }),
  getPlayer: async (w) => ({ path: { id: w.ada.id } }),
  listPlayerKeys: async (w) => ({ path: { id: w.ada.id }, token: w.ada.key }),
  issuePlayerKey: async (w) => ({ path: { id: w.bob.id }, token: w.bob.key }),
  revokePlayerKey: async (w) => {
    const issued = (await call(t, w.ctx.app, 'POST', `/players/${w.bob.id}/keys`, { token: w.bob.key })).body;
    return { path: { id: w.bob.id, keyId: issued.keyId }, token: w.bob.key };
  },
  createCharacter: async (w) => ({ token: w.ada.key, body: { module: 'toy', name: 'Sam' } }),
  listCharacters: async (w) => ({ query: { owner: w.ada.id } }),
  getCharacter: async (w) => ({ path: { id: w.hero } }),
  commandCharacter: async (w) => ({
    path: { id: w.hero },
    token: w.ada.key,
    body: { type: 'ChangeMotto', motto: 'onwards' },
    headers: { 'idempotency-key': idempotencyKey() },
  }),
  createCampaign: async (w) => ({ token: w.ada.key, body: { name: 'Second', module: 'toy' } }),
  getCampaign: async (w) => ({ path: { id: w.campaign } }),
  joinCampaign: async (w) => ({ path: { id: await w.newCampaign() }, token: w.bob.key, body: {} }),
  scheduleCampaignGame: async (w) => ({ path: { id: await w.newCampaign() }, token: w.ada.key, body: {} }),
  recoverSeat: async (w) => {
    // A seat of its own game: recovering revokes the seat's earlier tokens.
    const id = await w.newGame();
    await w.claim(id, 0, w.ada.key);
    return { path: { id, seat: 0 }, token: w.ada.key, body: {} };
  },
  listActiveSeats: async (w) => ({ path: { id: w.ada.id }, token: w.ada.key }),
  openTicket: async (w) => ({ token: w.ada.key, body: { module: 'toy', seats: 3 } }),
  listTickets: async (w) => ({ token: w.ada.key }),
  getTicket: async (w) => ({ path: { id: await ticket(w) }, token: w.ada.key }),
  cancelTicket: async (w) => ({ path: { id: await ticket(w) }, token: w.ada.key }),
  getInbox: async (w) => ({ path: { id: w.ada.id }, token: w.ada.key }),
  createWebhook: async (w) => ({ token: w.ada.key, body: { url: 'https://hooks.example.com/delve', events: ['turn'] } }),
  listWebhooks: async (w) => ({ token: w.ada.key }),
  getWebhook: async (w) => ({ path: { id: await webhook(w) }, token: w.ada.key }),
  deleteWebhook: async (w) => ({ path: { id: await webhook(w) }, token: w.ada.key }),
  listWebhookDeliveries: async (w) => ({ path: { id: await webhook(w) }, token: w.ada.key }),
};

/** A webhook of Ada's (registered only: nothing delivers in this test). */
async function webhook(w: World): Promise<string> {
  return (await post(w, '/webhooks', { url: 'https://hooks.example.com/ada', events: ['game.finished'] }, w.ada.key)).id;
}

/** A ticket of Ada's, waiting at a table of four that nobody else joins. */
async function ticket(w: World): Promise<string> {
  return (await post(w, '/matchmaking/tickets', { module: 'toy', seats: 4, options: { maxCards: 4 } }, w.ada.key)).id;
}

/** The path parameters' own examples (ids nothing has). */
const exampleIds = (op: Operation): Record<string, string | number> =>
  Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.example]));

/** The same request with every id in its path one nothing has. */
const unknownIds = (op: Operation, req: Req): Req => ({
  ...req,
  path: Object.fromEntries(
    Object.entries(req.path ?? {}).map(([name, value]) => [
      name,
      name === 'name' ? 'no-such-module' : typeof value === 'string' ? randomUUID() : value,
    ]),
  ),
});

/** A value of the wrong type for a schema. */
const wrongValue = (schema: Json): unknown => (deref(schema).type === 'string' || deref(schema).anyOf ? 42 : 'not-a-number');

/** The request with one field of the wrong type, and the field's name. */
function wrongType(op: Operation, req: Req): { req: Req; field: string } | null {
  const body = op.body;
  if (body && !body.whole) {
    const [field, schema] = Object.entries((body.schema.properties ?? {}) as Record<string, Json>)[0] ?? [];
    if (field !== undefined) return { req: { ...req, body: { ...(req.body as object), [field]: wrongValue(schema) } }, field };
  }
  if (body?.whole) return { req: { ...req, body: { ...(req.body as object), type: 42 } }, field: 'type' };
  // In a query everything is text: the wrong type is text a typed parameter (a number, one of a list, an id) refuses.
  const query = op.parameters.find((p) => p.in === 'query' && (p.schema.type !== 'string' || p.schema.format || p.schema.pattern));
  if (query) return { req: { ...req, query: { ...req.query, [query.name]: 'not a value' } }, field: query.name };
  const path = op.parameters.find((p) => p.in === 'path');
  if (path) return { req: { ...req, path: { ...req.path, [path.name]: 'not an id!' } }, field: path.name };
  return null;
}

/** The request with a field the operation does not have, in the body (or the query of a GET). */
function unknownField(op: Operation, req: Req): Req {
  if (op.method === 'GET') return { ...req, query: { ...req.query, bogus: 1 } };
  return { ...req, body: { ...((req.body as object | undefined) ?? {}), bogus: 1 } };
}

t.test('every operation: a wrong type and an unknown field are refused with the field named', async (t) => {
  const ctx = await testApp({}, { ...(await loadModules()), toy: toyGame }, undefined, undefined, { readSide: true });
  t.teardown(ctx.close);
  const w = await world(t, ctx);
  for (const op of operations) {
    if (!OPERATION_ROUTES.has(op.id)) continue;
    const base = (await SUCCESS[op.id]?.(w)) ?? { path: exampleIds(op) };
    const wrong = wrongType(op, base);
    if (wrong === null) t.same(op.parameters, [], `${op.id} takes no input, so no type can be wrong`);
    else {
      const typed = await send(t, ctx.app, op, wrong.req);
      t.equal(typed.status, 400, `${op.id}: ${wrong.field} of the wrong type is refused (${typed.body?.code})`);
      t.ok(
        (typed.body?.errors ?? []).some((e: { path: string }) => e.path.split('/').includes(wrong.field)),
        `${op.id}: the problem names ${wrong.field}`,
        { errors: typed.body?.errors },
      );
    }
    const unknown = await send(t, ctx.app, op, unknownField(op, base));
    t.equal(unknown.status, 400, `${op.id}: an unknown field is refused (${unknown.body?.code})`);
    t.ok(
      (unknown.body?.errors ?? []).some((e: { path: string }) => e.path.split('/').includes('bogus')),
      `${op.id}: the problem names it`,
      { errors: unknown.body?.errors },
    );
  }
});

/** The statuses no test can drive, with why: asserted few, and each one declared. */
const UNDRIVABLE: Readonly<Record<string, string>> = {
  'startGame 200':
    'the claim of the last seat starts a game by itself, and a start with a seat empty is refused (game/seats-empty): ' +
    'no game is ever open with every seat held when a start arrives',
  'commandCharacter 409':
    'character/concurrency: other writers changed the character through every retry of the command handler, which ' +
    'no request can bring about on purpose',
};

/** Where an operation that cannot succeed is sent to be refused (its generic drivers start from it). */
const BASE: Record<string, (w: World) => Promise<Req>> = {
  startGame: async (w) => ({ path: { id: w.game }, token: w.tokens[0] }),
};

/** Statuses that depend on what the operation does (the generic drivers below cover the rest). */
const DRIVERS: Record<string, (w: World) => Promise<Req>> = {
  'createCampaign 404': async (w) => ({ token: w.ada.key, body: { name: 'C', module: 'toy', character: randomUUID() } }),
  'createCampaign 422': async (w) => ({ token: w.ada.key, body: { name: 'C', module: 'toy', character: await raider(w) } }),
  'scheduleCampaignGame 409': async (w) => {
    // The campaign's first game holds Ada's character: a second one cannot seat it.
    const campaign = (await post(w, '/campaigns', { name: 'Twice', module: 'toy', character: await character(w) }, w.ada.key)).id;
    await post(w, `/campaigns/${campaign}/games`, {}, w.ada.key);
    return { path: { id: campaign }, token: w.ada.key, body: {} };
  },
  'scheduleCampaignGame 403': async (w) => ({ path: { id: w.campaign }, token: w.bob.key, body: {} }),
  'joinCampaign 409': async (w) => ({ path: { id: w.campaign }, token: w.ada.key, body: {} }),
  'joinCampaign 422': async (w) => ({ path: { id: await w.newCampaign() }, token: w.bob.key, body: { character: await raider(w, w.bob) } }),
  'joinCampaign 403': async (w) => ({ path: { id: await w.newCampaign() }, token: w.bob.key, body: { character: w.hero } }),
  'createCharacter 422': async (w) => ({ token: w.ada.key, body: { module: 'dungeon', name: 'Nobody' } }),
  'commandCharacter 403': async (w) => ({ path: { id: w.hero }, token: w.bob.key, body: { type: 'ChangeMotto', motto: 'mine' } }),
  'commandCharacter 422': async (w) => ({
    path: { id: w.hero },
    token: w.ada.key,
    body: { type: 'ChangeMotto', motto: 'again' },
    headers: { 'idempotency-key': await usedKey(w) },
  }),
  'createGame 422': async () => ({ body: { module: 'toy', seats: 5 } }),
  'scheduleCampaignGame 422': async (w) => {
    // Dungeoneer plays with two seats at least: a campaign of one member cannot schedule a game.
    const campaign = (await post(w, '/campaigns', { name: 'Alone', module: 'dungeoneer' }, w.ada.key)).id;
    return { path: { id: campaign }, token: w.ada.key, body: {} };
  },
  'getGame 304': async (w) => etagged(w, `/games/${w.game}`, { path: { id: w.game } }),
  'getView 304': async (w) => etagged(w, `/games/${w.game}/view`, { path: { id: w.game }, token: w.tokens[0] }, w.tokens[0]),
  'abandonGame 409': async (w) => ({ path: { id: w.finished }, headers: { 'x-admin-key': ADMIN_KEY } }),
  'getAudit 409': async (w) => ({ path: { id: w.game } }),
  'seatBots 409': async (w) => ({ path: { id: w.game }, token: w.tokens[0], body: {} }),
  'seatBots 422': async (w) => {
    const id = await w.newGame();
    return { path: { id }, token: await w.claim(id, 0), body: { seats: [5] } };
  },
  'sendCommand 409': async (w) => {
    const over = await finishedGame(w);
    return { path: { id: over.id }, token: over.token, body: { type: 'Stand' } };
  },
  'sendCommand 422': async (w) => ({ path: { id: w.game }, token: w.tokens[1], body: { type: 'Stand' } }),
  'sendCommand 403': async (w) => ({ path: { id: w.game }, token: w.otherToken, body: { type: 'Stand' } }),
  'claimSeat 409': async (w) => ({ path: { id: w.game }, body: { seat: 0 } }),
  'claimSeat 422': async (w) => ({ path: { id: await w.newGame() }, body: { seat: 3 } }),
  'claimSeat 401': async (w) => ({ path: { id: await w.newGame() }, body: { character: w.hero } }),
  'claimSeat 403': async (w) => ({ path: { id: await w.newGame() }, token: w.bob.key, body: { character: w.hero } }),
  'issueSeatToken 403': async (w) => ({ path: { id: w.game, seat: 0 }, token: w.bob.key }),
  'issueSeatToken 409': async (w) => {
    // Ada's seat of a game she abandoned.
    const id = await w.newGame();
    await post(w, `/games/${id}/abandon`, undefined, await w.claim(id, 0, w.ada.key));
    return { path: { id, seat: 0 }, token: w.ada.key };
  },
  'startGame 409': async (w) => ({ path: { id: w.game }, token: w.tokens[0] }),
  'listPlayerKeys 403': async (w) => ({ path: { id: w.ada.id }, token: w.bob.key }),
  'issuePlayerKey 403': async (w) => ({ path: { id: w.ada.id }, token: w.bob.key }),
  'issuePlayerKey 409': async (w) => {
    // A player holds ten keys at most.
    const dan = await post(w, '/players', { name: 'Dan' });
    for (let i = 1; i < 10; i++) await post(w, `/players/${dan.id}/keys`, undefined, dan.key);
    return { path: { id: dan.id }, token: dan.key };
  },
  'revokePlayerKey 404': async (w) => ({ path: { id: w.ada.id, keyId: randomUUID() }, token: w.ada.key }),
  'revokePlayerKey 409': async (w) => {
    const cleo = await post(w, '/players', { name: 'Cleo' });
    return { path: { id: cleo.id, keyId: cleo.keyId }, token: cleo.key };
  },
  'revokePlayerKey 403': async (w) => ({ path: { id: w.ada.id, keyId: randomUUID() }, token: w.bob.key }),
  'recoverSeat 409': async (w) => {
    const over = await finishedGame(w, w.ada.key);
    return { path: { id: over.id, seat: 0 }, token: w.ada.key, body: {} };
  },
  'recoverSeat 422': async (w) => ({ path: { id: await w.newGame(), seat: 1 }, token: w.ada.key, body: {} }),
  'openTicket 404': async (w) => ({ token: w.ada.key, body: { module: 'toy', character: randomUUID() } }),
  'openTicket 403': async (w) => ({ token: w.bob.key, body: { module: 'toy', character: w.hero } }),
  'openTicket 422': async (w) => ({ token: w.ada.key, body: { module: 'toy', seats: 5 } }),
  'createWebhook 409': async (w) => {
    // A player holds ten webhooks at most.
    const eve = await post(w, '/players', { name: 'Eve' });
    for (let i = 0; i < 10; i++) await post(w, '/webhooks', { url: `https://hooks.example.com/${i}`, events: ['turn'] }, eve.key);
    return { token: eve.key, body: { url: 'https://hooks.example.com/one-more', events: ['turn'] } };
  },
  'cancelTicket 409': async (w) => {
    // A table of one is placed and started at once.
    const placed = (await post(w, '/matchmaking/tickets', { module: 'toy', seats: 1 }, w.ada.key)).id;
    return { path: { id: placed }, token: w.ada.key };
  },
};

async function post(w: World, url: string, payload: unknown, token?: string): Promise<Json> {
  return (await call(t, w.ctx.app, 'POST', url, { payload: payload as object, ...(token !== undefined && { token }) })).body;
}
/** A fresh toy character of Ada's, free to be seated. */
const character = async (w: World): Promise<string> => (await post(w, '/characters', { module: 'toy', name: 'Fresh' }, w.ada.key)).id;
/** A raid character (of another module than the toy's). */
const raider = async (w: World, who = w.ada): Promise<string> =>
  (await post(w, '/characters', { module: 'raid', name: 'Hilde', options: { class: 'guardian' } }, who.key)).id;
/** An idempotency key already used by Ada on her character for another command. */
async function usedKey(w: World): Promise<string> {
  const key = idempotencyKey();
  await call(t, w.ctx.app, 'POST', `/characters/${w.hero}/commands`, {
    token: w.ada.key,
    payload: { type: 'ChangeMotto', motto: 'first' },
    headers: { 'idempotency-key': key },
  });
  return key;
}
/** A game that is over, and a seat token of it (claimed as the player whose key is given). */
async function finishedGame(w: World, key?: string): Promise<{ id: string; token: string }> {
  const id = await w.newGame(1);
  const token = await w.claim(id, 0, key);
  await post(w, `/games/${id}/commands`, { type: 'Stand' }, token);
  return { id, token };
}
/** The request with If-None-Match set to the ETag its success answered with. */
async function etagged(w: World, url: string, req: Req, token?: string): Promise<Req> {
  const first = await call(t, w.ctx.app, 'GET', url, { ...(token !== undefined && { token }) });
  return { ...req, headers: { 'if-none-match': String(first.headers.etag) } };
}

/** The generic drivers: what any operation declaring the status answers it for. */
function generic(op: Operation, status: number, success: Req): Req | null {
  const takes = (c: string) => op.credentials.includes(c);
  switch (status) {
    case 400:
      return wrongType(op, success)?.req ?? unknownField(op, success);
    case 401:
      // No credential where one is needed; where none is needed, one that is malformed.
      return takes('anonymous')
        ? { ...success, token: undefined, headers: { ...success.headers, authorization: 'Basic bm8=' } }
        : { ...success, token: undefined };
    case 403:
      if (takes('seatToken')) return { ...success, token: 'a-seat-token-of-no-seat' };
      if (takes('playerKey')) return { ...success, token: 'pk.no-such-key' };
      if (takes('adminKey')) return { ...success, headers: { ...success.headers, 'x-admin-key': 'not-the-admin-key' } };
      return null;
    case 404:
      return unknownIds(op, success);
    case 413:
      return { ...success, body: { padding: 'x'.repeat(4096) } };
    case 415:
      return { ...success, body: 'plain text', headers: { ...success.headers, 'content-type': 'text/plain' } };
    default:
      return null;
  }
}

t.test('every operation: each declared 2xx header is sent, and each declared status occurs', async (t) => {
  const modules = { ...(await loadModules()), toy: toyGame };
  const ctx = await testApp({ BODY_LIMIT: '1024' }, modules, undefined, undefined, { readSide: true });
  t.teardown(ctx.close);
  const w = await world(t, ctx);
  const driven = new Set<string>();
  for (const op of operations) {
    const success = await SUCCESS[op.id]?.(w);
    const base = success ?? (await BASE[op.id]?.(w));
    if (success) {
      const reply = await send(t, ctx.app, op, success);
      const [status] = op.statuses.filter((s) => s >= 200 && s < 300);
      t.equal(reply.status, status, `${op.id}: succeeds with ${status}`, { body: reply.body });
      driven.add(`${op.id} ${reply.status}`);
      for (const header of op.headers[reply.status] ?? []) {
        t.ok(reply.headers[header.toLowerCase()] !== undefined, `${op.id}: ${reply.status} sends ${header}`);
      }
    }
    for (const status of op.statuses.filter((s) => s >= 300 && s !== 429 && s !== 503)) {
      const driver = DRIVERS[`${op.id} ${status}`];
      const req = driver ? await driver(w) : base && generic(op, status, base);
      if (!req) continue;
      const reply = await send(t, ctx.app, op, req);
      t.equal(reply.status, status, `${op.id}: ${status} (${reply.body?.code ?? ''})`, { body: reply.body });
      if (reply.status === status) driven.add(`${op.id} ${status}`);
    }
  }
  t.ok(driven.size > 150, `driven: ${driven.size}`);
  const left = operations.flatMap((op) =>
    op.statuses
      .filter((s) => s !== 429 && s !== 503)
      .map((s) => `${op.id} ${s}`)
      .filter((key) => !driven.has(key)),
  );
  t.same(
    left.filter((key) => !(key in UNDRIVABLE)),
    [],
    'every other declared status occurred',
  );
  t.same(
    Object.keys(UNDRIVABLE).filter((key) => !left.includes(key)),
    [],
    'the undrivable are declared, and were not driven',
  );
  t.ok(Object.keys(UNDRIVABLE).length <= 3, 'and they are few');
});

/** A request made of the operation's own examples (ids nothing has), with a credential of the kind it takes. */
function exampleRequest(op: Operation): Req {
  const media = (document.paths[op.path][op.method.toLowerCase()].requestBody?.content ?? {})['application/json'];
  const body = media === undefined ? undefined : (media.example ?? (Object.values(media.examples ?? {}) as Json[])[0]?.value);
  const query = Object.fromEntries(
    op.parameters.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, p.example]),
  );
  const key = `pk.${randomUUID()}.${randomUUID()}.${'k'.repeat(32)}`;
  const token = op.credentials.includes('playerKey') ? key : op.credentials.includes('seatToken') ? 'some-seat-token' : undefined;
  return { path: exampleIds(op), query, ...(body !== undefined && { body }), ...(token !== undefined && { token }) };
}

t.test('every operation declaring 429 answers it once its caller has spent the budget, with Retry-After', async (t) => {
  const budget = { READ: '1', WRITE: '1' };
  const ctx = await testApp({
    RATE_LIMIT_READS_PER_SECOND: budget.READ,
    RATE_LIMIT_READ_BURST: budget.READ,
    RATE_LIMIT_WRITES_PER_SECOND: budget.WRITE,
    RATE_LIMIT_WRITE_BURST: budget.WRITE,
  });
  t.teardown(ctx.close);
  const limited = operations.filter((op) => op.statuses.includes(429));
  t.same(
    operations.filter((op) => !op.statuses.includes(429)).map((op) => op.id),
    [...PROBES],
    'every operation but the probes declares it',
  );
  for (const op of limited) {
    let reply: Called | null = null;
    // The budget refills one call a second: two calls in a row spend it, a third at most is refused.
    for (let i = 0; i < 3 && reply?.status !== 429; i++) reply = await send(t, ctx.app, op, exampleRequest(op));
    t.equal(reply?.status, 429, `${op.id}: 429`);
    t.ok(Number(reply?.headers['retry-after']) >= 1, `${op.id}: with Retry-After`);
  }
});

/** What a store or a database that cannot be reached throws. */
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

t.test('every operation declaring 503 answers it while the database is away; the others answer from memory', async (t) => {
  const store: EventStore = {
    appendToStream: () => Promise.reject(unreachable()),
    readStream: () => Promise.reject(unreachable()),
    readAll: () => Promise.reject(unreachable()),
    subscribeToAll: () => ({
      unsubscribe: async () => {},
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(unreachable()) }),
    }),
    close: async () => {},
  };
  const reads = new Proxy({} as ReadModels, { get: () => () => Promise.reject(unreachable()) });
  const modules = { ...(await loadModules()), toy: toyGame };
  const games = liveGames(store, modules);
  const updates = new StoreUpdatesFeed(store);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_KEY }),
    modules,
    games,
    platform: livePlatform(store, modules, games),
    reads,
    readiness: () => Promise.reject(unreachable()),
    updates,
  });
  t.teardown(async () => {
    await app.close();
    await updates.close();
  });
  for (const op of operations) {
    const reply = await send(t, app, op, exampleRequest(op));
    if (op.statuses.includes(503)) t.equal(reply.status, 503, `${op.id}: 503 (${reply.body?.code})`);
    else t.ok(reply.status < 300, `${op.id}: answers from memory (${reply.status})`);
  }
});
