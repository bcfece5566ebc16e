// The REST contract (OpenAPI 3.1) generated from the routes' own schemas, so openapi.yaml, validation, serialisation
// and the handlers' types come from one declaration. `npm run openapi` writes it to openapi.yaml; a test checks the
// committed file is what the routes generate.
import type { AnyGameModule } from '@delve/kernel';
import type { RouteOptions } from 'fastify';
import { commandExamples, moduleComponents, schemaNames } from './catalog';
import { serverCodeSchema } from './codes';
import { BUDGET, LOG_POSITION, REQUEST_ID, RETRY_AFTER, type HeaderDoc } from './headers';
import { MODULE_SCHEMA, type ModuleSchemaKind } from './operations/schemas';

type Json = Record<string, unknown>;

export type Credential = 'seatToken' | 'playerKey' | 'adminKey' | 'anonymous';

declare module 'fastify' {
  interface FastifySchema {
    /** Credentials the route accepts (openapi.yaml's security). */
    auth?: readonly Credential[];
    /** Response headers by status code and what each says. */
    responseHeaders?: Readonly<Record<number, Readonly<Record<string, string>>>>;
    /** The budget an operation route spends: its responses carry the X-RateLimit-* headers of that bucket. */
    budget?: 'read' | 'write';
  }
}

/** What a route declares for the contract besides fastify's own schema keys. */
export interface RouteDoc {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Credentials the route accepts, any of them; `anonymous` means it may also be called without one. */
  readonly auth?: readonly Credential[];
  /** Response headers by status code, e.g. { 201: { Location: 'Where the new game is.' } }. */
  readonly responseHeaders?: Readonly<Record<number, Readonly<Record<string, string>>>>;
  /** The budget it spends (rate-limited routes only). */
  readonly budget?: 'read' | 'write';
}

/** A route as registered: its method, URL and schema (with the RouteDoc fields beside fastify's keys). */
export interface DocumentedRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: Json & Partial<RouteDoc>;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK.',
  201: 'Created.',
  204: 'Done; no body.',
  304: 'Not modified since the ETag given in If-None-Match.',
  400: 'Malformed request: a parameter, header or body fails its schema (the problem names the field).',
  401: 'A credential is needed and none (or a malformed one) was given.',
  403: 'The credential does not allow this.',
  404: 'No such resource.',
  409: 'The resource is not in a state that allows this (or a concurrent change won; retry).',
  413: 'The body is larger than the configured limit.',
  415: 'The body is not application/json.',
  422: 'The rules refuse it: the problem code says which rule.',
  429: 'Rate limited: retry after the number of seconds in Retry-After.',
  503: 'Unavailable for now (the problem code says why); retry after the number of seconds in Retry-After.',
};

const SECURITY_SCHEMES: Json = {
  seatToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A seat token, returned once when a seat is claimed: acts for that seat of that game only.',
  },
  playerKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'A player API key (starts with "pk."), returned once when a player registers or takes a new key.',
  },
  adminKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Admin-Key',
    description: "The operator's key (ADMIN_KEY): audits and reads everything.",
  },
};

/**
 * Turn JSON Schema from TypeBox into the document's form: titled sub-schemas become components referenced by
 * `$ref`, so each named shape appears once.
 */
class Components {
  readonly schemas: Record<string, Json> = {};
  private readonly seen = new Map<string, string>();

  /** The schema with every titled sub-schema (itself included) replaced by a reference to its component. */
  ref(schema: unknown): Json {
    return this.plain(schema);
  }

  private plain(schema: unknown): Json {
    if (Array.isArray(schema)) return schema.map((s) => this.plain(s)) as unknown as Json;
    if (typeof schema !== 'object' || schema === null) return schema as Json;
    const node = schema as Json;
    const title = node.title;
    if (typeof title === 'string') {
      const body = JSON.stringify(node);
      const known = this.seen.get(title);
      if (known !== undefined && known !== body) throw new Error(`two different schemas are titled ${title}: ${known} vs ${body}`);
      if (known === undefined) {
        this.seen.set(title, body);
        const { title: _title, ...rest } = node;
        this.schemas[title] = this.children(rest);
      }
      return { $ref: `#/components/schemas/${title}` };
    }
    return this.children(node);
  }

  private children(node: Json): Json {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' || key === '$defs' || key === 'patternProperties') {
        out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, this.plain(v)]));
      } else if (typeof value === 'object' && value !== null) {
        out[key] = this.plain(value);
      } else {
        out[key] = value;
      }
    }
    return out;
  }
}

