// Players' feeds and webhooks as operations and subscriptions read them (PostgreSQL, migration 005), or on an app built
// without them (a games-only node in tests and benches) the same calls answering 503 with a stable code.
import type { Notification } from '@delve/kernel';
import { feedAfter, feedNews, feedPage, PostgresWebhooks, type FeedPage } from '@delve/store-postgres';
import type { Sql } from 'postgres';
import { HttpProblem } from './problems';

export interface Notifications {
  /** A player's feed, newest first; `before` (a notification id) starts after that one. */
  feed(player: string, limit: number, before: bigint | null): Promise<FeedPage>;
  /** A player's notifications after `after`, oldest first. */
  feedAfter(player: string, after: bigint, limit: number): Promise<Notification[]>;
  /** Who was told something after `after` (null: nobody, and the last id so far). */
  news(after: bigint | null, limit: number): Promise<{ last: bigint; players: string[] }>;
  readonly webhooks: Pick<PostgresWebhooks, 'create' | 'count' | 'list' | 'get' | 'delete' | 'counts' | 'deliveries'>;
}

export function postgresNotifications(sql: Sql): Notifications {
  return {
    feed: (player, limit, before) => feedPage(sql, player, limit, before),
    feedAfter: (player, after, limit) => feedAfter(sql, player, after, limit),
    news: (after, limit) => feedNews(sql, after, limit),
    webhooks: new PostgresWebhooks(sql),
  };
}

/** For an app built without them: every call answers 503. */
export function notificationsUnavailable(): Notifications {
  const refuse = async (): Promise<never> => {
    throw new HttpProblem(503, 'notifications/unavailable', 'this node serves games only: feeds and webhooks are off');
  };
  return {
    feed: refuse,
    feedAfter: refuse,
    news: refuse,
    webhooks: { create: refuse, count: refuse, list: refuse, get: refuse, delete: refuse, counts: refuse, deliveries: refuse },
  };
}
