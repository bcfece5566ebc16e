// The cluster's primary (WORKERS > 1): starts the embedded PostgreSQL once and applies the migrations, runs WORKERS
// server processes behind the one port, starts again any that dies, leads what the server does on its own (so workers
// only serve), and on SIGTERM/SIGINT drains the workers, then stops leading and stops PostgreSQL.
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import type { Appended, Position } from '@delve/kernel';
import { openDatabase, type Database } from '@delve/store-postgres';
import { build } from './build';
import type { Config } from './config';
import { describe, exitOnUncaught, jsonLog, onSignals, supervisedEmbedded, type ClusterMessage, type Log } from './lifecycle';
import { heardStore, relayAppends, storedOf } from './nodeAppends';

/** A worker that dies is started again after this long, doubled (up to the ceiling) while workers keep dying young. */
const RESTART_DELAY_MS = 500;
const RESTART_DELAY_CEILING_MS = 30_000;
/** A worker that lived this long before dying was not crash-looping: the next restart waits the base delay again. */
const HEALTHY_AFTER_MS = 30_000;
/**
 * The primary's pool: what the leaders query with, plus one connection per leader lock held while it leads (read models,
 * outcomes, scheduler, matchmaker, notifier, deliverer).
 */
const PRIMARY_POOL = 12;

