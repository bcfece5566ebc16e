// The read models as the API reads them: every query of every read model behind one interface, on PostgreSQL.
import { comparePositions, START, type CampaignDocument, type CharacterDocument, type Position, type TicketDocument } from '@delve/kernel';
import type { Sql } from 'postgres';
import { CAMPAIGN_PROGRESS, campaignDocument } from './campaignProgress';
import { CHARACTER_SHEETS, characterSheet, charactersOf } from './characterSheets';
import { ReadModelStore } from './documents';
import { countBotOnlyGames, GAMES_LIST, listGames, type GamesListPage, type GamesListQuery } from './gamesList';
import { PLAYER_PROFILES, playerProfile, type PlayerProfileDoc } from './playerProfiles';
import type { ReadModelName } from './registry';
import { TICKETS, ticketsOf } from './tickets';

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
  /** Whether the read model has applied every event up to `position` (its checkpoint is there or past it). */
  reached(readModel: ReadModelName, position: Position): Promise<boolean>;
}

/** The projection whose checkpoint says how far each read model has come. */
const PROJECTIONS: Readonly<Record<ReadModelName, string>> = {
  'games-list': GAMES_LIST,
  'character-sheets': CHARACTER_SHEETS,
  'player-profiles': PLAYER_PROFILES,
  'campaign-progress': CAMPAIGN_PROGRESS,
  tickets: TICKETS,
};

/** The read models as PostgreSQL holds them. */
export function postgresReadModels(sql: Sql): ReadModels {
  const documents = new ReadModelStore(sql);
  return {
    games: (query) => listGames(sql, query),
    botOnlyGames: () => countBotOnlyGames(sql),
    playerProfile: (id) => playerProfile(sql, id),
    characterSheet: (id) => characterSheet(sql, id),
    charactersOf: (owner, module) => charactersOf(sql, owner, module),
    campaign: (id) => campaignDocument(sql, id),
    ticketsOf: (player) => ticketsOf(sql, player),
    reached: async (readModel, position) => {
      if (comparePositions(position, START) === 0) return true;
      const checkpoint = await documents.checkpoint(PROJECTIONS[readModel]);
      return checkpoint !== 'start' && comparePositions(checkpoint, position) >= 0;
    },
  };
}
