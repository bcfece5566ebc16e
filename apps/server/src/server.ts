// Entry point (`npm start`): validate config, open the store (migrations applied), serve, and shut down gracefully.
import type { EventStore } from '@delve/kernel';
import { LeaderLoop, postgresReadModels, ReadModelStore } from '@delve/projections';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { StoreUpdatesFeed } from './graphql/feed';
import { liveGames, livePlatform } from './liveGames';
import { loadModules } from './modules';
import { startProjectionWorker } from './projectionWorker';
import { startScheduler } from './scheduler';

/** How long the embedded PostgreSQL may take to come back after it stopped by itself before the server gives up. */
const DATABASE_RESTART_WITHIN_MS = 60_000;

/** An error as one line per cause, so a start failure always says what went wrong (never just "undefined"). */
function describe(error: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = error; e !== undefined && lines.length < 5; e = (e as { cause?: unknown } | null)?.cause) {
    lines.push(e instanceof Error ? e.message || e.name : `${String(e)} (thrown as is, without an Error)`);
  }
  return lines.join('\n  caused by: ');
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

  const { AdvisoryLeaderLock, isDriverWriteAfterClose, migrationsApplied, openDatabase, PostgresEventStore } =
    await import('@delve/store-postgres');
  const { openEsdbEventStore } = await import('@delve/store-esdb');
  // Until the app's logger exists, lifecycle news of the embedded PostgreSQL go to stderr as they come.
  let log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void = (_level, message) =>
    process.stderr.write(`delve: ${message}\n`);
  let shutdown: (reason: string, code?: number) => Promise<void> = async (_reason, code = 1) => process.exit(code);
  // The driver's write after a closed connection (see driverFaults.ts) is survived; any other uncaught error ends the
  // process as Node would, with its stack on stderr.
  process.on('uncaughtException', (error) => {
    if (isDriverWriteAfterClose(error)) return log('warn', 'the database driver wrote to a connection that had closed; ignored');
    process.stderr.write(`delve: uncaught ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
  // PostgreSQL always: it holds the read models even when events go to EventStoreDB. The embedded one is supervised:
  // if it stops by itself it is started again (requests answer 503 meanwhile), and if it cannot be, the server exits
  // so that whatever supervises it starts it afresh.
  const db = await openDatabase({
    url: config.databaseUrl ?? undefined,
    embedded: {
      dataDir: config.dataDir,
      restartWithinMs: DATABASE_RESTART_WITHIN_MS,
      onLog: (line) => {
        if (/^(stopping|replaced|the "postgres" user|creating)/.test(line)) log('warn', line);
      },
      onEvent: (event) => {
        if (event.kind === 'exited') log('error', 'the embedded PostgreSQL stopped by itself; starting it again', event);
        else if (event.kind === 'restarted') log('warn', `the embedded PostgreSQL is back after ${event.afterMs} ms`);
        else {
          log('error', `the embedded PostgreSQL could not be started again: ${describe(event.error)}`);
          void shutdown('database-failed', 1);
        }
      },
    },
  });
  const store: EventStore = config.eventStoreUrl ? await openEsdbEventStore(config.eventStoreUrl) : new PostgresEventStore(db.sql);
  const warnings: string[] = [];
  const modules = await loadModules(config.gamePackages ?? undefined, (message, error) => warnings.push(`${message}: ${String(error)}`));
  const games = liveGames(store, modules);
  const platform = livePlatform(store, modules, games);
  const updates = new StoreUpdatesFeed(store);

  const app = await buildApp({
    config,
    games,
    readiness: async () => {
      if (!(await migrationsApplied(db.sql))) throw new Error('migrations are not applied');
      if (config.eventStoreUrl) await store.readAll({ maxCount: 1 });
    },
    modules,
    updates,
    platform,
    reads: postgresReadModels(db.sql),
  });
  for (const warning of warnings) app.log.warn(warning);
  log = (level, message, extra = {}) => app.log[level](extra, message);
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
  // Clocks, bots in seats, and games nobody plays: the scheduler, led by one node at a time.
  const tables = startScheduler({
    store,
    sql: db.sql,
    games,
    modules,
    tables: config.tables,
    onError: (error) => app.log.error({ err: error }, 'the scheduler failed'),
    fill: (pool, gameId) => platform.matchmaking.fillWithBots(pool, gameId),
  });
  // The matchmaker finishes placements a request began; it too is led by one node at a time.
  const matchmaker = platform.matchmaker(new ReadModelStore(db.sql));
  const matching = new LeaderLoop({
    step: () => matchmaker.step(),
    batchSize: matchmaker.batchSize,
    pollMs: 50,
    lock: new AdvisoryLeaderLock(db.sql, 'process:matchmaker'),
    onError: (error) => app.log.error({ err: error }, 'the matchmaker failed'),
  });
  matching.start();
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
  shutdown = async (signal: string, exitCode = 0): Promise<void> => {
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
      ['scheduler', () => tables.stop()],
      ['matchmaker', () => matching.stop()],
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
    process.exit(failed ? 1 : exitCode);
  };
  // Whichever process the signal reaches first (npm forwards it, and a terminal's Ctrl-C reaches the whole group), the
  // first one starts the drain and repeats are ignored; SHUTDOWN_TIMEOUT_MS bounds it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  process.stderr.write(`delve: failed to start: ${describe(error)}\n`);
  process.exit(1);
});
