// Being told, as the leaders run it: the notifier (the log into feeds, clock-low timers and the webhook outbox) and the
// deliverer (the outbox to the receivers), each led by one process across every process and node (an advisory lock).
import { randomInt } from 'node:crypto';
import { Notifier, NOTIFIER, type AnyGameModule, type EventStore, type GameServices } from '@delve/kernel';
import { LeaderLoop } from '@delve/projections';
import { AdvisoryLeaderLock, PostgresNoticeOutbox, PostgresWebhooks } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import type { WebhookSettings } from '../config';
import { Deliverer, httpSender, type Sender } from './deliverer';

/** The advisory lock whose holder follows the log into notifications. */
export const NOTIFIER_LOCK = NOTIFIER;
/** The advisory lock whose holder delivers webhooks. */
export const DELIVERER_LOCK = 'process:webhooks';

/** How often the leaders look for new events and for due deliveries (ms). */
const POLL_MS = 50;
/** How often a process that does not lead the deliverer asks for its lock (ms). */
const LEAD_RETRY_MS = 1000;
/** How long stopping waits for attempts in flight (ms). */
const DRAIN_MS = 5000;

export interface BeingToldDeps {
  readonly store: EventStore;
  readonly sql: Sql;
  readonly games: GameServices;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly settings: WebhookSettings;
  readonly onError: (part: 'the notifier' | 'webhooks', error: unknown) => void;
  /** The clock (tests may move it). */
  readonly clock?: () => Date;
  /** How deliveries are sent (default: node:http(s) with the SSRF guard). */
  readonly send?: Sender;
  readonly pollMs?: number;
  /**
   * When given, each part sleeps while it has nothing to do, this long at most (ms), instead of polling every `pollMs`:
   * the notifier until poked (something was appended) or its next clock-low timer, the deliverer until the notifier
   * wrote something or an attempt settled (ADR 0052). A retry falls due by time alone: it waits for this at most.
   */
  readonly idleMs?: number;
}

/** The server's randomness, 0 ≤ r < 1, for the backoff's jitter. */
const serverRandom = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

/** Start both parts: each leads while it holds its lock. */
export function startBeingTold(deps: BeingToldDeps): { stop(): Promise<void>; poke(): void; deliverer: Deliverer; notifier: Notifier } {
  const clock = deps.clock ?? (() => new Date());
  const pollMs = deps.pollMs ?? POLL_MS;
  const { idleMs } = deps;
  const outbox = new PostgresNoticeOutbox(deps.sql);
  let wake: () => void = () => {};
  /** Whether the deliverer was woken since its last look. */
  let woken = false;
  const wakeDeliverer = () => {
    woken = true;
    wake();
  };
  const notifier = new Notifier({
    store: deps.store,
    outbox,
    streams: deps.games.streams,
    modules: deps.modules,
    clock,
  });
  const notifying = new LeaderLoop({
    // Clock-low notices are told once the log is caught up, so a move already in it stops its timer first.
    step: async () => {
      const written = outbox.deliveriesWritten();
      const read = await notifier.step();
      // Clock-low notices go to feeds only: a page that wrote deliveries is what the deliverer waits for.
      if (read === 0) await notifier.release();
      if (outbox.deliveriesWritten() !== written) wakeDeliverer();
      return read;
    },
    batchSize: notifier.batchSize,
    pollMs,
    idleMs,
    nextLook: () => {
      const next = outbox.nextDue();
      return next === null ? null : Date.parse(next) - clock().getTime();
    },
    lock: new AdvisoryLeaderLock(deps.sql, NOTIFIER_LOCK),
    onError: (error) => deps.onError('the notifier', error),
  });
  notifying.start();

  const deliverer = new Deliverer({
    queue: new PostgresWebhooks(deps.sql),
    settings: deps.settings,
    send: deps.send ?? httpSender(deps.settings),
    clock,
    random: serverRandom,
    onError: (error) => deps.onError('webhooks', error),
  });
  const lock = new AdvisoryLeaderLock(deps.sql, DELIVERER_LOCK);
  let running = true;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const delivering = (async () => {
    while (running) {
      let leading = false;
      woken = false;
      const looked = performance.now();
      try {
        // Asked before every step: a lock lost with its session ends the lead.
        leading = await lock.tryAcquire();
        // Each attempt that settles may leave its subject's next delivery due: it wakes the loop.
        if (leading) for (const attempt of await deliverer.start()) void attempt.finally(wakeDeliverer);
      } catch (error) {
        deps.onError('webhooks', error);
      }
      if (!running) break;
      if (!leading || idleMs === undefined) {
        await pause(leading ? pollMs : LEAD_RETRY_MS);
        continue;
      }
      if (!woken) await pause(idleMs);
      // Woken as often as the notifier writes: one look per pollMs at most.
      const rest = pollMs - (performance.now() - looked);
      if (running && rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    await Promise.race([deliverer.idle(), new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
    await lock.release();
  })();
  return {
    notifier,
    deliverer,
    poke: () => notifying.poke(),
    async stop() {
      running = false;
      wake();
      await Promise.all([notifying.stop(), delivering]);
    },
  };
}
