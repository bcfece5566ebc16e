// The work a server does on its own, each part led by one process across every process and node (an advisory lock per
// part): the read models' runner, the process manager recording finished games, the matchmaker, the scheduler
// (clocks, bots in seats, games nobody plays), the notifier and the webhook deliverer. Run by the cluster's primary, or
// by the one process when WORKERS=1, beside requests but never inside a worker.
import { MATCHMAKER, OUTCOME_RECORDER, type AnyGameModule, type EventStore, type GameServices } from '@delve/kernel';
import { LeaderLoop, ReadModelStore } from '@delve/projections';
import { AdvisoryLeaderLock } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { TableSettings, WebhookSettings } from './config';
import type { livePlatform } from './liveGames';
import { READ_MODELS_LOCK, readModelRunner } from './readModels';
import { SCHEDULER_LOCK, startScheduler } from './scheduler';
import { sharedLog } from './sharedLog';
import { DELIVERER_LOCK, NOTIFIER_LOCK, startBeingTold } from './webhooks/leaders';

/** The advisory lock whose holder records finished games on characters and campaigns: the recorder's own name. */
export const OUTCOMES_LOCK = OUTCOME_RECORDER;
/** The advisory lock whose holder finishes matchmaking placements: the matchmaker's own name. */
export const MATCHMAKER_LOCK = MATCHMAKER;

/**
 * How long the leaders' shared reader takes a quiet tail at its word (ms): the most another process's or node's append
 * (or a non-game append of this one) waits beyond a leader's own poll (ADR 0051).
 */
export const LOG_FRESH_MS = 100;

/** Every lock a leader holds: one holder each across all processes and nodes. */
export const LEADER_LOCKS = [READ_MODELS_LOCK, OUTCOMES_LOCK, SCHEDULER_LOCK, MATCHMAKER_LOCK, NOTIFIER_LOCK, DELIVERER_LOCK] as const;

export interface LeadersDeps {
  readonly store: EventStore;
  /** Where the read models and checkpoints live (PostgreSQL, always); its pool also holds each lock while leading. */
  readonly sql: Sql;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly games: GameServices;
  readonly platform: ReturnType<typeof livePlatform>;
  readonly tables: TableSettings;
  readonly webhooks: WebhookSettings;
  readonly onError: (
    part: 'read models' | 'game outcomes' | 'the scheduler' | 'the matchmaker' | 'the notifier' | 'webhooks',
    error: unknown,
  ) => void;
}

export interface Leaders {
  /** Stop leading (each lock released) and wait for the parts' current steps to end. */
  stop(): Promise<void>;
}

/** Start following the log: each part leads while it holds its lock, and waits for it otherwise. */
export function startLeaders({ store: own, sql, modules, games, platform, tables, webhooks, onError }: LeadersDeps): Leaders {
  // Every part follows the log through one reader of its tail: each event is read and parsed once, not once a part.
  // Idle followers at the tail cost one read of the store per LOG_FRESH_MS between them; this process's appends to a
  // game are read at once.
  const store = sharedLog(own, { freshMs: LOG_FRESH_MS });
  const stopPoking = games.streams.onAppended(() => store.poke());
  const readModels = readModelRunner(store, sql, modules, (error) => onError('read models', error));
  // Its commands are idempotent as well, so a step repeated by a new leader after a crash records nothing twice.
  const recorder = platform.outcomes(new ReadModelStore(sql), store);
  const outcomes = new LeaderLoop({
    step: () => recorder.step(),
    batchSize: recorder.batchSize,
    pollMs: 200,
    lock: new AdvisoryLeaderLock(sql, OUTCOMES_LOCK),
    onError: (error) => onError('game outcomes', error),
  });
  readModels.start();
  outcomes.start();
  const scheduler = startScheduler({
    store,
    sql,
    games,
    modules,
    tables,
    onError: (error) => onError('the scheduler', error),
    fill: (pool, gameId) => platform.matchmaking.fillWithBots(pool, gameId),
  });
  // The matchmaker finishes placements a request began (ADR 0034).
  const matchmaker = platform.matchmaker(new ReadModelStore(sql), store);
  const matching = new LeaderLoop({
    step: () => matchmaker.step(),
    batchSize: matchmaker.batchSize,
    pollMs: 50,
    lock: new AdvisoryLeaderLock(sql, MATCHMAKER_LOCK),
    onError: (error) => onError('the matchmaker', error),
  });
  matching.start();
  // Players' feeds and webhooks (ADR 0047).
  const told = startBeingTold({ store, sql, games, modules, settings: webhooks, onError });
  return {
    async stop() {
      stopPoking();
      await Promise.all([readModels.stop(), outcomes.stop(), scheduler.stop(), matching.stop(), told.stop()]);
    },
  };
}
