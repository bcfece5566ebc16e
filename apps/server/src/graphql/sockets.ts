// Subscriptions over WebSocket on /graphql (graphql-transport-ws, served by graphql-ws): connection_init's credentials,
// each distinct document parsed and validated once, and refusals as `error` messages with the codes HTTP gives.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
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

/**
 * The @fastify/websocket handler of /graphql: only subscriptions (queries and mutations go over HTTP, where their
 * hooks are), each with the socket's context. WebSocket pings every 12 s (graphql-ws's default) end dead sockets.
 */
export function subscriptionHandler(schema: () => GraphQLSchema, log: FastifyBaseLogger) {
  const documents = new SubscriptionDocuments(schema);
  return makeHandler<Record<string, unknown>, SocketContext>({
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
