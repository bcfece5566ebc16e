// The scheduler as a server runs it: one leader across every process and node (an advisory lock). While it leads it
// runs two loops side by side, so planning never holds up acting: one plans from the log, the other acts on what falls
// due. The scheduler itself is the kernel's.
import { randomBytes } from 'node:crypto';
import { randomFor, Scheduler, SCHEDULER, type AnyGameModule, type DuePlanStore, type EventStore, type GameServices } from '@delve/kernel';
import { AdvisoryLeaderLock, PostgresDuePlan } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { TableSettings } from './config';

/** How often the leader looks for new events to plan from (ms). */
export const PLAN_POLL_MS = 50;
/**
 * With `idleMs`, the least time between two looks (ms). Under load every look is a transaction of six statements; a
 * page plans deadlines and bots' moves that fall due seconds later, so 100 ms of lag costs nothing they need.
 */
export const PLAN_SPACING_MS = 100;
/**
 * How often it looks for what fell due (ms): the bound on a deadline's lateness, besides the command itself. With
 * `idleMs`, only while actions are under way: otherwise it sleeps until the next one is due.
 */
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
  /** Fill the rest of a matchmaking table with bots (absent: such actions are dropped; false: not yet, try again). */
  readonly fill?: (pool: string, gameId: string) => Promise<boolean>;
  /**
   * When given, the leader plans when poked (something was appended) and acts when the next action falls due, each
   * sleeping this long at most (ms) otherwise (ADR 0052). Without it, both poll (PLAN_POLL_MS, ACT_POLL_MS).
   */
  readonly idleMs?: number;
}

/** A pause that poke() ends early (when it may), and end() always. */
class Pause {
  private wake: (() => void) | null = null;
  private stop: (() => void) | null = null;
  private poked = false;

  /** Wait `ms`; when `pokeable`, less if poked meanwhile or since the last wait (or clear()). */
  wait(ms: number, pokeable = true): Promise<void> {
    if (pokeable && this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = this.stop = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.stop = done;
      this.wake = pokeable ? () => ((this.poked = false), done()) : null;
    });
  }

  poke(): void {
    this.poked = true;
    this.wake?.();
  }

  /** Forget pokes so far (what they told of is about to be read). */
  clear(): void {
    this.poked = false;
  }

  /** End any wait at once (stopping). */
  end(): void {
    this.stop?.();
  }
}

/** Start leading (when this process wins the lock) and keep the tables moving until stop(). */
export function startScheduler(options: SchedulerOptions): { stop(): Promise<void>; poke(): void; scheduler: Scheduler } {
  const { tables, onError, idleMs } = options;
  const clock = options.clock ?? (() => new Date());
  const due = new PostgresDuePlan(options.sql);
  const planPause = new Pause();
  const actPause = new Pause();
  /** When (by `clock`, ms) the act loop means to look next, while it sleeps until the next action. */
  let actAt = Number.POSITIVE_INFINITY;
  // The plan's writes go through here: one that plans an action sooner than the act loop means to look wakes it.
  const plan: DuePlanStore = {
    checkpoint: () => due.checkpoint(),
    due: (until, limit) => due.due(until, limit),
    done: (actions) => due.done(actions),
    async commit(changes, from, to) {
      const committed = await due.commit(changes, from, to);
      if (committed) {
        const soonest = Math.min(...changes.map((c) => ('set' in c ? Date.parse(c.set.due) : Number.POSITIVE_INFINITY)));
        if (soonest < actAt) actPause.poke();
      }
      return committed;
    },
  };
  const scheduler = new Scheduler({
    store: options.store,
    plan,
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
  /** Whether this process leads now: asked before every step, so a lock lost with its session ends the lead. */
  const leading = () => lock.tryAcquire().catch((error: unknown) => (onError(error), false));
  /**
   * Run `step` while leading: again at once after a busy step, else after `rest()`, a pause ended early by a poke
   * (errors are reported, then retried).
   */
  const loop = async (step: () => Promise<boolean>, rest: () => Promise<void>) => {
    while (running && (await leading())) {
      let busy = false;
      try {
        busy = await step();
      } catch (error) {
        onError(error);
      }
      if (!busy && running) await rest();
    }
  };
  /** Plan: every PLAN_POLL_MS; with idleMs, when poked (PLAN_SPACING_MS apart at most) or every idleMs. */
  const planRest = async (planned: number) => {
    if (idleMs === undefined) return planPause.wait(PLAN_POLL_MS);
    const looked = performance.now();
    // A page planned something: look once more, as the commit may have raced an append the poke told of.
    if (planned === 0) await planPause.wait(idleMs);
    // Pokes come as fast as appends do: one look per PLAN_SPACING_MS at most plans them in pages.
    const rest = PLAN_SPACING_MS - (performance.now() - looked);
    if (running && rest > 0) await planPause.wait(rest, false);
  };
  /** Act: every ACT_POLL_MS while actions are under way; with idleMs, otherwise until the next is due (idleMs at most). */
  const actRest = async (acting: ReturnType<Scheduler['acting']>) => {
    if (idleMs === undefined || acting.inFlight > 0) return actPause.wait(ACT_POLL_MS);
    actPause.clear(); // the plan as it is now is read next: what was planned so far is in it
    let next: string | null;
    try {
      next = await due.nextDue();
    } catch (error) {
      onError(error);
      return actPause.wait(ACT_POLL_MS);
    }
    const now = clock().getTime();
    // A millisecond past it: a timer is never early, but the due time is rounded to one.
    const ms = next === null ? idleMs : Math.min(idleMs, Date.parse(next) - now + 1);
    // Due already (a settled action not yet forgotten, or one the plan gave past its limit): look again shortly.
    if (ms <= 0) return actPause.wait(ACT_POLL_MS);
    actAt = now + ms;
    await actPause.wait(ms);
    actAt = Number.POSITIVE_INFINITY;
  };
  const background = (async () => {
    while (running) {
      if (!(await leading())) {
        await planPause.wait(LEAD_RETRY_MS, false);
        continue;
      }
      // Actions stay in flight across looks at the plan: a slow one holds up no other (ADR 0051).
      const acting = scheduler.acting(ACT_SLOTS, onError);
      let planned = 0;
      await Promise.all([
        loop(
          async () => (planned = await scheduler.planStep()) === scheduler.batchSize,
          () => planRest(planned),
        ),
        loop(
          async () => {
            const { started, more } = await acting.fill(clock().toISOString());
            return started > 0 && more;
          },
          () => actRest(acting),
        ),
      ]);
      await acting.drain();
    }
    await lock.release();
  })();
  return {
    scheduler,
    poke: () => planPause.poke(),
    stop: async () => {
      running = false;
      planPause.end();
      actPause.end();
      await background;
    },
  };
}