function parameters(where: 'path' | 'query' | 'header', schema: unknown, components: Components): Json[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const object = schema as { properties?: Record<string, Json>; required?: string[] };
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, sub]) => {
    // The parameter carries the description; a named (titled) schema keeps its own, since it is shared.
    const { description, ...rest } = sub;
    const example = exampleOf(sub);
    return {
      name,
      in: where,
      ...(where === 'path' || required.has(name) ? { required: true } : {}),
      ...(typeof description === 'string' ? { description } : {}),
      schema: components.ref(typeof sub.title === 'string' ? sub : rest),
      ...(example !== undefined && { example }),
    };
  });
}

/** Every named header (components.headers). */
const HEADERS: Record<string, HeaderDoc> = Object.fromEntries(
  Object.entries({ ...REQUEST_ID, ...BUDGET, ...RETRY_AFTER, ...LOG_POSITION }).map(([name, { description, schema }]) => [
    name,
    { description, schema },
  ]),
);

const headerRefs = (names: readonly string[]): Json =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** The headers every response of a route carries: the request id, and the budget's on rate-limited routes. */
const commonHeaders = (limited: boolean): string[] => [...Object.keys(REQUEST_ID), ...(limited ? Object.keys(BUDGET) : [])];

/**
 * An error response, all problem+json: for rate-limited routes one component per status (components.responses), with
 * Retry-After on 429 and 503; the few routes outside the limit (/ready) say it inline.
 */
