// REST over the operations: a route is a method, a URL and an operation. Its parameters, query, headers and body are
// the operation's input fields (path parameters by name, the rest in the query of a GET or DELETE and the body of
// anything else), its schema in openapi.yaml is derived from the operation's, and its handler adds nothing: the one
// hook below admits the call (validation and the declared credentials), the handler runs it.
import { Type, type TSchema } from '@sinclair/typebox';
import { formatPosition, ValidationError } from '@delve/kernel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pascal } from '../catalog';
import { notModified } from '../etag';
import { LOG_POSITION, type HeaderDoc } from '../headers';
import { INVALID_INPUT } from '../operations/input';
import type { Admitted, AnyOperation, Credentials, Operations } from '../operations/index';
import { Problem } from '../operations/schemas';

/** How one operation is served over REST, beyond its method and URL. */
export interface RestBinding {
  /** The success status (default 200). */
  readonly status?: 200 | 201 | 204;
  /** The input field that is the whole body (a command), rather than the body's fields being input fields. */
  readonly body?: string;
  /** Request headers that carry input fields: header name → field. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Where the created resource is (the Location header of a 201). */
  readonly location?: (output: never) => string;
  /** A weak ETag of the answer, for If-None-Match (304 when it matches). */
  readonly etag?: (output: never) => string;
  /** Response headers taken from the answer, by name, with what each says. */
  readonly replyHeaders?: Readonly<Record<string, { readonly description: string; readonly value: (output: never) => string }>>;
}

export interface RestRoute extends RestBinding {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  readonly operation: AnyOperation;
}

export const get = (url: string, operation: AnyOperation, binding: RestBinding = {}): RestRoute => ({
  method: 'GET',
  url,
  operation,
  ...binding,
});
export const post = (url: string, operation: AnyOperation, binding: RestBinding = {}): RestRoute => ({
  method: 'POST',
  url,
  operation,
  ...binding,
});
export const del = (url: string, operation: AnyOperation, binding: RestBinding = {}): RestRoute => ({
  method: 'DELETE',
  url,
  operation,
  ...binding,
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation a route serves (REST routes over operations only). */
    operation?: AnyOperation;
    /** The route's binding: where each input field comes from. */
    binding?: InputSources;
    /** false: the route is never rate limited (health, readiness, the GraphiQL page). */
    rateLimit?: false;
  }
  interface FastifyRequest {
    /** The admitted call of an operation route (set by the admission hook). */
    admitted?: Admitted;
  }
}

/** Which input field comes from which part of the request. */
interface InputSources {
  readonly path: readonly string[];
  readonly query: readonly string[];
  readonly headers: Readonly<Record<string, string>>;
  /** The fields the body's properties fill, or the one field the whole body is. */
  readonly body: { readonly fields: readonly string[] } | { readonly whole: string } | null;
}

/** The credentials of a REST request: its Authorization and X-Admin-Key headers and its address. */
export function credentialsOf(request: FastifyRequest): Credentials {
  const admin = request.headers['x-admin-key'];
  return {
    authorization: request.headers.authorization,
    adminKey: typeof admin === 'string' ? admin : undefined,
    address: request.ip,
  };
}

const pick = (properties: Record<string, TSchema>, names: readonly string[]): Record<string, TSchema> =>
  Object.fromEntries(names.map((name) => [name, properties[name] as TSchema]));

/**
 * Error statuses of a route: malformed input (a route without input still refuses a query parameter or body field),
 * the operation's own, the rate limit, 503 (the store away, a read model behind `after`) unless it answers from memory,
 * and for a method with a body a body too large or not JSON (a route that takes no body still reads one to refuse it).
 */
function problemStatuses(route: RestRoute): number[] {
  const { operation: op } = route;
  const statuses = new Set([400, ...op.problems, ...(route.method === 'GET' ? [] : [413, 415]), 429, ...(op.inMemory ? [] : [503])]);
  return [...statuses].sort((a, b) => a - b);
}

