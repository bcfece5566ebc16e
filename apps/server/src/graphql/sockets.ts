// Subscriptions over WebSocket on /graphql (graphql-transport-ws, served by graphql-ws): connection_init's credentials,
// each distinct document parsed and validated once, and refusals as `error` messages with the codes HTTP gives.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  createSourceEventStream,
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Context, SubscribePayload } from 'graphql-ws';
import { makeHandler, type Extra } from 'graphql-ws/use/@fastify/websocket';
import { textProblem } from '../inputGuards';
import { credentialsOf } from '../rest/adapter';
import type { GraphqlContext } from './adapter';
import { socketErrors } from './errors';
import { costRule, MAX_NESTING, MAX_TOKENS } from './limits';

/** Documents remembered at most; past it the memory starts over (a client repeating its document pays once). */
const MAX_DOCUMENTS = 1000;

/** What one socket carries besides its request: the context every subscription on it runs with (from connection_init). */
type SocketContext = { context: GraphqlContext };
type SocketExtra = Extra & Partial<SocketContext>;

const refusal = (message: string, code: string) => [new GraphQLError(message, { extensions: { code, status: 400 } })];

/** The credentials of connection_init's payload `{ authorization: "Bearer …", adminKey?: "…" }`, over the upgrade's. */
function socketContext(request: FastifyRequest, payload: Readonly<Record<string, unknown>> | undefined): GraphqlContext {
  const p = payload ?? {};
  const auth = p.authorization ?? p.Authorization;
  const admin = p.adminKey ?? p['x-admin-key'];
  return {
    credentials: credentialsOf(request),
    wsCredentials: {
      authorization: typeof auth === 'string' ? auth : undefined,
      adminKey: typeof admin === 'string' ? admin : undefined,
    },
  };
}

/**
 * Parses and validates documents with the limits HTTP applies (bracket nesting, parser tokens, cost, depth), keeping
 * each valid one by its text so that a thousand subscribers of the same document share one syntax tree.
 */
export class SubscriptionDocuments {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly schema: () => GraphQLSchema) {}

  /** The validated document of `query`, or the errors that refuse it. */
  document(query: string): DocumentNode | GraphQLError[] {
    const known = this.documents.get(query);
    if (known) return known;
    if (textProblem(query, MAX_NESTING) === 'too-deep') {
      return refusal(`documents may nest at most ${MAX_NESTING} brackets deep`, 'graphql/too-deep');
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (error) {
      return refusal(error instanceof Error ? error.message : 'not a GraphQL document', 'graphql/invalid-query');
    }
    const errors = validate(this.schema(), document, [...specifiedRules, costRule()]);
    if (errors.length > 0) return [...errors];
    if (this.documents.size >= MAX_DOCUMENTS) this.documents.clear();
    this.documents.set(query, document);
    return document;
  }
}

type Compiler = (schema: GraphQLSchema, document: DocumentNode, operationName?: string) => CompiledQuery | ExecutionResult;

/**
 * Subscriptions whose every push runs a compiled function (graphql-jit) instead of graphql-js walking the document
 * again: a document is compiled once per operation and schema, the first time a socket subscribes with it.
 *
 * Only the pushes are compiled. The source stream is still opened by graphql-js, which hands the subscribe resolver
 * the field's own arguments; graphql-jit's `subscribe` hands it the operation's variables instead.
 */
export class CompiledPushes {
  /** Per document and operation: its compiled query, or null when graphql-jit could not compile it (not tried again). */
  private readonly compiled = new WeakMap<DocumentNode, Map<string, { schema: GraphQLSchema; query: CompiledQuery | null }>>();

  /** `compiler`: graphql-jit's, or one wrapping it (a test counts compilations and pushes). */
  constructor(private readonly compiler: Compiler = compileQuery) {}

  subscribe = async (args: ExecutionArgs): Promise<AsyncIterable<ExecutionResult> | ExecutionResult> => {
    const query = this.compile(args);
    if (query === null) return subscribe(args);
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    return mapPushes(source, (payload) => query.query(payload, args.contextValue, args.variableValues));
  };

  private compile({ schema, document, operationName }: ExecutionArgs): CompiledQuery | null {
    const name = operationName ?? '';
    let byOperation = this.compiled.get(document);
    const known = byOperation?.get(name);
    if (known?.schema === schema) return known.query;
    // What graphql-jit cannot compile is left to graphql-js, which reports it as it always did.
    let query: CompiledQuery | null = null;
    try {
      const compiled = this.compiler(schema, document, operationName ?? undefined);
      if (isCompiledQuery(compiled)) query = compiled;
    } catch {
      query = null;
    }
    if (!byOperation) this.compiled.set(document, (byOperation = new Map()));
    byOperation.set(name, { schema, query });
    return query;
  }
}

/** Each item of `source` as `push` makes it; ending or breaking off ends the source too. */
function mapPushes<T>(source: AsyncIterable<unknown>, push: (payload: unknown) => T | Promise<T>): AsyncIterableIterator<Awaited<T>> {
  const iterator = source[Symbol.asyncIterator]();
  const close = async () => {
    await iterator.return?.();
  };
  const mapped: AsyncIterableIterator<Awaited<T>> = {
    async next() {
      const item = await iterator.next();
      if (item.done) return { value: undefined, done: true };
      try {
        return { value: await push(item.value), done: false };
      } catch (error) {
        await close().catch(() => undefined);
        throw error;
      }
    },
    async return() {
      await close();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]: () => mapped,
  };
  return mapped;
}

/**
 * The @fastify/websocket handler of /graphql: only subscriptions (queries and mutations go over HTTP, where their
 * hooks are), each with the socket's context. WebSocket pings every 12 s (graphql-ws's default) end dead sockets.
 */
export function subscriptionHandler(schema: () => GraphQLSchema, log: FastifyBaseLogger) {
  const documents = new SubscriptionDocuments(schema);
  const pushes = new CompiledPushes();
  return makeHandler<Record<string, unknown>, SocketContext>({
    subscribe: pushes.subscribe,
    // Never an internal error's message in a close reason.
    isProd: true,
    onConnect: (ctx: Context<Record<string, unknown>, SocketExtra>) => {
      ctx.extra.context = socketContext(ctx.extra.request, ctx.connectionParams);
      return true;
    },
    onSubscribe: (ctx: Context<Record<string, unknown>, SocketExtra>, _id: string, payload: SubscribePayload) => {
      if (typeof payload.query !== 'string') return refusal('the query must be a string', 'graphql/invalid-query');
      const document = documents.document(payload.query);
      if (Array.isArray(document)) return document;
      const operation = getOperationAST(document, payload.operationName);
      if (operation?.operation !== 'subscription') {
        return refusal('only subscriptions are served over WebSocket; send queries and mutations over HTTP', 'graphql/invalid-query');
      }
      const context: GraphqlContext = { ...(ctx.extra.context ?? socketContext(ctx.extra.request, ctx.connectionParams)) };
      return {
        schema: schema(),
        document,
        variableValues: payload.variables,
        operationName: payload.operationName,
        contextValue: context,
      };
    },
    onError: (_ctx: unknown, _id: string, _payload: unknown, errors: readonly GraphQLError[]) => socketErrors(errors, log),
  });
}