function problemResponse(status: number, limited: boolean): Json {
  const retry = limited && (status === 429 || status === 503) ? Object.keys(RETRY_AFTER) : [];
  return {
    description: STATUS_TEXT[status] ?? 'See the problem.',
    headers: headerRefs([...commonHeaders(limited), ...retry]),
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}

function responses(route: DocumentedRoute, components: Components, problemStatuses: Set<number>): Json {
  const out: Json = {};
  const declared = (route.schema.response ?? {}) as Record<string, Json>;
  const headers = route.schema.responseHeaders ?? {};
  const limited = route.schema.budget !== undefined;
  for (const [code, schema] of Object.entries(declared)) {
    const status = Number(code);
    if (schema.title === 'Problem') {
      components.ref(schema); // registers the Problem schema
      if (limited) problemStatuses.add(status);
      out[code] = limited ? { $ref: `#/components/responses/Problem${status}` } : problemResponse(status, false);
      continue;
    }
    const named = Object.fromEntries(
      Object.entries(headers[status] ?? {}).map(([name, description]) =>
        Object.hasOwn(HEADERS, name)
          ? [name, { $ref: `#/components/headers/${name}` }]
          : [name, { description, schema: { type: 'string' } }],
      ),
    );
    const response: Json = {
      description: typeof schema.description === 'string' ? schema.description : (STATUS_TEXT[status] ?? 'OK.'),
      headers: { ...headerRefs(commonHeaders(limited)), ...named },
    };
    if (status !== 304 && status !== 204 && schema.type !== 'null') {
      response.content = { 'application/json': { schema: components.ref(schema) } };
    }
    out[code] = response;
  }
  return out;
}

/**
 * Add every module's options, commands, events and view as named schemas, and narrow each generic field marked as
 * standing for a module's schema (`x-delve-module`) to the union of the modules' named ones, so a generated client
 * is typed per module. No module is named here: a new module is published by exporting its schemas.
 */
function publishModules(schemas: Record<string, Json>, modules: Readonly<Record<string, AnyGameModule>>): void {
  const loaded = Object.values(modules).sort((a, b) => a.name.localeCompare(b.name));
  if (loaded.length > 0) Object.assign(schemas, moduleComponents(modules));
  schemas.ServerCode = serverCodeSchema();
  const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
  const narrowed = (node: Json): Json => {
    const kind = node[MODULE_SCHEMA] as ModuleSchemaKind;
    const { [MODULE_SCHEMA]: _kind, ...plain } = node;
    const refs: Json[] = loaded.flatMap((m) => {
      const name = schemaNames(m)[kind];
      return name === null ? [] : [ref(name)];
    });
    // A module that publishes no view schema is served as JSON: its views are whatever it returns.
    const unnamed = kind === 'view' ? loaded.filter((m) => schemaNames(m).view === null).map((m) => m.name) : [];
    if (unnamed.length > 0) refs.push({ description: `A view of ${unnamed.join(', ')}, which publish no view schema.` });
    // A problem's code is the server's own or a module's.
    if (kind === 'code') refs.unshift(ref('ServerCode'));
    if (refs.length === 0) return plain;
    const description = typeof node.description === 'string' ? node.description : undefined;
    return { ...(description !== undefined && { description }), anyOf: refs };
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    if (MODULE_SCHEMA in node) return narrowed(node as Json);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = walk(schema) as Json;
}

/** A schema's first example (JSON Schema's `examples`), if it has one. */
const exampleOf = (schema: Json): unknown => (Array.isArray(schema.examples) ? (schema.examples as unknown[])[0] : undefined);

/** An object's example: its own, else its required fields' examples (an optional field is left to its default). */
function objectExample(schema: Json): unknown {
  const own = exampleOf(schema);
  if (own !== undefined || schema.type !== 'object') return own;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.entries((schema.properties ?? {}) as Record<string, Json>).flatMap(([name, field]) => {
    const example = exampleOf(field);
    return example === undefined || !required.has(name) ? [] : [[name, example] as const];
  });
  return Object.fromEntries(fields);
}

/**
 * A request body with an example a server accepts: the modules' own command examples, one per command type, when it is
 * one of their commands; else one made of its fields' examples.
 */
function requestBody(body: Json, components: Components, modules: Readonly<Record<string, AnyGameModule>>): Json {
  const kind = body[MODULE_SCHEMA];
  const commands = kind === 'command' || kind === 'characterCommand';
  const examples = commands ? commandExamples(modules, kind) : {};
  // A module's command has no example of ours: without the modules' own there is none to give.
  const example = Object.keys(examples).length > 0 ? { examples } : commands ? {} : { example: objectExample(body) };
  return { required: true, content: { 'application/json': { schema: components.ref(body), ...example } } };
}

/** The OpenAPI 3.1 document of `routes` (every route with an operationId) and the modules' schemas. */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  info: { version: string },
  modules: Readonly<Record<string, AnyGameModule>> = {},
): Json {
  const components = new Components();
  const problemStatuses = new Set<number>();
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  const sorted = [...routes].filter((r) => typeof r.schema.operationId === 'string').sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    const doc = route.schema as Json & RouteDoc;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const tag of doc.tags) tags.add(tag);
    const operation: Json = {
      tags: [...doc.tags],
      operationId: doc.operationId,
      summary: doc.summary,
      ...(doc.description !== undefined && { description: doc.description }),
    };
    if (doc.budget) operation['x-delve-budget'] = doc.budget;
    if (doc.auth) operation.security = doc.auth.map((name) => (name === 'anonymous' ? {} : { [name]: [] }));
    const params = [
      ...parameters('path', doc.params, components),
      ...parameters('query', doc.querystring, components),
      ...parameters('header', doc.headers, components),
    ];
    if (params.length > 0) operation.parameters = params;
    if (doc.body) operation.requestBody = requestBody(doc.body as Json, components, modules);
    operation.responses = responses(route, components, problemStatuses);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  publishModules(components.schemas, modules);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Delve',
      version: info.version,
      description:
        'REST contract of Delve, an event-sourced rules server for dungeon card games. Clients create games, claim seats ' +
        '(each claim returns a seat token), send commands with that token as a bearer credential, and read the ' +
        "caller's view, the legal commands, the redacted event log and, after the end, the audit. Players register for " +
        'an API key, create characters whose progress outlives a game, and group them in campaigns. Every error is ' +
        'application/problem+json with a stable `code`. GraphQL (the same data, views, replays and subscriptions) lives ' +
        'at /graphql.',
    },
    servers: [{ url: '/', description: 'The server this document is served from.' }],
    // Which named schemas belong to which module, for generators that type a client per module (packages/client).
    ...(Object.keys(modules).length > 0 && {
      'x-delve-modules': Object.fromEntries(
        Object.values(modules)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((m) => {
            const { options, command, event, view, characterOptions, characterCommand, sheet, code } = schemaNames(m);
            return [m.name, { options, command, event, view, characterOptions, characterCommand, sheet, code }];
          }),
      ),
    }),
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      headers: HEADERS,
      responses: Object.fromEntries([...problemStatuses].sort().map((status) => [`Problem${status}`, problemResponse(status, true)])),
      schemas: components.schemas,
    },
  };
}

/** Collect what `onRoute` sees, for openApiDocument. */
export function collectRoute(into: DocumentedRoute[], route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    into.push({ method, url: route.url, schema: (route.schema ?? {}) as Json });
  }
}
