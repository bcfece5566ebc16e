// Builds the app for tests on the real GameService over the in-memory event store, with the toy module.
import { randomBytes, randomUUID } from 'node:crypto';
import { GameService, type AnyGameModule } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { MemoryGamesList } from '../../src/gamesList';
import { StoreUpdatesFeed } from '../../src/graphql/feed';
import { toy } from './toy';

export const ADMIN_KEY = 'test-admin-key-0123456789';

export interface TestApp {
  app: FastifyInstance;
  store: InMemoryEventStore;
  service: GameService;
  config: Config;
  /** Close the app and the games list (call on teardown). */
  close(): Promise<void>;
}

/**
 * The app on the real GameService and in-memory store. With `secrets`, seeds and tokens come from that deterministic
 * sequence (reproducible games in tests; never do this outside tests).
 */
export async function testApp(
  env: Record<string, string> = {},
  modules: Record<string, AnyGameModule> = { toy },
  secrets?: string,
  /** Share a store with another app: two API nodes in front of one database. */
  shared?: InMemoryEventStore,
): Promise<TestApp> {
  let counter = 0;
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ADMIN_KEY, ...env });
  const store = shared ?? new InMemoryEventStore();
  const service = new GameService({
    store,
    modules,
    clock: () => new Date(),
    newId: () => randomUUID(),
    newSecret: () => (secrets === undefined ? randomBytes(32).toString('base64url') : `${secrets}-${counter++}`),
  });
  const gamesList = new MemoryGamesList();
  gamesList.follow(store);
  const updates = await StoreUpdatesFeed.start(store);
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
  };
  return { app, store, service, config, close };
}
