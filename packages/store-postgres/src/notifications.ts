// The notifier's outbox in PostgreSQL: players' feeds (notifications), clock-low timers and webhooks' deliveries,
// written with the notifier's checkpoint in one transaction (migration 005), and the reads of a player's feed.
import {
  FEED_KINDS,
  NOTIFIER,
  notificationOf,
  type ClockChange,
  type LowClockTimer,
  type Notification,
  type NoticeOutbox,
  type NoticePage,
  type Position,
} from '@delve/kernel';
import type { Sql, TransactionSql } from 'postgres';
import { holdCheckpoint, moveCheckpoint, readCheckpoint } from './checkpointRow';

/** Timers of every seat of a game are stopped with this seat number. */
const EVERY_SEAT = -1;

export class PostgresNoticeOutbox implements NoticeOutbox {
  /** When the next clock-low timer falls due, as the last release found it (null: none then). */
  private next: string | null = null;
  /** Webhook deliveries this outbox has written so far (what a deliverer waiting for work watches). */
  private written = 0;

  constructor(
    private readonly sql: Sql,
    private readonly name = NOTIFIER,
  ) {}

  checkpoint(): Promise<Position | 'start'> {
    return readCheckpoint(this.sql, this.name);
  }

  async commit(page: NoticePage, from: Position | 'start', to: Position): Promise<boolean> {
    return this.sql.begin(async (tx) => {
      // Locked first: the notifier's writes (this and release) take turns, so feed rows are numbered in commit order.
      if (!(await holdCheckpoint(tx, this.name, from))) return false;
      const { stops, sets, told } = net(page.clocks);
      if (stops.length > 0) {
        // A timer stopped after it fell due is told (the clock did run low before the move); the rest are dropped.
        await tx`
          with stops as (
            select * from unnest(${stops.map((s) => s.gameId)}::text[], ${stops.map((s) => s.seat)}::int[],
                                 ${stops.map((s) => s.at)}::timestamptz[]) as s(game_id, seat, at)),
          hit as (
            select t.key, min(s.at) as at from notification_timers t
              join stops s on s.game_id = t.game_id and (s.seat = ${EVERY_SEAT} or s.seat = t.seat) group by t.key),
          gone as (delete from notification_timers t using hit where t.key = hit.key returning t.*, hit.at as stopped_at)
          insert into notifications (player, kind, key, game_id, at, data)
          select player, 'clock.low', key, game_id, due_at, data from gone where due_at <= stopped_at order by due_at, key
          on conflict (player, key) do nothing`;
      }
      await feed(tx, [
        ...told.map((t) => ({ player: t.player, kind: 'clock.low', key: t.key, gameId: t.gameId, at: t.due, data: t.data })),
        ...page.notices.flatMap((n) =>
          FEED_KINDS.includes(n.kind)
            ? n.players.map((player) => ({
                player,
                kind: n.kind,
                key: n.key,
                gameId: (n.data as { gameId?: string }).gameId ?? null,
                at: n.at,
                data: n.data,
              }))
            : [],
        ),
      ]);
      if (sets.length > 0) {
        await tx`
          insert into notification_timers (key, player, game_id, seat, due_at, data)
          select key, player, game_id, seat, due_at, data::jsonb from unnest(${sets.map((s) => s.key)}::text[], ${sets.map((s) => s.player)}::text[], ${sets.map((s) => s.gameId)}::text[],
                               ${sets.map((s) => s.seat)}::int[], ${sets.map((s) => s.due)}::timestamptz[],
                               ${sets.map((s) => JSON.stringify(s.data))}::text[]) as t(key, player, game_id, seat, due_at, data)
          on conflict (key) do nothing`;
      }
      const out = page.notices.filter((n) => n.kind !== 'clock.low');
      if (out.length > 0) {
        // One delivery per webhook that wants the event and was registered by then: the operator's (no owner) for every
        // fact, a player's for the facts that concern them. In the order of the page, so seq keeps each game's order.
        const inserted = await tx`
          insert into webhook_deliveries (webhook_id, event, key, subject, data, created_at, next_attempt_at)
          select w.id, t.kind, t.key, t.subject, t.data::jsonb, t.at, t.at
            from unnest(${out.map((n) => n.kind)}::text[], ${out.map((n) => n.key)}::text[], ${out.map((n) => n.subject)}::text[],
                        ${out.map((n) => JSON.stringify(n.data))}::text[], ${out.map((n) => n.at)}::timestamptz[],
                        ${out.map((n) => n.players.join(','))}::text[])
                 with ordinality as t(kind, key, subject, data, at, players, ord)
            join webhooks w on w.disabled_at is null and t.kind = any(w.events) and w.created_at <= t.at
                           and (w.owner is null or w.owner = any(string_to_array(t.players, ',')))
           order by t.ord, w.id
          on conflict (webhook_id, key) do nothing`;
        this.written += inserted.count;
      }
      await moveCheckpoint(tx, this.name, to);
      return true;
    });
  }

  /** How many webhook deliveries this outbox has written (rolled-back transactions included: a hint, not a count). */
  deliveriesWritten(): number {
    return this.written;
  }

