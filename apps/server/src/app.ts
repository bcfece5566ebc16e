// The Delve fastify app as a plugin (external plugins first, then routes), plus buildApp for tests and server.ts.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import type { AnyGameModule, GameServices } from '@delve/kernel';
import type { ReadModels } from '@delve/projections';
import { catalog } from './catalog';
import type { Config } from './config';
import type { UpdatesFeed } from './graphql/feed';
import { graphql } from './graphql/index';
import { installInputGuards } from './inputGuards';
import { EXPOSED } from './headers';
import { metricsAuthorized, type ServerMetrics } from './metrics';
import { notificationsUnavailable, type Notifications } from './notifications';
import { collectRoute, openApiDocument, type DocumentedRoute } from './openapi';
import { Operations } from './operations/index';
import { RateLimiter, type SharedBuckets } from './operations/limits';
import { platformUnavailable, type Platform } from './operations/platform';
import type { WrittenPosition } from './positions';
import { HttpProblem, installProblemHandlers, problem, sendProblem } from './problems';
import { installAdmission, registerRoute } from './rest/adapter';
import health, { type ReadinessProbe } from './rest/health';
import { installRateLimits } from './rest/limits';
import { restRoutes } from './rest/routes';
import watch from './rest/watch';
import pages from './rest/pages';
import { Presence } from './presence';

/** What the app is built from: configuration, the loaded modules, and the kernel's services and read models. */
export interface AppDependencies {
  readonly config: Config;
  /** The loaded game modules, by name. */
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly games: GameServices;
  /** Players, characters and campaigns (without them, their operations answer 503 platform/unavailable). */
  readonly platform?: Platform;
  readonly reads: ReadModels;
  /** Players' feeds and webhooks (without them, their operations answer 503 notifications/unavailable). */
  readonly notifications?: Notifications;
  readonly readiness: ReadinessProbe;
  /** Live game updates for GraphQL subscriptions. */
  readonly updates: UpdatesFeed;
  /** The log position a write answers with, for reading one's own writes (positions.ts). */
  readonly writtenPosition?: WrittenPosition;
  /** Rate-limit buckets shared by every node (RATE_LIMIT_STORE=postgres); without them each node counts alone. */
  readonly sharedLimits?: SharedBuckets;
  /** This process's Prometheus metrics, when configured (config.metrics). */
  readonly metrics?: ServerMetrics;
  /** Presence shared across nodes (absent: this node's own, as in tests). */
  readonly presence?: Presence;
}

/** Path of the REST contract (generated from the routes by `npm run openapi`; a test keeps it current). */
export const OPENAPI_PATH = new URL('../../../openapi.yaml', import.meta.url);
/** The version the contract states. */
export const API_VERSION = '0.2.0';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The contract of a set of registered routes and the loaded modules, as /docs serves it and openapi.yaml holds it. */
export function contractOf(
  routes: readonly DocumentedRoute[],
  modules: Readonly<Record<string, AnyGameModule>> = {},
): Record<string, unknown> {
  return openApiDocument(routes, { version: API_VERSION }, modules);
}

