// The Delve fastify app as a plugin (external plugins first, then routes), plus buildApp for tests and server.ts.
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { AnyGameModule } from '@delve/kernel';
import type { Config } from './config';
import type { UpdatesFeed } from './graphql/feed';
import { graphql } from './graphql/index';
import { collectRoute, openApiDocument, type DocumentedRoute } from './openapi';
import { platformUnavailable, type PlatformPort, type PlatformReads } from './platform';
import type { GamesListReader, GamesPort, ReadinessProbe } from './ports';
import { installInputGuards } from './inputGuards';
import { installProblemHandlers, problem } from './problems';
import { installRateLimits, KnownPlayers } from './rateLimits';
import campaigns from './routes/campaigns';
import characters from './routes/characters';
import games from './routes/games';
import { withSeatCache } from './seatCache';
import health from './routes/health';
import modules from './routes/modules';
import play from './routes/play';
import players from './routes/players';
import watch from './routes/watch';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    games: GamesPort;
    gamesList: GamesListReader;
    readiness: ReadinessProbe;
    platform: PlatformPort;
    platformReads: PlatformReads;
    /** The loaded game modules, by name (discovery, and explaining malformed commands and options). */
    modules: Readonly<Record<string, AnyGameModule>>;
  }
}

/** What the app is built from: configuration and the ports it serves. */
export interface AppDependencies {
  readonly config: Config;
  readonly games: GamesPort;
  readonly gamesList: GamesListReader;
  readonly readiness: ReadinessProbe;
  /** The loaded game modules (GraphQL builds one view type per module that publishes a view schema). */
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  /** Live game updates for GraphQL subscriptions. */
  readonly updates: UpdatesFeed;
  /** Players, characters and campaigns (without them, their routes answer 503 platform/unavailable). */
  readonly platform?: PlatformPort;
  readonly platformReads?: PlatformReads;
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

/** The app as a plugin: decorates the dependencies, registers CORS, rate limit, docs, then the routes. */
export const app: FastifyPluginAsync<AppDependencies> = async (fastify, deps) => {
  fastify.decorate('config', deps.config);
  const cachedGames = withSeatCache(deps.games);
  fastify.decorate('games', cachedGames);
  fastify.decorate('gamesList', deps.gamesList);
  fastify.decorate('readiness', deps.readiness);
  fastify.decorate('modules', deps.modules);
  const off = deps.platform && deps.platformReads ? null : platformUnavailable();
  const knownPlayers = new KnownPlayers();
  fastify.decorate('platform', rememberingPlayers(deps.platform ?? (off as NonNullable<typeof off>).platform, knownPlayers));
  fastify.decorate('platformReads', deps.platformReads ?? (off as NonNullable<typeof off>).platformReads);
  installProblemHandlers(fastify);
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
      exposedHeaders: ['location', 'x-request-id', 'idempotent-replayed', 'retry-after'],
    });
  }
  // Seats, players and addresses each have a bucket of their own (many players may share a NAT); a credential earns one
  // only once it has authenticated, so inventing a fresh Authorization header per request buys no fresh bucket.
  installRateLimits(fastify, {
    knownSeat: (gameId, token) => cachedGames.knownSeat(gameId, token),
    players: knownPlayers,
    budgets: deps.config.rateLimits,
  });

  await fastify.register(health);
  await fastify.register(modules, { modules: deps.modules });
  await fastify.register(games);
  await fastify.register(play);
  await fastify.register(players);
  await fastify.register(characters);
  await fastify.register(campaigns);
  await fastify.register(watch);
  await fastify.register(graphql, { modules: deps.modules, updates: deps.updates });

  // The routes above are all registered by now: the document is complete (the docs UI's own routes are not in it).
  const document = contractOf(routes, deps.modules);
  await fastify.register(swagger, { mode: 'static', specification: { document: document as never } });
  await fastify.register(swaggerUi, { routePrefix: '/docs' });
};

/** The platform with player-key authentication remembered for the rate limiter (the key's player has a bucket). */
function rememberingPlayers(platform: PlatformPort, known: KnownPlayers): PlatformPort {
  const { players } = platform;
  return {
    ...platform,
    players: {
      register: (...args) => players.register(...args),
      authenticate: async (key) => {
        const player = await players.authenticate(key);
        known.remember(key, player);
        return player;
      },
      issueKey: (...args) => players.issueKey(...args),
      revokeKey: (...args) => players.revokeKey(...args),
      summary: (...args) => players.summary(...args),
      keys: (...args) => players.keys(...args),
    },
  };
}

/** A ready-to-listen Fastify instance with the app registered (tests use inject on it and close it on teardown). */
export async function buildApp(deps: AppDependencies, overrides: Partial<FastifyHttpOptions<Server>> = {}): Promise<FastifyInstance> {
  const fastify = Fastify({ ...serverOptions(deps.config), ...overrides });
  await fastify.register(app, deps);
  await fastify.ready();
  return fastify;
}