  /** When the next clock-low timer falls due (ISO 8601), as the last release found it: a notifier may sleep until then. */
  nextDue(): string | null {
    return this.next;
  }

  async release(now: string): Promise<number> {
    // A plain read first, so an idle server takes no lock (and writes nothing) to learn it is idle, and when to ask again.
    const [row] = await this.sql<{ next: Date | null }[]>`select min(due_at) as next from notification_timers`;
    this.next = row?.next ? row.next.toISOString() : null;
    if (this.next === null || Date.parse(this.next) > Date.parse(now)) return 0;
    this.next = now; // later timers: the next release finds when
    return this.sql.begin(async (tx) => {
      await tx`select 1 from checkpoints where projection = ${this.name} for update`;
      const rows = await tx`
        with gone as (delete from notification_timers where due_at <= ${now} returning *)
        insert into notifications (player, kind, key, game_id, at, data)
        select player, 'clock.low', key, game_id, due_at, data from gone order by due_at, key
        on conflict (player, key) do nothing returning seq`;
      return rows.length;
    });
  }
}

interface FeedRow {
  readonly player: string;
  readonly kind: string;
  readonly key: string;
  readonly gameId: string | null;
  readonly at: string;
  readonly data: unknown;
}

async function feed(tx: TransactionSql, rows: readonly FeedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx`
    insert into notifications (player, kind, key, game_id, at, data)
    select player, kind, key, game_id, at, data::jsonb
      from unnest(${rows.map((r) => r.player)}::text[], ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.key)}::text[],
                  ${rows.map((r) => r.gameId) as string[]}::text[], ${rows.map((r) => r.at)}::timestamptz[],
                  ${rows.map((r) => JSON.stringify(r.data))}::text[])
           with ordinality as t(player, kind, key, game_id, at, data, ord)
     order by ord
    on conflict (player, key) do nothing`;
}

/**
 * A page's clock changes in order, reduced to what the database must do: stops of timers planned before the page (the
 * first stop of each seat counts), timers the page plans and keeps, and timers the page both planned and stopped after
 * they fell due (told at once).
 */
function net(changes: readonly ClockChange[]): {
  stops: { gameId: string; seat: number; at: string }[];
  sets: LowClockTimer[];
  told: LowClockTimer[];
} {
  const stops = new Map<string, { gameId: string; seat: number; at: string }>();
  const sets = new Map<string, LowClockTimer>();
  const told: LowClockTimer[] = [];
  for (const change of changes) {
    if ('set' in change) {
      sets.set(change.set.key, change.set);
      continue;
    }
    const { gameId, seat, at } = change.stop;
    const slot = `${gameId}/${seat ?? EVERY_SEAT}`;
    if (!stops.has(slot)) stops.set(slot, { gameId, seat: seat ?? EVERY_SEAT, at });
    for (const [key, timer] of sets) {
      if (timer.gameId !== gameId || (seat !== null && timer.seat !== seat)) continue;
      if (timer.due <= at) told.push(timer);
      sets.delete(key);
    }
  }
  return { stops: [...stops.values()], sets: [...sets.values()], told };
}

/** One page of a player's feed, newest first, and the cursor of the next (older) page. */
export interface FeedPage {
  readonly items: Notification[];
  readonly nextCursor: string | null;
}

// Ids are read as text (a bigint), under another name than seq: ORDER BY would sort by the text otherwise.
type StoredRow = { id: string; kind: 'turn' | 'clock.low' | 'game.finished'; at: Date; data: unknown };
const asNotification = (r: StoredRow): Notification => notificationOf(r.id, r.kind, r.at.toISOString(), r.data);

/** A player's feed, newest first: `before` (a notification id) starts after that one. */
export async function feedPage(sql: Sql, player: string, limit: number, before: bigint | null): Promise<FeedPage> {
  const rows = await sql<StoredRow[]>`
    select seq::text as id, kind, at, data from notifications
     where player = ${player} ${before === null ? sql`` : sql`and seq < ${String(before)}::bigint`}
     order by seq desc limit ${limit + 1}`;
  const items = rows.slice(0, limit).map(asNotification);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** A player's notifications after `after` (a notification id), oldest first. */
export async function feedAfter(sql: Sql, player: string, after: bigint, limit: number): Promise<Notification[]> {
  const rows = await sql<StoredRow[]>`
    select seq::text as id, kind, at, data from notifications where player = ${player} and seq > ${String(after)}::bigint
     order by seq limit ${limit}`;
  return rows.map(asNotification);
}

/** Who was told something after `after`, and the last notification id (for nodes following every feed). */
export async function feedNews(sql: Sql, after: bigint | null, limit: number): Promise<{ last: bigint; players: string[] }> {
  if (after === null) {
    const [row] = await sql<{ last: string | null }[]>`select max(seq)::text as last from notifications`;
    return { last: BigInt(row?.last ?? '0'), players: [] };
  }
  const rows = await sql<{ id: string; player: string }[]>`
    select seq::text as id, player from notifications where seq > ${String(after)}::bigint order by seq limit ${limit}`;
  return { last: BigInt(rows.at(-1)?.id ?? String(after)), players: [...new Set(rows.map((r) => r.player))] };
}
