// The kernel's services as a running server wires them. The kernel takes its clock, ids and secrets as inputs so
// that it stays pure and testable; here they are the real ones.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CampaignService,
  Matchmaker,
  MatchmakingService,
  CharacterService,
  gameServices,
  OutcomeRecorder,
  PlayerService,
  type AnyGameModule,
  type CheckpointStore,
  type EventStore,
  type GameServiceDeps,
  type GameServices,
} from '@delve/kernel';
import { notingPositions } from './positions';

/** 32 bytes from the CSPRNG, base64url: seeds and seat tokens. */
const newSecret = (): string => randomBytes(32).toString('base64url');

/**
 * The system clock, random UUIDs and CSPRNG secrets. `overrides`: the games held folded in memory (GAME_CACHE_SIZE),
 * the sole writer's epoch when this process is the store's only writer (ADR 0060), and reproducible secrets for tests.
 */
export function liveGames(
  store: EventStore,
  modules: Readonly<Record<string, AnyGameModule>>,
  overrides: Partial<Pick<GameServiceDeps, 'newSecret' | 'cacheSize' | 'soleEpoch'>> = {},
): GameServices {
  // Appends note the log position they reach, so each write can answer with it (positions.ts).
  return gameServices({
    store: notingPositions(store),
    modules,
    clock: () => new Date(),
    newId: () => randomUUID(),
    newSecret,
    ...overrides,
  });
}

/** Players, characters and campaigns over the same store, on the server's game service. */
export function livePlatform(store: EventStore, modules: Readonly<Record<string, AnyGameModule>>, games: GameServices) {
  const base = { store: notingPositions(store), clock: () => new Date(), newId: () => randomUUID() };
  const players = new PlayerService({ ...base, newSecret });
  const characters = new CharacterService({ ...base, modules, games });
  const campaigns = new CampaignService({ ...base, modules, games, players, characters });
  const matchmaking = new MatchmakingService({ ...base, modules, games, players, characters });
  return {
    players,
    characters,
    campaigns,
    matchmaking,
    /**
     * The process manager that finishes placements a request began (a crash never strands a ticket); it follows `log`
     * (the leaders' shared reader, sharedLog.ts), which writes to the same store.
     */
    matchmaker: (checkpoints: CheckpointStore, log: EventStore = store) =>
      new Matchmaker({ ...base, store: notingPositions(log), checkpoints, matchmaking, games, characters }),
    /** The process manager recording finished games on characters and campaigns, following `log`. */
    outcomes: (checkpoints: CheckpointStore, log: EventStore = store) =>
      new OutcomeRecorder({ store: log, checkpoints, streams: games.streams, modules, characters, campaigns }),
  };
}
