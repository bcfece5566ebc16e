// One server process: open the store (migrations applied), serve, lead what it is elected to, and shut down gracefully.
// It owns the embedded PostgreSQL when it runs alone (WORKERS=1); as a cluster worker it connects to the primary's.
import type { Server } from 'node:http';
import { postgresReadModels } from '@delve/projections';
import { migrationsApplied, openDatabase, PostgresEventStore, SoleWriterLock } from '@delve/store-postgres';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { buildApp } from './app';
import type { Config } from './config';
import { StoreUpdatesFeed } from './graphql/feed';
import { exitOnUncaught, onSignals, supervisedEmbedded, type Log } from './lifecycle';
import { startLeaders } from './leaders';
import { liveGames, livePlatform } from './liveGames';
import { listenForScrapes, ServerMetrics } from './metrics';
import { PostgresBuckets } from './operations/sharedLimits';
import { loadModules } from './modules';
import { writtenPosition } from './positions';
import { heardStore, tellPrimaryStored, workerAppends, type Channel } from './nodeAppends';
import { Presence } from './presence';
import { postgresNotifications } from './notifications';

export interface ServeOptions {
  /** Run the leaders here too (a process serving alone); a cluster worker leaves them to its primary. */
  readonly leaders: boolean;
  /** Connections in this process's pool (default: the driver module's). */
  readonly poolSize?: number;
  /** A cluster worker: whether every worker of its node listens yet (/ready says not ready until then). */
  readonly started?: () => boolean;
  /** A cluster worker: its IPC channel to the primary, over which the node's processes tell each other of appends. */
  readonly primary?: Channel;
}

/** Serve until a signal (or a database that cannot come back) ends the process. */
export async function serve(config: Config, options: ServeOptions): Promise<void> {
  // Until the app's logger exists, lifecycle news of the embedded PostgreSQL go to stderr as they come.
  let log: Log = (_level, message) => process.stderr.write(`delve: ${message}\n`);
  let shutdown: (reason: string, code?: number) => Promise<void> = async (_reason, code = 1) => process.exit(code);
  exitOnUncaught(() => log);
  // PostgreSQL always: it holds the read models even when events go to EventStoreDB. A cluster worker connects to the
  // primary's (its URL comes over IPC); a process serving alone supervises its embedded one.
  const db = await openDatabase({
    url: config.databaseUrl ?? undefined,
    embedded: supervisedEmbedded(
      config.dataDir,
      () => log,
      () => void shutdown('database-failed', 1),
    ),
    ...(options.poolSize !== undefined && { max: options.poolSize }),
  });
  const metrics = config.metrics ? new ServerMetrics(db.sql, !config.eventStoreUrl) : undefined;
  // One process on a database nobody else writes to holds the writers' lock, and serves the games it has folded from
  // memory while it does (ADR 0060).
  const soleWriter =
    config.soleWriter && !config.eventStoreUrl
      ? new SoleWriterLock(db.sql, {
          onChange: (held) =>
            log('info', held ? 'holding the database as its only writer' : 'no longer holding the database as its only writer'),
        })
      : undefined;
  soleWriter?.start();
  if (metrics && soleWriter) metrics.soleWriter = () => soleWriter.epoch();
  // EventStoreDB's client (gRPC, protobuf) is loaded only when it is the event store: 10 MB of an idle node's heap.
  // Every append made through it is told: to this process's leaders, or a worker's to its primary's (ADR 0052).
  const store = heardStore(
    config.eventStoreUrl
      ? await (await import('@delve/store-esdb')).openEsdbEventStore(config.eventStoreUrl)
      : new PostgresEventStore(db.sql, { ...(metrics && { observer: metrics.store }), ...(soleWriter && { soleWriter }) }),
  );
  const warnings: string[] = [];
  const modules = await loadModules(config.gamePackages ?? undefined, (message, error) => warnings.push(`${message}: ${String(error)}`));
  const games = liveGames(store, modules, {
    cacheSize: config.gameCacheSize,
    ...(soleWriter && { soleEpoch: () => soleWriter.epoch() }),
  });
  const platform = livePlatform(store, modules, games);
  // This process's own appends (and, in a cluster, its node's) are pushed without waiting for the store to give them back.
  const node = options.primary ? workerAppends(games.streams, options.primary) : null;
  const stopTellingStored = options.primary ? tellPrimaryStored(store, options.primary) : () => undefined;
  const updates = new StoreUpdatesFeed(store, { local: node ?? games.streams });
  // Which seats are connected, shared with every other process and node through PostgreSQL.
  let reportPresence: (error: unknown) => void = () => undefined;
  const presence = new Presence({
    ...config.presence,
    sql: db.sql,
    node: `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`,
    onError: (error) => reportPresence(error),
  });

  const app = await buildApp({
    config,
    games,
    readiness: async () => {
      if (options.started && !options.started()) throw new Error("the node's other workers are still starting");
      if (!(await migrationsApplied(db.sql))) throw new Error('migrations are not applied');
      if (config.eventStoreUrl) await store.readAll({ maxCount: 1 });
    },
    modules,
    updates,
    platform,
    reads: postgresReadModels(db.sql),
    writtenPosition: writtenPosition(store),
    ...(metrics && { metrics }),
    ...(config.sharedRateLimits && { sharedLimits: new PostgresBuckets(db.sql) }),
    presence,
    notifications: postgresNotifications(db.sql),
  });
  for (const warning of warnings) app.log.warn(warning);
  log = (level, message, extra = {}) => app.log[level](extra, message);
  reportPresence = (error) => app.log.warn({ err: error }, 'presence could not be written');
  presence.start();
  // Alone, this process also leads what the server does on its own; a cluster's primary does that for its workers.
  const leaders = options.leaders
    ? startLeaders({
        store,
        sql: db.sql,
        modules,
        games,
        platform,
        tables: config.tables,
        webhooks: config.webhooks,
        onError: (part, error) => app.log.error({ err: error }, `${part} failed`),
      })
    : null;
  app.log.info(
    {
      modules: Object.keys(modules),
      embedded: db.embedded,
      eventStore: config.eventStoreUrl ? 'esdb' : 'postgres',
      leaders: options.leaders,
    },
    'starting',
  );

  let closing = false;
  let scrapes: Server | null = null;
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
      [
        'metrics',
        async () => {
          const listener = scrapes;
          if (listener) await new Promise((resolve) => listener.close(resolve));
        },
      ],
      ['presence', () => presence.stop()],
      ['leaders', async () => leaders?.stop()],
      ['updates', async () => (node?.stop(), stopTellingStored(), updates.close())],
      ['sole writer', async () => soleWriter?.stop()],
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
  // SHUTDOWN_TIMEOUT_MS bounds the drain.
  onSignals((signal) => void shutdown(signal));

  await app.listen({ host: config.host, port: config.port });
  // METRICS_PORT: a lone process serves its own scrapes; a cluster's primary serves every worker's.
  const settings = config.metrics;
  if (metrics && settings?.port != null && !options.started) {
    scrapes = await listenForScrapes({ ...settings, port: settings.port }, () => metrics.exposition());
  }
}
