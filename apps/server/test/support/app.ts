// Builds the app for tests on the kernel's real game services and a real PostgreSQL (one database per app), with the toy module.
import type { AnyGameModule, EventStore, GameServices } from '@delve/kernel';
import { LeaderLoop, postgresReadModels, ReadModelStore, type ProjectionRunner } from '@delve/projections';
import { FINAL_BELOW, PostgresEventStore, SoleWriterLock } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import { startTestDatabaseServer, type TestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildApp, serverOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { MemoryGamesList } from './memoryGamesList';
import { StoreUpdatesFeed } from '../../src/graphql/feed';
import { liveGames, livePlatform } from '../../src/liveGames';
import { writtenPosition } from '../../src/positions';
import { readModelRunner } from '../../src/readModels';
import { startScheduler } from '../../src/scheduler';
import { postgresNotifications } from '../../src/notifications';
import { startBeingTold, type BeingToldDeps } from '../../src/webhooks/leaders';
import { toy } from './toy';

let server: Promise<TestDatabaseServer> | null = null;
/** The test file's PostgreSQL server, started on first use and stopped when the file's tests end. */
function databaseServer(): Promise<TestDatabaseServer> {
  if (!server) {
    server = startTestDatabaseServer();
    t.teardown(async () => (await server)?.stop());
  }
  return server;
}

export const ADMIN_KEY = 'test-admin-key-0123456789';

/** Listen on a free loopback port; returns the app's origin (http://127.0.0.1:<port>) for real clients. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

export interface TestApp {
  app: FastifyInstance;
  store: EventStore;
  sql: Sql;
  /** postgres:// URL of the app's database. */
  url: string;
  service: GameServices;
  platform: ReturnType<typeof livePlatform>;
  config: Config;
  /** The notifier and the deliverer, when the app runs them (`told`). */
  told: ReturnType<typeof startBeingTold> | null;
  /** Bring every read model and the outcome recorder up to the last event now (they also follow by themselves). */
  settle(): Promise<void>;
  /** Close the app and the games list (call on teardown). */
  close(): Promise<void>;
  /** Whether the app holds its database as the only writer (the `soleWriter` option). */
  soleWriter: boolean;
}

/**
 * The app on the kernel's real game services and a fresh PostgreSQL database. With `secrets`, seeds and tokens come from that deterministic
 * sequence (reproducible games in tests; never do this outside tests).
 */
