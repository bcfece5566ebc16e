// gameUpdated over GraphQL's WebSocket (graphql-transport-ws, as graphql-ws speaks it): every new revision of a game as
// the subscriber may see it, resumed after the last revision received when the connection drops.
import { createClient } from 'graphql-ws';
import { DelveError, type Problem } from './problems.js';
import type { components } from './schema.js';

type Schemas = components['schemas'];

/** A new revision of a game, as the subscriber may see it (fetch the view with `SeatClient.view` when needed). */
export interface GameUpdated {
  readonly gameId: string;
  /** The revision the game has reached. */
  readonly revision: number;
  readonly status: Schemas['GameStatus'];
  /** The turn clock at this revision; null for a game without one. */
  readonly clock: (Omit<Schemas['ClockState'], 'banks'> & { readonly banks: number[] | null }) | null;
  /** The events since the last push, redacted for the subscriber. */
  readonly events: Schemas['Event'][];
}

/** How to follow a game. */
export interface SubscribeOptions {
  /** A seat token (the seat's own view of events) or a player key; none: a spectator's. */
  readonly token?: string;
  /** First push everything after this revision (-1: from the start); default: from the next revision on. */
  readonly after?: number;
  /** Times to reconnect after the connection drops, resuming after the last revision received (default 3). */
  readonly reconnects?: number;
}

/** The WebSocket constructor graphql-ws uses (a browser's, Node 22's global, or the `ws` package's). */
export type WebSocketConstructor = unknown;

const QUERY = `subscription($g: ID!, $a: Int) {
  gameUpdated(gameId: $g, after: $a) {
    gameId revision status
    clock { options onTimeout deadlines { seat at } banks }
    events { revision type data at }
  }
}`;

interface GraphqlError {
  readonly message: string;
  readonly extensions?: Record<string, unknown>;
}

/** A GraphQL error as the problem REST would have answered with (the server gives both the same code and status). */
function refusal(error: GraphqlError): DelveError {
  const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'graphql/error';
  const status = typeof error.extensions?.status === 'number' ? error.extensions.status : 400;
  const retry = error.extensions?.retryAfterSeconds;
  const problem = { type: `urn:delve:problem:${code}`, title: 'Refused', status, code, detail: error.message } as Problem;
  return new DelveError(problem, typeof retry === 'number' ? retry : null);
}

/** Errors a subscriber cannot fix by reconnecting: the server refused the subscription itself. */
const refused = (error: unknown): boolean => error instanceof DelveError;

/** A dropped connection as an Error (graphql-ws rejects with the socket's close event). */
function dropped(error: unknown): Error {
  if (error instanceof Error) return error;
  const { code, reason } = (error ?? {}) as { code?: unknown; reason?: unknown };
  return new Error(`the subscription's connection closed (${String(code ?? 'no code')}${reason ? `: ${String(reason)}` : ''})`);
}

/**
 * Every new revision of `gameId`, in order and once each, until the game is finished or abandoned (the iterator then
 * ends). Breaking out of a `for await` closes the connection.
 */
export async function* gameUpdates(
  url: string,
  gameId: string,
  options: SubscribeOptions,
  webSocketImpl: WebSocketConstructor,
): AsyncGenerator<GameUpdated, void, undefined> {
  let after = options.after;
  let drops = 0;
  for (;;) {
    const client = createClient({
      url,
      webSocketImpl,
      lazy: true,
      retryAttempts: 0,
      ...(options.token !== undefined && { connectionParams: { authorization: `Bearer ${options.token}` } }),
    });
    try {
      const results = client.iterate<{ gameUpdated: GameUpdated }>({ query: QUERY, variables: { g: gameId, a: after ?? null } });
      for await (const result of results) {
        const [error] = result.errors ?? [];
        if (error) throw refusal(error as GraphqlError);
        const update = (result.data as { gameUpdated: GameUpdated }).gameUpdated;
        after = update.revision;
        drops = 0;
        yield update;
      }
      return;
    } catch (thrown) {
      // The server refusing the subscription arrives as graphql-ws's `error` message: the list of GraphQL errors.
      const error = Array.isArray(thrown) && thrown.length > 0 ? refusal(thrown[0] as GraphqlError) : thrown;
      if (refused(error)) throw error;
      if (++drops > (options.reconnects ?? 3)) throw dropped(error);
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** drops));
    } finally {
      await client.dispose();
    }
  }
}
