// A test double of the games list: folded in memory from the lobby events by the read model's own projector.
import { ValidationError, type EventStore, type RecordedEvent, type Subscription } from '@delve/kernel';
import { gamesList, type GameListItem, type GamesListPage, type GamesListQuery } from '@delve/projections';

interface Entry extends GameListItem {
  readonly seq: number;
}

/**
 * The games list kept in memory: `apply` folds one recorded event (only lobby events matter), `follow` keeps it
 * caught up from the store's all-stream subscription. Single-node only; the PostgreSQL read model replaces it.
 */
export class MemoryGamesList {
  private readonly byId = new Map<string, Entry>();
  private seq = 0;
  private subscription: Subscription | null = null;

  /** Fold one recorded event through the games-list projection (the same projector the PostgreSQL read model runs). */
  apply(event: RecordedEvent): void {
    for (const id of gamesList.idsOf(event)) {
      const current = this.byId.get(id) ?? null;
      const doc = gamesList.apply(current, event, id);
      if (doc) this.byId.set(id, { ...doc, seq: current?.seq ?? this.seq++ });
    }
  }

  /** Fold every game event already stored, then stay live until close(). */
  follow(store: EventStore): void {
    const subscription = store.subscribeToAll({ fromPosition: 'start', streamPrefixes: ['game-'] });
    this.subscription = subscription;
    void (async () => {
      for await (const event of subscription) this.apply(event);
    })();
  }

  async close(): Promise<void> {
    await this.subscription?.unsubscribe();
  }

  async list(query: GamesListQuery): Promise<GamesListPage> {
    let before = Number.POSITIVE_INFINITY;
    if (query.cursor !== undefined) {
      const decoded = Buffer.from(query.cursor, 'base64url').toString();
      if (!/^\d+$/.test(decoded)) throw new ValidationError('games/bad-cursor', 'cursor is not one this server issued');
      before = Number(decoded);
    }
    const matches = [...this.byId.values()]
      .filter((g) => g.seq < before)
      .filter((g) => query.module === undefined || g.module === query.module)
      .filter((g) => query.status === undefined || g.status === query.status)
      .filter((g) => query.open !== true || (g.status === 'open' && g.openSeats > 0))
      .sort((a, b) => b.seq - a.seq);
    const page = matches.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ seq: _seq, ...item }) => item),
      nextCursor: matches.length > query.limit && last ? Buffer.from(String(last.seq)).toString('base64url') : null,
    };
  }
}
