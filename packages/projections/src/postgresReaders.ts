// Reading the platform's read models from PostgreSQL: character sheets, player profiles and campaign progress.
import type { CharacterDocument, CampaignDocument } from '@delve/kernel';
import type { Sql } from 'postgres';
import { CAMPAIGN_PROGRESS } from './campaignProgress';
import { CHARACTER_SHEETS, type CharacterSheetDoc } from './characterSheets';
import { PLAYER_PROFILES, type PlayerProfileDoc } from './playerProfiles';

/** PostgreSQL text cannot hold NUL: a key with one names no document (and must not reach the database). */
const storable = (...texts: (string | undefined)[]): boolean => texts.every((t) => t === undefined || !t.includes('\0'));

export class PostgresReadModels {
  constructor(private readonly sql: Sql) {}

  async characterSheet(id: string): Promise<CharacterDocument | null> {
    if (!storable(id)) return null;
    const [row] = await this.sql<
      { doc: CharacterSheetDoc }[]
    >`select doc from read_models where projection = ${CHARACTER_SHEETS} and id = ${id}`;
    return row?.doc.document ?? null;
  }

  /** A player's characters, oldest first, optionally of one module. */
  async charactersOf(owner: string, module?: string): Promise<CharacterDocument[]> {
    if (!storable(owner, module)) return [];
    const sql = this.sql;
    const rows = await sql<{ doc: CharacterSheetDoc }[]>`
      select doc from read_models
       where projection = ${CHARACTER_SHEETS} and doc -> 'document' ->> 'owner' = ${owner}
         ${module === undefined ? sql`` : sql`and doc -> 'document' ->> 'module' = ${module}`}
       order by doc -> 'document' ->> 'createdAt', id`;
    return rows.map((r) => r.doc.document);
  }

  async playerProfile(id: string): Promise<PlayerProfileDoc | null> {
    if (!storable(id)) return null;
    const [row] = await this.sql<
      { doc: PlayerProfileDoc }[]
    >`select doc from read_models where projection = ${PLAYER_PROFILES} and id = ${id}`;
    return row?.doc ?? null;
  }

  async campaign(id: string): Promise<CampaignDocument | null> {
    if (!storable(id)) return null;
    const [row] = await this.sql<
      { doc: CampaignDocument }[]
    >`select doc from read_models where projection = ${CAMPAIGN_PROGRESS} and id = ${id}`;
    return row?.doc ?? null;
  }
}
