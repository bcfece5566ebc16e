// Every error as application/problem+json with a stable code: the one place kernel and HTTP errors map to statuses.
import { ConflictError, ForbiddenError, NotFoundError, RuleViolation, ValidationError } from '@delve/kernel';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storeUnavailable, unstorableText } from './storeErrors';

/** RFC 9457 problem details plus our stable `code`. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  instance?: string;
  errors?: { path: string; message: string }[];
}

/** An HTTP-level failure raised by the API itself (auth, missing game, limits). */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Sent as Retry-After (429, 503): when the same request may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What a client is told to wait before retrying while the store is away: it is restarted or reconnected in seconds. */
export const STORE_RETRY_AFTER_SECONDS = 2;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(status: number, code: string, detail: string, extra: Partial<Problem> = {}): Problem {
  return { type: `urn:delve:problem:${code}`, title: TITLES[status] ?? 'Error', status, code, detail, ...extra };
}

// Fastify's own client-error codes, given stable names so clients need not know the framework.
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'http/payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'http/unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'http/bad-content-length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'http/empty-body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'http/malformed-json',
};

/**
 * Lobby rule violations that mean "the game is not accepting this in its current state" (not started, over, seat
 * taken): 409 as the contract says, keeping the kernel's code and message. Every other rule violation is 422.
 */
export const LIFECYCLE_CONFLICTS: ReadonlySet<string> = new Set([
  'game/not-open',
  'game/not-active',
  'game/over',
  'game/seat-taken',
  'game/full',
  'game/rules-retired',
  'game/seats-empty',
  'ticket/not-open',
]);

/** Map any thrown value to a problem. Unknown errors become an opaque 500 so internals never leak. */
export function toProblem(error: unknown): Problem {
  if (error instanceof RuleViolation) return problem(LIFECYCLE_CONFLICTS.has(error.code) ? 409 : 422, error.code, error.message);
  if (error instanceof ValidationError) {
    return problem(400, error.code, error.message, error.details.length > 0 ? { errors: [...error.details] } : {});
  }
  if (error instanceof ForbiddenError) return problem(403, error.code, error.message);
  if (error instanceof NotFoundError) return problem(404, error.code, error.message);
  if (error instanceof ConflictError) return problem(409, error.code, error.message);
  if (error instanceof HttpProblem) return problem(error.status, error.code, error.message);
  if (storeUnavailable(error)) {
    return problem(503, 'store/unavailable', 'the database is unavailable (restarting or unreachable); retry shortly');
  }
  if (unstorableText(error)) {
    return problem(400, 'http/unsupported-text', 'the request carries text that cannot be stored (a NUL character)');
  }
  const fe = error as Partial<FastifyError> | null;
  if (fe && typeof fe === 'object' && Array.isArray(fe.validation)) {
    const where = fe.validationContext ?? 'body';
    return problem(400, 'http/invalid-request', `the request ${where} does not match the schema`, {
      errors: fe.validation.map((v) => ({
        path: `${where}${v.instancePath ?? ''}`,
        message: v.message ?? 'is invalid',
      })),
    });
  }
  const status = fe && typeof fe === 'object' ? fe.statusCode : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (typeof fe?.code === 'string' && FASTIFY_CODES[fe.code]) || `http/${status}`;
    // Fastify's 4xx messages describe the request, not the server, so they are safe to show.
    return problem(status, code, typeof fe?.message === 'string' ? fe.message : 'bad request');
  }
  return problem(500, 'internal', 'internal error; see the server log for this request id');
}

export function sendProblem(reply: FastifyReply, body: Problem): FastifyReply {
  return reply.code(body.status).type('application/problem+json').send(body);
}

/** Seconds a client should wait before retrying the request that failed with `error`, when it should retry at all. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof HttpProblem) return error.retryAfterSeconds;
  return storeUnavailable(error) ? STORE_RETRY_AFTER_SECONDS : undefined;
}

/** Install the one error handler and the not-found handler on the root instance. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toProblem(error);
    body.instance = request.url.split('?')[0] ?? request.url;
    if (body.status === 503) request.log.warn({ err: error, code: body.code }, 'request refused: unavailable');
    else if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status: body.status }, 'request rejected');
    const retry = retryAfterOf(error);
    if (retry !== undefined) reply.header('retry-after', String(retry));
    return sendProblem(reply, body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, problem(404, 'http/not-found', `no route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