/** Register one route over its operation. */
export function registerRoute(app: FastifyInstance, operations: Operations, route: RestRoute): void {
  const { operation: op } = route;
  const properties = op.input.properties as Record<string, TSchema>;
  const path = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  const headers = route.headers ?? {};
  const fromHeaders = new Set(Object.values(headers));
  const others = Object.keys(properties).filter((name) => !path.includes(name) && !fromHeaders.has(name));
  const inQuery = route.method !== 'POST';
  const sources: InputSources = {
    path,
    query: inQuery ? others : [],
    headers,
    body: inQuery ? null : route.body !== undefined ? { whole: route.body } : others.length > 0 ? { fields: others } : null,
  };
  const required = new Set(op.input.required ?? []);
  const optionalBody = sources.body !== null && 'fields' in sources.body && sources.body.fields.every((f) => !required.has(f));
  const status = route.status ?? 200;
  const schema: Record<string, unknown> = {
    operationId: op.name,
    tags: [op.group],
    summary: op.summary,
    ...(op.description !== undefined && { description: op.description }),
    ...(!(op.auth.length === 1 && op.auth[0] === 'anonymous') && { auth: op.auth }),
    budget: op.budget,
    ...(path.length > 0 && { params: Type.Object(pick(properties, path)) }),
    ...(sources.query.length > 0 && { querystring: Type.Object(pick(properties, sources.query)) }),
    ...(Object.keys(headers).length > 0 && {
      headers: Type.Object(Object.fromEntries(Object.entries(headers).map(([header, field]) => [header, properties[field] as TSchema]))),
    }),
    ...(sources.body !== null && {
      body:
        'whole' in sources.body
          ? properties[sources.body.whole]
          : Type.Object(pick(properties, sources.body.fields), {
              additionalProperties: false,
              title: `${pascal(op.name)}Request`,
              ...(op.input.examples !== undefined && { examples: bodyExamples(op.input.examples, sources.body.fields) }),
            }),
    }),
    response: {
      [status]: status === 204 ? Type.Null({ description: op.output.description }) : op.output,
      ...(route.etag && { 304: Type.Null() }),
      ...Object.fromEntries(problemStatuses(route).map((s) => [s, Problem])),
    },
    responseHeaders: responseHeaders(route, status),
  };
  app.route({
    method: route.method,
    url: route.url,
    schema,
    config: { operation: op, binding: sources },
    // The operation validates its input (exactly as declared, for both protocols): fastify only documents it here.
    validatorCompiler: () => () => true,
    ...(optionalBody && {
      preValidation: async (request: FastifyRequest) => {
        request.body ??= {};
      },
    }),
    handler: async (request, reply) => {
      const { output, position } = await operations.run(op, request.admitted as Admitted);
      if (position !== null) reply.header(LOG_POSITION_HEADER, formatPosition(position));
      return answer(route, request, reply, status, output);
    },
  });
}

const [LOG_POSITION_NAME, LOG_POSITION_DOC] = Object.entries(LOG_POSITION)[0] as [string, HeaderDoc];
const LOG_POSITION_HEADER = LOG_POSITION_NAME.toLowerCase();

/** The operation's own input examples as body examples: only the fields the body carries. */
const bodyExamples = (examples: unknown, fields: readonly string[]): unknown[] =>
  (examples as Record<string, unknown>[]).map((example) =>
    Object.fromEntries(fields.filter((f) => f in example).map((f) => [f, example[f]])),
  );

function responseHeaders(route: RestRoute, status: number): Record<number, Record<string, string>> {
  const named: Record<string, string> = {};
  if (route.operation.budget === 'write') named[LOG_POSITION_NAME] = LOG_POSITION_DOC.description;
  if (route.location) named.Location = 'Where the new resource is.';
  if (route.etag) named.ETag = 'A weak tag of what the answer depends on, for If-None-Match.';
  for (const [name, header] of Object.entries(route.replyHeaders ?? {})) named[name] = header.description;
  return Object.keys(named).length > 0 ? { [status]: named } : {};
}

