// The work a server does on its own, each part led by one process across every process and node (an advisory lock per
// part): the read models' runner, the process manager recording finished games, the matchmaker, the scheduler
// (clocks, bots in seats, games nobody plays), the notifier and the webhook deliverer. Run by the cluster's primary, or
// by the one process when WORKERS=1, beside requests but never inside a worker.
import { MATCHMAKER, OUTCOME_RECORDER, type AnyGameModule, type EventStore, type GameServices, type Position } from '@delve/kernel';
import { LeaderLoop, ReadModelStore } from '@delve/projections';
import { AdvisoryLeaderLock } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { TableSettings, WebhookSettings } from './config';
import type { livePlatform } from './liveGames';
import type { StoredSource } from './nodeAppends';
import { READ_MODELS_LOCK, readModelRunner } from './readModels';
import { SCHEDULER_LOCK, startScheduler } from './scheduler';
import { notingPositions } from './positions';
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

/**
 * How long a leader that is caught up sleeps at most when nothing wakes it (ms). Appends made through this process, and
 * through its node's workers, wake the leaders at once; another node's are found by this safety poll, so they reach the
 * read models, the scheduler's plan, the matchmaker and the notifier at most this long (and a poll's spacing) later.
 */
export const IDLE_POLL_MS = 1000;

/** Every lock a leader holds: one holder each across all processes and nodes. */
export const LEADER_LOCKS = [READ_MODELS_LOCK, OUTCOMES_LOCK, SCHEDULER_LOCK, MATCHMAKER_LOCK, NOTIFIER_LOCK, DELIVERER_LOCK] as const;

export interface LeadersDeps {
  /** The process's store, telling of each append made through it. */
  readonly store: EventStore & StoredSource;
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
  /** Another process of the node appended at `position` (a cluster's worker): the leaders look. */
  heard(position: Position): void;
  /** Stop leading (each lock released) and wait for the parts' current steps to end. */
  stop(): Promise<void>;
}

/** Start following the log: each part leads while it holds its lock, and waits for it otherwise. */
export function startLeaders({ store: own, sql, modules, games, platform, tables, webhooks, onError }: LeadersDeps): Leaders {
  // Every part follows the log through one reader of its tail: each event is read and parsed once, not once a part.
  // The parts sleep while nothing is appended (ADR 0052): each append made through this process (or told by the node's
  // workers) wakes them, and a part caught up looks by itself only every IDLE_POLL_MS.
  // What it reads of games also carries this process's folds of them forward, so the parts that look a game up (bots
  // to plan, an outcome to record, a table to close) find it folded rather than read it again (ADR 0057).
  // Its reads are noted like the games' own, since a write may decide on a fold they carried forward (positions.ts).
  const store = sharedLog(notingPositions(own), { freshMs: LOG_FRESH_MS, onRead: (events) => games.streams.observe(events) });
  const stopHearing = own.onStored((position) => store.poke(position));
  const readModels = readModelRunner(store, sql, modules, (error) => onError('read models', error), undefined, undefined, IDLE_POLL_MS);
  // Its commands are idempotent as well, so a step repeated by a new leader after a crash records nothing twice.
  const recorder = platform.outcomes(new ReadModelStore(sql), store);
  const outcomes = new LeaderLoop({
    step: () => recorder.step(),
    batchSize: recorder.batchSize,
    pollMs: 200,
    idleMs: IDLE_POLL_MS,
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
    idleMs: IDLE_POLL_MS,
  });
  // The matchmaker finishes placements a request began (ADR 0034); what it holds back for its grace it looks at again
  // when the grace is over. It takes nothing younger than its grace (2 s), so looking more often than 200 ms apart
  // would only read the same young events again.
  const matchmaker = platform.matchmaker(new ReadModelStore(sql), store);
  const matching = new LeaderLoop({
    step: () => matchmaker.step(),
    batchSize: matchmaker.batchSize,
    pollMs: 200,
    idleMs: IDLE_POLL_MS,
    nextLook: () => matchmaker.heldBackMs(),
    lock: new AdvisoryLeaderLock(sql, MATCHMAKER_LOCK),
    onError: (error) => onError('the matchmaker', error),
  });
  matching.start();
  // Players' feeds and webhooks (ADR 0047). Under load each notifier look is a transaction of five statements: looks
  // 100 ms apart at most tell a player of a turn soon enough.
  const told = startBeingTold({ store, sql, games, modules, settings: webhooks, onError, pollMs: 100, idleMs: IDLE_POLL_MS });
  const stopWaking = store.onNews(() => {
    readModels.poke();
    outcomes.poke();
    scheduler.poke();
    matching.poke();
    told.poke();
  });
  return {
    heard: (position) => store.poke(position),
    async stop() {
      stopHearing();
      stopWaking();
      await Promise.all([readModels.stop(), outcomes.stop(), scheduler.stop(), matching.stop(), told.stop()]);
    },
  };
}
