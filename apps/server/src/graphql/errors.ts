// GraphQL errors as REST's problems: every error leaves with `extensions.code` and `status` (over HTTP and WebSocket),
// and a response without data takes the errors' HTTP status when they agree. Internals of unexpected errors never leak.
import type { FastifyBaseLogger } from 'fastify';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { retryAfterOf, STORE_RETRY_AFTER_SECONDS, toProblem } from '../problems';

/** An error thrown in a resolver, as the problem REST would answer, with its stable code and status. */
export function graphqlError(error: unknown): Error {
  const problem = toProblem(error);
  const retry = retryAfterOf(error);
  const extensions = { code: problem.code, status: problem.status, ...(retry !== undefined && { retryAfterSeconds: retry }) };
  const wrapped = new mercurius.ErrorWithProps(problem.detail, extensions, problem.status);
  // What failed, for the log only: never serialised into the answer.
  Object.defineProperty(wrapped, CAUSE, { value: error, enumerable: false });
  return wrapped;
}

const CAUSE = Symbol('cause');

/** The error a resolver threw, behind the GraphQL error it became. */
const causeOf = (error: GraphQLError): unknown => {
  const original = error.originalError as (Error & { [CAUSE]?: unknown }) | undefined;
  return original?.[CAUSE] ?? original ?? error;
};

/** Wrap a resolver so whatever it throws leaves as `graphqlError`. */
export const guard =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (error) {
      throw graphqlError(error);
    }
  };

/** Mercurius' own request errors ("the query must be a string", an unparsable document): the client's fault. */
const isRequestError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'string' && code.startsWith('MER_ERR_') && (status === undefined || (typeof status === 'number' && status < 500));
};

/**
 * An error with the code REST would give: resolver errors already carry theirs; errors raised before a resolver runs
 * (limits, mercurius' checks of the request) or unexpected ones get theirs here, with no internals.
 */
function withCode(error: GraphQLError): GraphQLError {
  const original = error.originalError as (Error & { errors?: unknown }) | undefined;
  if (error.extensions?.code !== undefined || !original || Array.isArray(original.errors) || original instanceof GraphQLError) {
    return error;
  }
  if (isRequestError(original)) {
    return new GraphQLError(original.message, { extensions: { code: 'graphql/invalid-query', status: 400 } });
  }
  const problem = toProblem(original);
  return new GraphQLError(problem.detail, { extensions: { code: problem.code, status: problem.status } });
}

/** Every 5xx is logged at error level with what caused it; a client's mistakes (4xx) are not errors of the server. */
function logFailures(errors: readonly GraphQLError[], log: FastifyBaseLogger | undefined, message: string): void {
  for (const error of errors) {
    const status =
      (error.extensions?.status as number | undefined) ?? (isRequestError(error.originalError) ? 400 : toProblem(causeOf(error)).status);
    if (status >= 500) log?.error({ err: causeOf(error), status }, message);
  }
}

/** What a document that does not parse or validate answers when nothing more precise was said. */
const invalidQuery = (e: GraphQLFormattedError): GraphQLFormattedError =>
  e.extensions?.code === undefined ? { ...e, extensions: { ...e.extensions, code: 'graphql/invalid-query', status: 400 } } : e;

/**
 * Every error leaves with `extensions.code` (see withCode); a query that does not parse or validate gets
 * graphql/invalid-query. A response without data takes the errors' HTTP status when they agree (a 503
 * while the store is away stays a 503 however many root fields failed), with Retry-After when they say when to retry.
 */
export function errorFormatter(execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>, ctx: MercuriusContext) {
  const errors = execution.errors.map(withCode);
  logFailures(execution.errors, ctx.reply?.request.log, 'graphql request failed');
  const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, ctx);
  const response = {
    ...formatted.response,
    errors: (formatted.response.errors ?? []).map(invalidQuery),
  };
  const statuses = new Set(response.errors.map((e) => (e.extensions as { status?: unknown } | undefined)?.status));
  const [status] = statuses;
  let statusCode = formatted.statusCode;
  if (!response.data && statuses.size === 1 && typeof status === 'number') statusCode = status;
  const retries = response.errors.map((e) => (e.extensions as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds);
  const retry = Math.max(statuses.has(503) ? STORE_RETRY_AFTER_SECONDS : 0, ...retries.filter((r): r is number => typeof r === 'number'));
  if (retry > 0) ctx.reply?.header('retry-after', String(retry));
  return { statusCode, response };
}

/** The errors of a WebSocket `error` message (graphql-transport-ws), with the codes HTTP would give them. */
export function socketErrors(errors: readonly GraphQLError[], log: FastifyBaseLogger): GraphQLFormattedError[] {
  logFailures(errors, log, 'graphql subscription failed');
  return errors.map((error) => invalidQuery(withCode(error).toJSON()));
}
