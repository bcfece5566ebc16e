// @delve/projections: read models as pure projectors (games list, character sheets, player profiles, campaigns), their
// queries, where their documents live in PostgreSQL, and the runner that keeps them up to date.
export type { Projection } from './projection';
export { gamesList, GameListItem, GAMES_LIST, listGames, type GamesListPage, type GamesListQuery } from './gamesList';
export { characterSheets, CHARACTER_SHEETS, type CharacterSheetDoc } from './characterSheets';
export { playerProfiles, PLAYER_PROFILES, PlayerProfileDoc, PlayerGameEntry } from './playerProfiles';
export { campaignProgress, CAMPAIGN_PROGRESS } from './campaignProgress';
export { tickets, TICKETS, type TicketDoc } from './tickets';
export { ProjectionRunner } from './runner';
export type { LeaderLock, ProjectionBatch, ReadModelPort, RunnerOptions, RebuildProgress } from './ports';
export { rebuildProjections } from './rebuild';
export { ReadModelStore, documentJson, type DocumentChanges } from './documents';
export { postgresReadModels, type ReadModels } from './readModels';
export { readModels, type ReadModelName } from './registry';
export { LeaderLoop, type LeaderLoopOptions } from './loop';
