// Inject helpers that check every reply against the contract the app serves as a side effect: openapi.yaml's routes
// with the schemas of the modules the test app loads.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Test } from 'tap';
import { specOracle } from './spec';

const oracles = new WeakMap<FastifyInstance, Promise<ReturnType<typeof specOracle>>>();
/** The document the app serves at /docs/json as an oracle, read once per app. */
function oracleOf(app: FastifyInstance): Promise<ReturnType<typeof specOracle>> {
  let oracle = oracles.get(app);
  if (!oracle) {
    oracle = app.inject({ method: 'GET', url: '/docs/json' }).then((reply) => specOracle(reply.json()));
    oracles.set(app, oracle);
  }
  return oracle;
}

export interface Called {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  headers: Record<string, unknown>;
}

/** Inject a request, assert the reply conforms to openapi.yaml, return status, parsed body and headers. */
export async function call(
  t: Test,
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<Called> {
  const request: InjectOptions = {
    method,
    url,
    headers: { ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }), ...options.headers },
  };
  if (options.payload !== undefined) request.payload = options.payload as NonNullable<InjectOptions['payload']>;
  const oracle = await oracleOf(app);
  const reply = await app.inject(request);
  const problems = oracle(method, url, reply);
  if (problems.length > 0) t.fail(`${method} ${url} → ${reply.statusCode} breaks openapi.yaml`, { problems, body: reply.body });
  return { status: reply.statusCode, body: reply.body === '' ? undefined : JSON.parse(reply.body), headers: reply.headers };
}

/**
 * A fetch for the typed client that checks every reply against the contract the app serves, as `call` does for
 * inject: tests that play through @delve/client exercise the client and the contract at once.
 */
export function checkedFetch(t: Test, app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const reply = await fetch(request);
    const { pathname, search } = new URL(request.url);
    const body = await reply.clone().text();
    const problems = (await oracleOf(app))(request.method, pathname + search, {
      statusCode: reply.status,
      headers: Object.fromEntries(reply.headers),
      body,
    });
    if (problems.length > 0) t.fail(`${request.method} ${pathname} → ${reply.status} breaks openapi.yaml`, { problems, body });
    return reply;
  };
}

/** A GraphQL request over HTTP: its status, errors' codes and data. */
export interface GraphqlCalled {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- asserted field by field
  headers: Record<string, unknown>;
  /** The first error's `extensions.code`, if any. */
  code: string | undefined;
}

/** POST a GraphQL document (with a bearer token when given). */
export async function graphql(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphqlCalled> {
  const reply = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    payload: { query, variables },
  });
  const body = JSON.parse(reply.body);
  return { status: reply.statusCode, body, headers: reply.headers, code: body.errors?.[0]?.extensions?.code };
}
