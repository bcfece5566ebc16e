// Builds the app for tests on the real GameService and a real PostgreSQL (one database per app), with the toy module.
import type { AnyGameModule, EventStore, GameService } from '@delve/kernel';
import { PostgresEventStore } from '@delve/store-postgres';
import { startTestDatabaseServer, type TestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { MemoryGamesList } from '../../src/gamesList';
import { StoreUpdatesFeed } from '../../src/graphql/feed';
import { liveGameService } from '../../src/liveGames';
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

export interface TestApp {
  app: FastifyInstance;
  store: EventStore;
  service: GameService;
  config: Config;
  /** Close the app and the games list (call on teardown). */
  close(): Promise<void>;
}

/**
 * The app on the real GameService and a fresh PostgreSQL database. With `secrets`, seeds and tokens come from that deterministic
 * sequence (reproducible games in tests; never do this outside tests).
 */
export async function testApp(
  env: Record<string, string> = {},
  modules: Record<string, AnyGameModule> = { toy },
  secrets?: string,
  /** Share a store with another app: two API nodes in front of one database. */
  shared?: EventStore,
): Promise<TestApp> {
  let counter = 0;
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_KEY, ...env });
  // A fresh database per app on a real PostgreSQL (one server per test file), unless sharing another app's.
  const db = shared ? null : await (await databaseServer()).create();
  const store = shared ?? new PostgresEventStore((db as NonNullable<typeof db>).sql, { pollIntervalMs: 20 });
  const service = liveGameService(store, modules, secrets === undefined ? {} : { newSecret: () => `${secrets}-${counter++}` });
  const gamesList = new MemoryGamesList();
  gamesList.follow(store);
  const updates = new StoreUpdatesFeed(store);
  const app = await buildApp({
    config,
    games: service,
    gamesList,
    readiness: async () => {},
    modules,
    updates,
  });
  const close = async (): Promise<void> => {
    await app.close();
    await gamesList.close();
    await updates.close();
    await db?.close();
  };
  return { app, store, service, config, close };
}
