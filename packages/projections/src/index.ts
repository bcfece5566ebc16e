// @delve/projections: read models as pure projectors, and the games list.
export type { Projection } from './projection';
export { gamesList, type GameListDoc, type GameListStatus } from './gamesList';
export { ProjectionRunner, type LeaderLock, type ReadModelPort, type RunnerOptions } from './runner';
export { PostgresGamesList, type GamesListQuery } from './postgresGamesList';