export async function runPrimary(config: Config): Promise<void> {
  const log = jsonLog(config.logLevel);
  exitOnUncaught(() => log);
  let shutdown: (reason: string, code?: number) => Promise<void> = async (_reason, code = 1) => process.exit(code);
  // Until the database is ready a signal just ends the start: workers go with their primary, PostgreSQL with its watchdog.
  onSignals((signal) => void shutdown(signal));

  // Workers connect to what the primary opened; the compiled build pins them to its own files, so a rebuild while the
  // cluster runs does not mix versions when a worker is started again.
  cluster.setupPrimary({ ...(build && { exec: fileURLToPath(new URL('server.js', build.dir)) }) });
  // The workers start loading at once, while PostgreSQL starts: each asks for the database once it needs it, and is
  // told when it is up and migrated (by IPC: its URL holds the password).
  const database = openDatabase({
    url: config.databaseUrl ?? undefined,
    embedded: supervisedEmbedded(
      config.dataDir,
      () => log,
      () => void shutdown('database-failed', 1),
    ),
    max: PRIMARY_POOL,
  });
  // The node is ready once every worker listens; workers started later (after one died) are told at once.
  const listening = new Set<Worker>();
  let started = false;
  let allListening: () => void = () => {};
  const everyWorkerListens = new Promise<void>((resolve) => (allListening = resolve));
  // What one worker appends is told to the others, so their subscribers are pushed without waiting for the store.
  const relay = relayAppends(() => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined));
  // A scrape landing on a worker is answered with every worker's metrics, gathered here.
  const scrape = config.metrics ? (await import('./metrics')).clusterScrape() : null;
  let leaders: { heard(position: Position): void; stop(): Promise<void> } | null = null;
  cluster.on('message', (worker, message: ClusterMessage) => {
    relay.fromWorker(worker.id, message);
    const stored = storedOf(message);
    if (stored) return leaders?.heard(stored);
    if (message?.kind === 'metrics?' && scrape) {
      void scrape().then(
        ({ text }) => worker.isConnected() && worker.send({ kind: 'metrics', id: message.id, text } satisfies ClusterMessage),
        () => worker.isConnected() && worker.send({ kind: 'metrics', id: message.id, text: null } satisfies ClusterMessage),
      );
      return;
    }
    if (message?.kind !== 'database?') return;
    database.then(
      (db) => worker.isConnected() && worker.send({ kind: 'database', url: db.url, started } satisfies ClusterMessage),
      () => undefined, // the start fails, and says why, below
    );
  });
  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (started || listening.size < config.workers) return;
    started = true;
    for (const each of listening) if (each.isConnected()) each.send({ kind: 'started' } satisfies ClusterMessage);
    log('info', 'all workers listening', { workers: config.workers });
    allListening();
  });

  let closing = false;
  let everListened = false;
  let delay = RESTART_DELAY_MS;
  const born = new Map<Worker, number>();
  const fork = () => {
    const worker = cluster.fork();
    born.set(worker, Date.now());
    // A message sent to a worker that has just died (killed -9: isConnected() still says yes until its channel closes)
    // fails with an error event; unheard, it would end the primary and every other worker with it. Its exit restarts it.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      log('warn', `worker ${worker.process.pid}: ${error.code ?? error.message}`, { worker: worker.process.pid }),
    );
  };
  cluster.on('listening', () => (everListened = true));
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (born.get(worker) ?? Date.now());
    born.delete(worker);
    listening.delete(worker);
    if (closing) return;
    if (!everListened) {
      // No worker could start (the port is taken, a module will not load…): each said why on stderr.
      log('error', `a worker exited (${signal ?? code}) before the server could start; stopping`);
      return void shutdown('worker-failed', 1);
    }
    delay = lived >= HEALTHY_AFTER_MS ? RESTART_DELAY_MS : Math.min(delay * 2, RESTART_DELAY_CEILING_MS);
    log('error', `worker ${worker.process.pid} exited (${signal ?? code}) after ${lived} ms; starting another in ${delay} ms`);
    setTimeout(() => !closing && fork(), delay);
  });

  for (let i = 0; i < config.workers; i++) fork();
  const metricsPort = config.metrics?.port;
  if (scrape && config.metrics && metricsPort != null) {
    await (await import('./metrics')).listenForScrapes({ ...config.metrics, port: metricsPort }, scrape);
  }
  const db: Database = await database;
  log('info', 'database ready; workers starting', { workers: config.workers, embedded: db.embedded });

  shutdown = async (reason: string, exitCode = 0): Promise<void> => {
    if (closing) return;
    closing = true;
    log('info', 'shutting down: draining the workers', { signal: reason });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    // Each worker drains within SHUTDOWN_TIMEOUT_MS and exits; one that does not by then (and a moment more) is killed.
    const drained = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<boolean>((resolve) => {
            if (worker.isDead()) return resolve(true);
            const force = setTimeout(() => worker.process.kill('SIGKILL'), config.shutdownTimeoutMs + 2000);
            worker.once('exit', (code) => {
              clearTimeout(force);
              resolve(code === 0);
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    let failed = drained.includes(false);
    for (const [name, step] of [
      ['leaders', async () => leaders?.stop()],
      ['database', () => db.close()],
    ] as const) {
      const started = performance.now();
      try {
        await step();
        log('info', 'closed', { step: name, ms: Math.round(performance.now() - started) });
      } catch (error) {
        failed = true;
        log('warn', `error while shutting down: ${describe(error)}`, { step: name });
      }
    }
    log('info', 'shut down');
    process.exit(failed && exitCode === 0 ? 1 : exitCode);
  };

  // Loaded once the workers are up, so as not to compete with them for the cores while they load (the read models,
  // the outcome recorder and the scheduler only catch up a moment later).
  await everyWorkerListens;
  if (!closing) leaders = await startPrimaryLeaders(config, db, log, relay.ownAppend);
}

/** The leaders over the primary's pool, with the store and modules a worker would have. */
async function startPrimaryLeaders(
  config: Config,
  db: Database,
  log: Log,
  /** Told of each batch the leaders append (a bot's move, a timeout), for the workers' subscribers. */
  appended: (appended: Appended) => void,
): Promise<{ heard(position: Position): void; stop(): Promise<void> }> {
  const [{ startLeaders }, { liveGames, livePlatform }, { loadModules }, { PostgresEventStore }] = await Promise.all([
    import('./leaders'),
    import('./liveGames'),
    import('./modules'),
    import('@delve/store-postgres'),
  ]);
  const store = heardStore(
    config.eventStoreUrl
      ? await (await import('@delve/store-esdb')).openEsdbEventStore(config.eventStoreUrl)
      : new PostgresEventStore(db.sql),
  );
  const modules = await loadModules(config.gamePackages ?? undefined, (message, error) => log('warn', `${message}: ${String(error)}`));
  const games = liveGames(store, modules, { cacheSize: config.gameCacheSize });
  games.streams.onAppended(appended);
  const platform = livePlatform(store, modules, games);
  const leaders = startLeaders({
    store,
    sql: db.sql,
    modules,
    games,
    platform,
    tables: config.tables,
    webhooks: config.webhooks,
    onError: (part, error) => log('error', `${part} failed: ${describe(error)}`),
  });
  return {
    heard: (position) => leaders.heard(position),
    async stop() {
      await leaders.stop();
      if (config.eventStoreUrl) await store.close();
    },
  };
}