/** A 408 as problem+json, written on the socket: a request that took too long never reached a route. */
const REQUEST_TIMEOUT_REPLY = (() => {
  const body = JSON.stringify(problem(408, 'http/request-timeout', 'the request was not received in time'));
  return [
    'HTTP/1.1 408 Request Timeout',
    'Content-Type: application/problem+json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
})();

/** Fastify's own options from the configuration: logging with request ids, body limit, timeouts, proxy trust. */
export function serverOptions(config: Config): FastifyHttpOptions<Server> {
  const timeout = config.requestTimeoutMs;
  return {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-admin-key"]'],
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Honour a sane incoming X-Request-Id so logs correlate across services; otherwise make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    forceCloseConnections: 'idle',
    // The router's own refusals (a malformed URL, a path parameter longer than any id) as problems with stable codes.
    frameworkErrors: (error, request, reply) => {
      const body = problem(
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400,
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'http/uri-too-long' : 'http/bad-url',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a path parameter is longer than any id' : 'the URL is malformed',
      );
      body.instance = request.url.split('?')[0] ?? request.url;
      void sendProblem(reply as unknown as FastifyReply, body);
    },
    // A slow or incomplete request (a body shorter than its Content-Length) is answered 408 and closed once it has
    // taken `timeout`, checked at least once a second; a connection idle for a minute is closed.
    requestTimeout: timeout,
    connectionTimeout: 60_000,
    http: { headersTimeout: timeout, connectionsCheckingInterval: Math.min(1000, Math.ceil(timeout / 2)) },
    clientErrorHandler: (error, socket) => {
      const timedOut = (error as { code?: string }).code === 'ERR_HTTP_REQUEST_TIMEOUT';
      if (socket.writable) socket.end(timedOut ? REQUEST_TIMEOUT_REPLY : 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy(error);
    },
  };
}

/** The app as a plugin: the operations, then CORS, the rate limit, the REST routes, GraphQL, and the docs. */
export const app: FastifyPluginAsync<AppDependencies> = async (fastify, deps) => {
  const limiter = new RateLimiter(deps.config.rateLimits, deps.config.playersPerAddress, undefined, undefined, deps.sharedLimits ?? null);
  const operations = new Operations(
    {
      config: deps.config,
      modules: deps.modules,
      catalog: catalog(deps.modules),
      games: deps.games,
      platform: deps.platform ?? platformUnavailable(),
      reads: deps.reads,
      presence: deps.presence ?? new Presence({ ...deps.config.presence, node: 'local' }),
      notifications: deps.notifications ?? notificationsUnavailable(),
    },
    limiter,
    deps.writtenPosition,
    deps.metrics && observeCommands(deps.metrics, deps.games),
  );
  installProblemHandlers(fastify);
  // Before the contract collects routes: /metrics is for operators, outside the REST contract.
  if (deps.metrics) installMetrics(fastify, deps.metrics, deps, limiter);
  installInputGuards(fastify);
  // Every route registers its schema; the contract served at /docs is generated from them once the app is ready.
  const routes: DocumentedRoute[] = [];
  fastify.addHook('onRoute', (route) => collectRoute(routes, route));

  // Set on arrival, so every reply carries it (errors included); a synchronous onRequest hook keeps fastify's
  // send path free of onSend hooks, which it otherwise runs as a chain on every reply.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // With CORS off (the default) the plugin is not registered at all: its hook would run on every request only to
  // add nothing, and preflights get the same 404 either way.
  const { corsOrigin } = deps.config;
  if (corsOrigin !== false) {
    await fastify.register(cors, {
      origin: corsOrigin === true ? true : [...corsOrigin],
      // The methods the REST routes use, and every response header the contract declares.
      methods: [...new Set(restRoutes.map((route) => route.method))],
      exposedHeaders: [...EXPOSED],
    });
  }
  installRateLimits(fastify, operations.limiter);
  installAdmission(fastify, operations);

  await fastify.register(health, { readiness: deps.readiness });
  for (const route of restRoutes) registerRoute(fastify, operations, route);
  await fastify.register(watch);
  await fastify.register(pages, { operations, modules: deps.modules });
  await fastify.register(graphql, { operations, updates: deps.updates });

  // The routes above are all registered by now: the document is complete (the docs UI's own routes are not in it).
  const document = contractOf(routes, deps.modules);
  await fastify.register(swagger, { mode: 'static', specification: { document: document as never } });
  await fastify.register(swaggerUi, { routePrefix: '/docs' });
};

/** Commands by module and outcome, whichever protocol sent them. */
function observeCommands(metrics: ServerMetrics, games: GameServices) {
  return (op: { name: string }, input: Readonly<Record<string, unknown>>, error: unknown) => {
    if (op.name !== 'sendCommand') return;
    const module = games.streams.cachedRecord(String(input.id))?.module ?? 'unknown';
    const code = (error as { code?: unknown } | null)?.code;
    metrics.observeCommand(module, error === null ? 'accepted' : typeof code === 'string' ? code : 'error');
  };
}

/** Every request timed by its route's pattern, the app's counters read at scrape time, and /metrics with its token. */
function installMetrics(fastify: FastifyInstance, metrics: ServerMetrics, deps: AppDependencies, limiter: RateLimiter): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  let websockets = 0;
  fastify.server.on('upgrade', (request: { url?: string }, socket: { once(event: 'close', listener: () => void): void }) => {
    if (!request.url?.startsWith('/graphql')) return;
    websockets++;
    socket.once('close', () => websockets--);
  });
  metrics.watch({
    cache: () => deps.games.streams.handler.cacheLookups,
    refused: () => limiter.refusals,
    websockets: () => websockets,
  });
  const settings = deps.config.metrics;
  if (settings?.token == null) return; // only on METRICS_PORT's listener
  fastify.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    if (!metricsAuthorized(settings, request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpProblem(401, 'metrics/unauthorized', 'metrics need the operator’s METRICS_TOKEN as a bearer token');
    }
    const { contentType, text } = await metrics.exposition();
    return reply.type(contentType).send(text);
  });
}

/** A ready-to-listen Fastify instance with the app registered (tests use inject on it and close it on teardown). */
export async function buildApp(deps: AppDependencies, overrides: Partial<FastifyHttpOptions<Server>> = {}): Promise<FastifyInstance> {
  const fastify = Fastify({ ...serverOptions(deps.config), ...overrides });
  await fastify.register(app, deps);
  await fastify.ready();
  return fastify;
}