export async function testApp(
  env: Record<string, string> = {},
  modules: Record<string, AnyGameModule> = { toy },
  secrets?: string,
  /** Share another app's database: two API nodes in front of one store (only the first runs the read side). */
  shared?: TestApp,
  /**
   * readSide: run the platform's read side (read models and the outcome recorder) in process, as the server does.
   * postgresGamesList: serve GET /games from the PostgreSQL read model, as the server does (settle() fills it).
   * scheduler: run the scheduler (clocks, bots in seats, games nobody plays) as the server does, on this app's node.
   * log: hear every log line of the app at info level and above (parsed), with the server's own redactions.
   * told: run the notifier and the webhook deliverer as the server does (with these overrides, such as a clock).
   * soleWriter: hold the database as its only writer (ADR 0060), as one server process on its embedded PostgreSQL does.
   */
  options: {
    readSide?: boolean;
    postgresGamesList?: boolean;
    scheduler?: boolean;
    log?: (entry: LogEntry) => void;
    told?: boolean | Partial<Pick<BeingToldDeps, 'clock' | 'send' | 'pollMs'>>;
    soleWriter?: boolean;
  } = {},
): Promise<TestApp> {
  let counter = 0;
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_KEY, ...env });
  // A fresh database per app on a real PostgreSQL (one server per test file), unless sharing another app's.
  const db = shared ? null : await (await databaseServer()).create();
  const sql = shared?.sql ?? (db as NonNullable<typeof db>).sql;
  const url = shared?.url ?? (db as NonNullable<typeof db>).url;
  // soleWriter: this app holds the database as its only writer (ADR 0060), as one server process on its embedded
  // PostgreSQL does; the app is returned once it holds the lock.
  // Another app on its store would append past the lock without its folds hearing of it.
  if (shared?.soleWriter) throw new Error('an app cannot share the store of a sole writer');
  let held: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const soleWriter =
    options.soleWriter === true && !shared ? new SoleWriterLock(sql, { pollMs: 50, onChange: (now) => now && held() }) : null;
  soleWriter?.start();
  if (soleWriter) await holding;
  const store = shared?.store ?? new PostgresEventStore(sql, { pollIntervalMs: 20, ...(soleWriter && { soleWriter }) });
  const service = liveGames(store, modules, {
    ...(secrets !== undefined && { newSecret: () => `${secrets}-${counter++}` }),
    ...(soleWriter && { soleEpoch: () => soleWriter.epoch() }),
  });
  const platform = livePlatform(store, modules, service);
  // The read side as the server runs it, in process: every read model and the outcome recorder, polling fast.
  const fail = (error: unknown) => t.fail(`read side: ${String(error)}`);
  const readSide = options.readSide === true && !shared;
  // Always there for settle(); running by themselves only with readSide.
  const runners: ProjectionRunner<unknown>[] = shared ? [] : [readModelRunner(store, sql, modules, fail, undefined, 20)];
  const recorder = platform.outcomes(new ReadModelStore(sql));
  const outcomes = readSide
    ? new LeaderLoop({ step: () => recorder.step(), batchSize: recorder.batchSize, pollMs: 20, onError: fail })
    : null;
  if (readSide) for (const runner of runners) runner.start();
  outcomes?.start();
  const tables = options.scheduler
    ? startScheduler({
        store,
        sql,
        games: service,
        modules,
        tables: config.tables,
        onError: fail,
        fill: (pool, gameId) => platform.matchmaking.fillWithBots(pool, gameId),
      })
    : null;
  // The matchmaker runs with the scheduler: what the server does by itself.
  const matchmaker = platform.matchmaker(new ReadModelStore(sql));
  const matching = options.scheduler
    ? new LeaderLoop({ step: () => matchmaker.step(), batchSize: matchmaker.batchSize, pollMs: 20, onError: fail })
    : null;
  matching?.start();
  const told = options.told
    ? startBeingTold({
        store,
        sql,
        games: service,
        modules,
        settings: config.webhooks,
        onError: (part, error) => fail(`${part}: ${String(error)}`),
        pollMs: 20,
        ...(typeof options.told === 'object' && options.told),
      })
    : null;
  const gamesList = new MemoryGamesList();
  gamesList.follow(store);
  const updates = new StoreUpdatesFeed(store, { local: service.streams });
  const app = await buildApp(
    {
      config,
      games: service,
      reads: { ...postgresReadModels(sql), ...(!options.postgresGamesList && { games: (query) => gamesList.list(query) }) },
      readiness: async () => {},
      modules,
      updates,
      platform,
      writtenPosition: writtenPosition(store),
      notifications: postgresNotifications(sql),
    },
    options.log === undefined ? {} : { logger: logTo(config, options.log) },
  );
  // $all hides events committed after a transaction still in flight (a background runner's), so a catch-up can miss
  // a just-finished game for a moment: settle until no committed event is hidden and nothing is left to take.
  const settle = async (): Promise<void> => {
    for (let round = 0; round < 200; round++) {
      let taken = await recorder.catchUp();
      for (const runner of runners) taken += await runner.catchUp();
      const [row] = await sql<{ hidden: boolean }[]>`
        select exists (select 1 from events where transaction_id >= ${sql.unsafe(FINAL_BELOW)}) as hidden`;
      if (taken === 0 && !row?.hidden) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the read side did not settle');
  };
  const close = async (): Promise<void> => {
    await app.close();
    await tables?.stop();
    await matching?.stop();
    await told?.stop();
    await outcomes?.stop();
    if (readSide) for (const runner of runners) await runner.stop();
    await gamesList.close();
    await updates.close();
    await soleWriter?.stop();
    await db?.close();
  };
  return { app, store, sql, url, service, platform, config, settle, close, told, soleWriter: soleWriter !== null };
}

/** A newly registered player of the app: its id and key. */
export async function registered(ctx: Pick<TestApp, 'app'>, name: string): Promise<{ id: string; key: string }> {
  const reply = await ctx.app.inject({ method: 'POST', url: '/players', payload: { name } });
  const { id, key } = reply.json() as { id: string; key: string };
  return { id, key };
}

/** One line of the app's log, parsed (pino: level 30 info, 40 warn, 50 error). */
export type LogEntry = Record<string, unknown> & { level: number; msg?: string };

/** The server's logger options at info level, writing each line to `hear`. */
function logTo(config: Config, hear: (entry: LogEntry) => void) {
  const logger = serverOptions(config).logger as Record<string, unknown>;
  return { ...logger, level: 'info', stream: { write: (line: string) => hear(JSON.parse(line) as LogEntry) } };
}
