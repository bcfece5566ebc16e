// An in-memory NoticeOutbox for notifier tests (PostgreSQL's is the notifications, timers and deliveries tables): each
// player's feed, the clock-low timers and every notice written, with the checkpoint.
import { FEED_KINDS, type LowClockTimer, type Notice } from '../notices';
import type { NoticeOutbox, NoticePage } from '../runtime/notifier';
import { formatPosition, type Position } from '../store';

/** One item of a player's feed as stored. */
export interface FedNotice {
  readonly kind: Notice['kind'];
  readonly key: string;
  readonly at: string;
  readonly data: unknown;
}

export class MemoryNoticeOutbox implements NoticeOutbox {
  /** Each player's feed, in the order it was told. */
  readonly feeds = new Map<string, FedNotice[]>();
  readonly timers = new Map<string, LowClockTimer>();
  /** Every notice committed (webhooks' and feeds' alike), in order. */
  readonly notices: Notice[] = [];
  private position: Position | 'start' = 'start';

  async checkpoint(): Promise<Position | 'start'> {
    return this.position;
  }

  async commit(page: NoticePage, from: Position | 'start', to: Position): Promise<boolean> {
    const at = (p: Position | 'start') => (p === 'start' ? 'start' : formatPosition(p));
    if (at(this.position) !== at(from)) return false;
    for (const change of page.clocks) {
      if ('set' in change) {
        this.timers.set(change.set.key, change.set);
        continue;
      }
      const { gameId, seat, at: when } = change.stop;
      for (const [key, timer] of this.timers) {
        if (timer.gameId !== gameId || (seat !== null && timer.seat !== seat)) continue;
        // Due before the seat's deadline ended: the clock did run low, so it is told.
        if (timer.due <= when) this.tell(timer);
        this.timers.delete(key);
      }
    }
    for (const notice of page.notices) {
      this.notices.push(notice);
      if (!FEED_KINDS.includes(notice.kind)) continue;
      for (const player of notice.players) this.feed(player, { kind: notice.kind, key: notice.key, at: notice.at, data: notice.data });
    }
    this.position = to;
    return true;
  }

  async release(now: string): Promise<number> {
    const due = [...this.timers.values()].filter((t) => t.due <= now).sort((a, b) => (a.due < b.due ? -1 : 1));
    for (const timer of due) {
      this.tell(timer);
      this.timers.delete(timer.key);
    }
    return due.length;
  }

  private tell(timer: LowClockTimer): void {
    this.feed(timer.player, { kind: 'clock.low', key: timer.key, at: timer.due, data: timer.data });
  }

  private feed(player: string, item: FedNotice): void {
    const feed = this.feeds.get(player) ?? [];
    this.feeds.set(player, feed);
    if (!feed.some((f) => f.key === item.key)) feed.push(item);
  }
}
