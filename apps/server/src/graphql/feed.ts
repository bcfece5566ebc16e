// Live game updates: this process's own appends at once, and one store subscription per API node while anyone listens,
// fanned out per game (and to listeners of every game, such as the lobby's). A subscription the store breaks
// (PostgreSQL restarting) is taken up again from the last event it delivered, so listeners miss nothing and never go silent.
import { comparePositions, START, type Appended, type EventStore, type Position, type Subscription } from '@delve/kernel';

/** A listener's registration: revisions appended after `ready` resolves are all reported, until stop(). */
export interface Listening {
  readonly ready: Promise<void>;
  stop(): void;
}

/** What a listener hears of each event: the game's new revision and the event's type. */
export type OnEvent = (revision: number, event: { readonly gameId: string; readonly type: string }) => void;

/** Tells listeners that a game's stream grew to `revision`. Works across nodes because it follows the store. */
export interface UpdatesFeed {
  listen(gameId: string, onEvent: OnEvent): Listening;
  /** Hear every game's events (the lobby's listeners). */
  listenAll(onEvent: OnEvent): Listening;
}

/** The key under which listeners of every game are kept. */
const EVERY_GAME = '*';
/** How long to wait before taking up a subscription the store broke (ms). */
const RESUME_AFTER_MS = 500;

/**
 * Follows every `game-` stream from the store's head, but only while someone listens: with no GraphQL subscriber
 * the node reads nothing back, which matters under load (a read per append batch otherwise).
 */
/** One run of following the store: from the first listener to the last one's stop. */
interface Run {
  stopped: boolean;
  subscription: Subscription | null;
  /** Resolves once the run's first subscription is in place. */
  readonly ready: Promise<void>;
}

export class StoreUpdatesFeed implements UpdatesFeed {
  /** Listeners per game; a game's entry goes with its last listener, so an empty map means nobody listens. */
  private readonly listeners = new Map<string, Set<OnEvent>>();
  private run: Run | null = null;

  private readonly resumeAfterMs: number;
  private readonly unhear: () => void;
  private readonly hearsLocal: boolean;

  constructor(
    private readonly store: EventStore,
    options: {
      /** This process's own appends (the game streams it writes through), heard before the store gives them back. */
      local?: { onAppended(listener: (appended: Appended) => void): () => void };
      resumeAfterMs?: number;
    } = {},
  ) {
    this.resumeAfterMs = options.resumeAfterMs ?? RESUME_AFTER_MS;
    this.hearsLocal = options.local !== undefined;
    this.unhear = options.local?.onAppended((a) => this.appended(a)) ?? (() => undefined);
  }

  listen(gameId: string, onEvent: OnEvent): Listening {
    let set = this.listeners.get(gameId);
    if (!set) this.listeners.set(gameId, (set = new Set()));
    set.add(onEvent);
    const ready = this.start().ready;
    let stopped = false;
    return {
      ready,
      stop: () => {
        if (stopped) return;
        stopped = true;
        set.delete(onEvent);
        // After close() the set may be gone from the map, and a newer listener's set may stand in its place.
        if (set.size === 0 && this.listeners.get(gameId) === set) this.listeners.delete(gameId);
        if (this.listeners.size === 0) void this.unfollow();
      },
    };
  }

  listenAll(onEvent: OnEvent): Listening {
    return this.listen(EVERY_GAME, onEvent);
  }

  async close(): Promise<void> {
    this.unhear();
    this.listeners.clear();
    await this.unfollow();
  }

  /** The run following the store, started when there is none. */
  private start(): Run {
    if (this.run) return this.run;
    let settle: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // A listener that goes before it is known whether the store answers must not leave an unhandled rejection.
    ready.catch(() => undefined);
    const run: Run = { stopped: false, subscription: null, ready };
    this.run = run;
    void this.follow(run, settle);
    return run;
  }

  /**
   * Subscribe from the current head and deliver until the run stops. When the store breaks the subscription, take it
   * up again from the last event delivered, after a pause. When the store fails before the head is known, there is
   * nothing to resume from: the run ends, its listeners' `ready` rejects, and the next listener starts a new one.
   */
  private async follow(run: Run, settle: { resolve: () => void; reject: (error: unknown) => void }): Promise<void> {
    let position: Position | 'start' | null = null;
    while (!run.stopped) {
      try {
        if (position === null) {
          const [head] = await this.store.readAll({ direction: 'backwards', maxCount: 1 });
          position = head && comparePositions(head.position, START) !== 0 ? head.position : 'start';
        }
        // With this process's appends heard at once, the store need not be read back after each of them.
        const subscription = this.store.subscribeToAll({
          fromPosition: position,
          streamPrefixes: ['game-'],
          wakeOnLocalAppends: !this.hearsLocal,
        });
        run.subscription = subscription;
        if (run.stopped) await subscription.unsubscribe();
        settle.resolve();
        for await (const event of subscription) {
          position = event.position;
          this.deliver(event.streamId.slice('game-'.length), event.revision, event.type);
        }
      } catch (error) {
        if (position === null) {
          run.stopped = true;
          if (this.run === run) this.run = null;
          settle.reject(error);
          return;
        }
        // The store failed under the subscription: wait, then resume where it left off.
        if (!run.stopped) await new Promise((r) => setTimeout(r, this.resumeAfterMs));
      }
    }
  }

  /**
   * A revision this process appended to a game: its listeners hear it at once, before the store gives it back (they
   * hear it again then, and skip what they have pushed). Listeners of every game wait for the store, which gives them
   * each event once and in order.
   */
  private appended({ gameId, revision, type }: Appended): void {
    const event = { gameId, type };
    for (const listener of this.listeners.get(gameId) ?? []) listener(revision, event);
  }

  private deliver(gameId: string, revision: number, type: string): void {
    const event = { gameId, type };
    for (const listener of this.listeners.get(gameId) ?? []) listener(revision, event);
    for (const listener of this.listeners.get(EVERY_GAME) ?? []) listener(revision, event);
  }

  private async unfollow(): Promise<void> {
    const run = this.run;
    this.run = null;
    if (!run) return;
    run.stopped = true;
    await run.subscription?.unsubscribe();
  }
}
