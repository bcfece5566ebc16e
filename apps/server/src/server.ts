// Entry point (`npm start`): validate config, open the store (migrations applied), serve, and shut down gracefully.
import type { EventStore } from '@delve/kernel';
import { LeaderLoop, PostgresGamesList, PostgresReadModels } from '@delve/projections';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { StoreUpdatesFeed } from './graphql/feed';
import { liveGameService, livePlatform } from './liveGames';
import { loadModules } from './modules';
import { startProjectionWorker } from './projectionWorker';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Import a module and drop any signal handlers it installs. The embedded PostgreSQL package stops its server and
 * exits the process on SIGTERM by itself, which would cut our drain short; the server owns signals and stops the
 * database last.
 */
async function importOwningSignals<T>(load: () => Promise<T>): Promise<T> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const loaded = await load();
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  }
  return loaded;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`delve: ${error.message}\n`);
    process.exit(2);
  }

  const { AdvisoryLeaderLock, migrationsApplied, openDatabase, PostgresEventStore, ReadModelStore } = await importOwningSignals(
    () => import('@delve/store-postgres'),
  );
  const { openEsdbEventStore } = await importOwningSignals(() => import('@delve/store-esdb'));
  // PostgreSQL always: it holds the read models even when events go to EventStoreDB.
  const db = await openDatabase({ url: config.databaseUrl ?? undefined, embedded: { dataDir: config.dataDir } });
  const store: EventStore = config.eventStoreUrl ? await openEsdbEventStore(config.eventStoreUrl) : new PostgresEventStore(db.sql);
  const warnings: string[] = [];
  const modules = await loadModules(config.gamePackages ?? undefined, (message, error) => warnings.push(`${message}: ${String(error)}`));
  const games = liveGameService(store, modules);
  const platform = livePlatform(store, modules, games);
  const updates = new StoreUpdatesFeed(store);

  const app = await buildApp({
    config,
    games,
    gamesList: new PostgresGamesList(db.sql),
    readiness: async () => {
      if (!(await migrationsApplied(db.sql))) throw new Error('migrations are not applied');
      if (config.eventStoreUrl) await store.readAll({ maxCount: 1 });
    },
    modules,
    updates,
    platform,
    platformReads: new PostgresReadModels(db.sql),
  });
  for (const warning of warnings) app.log.warn(warning);
  // The process manager that records finished games on characters and campaigns: one node leads it at a time, and
  // its commands are idempotent anyway.
  const recorder = platform.outcomes(new ReadModelStore(db.sql));
  const outcomes = new LeaderLoop({
    step: () => recorder.step(),
    batchSize: recorder.batchSize,
    pollMs: 200,
    lock: new AdvisoryLeaderLock(db.sql, 'process:game-outcomes'),
    onError: (error) => app.log.error({ err: error }, 'recording game outcomes failed'),
  });
  outcomes.start();
  // The games list projection runs on its own thread with its own connections (ADR 0014).
  const projections = startProjectionWorker({
    databaseUrl: db.url,
    eventStoreUrl: config.eventStoreUrl,
    gamePackages: config.gamePackages,
    onError: (error) => app.log.error({ err: error }, 'games list projection failed'),
  });
  app.log.info(
    { modules: Object.keys(modules), embedded: db.embedded, eventStore: config.eventStoreUrl ? 'esdb' : 'postgres' },
    'starting',
  );

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Each step runs even if an earlier one failed, so one stuck resource does not keep the others open.
    const steps: [string, () => Promise<unknown>][] = [
      ['http', () => app.close()], // stops accepting, waits for in-flight requests
      ['outcomes', () => outcomes.stop()],
      ['projections', () => projections.stop()],
      ['updates', () => updates.close()],
      ['event store', async () => (config.eventStoreUrl ? store.close() : undefined)],
      ['database', () => db.close()],
    ];
    let failed = false;
    for (const [name, step] of steps) {
      const started = performance.now();
      try {
        await step();
        app.log.info({ step: name, ms: Math.round(performance.now() - started) }, 'closed');
      } catch (error) {
        failed ||= name === 'http';
        app.log.warn({ err: error, step: name }, 'error while shutting down');
      }
    }
    app.log.info('shut down');
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  process.stderr.write(`delve: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
