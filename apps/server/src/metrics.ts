// Prometheus metrics (prom-client) of one server process, and a cluster's scrape: each worker's registry summed by
// the primary (AggregatorRegistry), with figures read from PostgreSQL at scrape time taken once, not once per worker.
import { timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AppendObserver } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MetricsSettings } from './config';
import type { ClusterMessage } from './lifecycle';

/** Seconds: from a millisecond answer to a ten-second one. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Appends per group-commit statement (the committer takes at most 200). */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 200];
/** A projection this far behind is reported as this far: counting further would cost the scrape a long index scan. */
const LAG_CAP = 100_000;

/** What the app hands over once it exists: counters it keeps itself, read at each scrape. */
export interface AppSources {
  /** Lookups of the folded-game cache. */
  readonly cache: () => { readonly hits: number; readonly misses: number };
  /** Requests refused for the rate limit, by budget. */
  readonly refused: () => Readonly<Record<string, number>>;
  /** WebSocket connections open on /graphql (GraphQL subscribers). */
  readonly websockets: () => number;
}

/** One process's metrics: the registry, what the app and the store record into it, and what is read at scrape time. */
export class ServerMetrics {
  readonly registry: Registry;
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly commands: Counter<'module' | 'outcome'>;
  private app: AppSources | null = null;
  /** The sole writer's epoch while this process holds its database as the only writer (ADR 0060), else null. */
  soleWriter: (() => number | null) | null = null;
  /** For the event store (PostgreSQL): append latency and group-commit batch sizes. */
  readonly store: AppendObserver;

