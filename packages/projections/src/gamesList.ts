// The games list read model: one document per game, folded from the lobby events of game streams, and its query
// (newest first, filtered by module and status, cursor-paged).
import { GameLifecycle, ValidationError, type RecordedEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import type { Sql } from 'postgres';
import type { Projection } from './projection';

/** A game as the games list shows it: the read model's document and the API's list item, declared once. */
export const GameListItem = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The game id.' }),
    module: Type.String({ description: 'The rules module.' }),
    status: GameLifecycle,
    seats: Type.Integer({ minimum: 1, description: 'How many seats the table has.' }),
    openSeats: Type.Integer({ minimum: 0, description: 'Seats nobody has claimed yet.' }),
    bots: Type.Integer({ minimum: 0, description: 'Seats held by server bots.' }),
    revision: Type.Integer({ minimum: 0, description: 'The revision of its stream the list has seen.' }),
    createdAt: Type.String({ description: 'When it was created (ISO 8601).' }),
  },
  { title: 'GameListItem', description: 'A game as the games list shows it.' },
);
export type GameListItem = Static<typeof GameListItem>;

export const GAMES_LIST = 'games-list-v2';

const STATUS_AFTER: Readonly<Record<string, GameLifecycle>> = {
  GameStarted: 'active',
  GameFinished: 'finished',
  GameAbandoned: 'abandoned',
};

export const gamesList: Projection<GameListItem> = {
  name: GAMES_LIST,
  streamPrefixes: ['game-'],
  idsOf: (event) => (event.streamId.startsWith('game-') ? [event.streamId.slice('game-'.length)] : []),
  apply(doc, event: RecordedEvent) {
    const data = event.data as { type?: string; module?: unknown; seats?: unknown; bot?: unknown };
    if (data.type === 'GameCreated') {
      const seats = Number(data.seats);
      return {
        id: event.streamId.slice('game-'.length),
        module: String(data.module),
        status: 'open',
        seats,
        openSeats: seats,
        bots: 0,
        revision: event.revision,
        createdAt: event.created,
      };
    }
    if (!doc) return null; // events of a game whose creation this projection never saw: nothing to list
    return {
      ...doc,
      revision: event.revision,
      status: (data.type && STATUS_AFTER[data.type]) || doc.status,
      openSeats:
        data.type === 'SeatClaimed' ? Math.max(0, doc.openSeats - 1) : data.type === 'SeatReleased' ? doc.openSeats + 1 : doc.openSeats,
      bots: (doc.bots ?? 0) + (data.type === 'SeatClaimed' && typeof data.bot === 'string' ? 1 : 0),
    };
  },
};

/** Which games to list: a page size, optional filters, and the previous page's cursor. */
export interface GamesListQuery {
  readonly module?: string | undefined;
  readonly status?: GameLifecycle | undefined;
  /** Only tables still open with a free seat. */
  readonly open?: boolean | undefined;
  readonly limit: number;
  /** Opaque: the nextCursor of the previous page. */
  readonly cursor?: string | undefined;
}

/** One page of the games list, and the cursor of the next (null on the last). */
export interface GamesListPage {
  readonly items: readonly GameListItem[];
  readonly nextCursor: string | null;
}

const encode = (doc: GameListItem) => Buffer.from(JSON.stringify([doc.createdAt, doc.id])).toString('base64url');
function decode(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // fall through
  }
  throw new ValidationError('games/bad-cursor', 'cursor is not one this server issued');
}

/** The games list from PostgreSQL: newest first. */
export async function listGames(sql: Sql, query: GamesListQuery): Promise<GamesListPage> {
  const after = query.cursor === undefined ? null : decode(query.cursor);
  const rows = await sql<{ doc: GameListItem }[]>`
    select doc from read_models
     where projection = ${GAMES_LIST}
       ${query.module === undefined ? sql`` : sql`and doc ->> 'module' = ${query.module}`}
       ${query.status === undefined ? sql`` : sql`and doc ->> 'status' = ${query.status}`}
       ${query.open === true ? sql`and doc ->> 'status' = 'open' and (doc ->> 'openSeats')::int > 0` : sql``}
       ${after === null ? sql`` : sql`and (doc ->> 'createdAt', id) < (${after[0]}, ${after[1]})`}
     order by doc ->> 'createdAt' desc, id desc
     limit ${query.limit + 1}`;
  const items = rows.slice(0, query.limit).map((r) => r.doc);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? encode(last) : null };
}

/** Games whose every seat a bot holds, not over yet (the operator caps them). */
export async function countBotOnlyGames(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from read_models
     where projection = ${GAMES_LIST} and doc ->> 'status' in ('open', 'active')
       and (doc ->> 'bots')::int = (doc ->> 'seats')::int`;
  return row?.count ?? 0;
}
