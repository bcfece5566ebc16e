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
  /**
   * What the subscribing seat may send at this revision, as `SeatClient.legal` lists it (a push carries it, so a seat
   * can play without asking); null when the subscriber holds no seat.
   */
  readonly legal: Schemas['LegalCommands'] | null;
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
    legal { seat commands templates { type fixed params } }
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

/** A subscription as `follow` runs it: its document, how to resume after what was received, and where its items are. */
interface Followed<T> {
  readonly query: string;
  /** The variables, resuming after `after` (the last item's cursor, or the caller's own starting point). */
  readonly variables: (after: unknown) => Record<string, unknown>;
  /** The item in one result. */
  readonly item: (data: Record<string, unknown>) => T;
  /** What to resume after, once `item` was received. */
  readonly cursor: (item: T) => unknown;
}

/**
 * Every item of a subscription, in order and once each, until the server completes it (the iterator then ends). A
 * dropped connection is resumed after the last item received, `reconnects` times in a row at most. Breaking out of a
 * `for await` closes the connection.
 */
async function* follow<T>(
  url: string,
  followed: Followed<T>,
  options: { readonly token?: string; readonly after?: unknown; readonly reconnects?: number },
  webSocketImpl: WebSocketConstructor,
): AsyncGenerator<T, void, undefined> {
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
      const results = client.iterate<Record<string, unknown>>({ query: followed.query, variables: followed.variables(after) });
      for await (const result of results) {
        const [error] = result.errors ?? [];
        if (error) throw refusal(error as GraphqlError);
        const item = followed.item(result.data as Record<string, unknown>);
        after = followed.cursor(item);
        drops = 0;
        yield item;
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

/** Every new revision of `gameId`, in order and once each, until the game is finished or abandoned. */
export function gameUpdates(
  url: string,
  gameId: string,
  options: SubscribeOptions,
  webSocketImpl: WebSocketConstructor,
): AsyncGenerator<GameUpdated, void, undefined> {
  const followed: Followed<GameUpdated> = {
    query: QUERY,
    variables: (after) => ({ g: gameId, a: after ?? null }),
    item: (data) => data.gameUpdated as GameUpdated,
    cursor: (update) => update.revision,
  };
  return follow(url, followed, options, webSocketImpl);
}

/** How to follow a player's own feed. */
export interface MyTurnsOptions {
  /** First push every notification after this one (a notification id); default: from now on. */
  readonly after?: string;
  /** Times to reconnect after the connection drops, resuming after the last notification received (default 3). */
  readonly reconnects?: number;
}

const MY_TURNS = `subscription($p: ID!, $a: String) {
  myTurns(playerId: $p, after: $a) { id kind at gameId module seat revision deadline status winners }
}`;

/** A player's notifications as they come (the subscription never ends by itself; break out to close it). */
export function myTurns(
  url: string,
  playerId: string,
  playerKey: string,
  options: MyTurnsOptions,
  webSocketImpl: WebSocketConstructor,
): AsyncGenerator<Schemas['Notification'], void, undefined> {
  const followed: Followed<Schemas['Notification']> = {
    query: MY_TURNS,
    variables: (after) => ({ p: playerId, a: after ?? null }),
    item: (data) => data.myTurns as Schemas['Notification'],
    cursor: (notification) => notification.id,
  };
  return follow(url, followed, { ...options, token: playerKey }, webSocketImpl);
}
