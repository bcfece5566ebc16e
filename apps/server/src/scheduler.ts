// The scheduler as a server runs it: one leader across every process and node (an advisory lock), planning from the
// log and acting on what is due, every few tens of milliseconds. The scheduler itself is the kernel's.
import { randomBytes } from 'node:crypto';
import { randomFor, Scheduler, type AnyGameModule, type EventStore, type GameServices } from '@delve/kernel';
import { LeaderLoop } from '@delve/projections';
import { AdvisoryLeaderLock, PostgresDuePlan } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { TableSettings } from './config';

/** How often the leader looks for new events and for what fell due (ms): the bound on a deadline's lateness. */
export const SCHEDULER_POLL_MS = 50;

export interface SchedulerOptions {
  readonly store: EventStore;
  readonly sql: Sql;
  readonly games: GameServices;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly tables: TableSettings;
  readonly onError: (error: unknown) => void;
  readonly pollMs?: number;
  /** The clock (tests and benches may move it). */
  readonly clock?: () => Date;
}

/** Start leading (when this process wins the lock) and keep the tables moving until stop(). */
export function startScheduler(options: SchedulerOptions): { stop(): Promise<void>; scheduler: Scheduler } {
  const { tables } = options;
  const plan = new PostgresDuePlan(options.sql);
  const scheduler = new Scheduler({
    store: options.store,
    plan,
    games: options.games,
    modules: options.modules,
    clock: options.clock ?? (() => new Date()),
    // Bots choose with the server's own randomness, never the game's seed.
    random: () => randomFor(randomBytes(16).toString('hex'), 0),
    botPaceMs: tables.botPaceMs,
    idleMs: tables.idleMs,
    unfilledMs: tables.unfilledMs,
  });
  const loop = new LeaderLoop({
    // One step plans a page, then acts on everything due; a full page steps again at once.
    step: async () => {
      const planned = await scheduler.planStep();
      for (let acted = 1; acted > 0;) acted = await scheduler.actStep();
      return planned;
    },
    batchSize: scheduler.batchSize,
    pollMs: options.pollMs ?? SCHEDULER_POLL_MS,
    lock: new AdvisoryLeaderLock(options.sql, 'process:scheduler'),
    onError: options.onError,
  });
  loop.start();
  return { stop: () => loop.stop(), scheduler };
}
