// Live game updates: one store subscription per API node, fanned out to the subscribers of each game.
import { comparePositions, START, type EventStore, type Position, type Subscription } from '@delve/kernel';

/** Tells listeners that a game's stream grew to `revision`. Works across nodes because it follows the store. */
export interface UpdatesFeed {
  listen(gameId: string, onRevision: (revision: number) => void): () => void;
}

/** Follows every `game-` stream from the store's current head (not from the start) and notifies per game. */
export class StoreUpdatesFeed implements UpdatesFeed {
  private readonly listeners = new Map<string, Set<(revision: number) => void>>();
  private subscription: Subscription | null = null;

  static async start(store: EventStore): Promise<StoreUpdatesFeed> {
    const feed = new StoreUpdatesFeed();
    const [head] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    const from: Position = head?.position ?? START;
    const subscription = store.subscribeToAll({
      fromPosition: comparePositions(from, START) === 0 ? 'start' : from,
      streamPrefixes: ['game-'],
    });
    feed.subscription = subscription;
    void (async () => {
      for await (const event of subscription) {
        const listeners = feed.listeners.get(event.streamId.slice('game-'.length));
        for (const listener of listeners ?? []) listener(event.revision);
      }
    })();
    return feed;
  }

  listen(gameId: string, onRevision: (revision: number) => void): () => void {
    let set = this.listeners.get(gameId);
    if (!set) this.listeners.set(gameId, (set = new Set()));
    set.add(onRevision);
    return () => {
      set.delete(onRevision);
      if (set.size === 0) this.listeners.delete(gameId);
    };
  }

  async close(): Promise<void> {
    await this.subscription?.unsubscribe();
  }
}
