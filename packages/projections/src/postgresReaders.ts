// Reading the platform's read models from PostgreSQL: character sheets, player profiles and campaign progress.
import type { CharacterDocument, CampaignDocument } from '@delve/kernel';
import type { Sql } from 'postgres';
import { CAMPAIGN_PROGRESS } from './campaignProgress';
import { CHARACTER_SHEETS, type CharacterSheetDoc } from './characterSheets';
import { PLAYER_PROFILES, type PlayerProfileDoc } from './playerProfiles';

export class PostgresReadModels {
  constructor(private readonly sql: Sql) {}

  async characterSheet(id: string): Promise<CharacterDocument | null> {
    const [row] = await this.sql<
      { doc: CharacterSheetDoc }[]
    >`select doc from read_models where projection = ${CHARACTER_SHEETS} and id = ${id}`;
    return row?.doc.document ?? null;
  }

  /** A player's characters, oldest first, optionally of one module. */
  async charactersOf(owner: string, module?: string): Promise<CharacterDocument[]> {
    const sql = this.sql;
    const rows = await sql<{ doc: CharacterSheetDoc }[]>`
      select doc from read_models
       where projection = ${CHARACTER_SHEETS} and doc -> 'document' ->> 'owner' = ${owner}
         ${module === undefined ? sql`` : sql`and doc -> 'document' ->> 'module' = ${module}`}
       order by doc -> 'document' ->> 'createdAt', id`;
    return rows.map((r) => r.doc.document);
  }

  async playerProfile(id: string): Promise<PlayerProfileDoc | null> {
    const [row] = await this.sql<
      { doc: PlayerProfileDoc }[]
    >`select doc from read_models where projection = ${PLAYER_PROFILES} and id = ${id}`;
    return row?.doc ?? null;
  }

  async campaign(id: string): Promise<CampaignDocument | null> {
    const [row] = await this.sql<
      { doc: CampaignDocument }[]
    >`select doc from read_models where projection = ${CAMPAIGN_PROGRESS} and id = ${id}`;
    return row?.doc ?? null;
  }
}
