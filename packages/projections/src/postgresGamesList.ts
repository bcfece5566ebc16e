// Reads the games list read model from PostgreSQL: newest first, filtered by module and status, cursor-paged.
import { ValidationError } from '@delve/kernel';
import type { Sql } from 'postgres';
import { gamesList, type GameListDoc, type GameListStatus } from './gamesList';

export interface GamesListQuery {
  readonly module?: string;
  readonly status?: GameListStatus;
  readonly limit: number;
  /** Opaque: the nextCursor of the previous page. */
  readonly cursor?: string;
}

const encode = (doc: GameListDoc) => Buffer.from(JSON.stringify([doc.createdAt, doc.id])).toString('base64url');
function decode(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // fall through
  }
  throw new ValidationError('games/bad-cursor', 'cursor is not one this server issued');
}

export class PostgresGamesList {
  constructor(private readonly sql: Sql) {}

  async list(query: GamesListQuery): Promise<{ items: GameListDoc[]; nextCursor: string | null }> {
    const after = query.cursor === undefined ? null : decode(query.cursor);
    const sql = this.sql;
    const rows = await sql<{ doc: GameListDoc }[]>`
      select doc from read_models
       where projection = ${gamesList.name}
         ${query.module === undefined ? sql`` : sql`and doc ->> 'module' = ${query.module}`}
         ${query.status === undefined ? sql`` : sql`and doc ->> 'status' = ${query.status}`}
         ${after === null ? sql`` : sql`and (doc ->> 'createdAt', id) < (${after[0]}, ${after[1]})`}
       order by doc ->> 'createdAt' desc, id desc
       limit ${query.limit + 1}`;
    const items = rows.slice(0, query.limit).map((r) => r.doc);
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? encode(last) : null };
  }
}
