// npm run bench:replay — replays, folds and read-model rebuilds on games that bots played to 1,000+ events through
// the real pipeline into PostgreSQL. Not a test: prints figures, each next to what it is compared with in the same run.
import { randomUUID } from 'node:crypto';
import {
  LOBBY_EVENT_TYPES,
  projectable,
  randomFor,
  type AnyGameModule,
  type GameServices,
  type Message,
  type RecordedEvent,
  type Seat,
} from '@delve/kernel';
import { dungeon, heuristicBot as dungeonBot } from '@delve/game-dungeon';
import { dungeoneer, randomBot as dungeoneerBot } from '@delve/game-dungeoneer';
import { raid, heuristicBot as raidBot } from '@delve/game-raid';
import { venture } from '@delve/game-venture';
import { postgresReadModels, ProjectionRunner, ReadModelStore, readModels } from '@delve/projections';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { StoreUpdatesFeed } from '../apps/server/src/graphql/feed';
import { liveGames } from '../apps/server/src/liveGames';
import { rebuildReadModels } from '../apps/server/src/rebuild';
import { Connection } from './connection';

const GAMES = Number(process.env.BENCH_REPLAY_GAMES ?? 2);
const MIN_EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 1000);
const REVISIONS = 20;
const LOG_EVENTS = Number(process.env.BENCH_REPLAY_LOG ?? 200_000);
const FOLD_MS = 300;
const FOLD_ROUNDS = 5;

/** A bot's next command for `seat`, from what that seat sees (null: nothing to send). */
type Bot = (games: GameServices, gameId: string, seat: Seat, seed: string, step: number) => Promise<Message | null>;
type ViewBot = (view: never, seat: Seat, random: ReturnType<typeof randomFor>) => Message | null;

const fromView =
  (bot: ViewBot): Bot =>
  async (games, gameId, seat, seed, step) =>
    bot((await games.reads.view(gameId, { kind: 'seat', seat })) as never, seat, randomFor(seed, step));

/** Venture has no bot: a random legal command, never conceding, at a table of 1,000 life so the game goes on. */
const ventureBot: Bot = async (games, gameId, seat, seed, step) => {
  const legal = (await games.reads.legalCommands(gameId, seat)).filter((c) => c.type !== 'LeaveGame');
  return legal.length === 0 ? null : randomFor(seed, step).pick(legal);
};

/** Tables whose bot games run long: eight diggers with two decks, heroic raids, a 1,000-life venture table. */
const TABLES: { module: AnyGameModule; options: unknown; seats: number; bot: Bot }[] = [
  { module: dungeon, options: { decks: 2 }, seats: 8, bot: fromView(dungeonBot as ViewBot) },
  { module: venture, options: { startingLife: 1000 }, seats: 4, bot: ventureBot },
  { module: raid, options: { difficulty: 'heroic' }, seats: 3, bot: fromView(raidBot as ViewBot) },
  { module: dungeoneer, options: {}, seats: 4, bot: fromView(dungeoneerBot as ViewBot) },
];

interface Played {
  readonly module: AnyGameModule;
  readonly gameId: string;
  readonly token: string;
  readonly head: number;
}

const db = await openTestDatabase();
const { sql } = db;
const store = new PostgresEventStore(sql);
const modules = Object.fromEntries(TABLES.map((t) => [t.module.name, t.module]));
const writer = liveGames(store, modules);

