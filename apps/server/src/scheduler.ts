// The scheduler as a server runs it: one leader across every process and node (an advisory lock). While it leads it
// runs two loops side by side, so planning never holds up acting: one plans from the log, the other acts on what falls
// due. The scheduler itself is the kernel's.
import { randomBytes } from 'node:crypto';
import { randomFor, Scheduler, SCHEDULER, type AnyGameModule, type EventStore, type GameServices } from '@delve/kernel';
import { AdvisoryLeaderLock, PostgresDuePlan } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { TableSettings } from './config';

/** How often the leader looks for new events to plan from (ms). */
export const PLAN_POLL_MS = 50;
/** How often it looks for what fell due (ms): the bound on a deadline's lateness, besides the command itself. */
export const ACT_POLL_MS = 20;
/**
 * Events planned per step: a step's cost is mostly its transaction's round trips, so a busy log is planned in few large
 * steps (500 a step fell behind 2,000 clocked games, ADR 0051).
 */
export const PLAN_BATCH = 2000;
/** Actions the leader keeps in flight at once. */
export const ACT_SLOTS = 100;
/** The advisory lock whose holder runs the scheduler. */
export const SCHEDULER_LOCK = SCHEDULER;
/** How often a node that does not lead asks for the lock again (ms). */
const LEAD_RETRY_MS = 1000;

export interface SchedulerOptions {
  readonly store: EventStore;
  readonly sql: Sql;
  readonly games: GameServices;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly tables: TableSettings;
  readonly onError: (error: unknown) => void;
  /** The clock (tests and benches may move it). */
  readonly clock?: () => Date;
  /** Fill the rest of a matchmaking table with bots (absent: such actions are dropped). */
  readonly fill?: (pool: string, gameId: string) => Promise<void>;
}

const pause = (ms: number, running: () => boolean) => new Promise<void>((resolve) => (running() ? setTimeout(resolve, ms) : resolve()));

/** Start leading (when this process wins the lock) and keep the tables moving until stop(). */
export function startScheduler(options: SchedulerOptions): { stop(): Promise<void>; scheduler: Scheduler } {
  const { tables, onError } = options;
  const clock = options.clock ?? (() => new Date());
  const scheduler = new Scheduler({
    store: options.store,
    plan: new PostgresDuePlan(options.sql),
    games: options.games,
    modules: options.modules,
    clock,
    batchSize: PLAN_BATCH,
    // Bots choose with the server's own randomness, never the game's seed.
    random: () => randomFor(randomBytes(16).toString('hex'), 0),
    botPaceMs: tables.botPaceMs,
    thinkMs: tables.botThinkMs,
    idleMs: tables.idleMs,
    unfilledMs: tables.unfilledMs,
    ...(options.fill && { fill: options.fill }),
  });
  const lock = new AdvisoryLeaderLock(options.sql, SCHEDULER_LOCK);
  let running = true;
  const isRunning = () => running;
  /** Whether this process leads now: asked before every step, so a lock lost with its session ends the lead. */
  const leading = () => lock.tryAcquire().catch((error: unknown) => (onError(error), false));
  /** Run `step` while leading, pausing `ms` after a step that found nothing (errors are reported, then retried). */
  const loop = async (step: () => Promise<boolean>, ms: number) => {
    while (running && (await leading())) {
      let busy = false;
      try {
        busy = await step();
      } catch (error) {
        onError(error);
      }
      if (!busy) await pause(ms, isRunning);
    }
  };
  const background = (async () => {
    while (running) {
      if (!(await leading())) {
        await pause(LEAD_RETRY_MS, isRunning);
        continue;
      }
      // Actions stay in flight across looks at the plan: a slow one holds up no other (ADR 0051).
      const acting = scheduler.acting(ACT_SLOTS, onError);
      await Promise.all([
        loop(async () => (await scheduler.planStep()) === scheduler.batchSize, PLAN_POLL_MS),
        loop(async () => {
          const { started, more } = await acting.fill(clock().toISOString());
          return started > 0 && more;
        }, ACT_POLL_MS),
      ]);
      await acting.drain();
    }
    await lock.release();
  })();
  return {
    scheduler,
    stop: async () => {
      running = false;
      await background;
    },
  };
}
