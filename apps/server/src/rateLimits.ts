// Request limits for real clients: smooth token buckets with bursts, separate budgets for reads and writes, keyed by
// who is asking (a seat in the game the request is about, a player, or else the address), answered in each protocol.
import { sha256 } from '@delve/kernel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problems';

/** A bucket refills `perSecond` tokens a second, smoothly, and holds at most `burst`; a request takes one. */
export interface Budget {
  readonly perSecond: number;
  readonly burst: number;
}

/** Reads (GET, GraphQL queries) and writes (everything else) are counted apart, so polling never starves moves. */
export interface Budgets {
  readonly read: Budget;
  readonly write: Budget;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key, at most `size` of them (the least recently used goes first: a bucket untouched for
 * burst/perSecond seconds is full again anyway, so forgetting it changes nothing).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly budget: Budget,
    private readonly now: () => number = () => performance.now(),
    private readonly size = 100_000,
  ) {}

  /** Take a token: 0 when granted, else the milliseconds until the bucket holds one again. */
  take(key: string): number {
    const { perSecond, burst } = this.budget;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (bucket) {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perSecond) / 1000);
      bucket.at = now;
      this.buckets.delete(key); // re-inserted below: the map's order is the recency order
    } else {
      if (this.buckets.size >= this.size) this.buckets.delete(this.buckets.keys().next().value as string);
      bucket = { tokens: burst, at: now };
    }
    this.buckets.set(key, bucket);
    const { tokens } = bucket;
    if (tokens < 1) return Math.ceil(((1 - tokens) * 1000) / perSecond);
    bucket.tokens = tokens - 1;
    return 0;
  }
}

const hashOf = (secret: string): string => sha256(secret, 'base64url');

/**
 * Player keys that authenticated recently, and whose they are: only these earn a bucket of their own, so inventing a
 * fresh Authorization header per request buys nothing. Bounded; the oldest entries go first.
 */
export class KnownPlayers {
  private readonly players = new Map<string, string>();

  constructor(private readonly size = 10_000) {}

  remember(key: string, player: string): void {
    const hash = hashOf(key);
    this.players.delete(hash);
    this.players.set(hash, player);
    if (this.players.size > this.size) this.players.delete(this.players.keys().next().value as string);
  }

  playerOf(key: string): string | null {
    return this.players.get(hashOf(key)) ?? null;
  }
}

/** Who a request counts against: its bucket key, or null for routes that are never limited (health, readiness). */
export interface Limiter {
  /** The seat a token holds in a game when it authenticated recently (the seat cache knows), else null. */
  readonly knownSeat: (gameId: string, token: string) => number | null;
  readonly players: KnownPlayers;
  readonly budgets: Budgets;
}

const BEARER = /^Bearer (\S+)$/;
const GAME_ROUTE = /^\/games\/:id(\/|$)/;

/**
 * The client a request counts against. A seat token counts per seat and only on the routes of its own game, so
 * claiming ten seats buys ten budgets for those ten games and nothing on other routes; a known player key counts
 * per player; anything else counts against the address (docs assets in a bucket of their own).
 */
export function clientOf(request: FastifyRequest, limiter: Limiter, route = request.routeOptions.url ?? ''): string {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (token !== undefined) {
    if (token.startsWith('pk.')) {
      const player = limiter.players.playerOf(token);
      if (player !== null) return `player:${player}`;
    } else {
      const gameId = (request.params as { id?: unknown } | undefined)?.id;
      if (typeof gameId === 'string' && GAME_ROUTE.test(route)) {
        const seat = limiter.knownSeat(gameId, token);
        if (seat !== null) return `seat:${gameId}:${seat}`;
      }
    }
  }
  return route.startsWith('/docs') ? `docs:${request.ip}` : `ip:${request.ip}`;
}

const isGraphql = (request: FastifyRequest): boolean => request.routeOptions.url === '/graphql';
const isUpgrade = (request: FastifyRequest): boolean => String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';

/**
 * Refuse a request over its budget in its own protocol: problem+json for REST and for a WebSocket upgrade (the
 * upgrade is refused before the protocol switches), a GraphQL error with `extensions.code` for GraphQL over HTTP.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, waitMs: number, kind: keyof Budgets): FastifyReply {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const detail = `${kind} rate limit exceeded; retry in ${seconds} s`;
  reply.header('retry-after', String(seconds));
  if (isGraphql(request) && !isUpgrade(request)) {
    const extensions = { code: 'http/rate-limited', status: 429, retryAfterSeconds: seconds };
    return reply
      .code(429)
      .type('application/json')
      .send({ data: null, errors: [{ message: detail, extensions }] });
  }
  const body = problem(429, 'http/rate-limited', detail);
  body.instance = request.url.split('?')[0] ?? request.url;
  return sendProblem(reply, body);
}

/**
 * Install the limits as the first hook of every route (before the body is read). Routes with
 * `config: { rateLimit: false }` are exempt. GraphQL documents count as reads: their cost is bounded on its own.
 */
export function installRateLimits(app: FastifyInstance, limiter: Limiter): void {
  const buckets = { read: new TokenBuckets(limiter.budgets.read), write: new TokenBuckets(limiter.budgets.write) };
  app.addHook('onRequest', (request, reply, done) => {
    // fastify builds routeOptions afresh on every read of it: read once.
    const { config, url: route = '' } = request.routeOptions;
    if ((config as { rateLimit?: boolean } | undefined)?.rateLimit === false) return done();
    const { method } = request;
    const kind: keyof Budgets = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || route === '/graphql' ? 'read' : 'write';
    const key = `${kind}:${clientOf(request, limiter, route)}`;
    const wait = buckets[kind].take(key);
    if (wait === 0) return done();
    request.log.info({ code: 'http/rate-limited', kind }, 'request rejected');
    refuse(request, reply, wait, kind);
  });
}