/** Play one game through the service until it ends or has MIN_EVENTS events; seat 0's token is kept for the reads. */
async function play(table: (typeof TABLES)[number], seed: string): Promise<Played> {
  const { gameId } = await writer.lobby.createGame({ module: table.module.name, options: table.options, seats: table.seats });
  const tokens: string[] = [];
  for (let seat = 0; seat < table.seats; seat++) tokens.push((await writer.lobby.claimSeat(gameId, { seat })).token);
  for (let step = 0; ; step++) {
    const { status, awaiting, revision } = await writer.reads.summary(gameId);
    if (status !== 'active' || revision >= MIN_EVENTS || awaiting.length === 0) break;
    const seat = randomFor(seed, step).pick(awaiting);
    const command = await table.bot(writer, gameId, seat, seed, step);
    if (!command) break;
    await writer.commands.execute(gameId, command, { seat });
  }
  return { module: table.module, gameId, token: tokens[0] as string, head: (await writer.reads.summary(gameId)).revision };
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const ms = (x: number) => x.toFixed(2).padStart(7);

// --- Bot games ---------------------------------------------------------------------------------------------------
const started = performance.now();
const played: Played[] = [];
for (const table of TABLES) {
  let kept = 0;
  for (let attempt = 0; kept < GAMES && attempt < GAMES * 8; attempt++) {
    const game = await play(table, `replay:${table.module.name}:${attempt}`);
    if (game.head < MIN_EVENTS) continue; // finished early: stays in the log for the rebuild, not measured
    played.push(game);
    kept++;
  }
  if (kept < GAMES) console.error(`${table.module.name}: only ${kept} of ${GAMES} games reached ${MIN_EVENTS} events`);
}
console.log(
  `bot games: ${played.length} games of ${MIN_EVENTS}+ events played through the service in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// --- Folding in process --------------------------------------------------------------------------------------------
/**
 * Events per second of `fold` over `events` for about FOLD_MS, after a warm-up: per second of wall time, and per second
 * of this process's CPU time (what stays comparable when other work shares the machine's cores).
 */
function foldRate(events: number, fold: () => void): { wall: number; cpu: number } {
  fold();
  let done = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < FOLD_MS) {
    fold();
    done += events;
  }
  const used = process.cpuUsage(cpu);
  return { wall: done / ((performance.now() - start) / 1000), cpu: done / ((used.user + used.system) / 1e6) };
}
const rate = (x: number) => Math.round(x).toLocaleString('en').padStart(10);
/** The best of several rounds: other work on the machine only ever slows a round down. */
const best = (rounds: readonly { wall: number; cpu: number }[]) => ({
  wall: Math.max(...rounds.map((r) => r.wall)),
  cpu: Math.max(...rounds.map((r) => r.cpu)),
});

console.log(
  `\nFolding in process, events/s, best of ${FOLD_ROUNDS} interleaved rounds (module: its evolve over its own events; kernel: the game record as replays fold it)`,
);
console.log(
  `${'module'.padEnd(11)} ${'events'.padStart(7)} ${'module'.padStart(10)} ${'kernel'.padStart(10)} ${'module cpu'.padStart(10)} ${'kernel cpu'.padStart(10)} ${'kernel/mod'.padStart(10)}`,
);
for (const table of TABLES) {
  const games = played.filter((g) => g.module === table.module);
  const streams = await Promise.all(games.map((g) => store.readStream(`game-${g.gameId}`)));
  const events = streams.reduce((n, s) => n + s.length, 0);
  const { module } = table;
  const moduleEvents = streams.map((s) => s.map((e) => e.data as Message).filter((e) => !LOBBY_EVENT_TYPES.has(e.type)));
  const initial = () => module.initialState(table.options, table.seats);
  const moduleCount = moduleEvents.reduce((n, s) => n + s.length, 0);
  const alone: { wall: number; cpu: number }[] = [];
  const kernel: { wall: number; cpu: number }[] = [];
  // Interleaved, so a slow phase of the machine hits both sides.
  for (let round = 0; round < FOLD_ROUNDS; round++) {
    alone.push(foldRate(moduleCount, () => moduleEvents.forEach((s) => s.reduce((state, e) => module.evolve(state, e), initial()))));
    kernel.push(foldRate(events, () => streams.forEach((s) => writer.streams.foldEvents(undefined, s))));
  }
  const [a, k] = [best(alone), best(kernel)];
  console.log(
    `${module.name.padEnd(11)} ${String(events).padStart(7)} ${rate(a.wall)} ${rate(k.wall)} ${rate(a.cpu)} ${rate(k.cpu)} ${(k.cpu / a.cpu).toFixed(2).padStart(10)}`,
  );
}
console.log("cpu: events per second of this process's CPU time (comparable when other work shares the cores); target >= 200,000/s");

// --- Views at revisions over HTTP, on a node that has not seen the games --------------------------------------------
const reader = liveGames(store, modules);
const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000', DATABASE_URL: db.url });
const updates = new StoreUpdatesFeed(store);
const app = await buildApp({
  config,
  games: reader,
  reads: postgresReadModels(sql),
  readiness: async () => undefined,
  modules,
  updates,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const http = new Connection(new URL(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`));

