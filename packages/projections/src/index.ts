// @delve/projections: read models as pure projectors (games list, character sheets, player profiles, campaigns).
export type { Projection } from './projection';
export { gamesList, type GameListDoc, type GameListStatus } from './gamesList';
export { characterSheets, CHARACTER_SHEETS, type CharacterSheetDoc } from './characterSheets';
export { playerProfiles, PLAYER_PROFILES, PlayerProfileDoc, PlayerGameEntry } from './playerProfiles';
export { campaignProgress, CAMPAIGN_PROGRESS } from './campaignProgress';
export { ProjectionRunner } from './runner';
export type { LeaderLock, ProjectionBatch, ReadModelPort, RunnerOptions, RebuildProgress } from './ports';
export { rebuildProjections } from './rebuild';
export { PostgresGamesList, type GamesListQuery } from './postgresGamesList';
export { PostgresReadModels } from './postgresReaders';
export { readModels, type ReadModelName } from './registry';
export { LeaderLoop, type LeaderLoopOptions } from './loop';
