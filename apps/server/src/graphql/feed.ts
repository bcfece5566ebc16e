// Live game updates: one store subscription per API node while anyone listens, fanned out per game.
import { comparePositions, START, type EventStore, type Subscription } from '@delve/kernel';

/** A listener's registration: revisions appended after `ready` resolves are all reported, until stop(). */
export interface Listening {
  readonly ready: Promise<void>;
  stop(): void;
}

/** Tells listeners that a game's stream grew to `revision`. Works across nodes because it follows the store. */
export interface UpdatesFeed {
  listen(gameId: string, onRevision: (revision: number) => void): Listening;
}

/**
 * Follows every `game-` stream from the store's head, but only while someone listens: with no GraphQL subscriber
 * the node reads nothing back, which matters under load (a read per append batch otherwise).
 */
export class StoreUpdatesFeed implements UpdatesFeed {
  /** Listeners per game; a game's entry goes with its last listener, so an empty map means nobody listens. */
  private readonly listeners = new Map<string, Set<(revision: number) => void>>();
  private following: Promise<Subscription> | null = null;

  constructor(private readonly store: EventStore) {}

  listen(gameId: string, onRevision: (revision: number) => void): Listening {
    let set = this.listeners.get(gameId);
    if (!set) this.listeners.set(gameId, (set = new Set()));
    set.add(onRevision);
    this.following ??= this.follow();
    let stopped = false;
    return {
      ready: this.following.then(() => undefined),
      stop: () => {
        if (stopped) return;
        stopped = true;
        set.delete(onRevision);
        // After close() the set may be gone from the map, and a newer listener's set may stand in its place.
        if (set.size === 0 && this.listeners.get(gameId) === set) this.listeners.delete(gameId);
        if (this.listeners.size === 0) void this.unfollow();
      },
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.unfollow();
  }

  /** Subscribe from the current head: a listener reads the game's state itself once `ready`, then gets what follows. */
  private follow(): Promise<Subscription> {
    const following = (async () => {
      const [head] = await this.store.readAll({ direction: 'backwards', maxCount: 1 });
      const from = head?.position ?? START;
      return this.store.subscribeToAll({
        fromPosition: comparePositions(from, START) === 0 ? 'start' : from,
        streamPrefixes: ['game-'],
      });
    })();
    const forget = () => {
      if (this.following === following) this.following = null;
    };
    // A failed start or a broken subscription is forgotten, so the next listener starts a fresh one.
    following.then(async (subscription) => {
      try {
        for await (const event of subscription) {
          for (const listener of this.listeners.get(event.streamId.slice('game-'.length)) ?? []) listener(event.revision);
        }
      } catch {
        // The store failed under the subscription; forgotten below so the next listener starts afresh.
      } finally {
        forget();
      }
    }, forget);
    return following;
  }

  private async unfollow(): Promise<void> {
    const following = this.following;
    this.following = null;
    const subscription = await following?.catch(() => null);
    await subscription?.unsubscribe();
  }
}