async function timedGet(path: string, token: string): Promise<number> {
  const start = performance.now();
  const reply = await http.request('GET', path, undefined, token);
  const took = performance.now() - start;
  if (reply.status !== 200) throw new Error(`GET ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return took;
}

console.log(`\nA seat's view at ${REVISIONS} random revisions per game over HTTP (ms), on a node that never saw the games`);
console.log(
  `${'module'.padEnd(11)} ${'games'.padStart(5)} ${'events'.padStart(7)} ${'cold'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'head'.padStart(7)} ${'rev 0'.padStart(7)} ${'last'.padStart(7)} ${'log p50'.padStart(7)} ${'log p99'.padStart(7)}`,
);
const all: number[] = [];
const allHead: number[] = [];
for (const table of TABLES) {
  const games = played.filter((g) => g.module === table.module);
  const times: number[] = [];
  const cold: number[] = [];
  const heads: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const logs: number[] = [];
  for (const [g, game] of games.entries()) {
    const random = randomFor(`revisions:${game.gameId}`, g);
    const view = (revision?: number) =>
      timedGet(`/games/${game.gameId}/view${revision === undefined ? '' : `?revision=${revision}`}`, game.token);
    // A client opens a game at its current view first: on this node that loads the game from the store, once.
    cold.push(await view());
    for (let i = 0; i < REVISIONS; i++) times.push(await view(random.int(game.head)));
    // The current view (the node's cached record: no replay), revision 0 and the one before the head, alternated.
    for (let i = 0; i < 10; i++) {
      heads.push(await view());
      first.push(await view(0));
      last.push(await view(game.head - 1));
    }
    for (let i = 0; i < REVISIONS; i++)
      logs.push(await timedGet(`/games/${game.gameId}/events?from=${random.int(game.head)}&limit=50`, game.token));
  }
  all.push(...times);
  allHead.push(...heads);
  const s = sortedOf(times);
  const l = sortedOf(logs);
  const events = games.reduce((n, g) => n + g.head + 1, 0);
  console.log(
    `${table.module.name.padEnd(11)} ${String(games.length).padStart(5)} ${String(events).padStart(7)} ${ms(Math.max(...cold))} ${ms(quantile(s, 0.5))} ${ms(quantile(s, 0.99))} ${ms(quantile(sortedOf(heads), 0.5))} ${ms(quantile(sortedOf(first), 0.5))} ${ms(quantile(sortedOf(last), 0.5))} ${ms(quantile(l, 0.5))} ${ms(quantile(l, 0.99))}`,
  );
}
const everything = sortedOf(all);
const headP50 = quantile(sortedOf(allHead), 0.5);
console.log(
  `all replays: ${all.length} requests, p50 ${quantile(everything, 0.5).toFixed(2)} ms, p99 ${quantile(everything, 0.99).toFixed(2)} ms (targets: p50 < 5, p99 < 10); the current view's p50 ${headP50.toFixed(2)} ms; replay p50 / current p50 ${(quantile(everything, 0.5) / headP50).toFixed(2)}`,
);
console.log('cold: the slowest first request of a game (its current view: the node loads the game from the store)');
console.log('head / rev 0 / last: p50 of the current view (no replay), of revision 0 and of the revision before the head');
console.log('log: GET /games/{id}/events?from=<random>&limit=50, the redacted log, which also needs the state before each event');
http.close();
await app.close();
await updates.close();

// --- Read-model rebuild next to the raw read of the same log ----------------------------------------------------------
/** Copy the bot games under fresh ids until the log holds LOG_EVENTS events (the rebuild needs a log of some size). */
async function growLog(): Promise<number> {
  const sources = [...new Set((await sql<{ stream_id: string }[]>`select distinct stream_id from events`).map((r) => r.stream_id))];
  let total = Number((await sql<{ n: string }[]>`select count(*)::text as n from events`)[0]?.n);
  for (let i = 0; total < LOG_EVENTS; i++) {
    const source = sources[i % sources.length] as string;
    const oldId = source.slice('game-'.length);
    const newId = randomUUID();
    const copied = await sql`
      insert into events (stream_id, revision, event_id, type, data, metadata)
      select ${`game-${newId}`}, revision, gen_random_uuid(), type, replace(data::text, ${oldId}, ${newId})::json, metadata
        from events where stream_id = ${source} order by revision`;
    total += copied.count;
  }
  await sql`vacuum analyze events`;
  return total;
}

const logEvents = await growLog();
/** Events/s of the store's plain read of the whole log, the ceiling a rebuild is compared with. */
async function rawReadAll(): Promise<number> {
  const start = performance.now();
  const count = (await store.readAll()).length;
  return count / ((performance.now() - start) / 1000);
}
// The raw read before and after the rebuild, so drift in the machine's speed hits both sides.
const rawBefore = await rawReadAll();
const rebuildStart = performance.now();
await rebuildReadModels(store, sql, modules, ['games-list', 'character-sheets', 'player-profiles', 'campaign-progress']);
const rebuildRate = logEvents / ((performance.now() - rebuildStart) / 1000);
const rawRate = (rawBefore + (await rawReadAll())) / 2;
console.log(`\nRead-model rebuild of all four read models from a ${logEvents.toLocaleString('en')}-event log`);
console.log(
  `rebuild ${Math.round(rebuildRate).toLocaleString('en')} events/s; raw read-all of the same events ${Math.round(rawRate).toLocaleString('en')} events/s; ratio ${(rebuildRate / rawRate).toFixed(2)} (target: rebuild >= 50,000 events/s)`,
);
// --- The read-model runner's catch-up: one runner per read model (each reads the log) against one for all -------------
/** CPU µs of this process per event, and events/s, for `run` over the whole log (PostgreSQL's own CPU is not counted). */
async function catchUpCost(run: () => Promise<unknown>): Promise<{ cpu: number; rate: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / logEvents, rate: logEvents / ((performance.now() - start) / 1000) };
}
const projections = Object.values(readModels(modules));
const prepare = (event: RecordedEvent) => projectable(event, modules);
const readModelStore = new ReadModelStore(sql);
const named = (suffix: string) => projections.map((p) => ({ ...p, name: `${p.name}@${suffix}` }));
const each = await catchUpCost(async () => {
  for (const p of named('each')) await new ProjectionRunner(store, readModelStore, p, { prepare, batchSize: 5000 }).catchUp();
});
const together = await catchUpCost(() => new ProjectionRunner(store, readModelStore, named('one'), { prepare, batchSize: 5000 }).catchUp());
console.log(`\nCatching up all ${projections.length} read models from the start of the same log, as the server's read-model runner does`);
console.log(
  `one runner per read model: ${each.cpu.toFixed(1)} µs of this process's CPU per event, ${Math.round(each.rate).toLocaleString('en')} events/s; one runner for all: ${together.cpu.toFixed(1)} µs, ${Math.round(together.rate).toLocaleString('en')} events/s; CPU ratio ${(together.cpu / each.cpu).toFixed(2)}`,
);
console.log(
  `load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (2 cores)`,
);
await db.close();