function answer(route: RestRoute, request: FastifyRequest, reply: FastifyReply, status: number, output: unknown): FastifyReply {
  const out = output as never;
  if (route.etag && notModified(request, reply, route.etag(out))) {
    return reply.code(304).send(null);
  }
  if (route.location) reply.header('location', route.location(out));
  for (const [name, header] of Object.entries(route.replyHeaders ?? {})) reply.header(name.toLowerCase(), header.value(out));
  return reply.code(status).send(status === 204 ? null : output);
}

const INTEGER = /^-?(0|[1-9][0-9]{0,15})$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;

/**
 * A path or query value as the type its schema declares, when the text reads exactly as one: "20" is 20 for an
 * integer, "true" is true for a boolean. Anything else is left as text, so the operation's validation refuses it by
 * name ("1e400" or "-Infinity" is no integer; a float is no integer either).
 */
function fromText(schema: TSchema, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const type = (schema as { type?: unknown }).type;
  if (type === 'integer' && INTEGER.test(value)) return Number(value);
  if (type === 'number' && NUMBER.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The operation's raw input from a request: path and query converted to the declared types, the body as sent. */
export function inputOf(request: FastifyRequest, op: AnyOperation, sources: InputSources): Record<string, unknown> {
  const properties = op.input.properties as Record<string, TSchema>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const input: Record<string, unknown> = {};
  // Path and query text becomes the declared type where it reads as one ("20" → 20).
  const convert = (name: string, value: unknown) => fromText(properties[name] as TSchema, value);
  for (const name of sources.path) input[name] = convert(name, params[name]);
  refuseUnknown(Object.keys(query), sources.query, 'query parameter');
  for (const name of sources.query) if (query[name] !== undefined) input[name] = convert(name, query[name]);
  for (const [header, field] of Object.entries(sources.headers)) {
    const value = request.headers[header];
    if (value !== undefined) input[field] = value;
  }
  const body = sources.body;
  if (body === null) {
    // A route that takes no body: an empty one or `{}` is nothing, anything else is a field it does not have.
    const given = request.body;
    if (given === undefined || given === null) return input;
    if (typeof given !== 'object' || Array.isArray(given)) {
      throw new ValidationError(INVALID_INPUT, 'this request takes no body', [{ path: '/', message: 'must be empty or {}' }]);
    }
    refuseUnknown(Object.keys(given), [], 'field');
    return input;
  }
  if ('whole' in body) {
    input[body.whole] = request.body;
    return input;
  }
  const given = request.body;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new ValidationError(INVALID_INPUT, 'the body must be a JSON object', [{ path: '/', message: 'must be a JSON object' }]);
  }
  // Only the body's own fields may come from the body: a path parameter named in it is an unknown field there.
  refuseUnknown(Object.keys(given), body.fields, 'field');
  return { ...given, ...input };
}

/** 400 naming each of `given` that is not one of `known` (a typo must not silently fall back to a default). */
function refuseUnknown(given: readonly string[], known: readonly string[], what: string): void {
  const unknown = given.filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const message =
    known.length > 0 ? `is not a ${what} here (the ${what}s are ${known.join(', ')})` : `is not a ${what} here (there are none)`;
  const details = unknown.map((name) => ({ path: `/${name}`, message }));
  throw new ValidationError(
    INVALID_INPUT,
    `the request does not match the schema: ${details.map((d) => `${d.path}: ${message}`).join('; ')}`,
    details,
  );
}

/**
 * The one hook every operation route passes before its handler: it admits the call with the operation's own
 * declarations (input validated, the credentials it declares checked). The budget was spent on arrival.
 */
export function installAdmission(app: FastifyInstance, operations: Operations): void {
  app.addHook('preHandler', async (request) => {
    const { operation, binding } = request.routeOptions.config;
    if (!operation || !binding) return;
    request.admitted = await operations.admit(operation, credentialsOf(request), inputOf(request, operation, binding), { charged: true });
  });
}
