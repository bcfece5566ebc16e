// A 4-player venture table over a real socket on a real PostgreSQL: the initiative changes hands, the game ends,
// the audit verifies, and the games list read model follows.
import t from 'tap';
import { venture } from '@delve/game-venture';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { postgresReadModels } from '@delve/projections';
import { MemoryGamesList } from './support/memoryGamesList';
import { StoreUpdatesFeed } from '../src/graphql/feed';
import { liveGames } from '../src/liveGames';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const db = await openTestDatabase();
const store = new PostgresEventStore(db.sql);
const modules = { venture };
const games = liveGames(store, modules);
const gamesList = new MemoryGamesList();
gamesList.follow(store);
const updates = new StoreUpdatesFeed(store);
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMIT_MAX: '1000000' }),
  games,
  reads: { ...postgresReadModels(db.sql), games: (query) => gamesList.list(query) },
  readiness: async () => {},
  modules,
  updates,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
t.teardown(async () => {
  await app.close();
  await gamesList.close();
  await updates.close();
  await db.close();
});

async function http(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * Pick what a table would do next: answer what the game asks, steal or take the initiative, else move the turn on.
 * Combat damage has a free amount, so it is not among the legal commands (the module lists it as a template): the
 * attacker reports it from the view, once per turn, against the holder.
 */
function choose(legal: Json[], seat: number, view: Json | null, reported: Set<number>): Json | undefined {
  const of = (type: string) => legal.filter((c) => c.type === type);
  for (const type of ['ChooseDungeon', 'ChooseRoom', 'ChooseLegend', 'ResolveTop', 'AnswerUnless'])
    if (of(type).length > 0) return of(type)[0];
  const holder = view?.initiative ?? null;
  // A light blow is enough to take the initiative; nobody has to die for it.
  if (view && view.step === 'combat-damage' && view.active === seat && holder !== null && holder !== seat && !reported.has(view.turn)) {
    reported.add(view.turn);
    return { type: 'ReportCombatDamage', player: holder, amount: 1 };
  }
  if (holder === null && of('TakeInitiative').length > 0) return of('TakeInitiative')[0];
  return of('AdvanceStep')[0] ?? of('PassTurn')[0];
}

t.test('725: a 4-player table over HTTP; the initiative changes hands several times; the audit verifies', async (t) => {
  const created = await http('POST', '/games', { module: 'venture', options: {}, seats: 4 });
  t.equal(created.status, 201);
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const claimed = await http('POST', `/games/${id}/seats`, { name: `player ${i}` });
    t.equal(claimed.status, 201);
    tokens.push(claimed.body.token);
  }
  const holders: (number | null)[] = [];
  const reported = new Set<number>();
  for (let step = 0; step < 600 && new Set(holders.filter((h) => h !== null)).size < 4; step++) {
    const summary = (await http('GET', `/games/${id}`)).body;
    const view = (await http('GET', `/games/${id}/view`)).body.view;
    if (holders.at(-1) !== view.initiative) holders.push(view.initiative);
    const seat = summary.awaiting[0] as number;
    const reply = await http('GET', `/games/${id}/legal-commands`, undefined, tokens[seat]);
    if (reply.status !== 200) {
      t.fail('legal commands refused', { seat, summary, reply });
      break;
    }
    const legal = reply.body.commands as Json[];
    const command = choose(legal, seat, view, reported);
    if (!command) {
      t.fail('the awaited seat has nothing to do', { seat, legal });
      break;
    }
    const sent = await http('POST', `/games/${id}/commands`, command, tokens[seat]);
    if (sent.status !== 200) {
      t.fail('a legal command was refused', { command, problem: sent.body });
      break;
    }
  }
  const distinct = new Set(holders.filter((h) => h !== null));
  t.ok(holders.length >= 5, `the initiative changed hands ${holders.length - 1} times: ${holders.map((h) => h ?? 'nobody').join(' → ')}`);
  t.equal(distinct.size, 4, 'every player held it at some point');

  // Three players leave; the last one standing wins and the game finishes.
  for (let seat = 0; seat < 3; seat++) {
    for (let step = 0; step < 50; step++) {
      const legal = (await http('GET', `/games/${id}/legal-commands`, undefined, tokens[seat])).body.commands as Json[];
      const leave = legal.find((c) => c.type === 'LeaveGame');
      if (leave) {
        t.equal((await http('POST', `/games/${id}/commands`, leave, tokens[seat])).status, 200, `seat ${seat} leaves`);
        break;
      }
      // Not this seat's moment to act: let an awaited seat move the game on.
      const summary = (await http('GET', `/games/${id}`)).body;
      const awaited = summary.awaiting[0] as number;
      const options = (await http('GET', `/games/${id}/legal-commands`, undefined, tokens[awaited])).body.commands as Json[];
      await http('POST', `/games/${id}/commands`, choose(options, awaited, null, reported) ?? options[0], tokens[awaited]);
    }
  }
  const final = (await http('GET', `/games/${id}`)).body;
  t.equal(final.status, 'finished');
  t.same(final.winners, [3]);
  const audit = await http('GET', `/games/${id}/audit`);
  t.equal(audit.status, 200);
  t.equal(audit.body.verified, true, 'the revealed seed and command log reproduce the stream');
});
