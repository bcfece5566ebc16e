// The read models as the API reads them: every query of every read model behind one interface, on PostgreSQL.
import type { CampaignDocument, CharacterDocument, TicketDocument } from '@delve/kernel';
import type { Sql } from 'postgres';
import { campaignDocument } from './campaignProgress';
import { characterSheet, charactersOf } from './characterSheets';
import { countBotOnlyGames, listGames, type GamesListPage, type GamesListQuery } from './gamesList';
import { playerProfile, type PlayerProfileDoc } from './playerProfiles';
import { ticketsOf } from './tickets';

/** What the API reads from the read models (eventually consistent with the streams). */
export interface ReadModels {
  games(query: GamesListQuery): Promise<GamesListPage>;
  /** Games whose every seat a bot holds, not over yet. */
  botOnlyGames(): Promise<number>;
  playerProfile(id: string): Promise<PlayerProfileDoc | null>;
  characterSheet(id: string): Promise<CharacterDocument | null>;
  /** A player's characters, oldest first, optionally of one module. */
  charactersOf(owner: string, module?: string): Promise<CharacterDocument[]>;
  campaign(id: string): Promise<CampaignDocument | null>;
  /** A player's matchmaking tickets, newest first. */
  ticketsOf(player: string): Promise<TicketDocument[]>;
}

/** The read models as PostgreSQL holds them. */
export function postgresReadModels(sql: Sql): ReadModels {
  return {
    games: (query) => listGames(sql, query),
    botOnlyGames: () => countBotOnlyGames(sql),
    playerProfile: (id) => playerProfile(sql, id),
    characterSheet: (id) => characterSheet(sql, id),
    charactersOf: (owner, module) => charactersOf(sql, owner, module),
    campaign: (id) => campaignDocument(sql, id),
    ticketsOf: (player) => ticketsOf(sql, player),
  };
}
