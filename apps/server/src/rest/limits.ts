// The rate limit on arrival, before a body is read: an operation route spends its operation's budget; pages and
// assets spend a bucket of their own; GraphQL documents spend per operation they call, so here they are only refused
// when the caller has nothing left at all.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUDGET } from '../headers';
import { gameOf } from '../operations/index';
import type { Budget } from '../operations/operation';
import { RateLimited, type BudgetState, type RateLimiter } from '../operations/limits';
import { HttpProblem, problem, sendProblem } from '../problems';
import { credentialsOf } from './adapter';

const isUpgrade = (request: FastifyRequest): boolean => String(request.headers.upgrade ?? '').toLowerCase() === 'websocket';

/**
 * Refuse a request over its budget in its own protocol: problem+json for REST and for a WebSocket upgrade (the
 * upgrade is refused before the protocol switches), a GraphQL error with `extensions.code` for GraphQL over HTTP.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, error: HttpProblem, graphql: boolean): FastifyReply {
  reply.header('retry-after', String(error.retryAfterSeconds ?? 1));
  request.log.info({ code: error.code }, 'request rejected');
  if (graphql && !isUpgrade(request)) {
    const extensions = { code: error.code, status: error.status, retryAfterSeconds: error.retryAfterSeconds };
    return reply
      .code(error.status)
      .type('application/json')
      .send({ data: null, errors: [{ message: error.message, extensions }] });
  }
  const body = problem(error.status, error.code, error.message);
  body.instance = request.url.split('?')[0] ?? request.url;
  return sendProblem(reply, body);
}

/** The X-RateLimit-* headers of an operation route's reply (declared in openapi.ts), from the caller's bucket. */
function budgetHeaders(reply: FastifyReply, state: BudgetState): void {
  for (const [name, header] of Object.entries(BUDGET)) reply.header(name.toLowerCase(), String(header.value(state)));
}

/** Install the limit as the first hook of every route. Routes with `config: { rateLimit: false }` are exempt. */
export function installRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', (request, reply, done) => {
    // fastify builds routeOptions afresh on every read of it: read once.
    const { config, url: route = '' } = request.routeOptions;
    if ((config as { rateLimit?: boolean } | undefined)?.rateLimit === false) return done();
    const credentials = credentialsOf(request);
    const { operation } = config;
    const graphql = route === '/graphql';
    try {
      if (operation) budgetHeaders(reply, limiter.charge(operation.budget, credentials, gameOf(operation, request.params)));
      else if (graphql && !isUpgrade(request)) {
        if (!limiter.allows('read', credentials, null)) throw new RateLimited('read', 1000, null);
      } else {
        const budget: Budget = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' ? 'read' : 'write';
        limiter.charge(budget, credentials, null, graphql ? 'ip' : 'pages');
      }
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      if (operation && error instanceof RateLimited && error.state) budgetHeaders(reply, error.state);
      refuse(request, reply, error, graphql);
      return;
    }
    // Shared across nodes (RATE_LIMIT_STORE=postgres): an operation's call is also counted where every node sees it.
    const shared = operation ? limiter.chargeShared(operation.budget, credentials, gameOf(operation, request.params)) : null;
    if (!shared) return done();
    shared.then(
      () => done(),
      (error: unknown) => (error instanceof HttpProblem ? void refuse(request, reply, error, graphql) : done(error as Error)),
    );
  });
}