  /**
   * `sql`: the database holding the checkpoints and the scheduler's plan; `postgresEvents`: whether the events are
   * there too (projection lag is counted in events of that log; with EventStoreDB it is not reported).
   */
  constructor(
    private readonly sql: Sql,
    private readonly postgresEvents: boolean,
  ) {
    // In a cluster worker the registry also answers the primary's requests for it (AggregatorRegistry listens).
    this.registry = cluster.isWorker ? new AggregatorRegistry() : new Registry();
    if (cluster.isWorker) AggregatorRegistry.setRegistries([this.registry]);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'delve_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, and how long they took (_count: requests).',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.commands = new Counter({
      name: 'delve_commands_total',
      help: 'Game commands run, by module and outcome: accepted, or the code they were refused with.',
      labelNames: ['module', 'outcome'],
      registers,
    });
    const appended = new Histogram({
      name: 'delve_store_append_duration_seconds',
      help: 'Appends to the PostgreSQL event store, and how long each took (refused ones included).',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const batches = new Histogram({
      name: 'delve_store_group_commit_batch_size',
      help: 'Appends carried by each group-commit statement of the PostgreSQL event store.',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.store = { appended: (seconds) => appended.observe(seconds), batched: (appends) => batches.observe(appends) };
    // The collectors' own `this` is their metric: what they read of this object goes through these.
    const app = () => this.app;
    const lag = () => this.lag();
    const due = () => this.due();
    const sole = () => this.soleWriter?.() ?? null;
    new Counter({
      name: 'delve_fold_cache_lookups_total',
      help: 'Lookups of the folded-game cache: a hit uses the state in memory, a miss reads the whole stream.',
      labelNames: ['result'],
      registers,
      collect() {
        const lookups = app()?.cache() ?? { hits: 0, misses: 0 };
        this.reset();
        this.inc({ result: 'hit' }, lookups.hits);
        this.inc({ result: 'miss' }, lookups.misses);
      },
    });
    new Counter({
      name: 'delve_rate_limited_total',
      help: 'Requests and GraphQL operations refused for the rate limit (429), by budget.',
      labelNames: ['budget'],
      registers,
      collect() {
        this.reset();
        for (const [budget, count] of Object.entries(app()?.refused() ?? {})) this.inc({ budget }, count);
      },
    });
    new Gauge({
      name: 'delve_websocket_clients',
      help: 'WebSocket connections open on /graphql (GraphQL subscribers).',
      registers,
      collect() {
        this.set(app()?.websockets() ?? 0);
      },
    });
    new Gauge({
      name: 'delve_sole_writer_epoch',
      help:
        'While this process holds its database as the only writer (SOLE_WRITER) and serves the games it folded from ' +
        'memory: how many times it has taken the lock (a lost one is taken again). 0 while it does not hold it.',
      registers,
      collect() {
        this.set(sole() ?? 0);
      },
    });
    // Read from PostgreSQL, the same for every worker: a cluster reports the largest answer, not their sum.
    new Gauge({
      name: 'delve_projection_lag_events',
      help: 'Events in the log after each projection’s checkpoint (read models, outcome recorder, scheduler); capped at 100000.',
      labelNames: ['projection'],
      aggregator: 'max',
      registers,
      async collect() {
        this.reset();
        for (const { projection, behind } of await lag()) this.set({ projection }, behind);
      },
    });
    new Gauge({
      name: 'delve_scheduler_due_actions',
      help: 'What the scheduler has planned (clock deadlines, bot moves, idle games): pending (not yet due) and late (due, not done).',
      labelNames: ['state'],
      aggregator: 'max',
      registers,
      async collect() {
        const { pending, late } = await due();
        this.set({ state: 'pending' }, pending);
        this.set({ state: 'late' }, late);
      },
    });
    new Gauge({
      name: 'delve_scheduler_oldest_late_seconds',
      help: 'How long the oldest action due and not done has been due (0: none).',
      aggregator: 'max',
      registers,
      async collect() {
        this.set((await due()).oldestLateSeconds);
      },
    });
  }

  /** Start reading the app's own counters (called once the app has them). */
  watch(app: AppSources): void {
    this.app = app;
  }

  /** A request answered: by its route's pattern (never the raw URL), never holding an id or a token. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** A game command run: accepted, or refused with `code`. */
  observeCommand(module: string, outcome: string): void {
    this.commands.inc({ module, outcome });
  }

  /** This process's exposition, or with several workers every worker's, summed (asked of the primary). */
  async exposition(): Promise<{ contentType: string; text: string }> {
    if (!cluster.isWorker) return { contentType: this.registry.contentType, text: await this.registry.metrics() };
    return { contentType: this.registry.contentType, text: await askPrimary() };
  }

  private lagOnce: Promise<{ projection: string; behind: number }[]> | null = null;
  private dueOnce: Promise<{ pending: number; late: number; oldestLateSeconds: number }> | null = null;

  /** Events after each checkpoint; one query per scrape however many gauges ask. */
  private lag(): Promise<{ projection: string; behind: number }[]> {
    if (!this.postgresEvents) return Promise.resolve([]);
    this.lagOnce ??= this.sql<{ projection: string; behind: number }[]>`
        select c.projection, (select count(*)::int from (select 1 from events e
          where (e.transaction_id, e.global_position) > (c.commit_position, c.prepare_position) limit ${LAG_CAP}) as after) as behind
          from checkpoints c`.finally(() => setImmediate(() => (this.lagOnce = null)));
    return this.lagOnce;
  }

  private due(): Promise<{ pending: number; late: number; oldestLateSeconds: number }> {
    this.dueOnce ??= this.sql<{ pending: number; late: number; oldest: number }[]>`
        select count(*) filter (where due_at > now())::int as pending, count(*) filter (where due_at <= now())::int as late,
               coalesce(extract(epoch from now() - min(due_at) filter (where due_at <= now())), 0)::float8 as oldest
          from due_actions`
      .then(([row]) => ({ pending: row?.pending ?? 0, late: row?.late ?? 0, oldestLateSeconds: row?.oldest ?? 0 }))
      .finally(() => setImmediate(() => (this.dueOnce = null)));
    return this.dueOnce;
  }
}

/** True when `authorization` carries the metrics token (compared in constant time). */
export function metricsAuthorized(settings: MetricsSettings, authorization: string | undefined): boolean {
  if (settings.token === null) return true;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(settings.token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A listener of its own for /metrics on METRICS_PORT (loopback unless METRICS_HOST says otherwise): in a lone process,
 * or in a cluster's primary, whose scrape sums every worker's.
 */
export async function listenForScrapes(
  settings: MetricsSettings & { port: number },
  scrape: () => Promise<{ contentType: string; text: string }>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') return void response.writeHead(404).end();
    if (!metricsAuthorized(settings, request.headers.authorization))
      return void response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    scrape().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(503, { 'retry-after': '1' }).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(settings.port, settings.host, resolve));
  return server;
}

/** Every worker's registry, summed: what the primary answers a worker asking on behalf of a scrape. */
export function clusterScrape(): () => Promise<{ contentType: string; text: string }> {
  const aggregator = new AggregatorRegistry();
  return async () => ({ contentType: aggregator.contentType, text: await aggregator.clusterMetrics() });
}

let asked = 0;
/** A worker asks its primary for the whole cluster's exposition (a scrape landed on it). */
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('the primary did not answer with the cluster’s metrics'));
    }, 10_000);
    const listen = (message: ClusterMessage) => {
      if (message?.kind !== 'metrics' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.text === null) reject(new Error('the primary could not gather the cluster’s metrics'));
      else resolve(message.text);
    };
    process.on('message', listen);
    process.send?.({ kind: 'metrics?', id } satisfies ClusterMessage);
  });
}
