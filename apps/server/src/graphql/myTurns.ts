// The myTurns subscription: a player's own feed pushed as it grows, on any node. One poll per node finds who was told
// something (while anyone listens), and each subscription then reads its player's new notifications in order.
import type { Notification } from '@delve/kernel';
import type { Notifications } from '../notifications';
import type { Listening } from './feed';
import { Pushes } from './updates';

/** How often a node looks for new notifications while anyone listens (ms). */
const POLL_MS = 100;
/** How long to wait after a failed poll (the database away) before the next (ms). */
const RETRY_MS = 500;
/** Notifications looked at per poll; a full one polls again at once. */
const PAGE = 1000;

/** Follows every player's feed on this node, only while someone listens, and wakes the listeners of those told. */
export class FeedFollower {
  private readonly listeners = new Map<string, Set<() => void>>();
  private running: { stopped: boolean; ready: Promise<void> } | null = null;

  constructor(
    private readonly news: Notifications['news'],
    private readonly pollMs = POLL_MS,
  ) {}

  /** Hear of `player`'s new notifications: everything told after `ready` resolves wakes `onNews`, until stop(). */
  listen(player: string, onNews: () => void): Listening {
    let set = this.listeners.get(player);
    if (!set) this.listeners.set(player, (set = new Set()));
    set.add(onNews);
    const ready = this.start().ready;
    return {
      ready,
      stop: () => {
        set.delete(onNews);
        if (set.size === 0 && this.listeners.get(player) === set) this.listeners.delete(player);
        if (this.listeners.size === 0 && this.running) this.running.stopped = true;
      },
    };
  }

  close(): void {
    this.listeners.clear();
    if (this.running) this.running.stopped = true;
  }

  private start(): { stopped: boolean; ready: Promise<void> } {
    if (this.running && !this.running.stopped) return this.running;
    let started: () => void = () => {};
    const run = { stopped: false, ready: new Promise<void>((resolve) => (started = resolve)) };
    this.running = run;
    void this.follow(run, started);
    return run;
  }

  private async follow(run: { stopped: boolean }, started: () => void): Promise<void> {
    let last: bigint | null = null;
    while (!run.stopped) {
      let full = false;
      try {
        const news = await this.news(last, PAGE);
        if (last !== null) for (const player of news.players) for (const wake of this.listeners.get(player) ?? []) wake();
        full = news.players.length > 0 && last !== null && news.last - last >= BigInt(PAGE);
        last = news.last;
        started();
      } catch {
        // The database is away: ask again from the same place (nothing told meanwhile is missed).
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      if (!full) await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}

/**
 * The async iterator behind one myTurns subscription: after `after` (a notification id) when given, else from now, each
 * notification of the player once and in order, until the client unsubscribes.
 */
export class MyTurns extends Pushes<Notification> {
  private busy: Promise<void> = Promise.resolve();
  private sent = 0n;

  constructor(
    follower: FeedFollower,
    player: string,
    after: bigint | null,
    private readonly load: (after: bigint) => Promise<Notification[]>,
    /** The player's latest notification id (0 when none). */
    head: () => Promise<bigint>,
  ) {
    super();
    const step = (work: () => Promise<void>) => {
      this.busy = this.busy.then(work).catch(() => this.finish());
    };
    const listening = follower.listen(player, () => step(() => this.advance()));
    this.stop = listening.stop;
    step(async () => {
      await listening.ready;
      this.sent = after ?? (await head());
      await this.advance();
    });
  }

  private async advance(): Promise<void> {
    for (let page = await this.load(this.sent); !this.done && page.length > 0; page = await this.load(this.sent)) {
      for (const notification of page) {
        this.sent = BigInt(notification.id);
        this.push(notification);
      }
    }
  }
}
