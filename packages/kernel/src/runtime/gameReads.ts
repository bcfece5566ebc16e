// Reading games: summaries, seat authentication, the caller's view now or at a revision, legal commands and the
// redacted event log. Every read path goes through the module's view and redact.
import { ConflictError, ForbiddenError } from '../errors';
import { effectiveViewer, redactGameEvent, summarize, type GameEventMetadata, type GameRecord } from '../lobby';
import type { Message, Seat, Viewer } from '../module';
import { sha256Hex } from '../random';
import type { CommandTemplate, GameSummary, VisibleEvent } from '../schemas';
import type { Freshness, GameStreams } from './gameStreams';

/** What a seat may send at one revision: the commands to send as they are, and templates of those with free parameters. */
export interface LegalLists {
  readonly commands: Message[];
  readonly templates: CommandTemplate[];
}

/** What one viewer sees of a game's progress since a revision: where it stands, the events, and the view. */
export interface GameProgress {
  readonly revision: number;
  readonly status: GameSummary['status'];
  readonly clock: GameSummary['clock'];
  readonly events: readonly VisibleEvent[];
  readonly view: unknown;
  /**
   * What `seat` may send at this revision, from the same record (computed when asked). Only the subscriber's own seat
   * may be asked for: the lists can show its hand.
   */
  readonly legalFor: (seat: Seat) => LegalLists;
}

export class GameReads {
  /**
   * Views by record and effective viewer: a record is one revision of one game and never changes, so each viewer's
   * view of it is computed once and shared (its answer, its pushes, GETs), and goes with the record.
   */
  private readonly views = new WeakMap<GameRecord, Map<string, unknown>>();
  /** Progress by record, effective viewer and starting revision: the same push to every subscriber of one viewer. */
  private readonly progress = new WeakMap<GameRecord, Map<string, Promise<GameProgress>>>();
  /** Legal lists by record and seat, as views: a push and a GET at the same revision list once. */
  private readonly legalLists = new WeakMap<GameRecord, Map<Seat, LegalLists>>();

  constructor(private readonly games: GameStreams) {}

  async summary(gameId: string, fresh: Freshness = {}): Promise<GameSummary> {
    const { state } = await this.games.load(gameId, fresh);
    return summarize(state, this.games.deps.modules[state.module]);
  }

  /**
   * The seat a token acts for; ForbiddenError when it fits no seat of this game. Tokens can be revoked (a seat
   * recovered), so a read checks the token on the caught-up record. A write (`cached`) may trust the cached record: its
   * decision checks the token again on the record it decides on (GameCommands.execute), so a token revoked on another
   * node is refused there.
   */
  async authenticate(gameId: string, token: string, options: { cached?: boolean } & Freshness = {}): Promise<Seat> {
    const hash = sha256Hex(token);
    const cached = options.cached ? this.games.cachedRecord(gameId) : undefined;
    const known = cached ? seatHolding(cached, hash) : -1;
    if (known >= 0) return known;
    const seat = seatHolding((await this.games.load(gameId, options)).state, hash);
    if (seat < 0) throw badToken();
    return seat;
  }

  /** The state as `viewer` sees it, now or at an earlier revision (a replay). */
  async view(gameId: string, viewer: Viewer, atRevision?: number, fresh: Freshness = {}): Promise<unknown> {
    const record = atRevision === undefined ? (await this.games.load(gameId, fresh)).state : await this.games.loadAt(gameId, atRevision);
    return this.viewOf(record, viewer);
  }

  /** `record` as `viewer` sees it (the module's view for the effective viewer), computed once per record and viewer. */
  viewOf(record: GameRecord, viewer: Viewer): unknown {
    refuseRetired(record);
    const effective = effectiveViewer(record, viewer);
    return keptWith(this.views, record, viewerKey(effective), () => this.games.module(record).view(record.state, effective));
  }

  /**
   * The game's progress after revision `from - 1` as `viewer` sees it, once it has reached `reached` (a revision the
   * caller knows was appended); null when it stands before `from`. Subscribers of one viewer share it.
   */
  async progressSince(gameId: string, viewer: Viewer, from: number, reached: number): Promise<GameProgress | null> {
    const record = await this.games.loadAtLeast(gameId, reached);
    if (record.revision < from) return null;
    const key = `${viewerKey(effectiveViewer(record, viewer))}/${from}`;
    return keptWith(this.progress, record, key, () => {
      const { status, clock } = summarize(record, this.games.deps.modules[record.module]);
      const progress = this.visibleRange(record, viewer, from, record.revision).then((events) => ({
        revision: record.revision,
        status,
        clock,
        events,
        view: this.viewOf(record, viewer),
        legalFor: (seat: Seat) => this.legalOf(record, seat),
      }));
      // A failed read (the store away) is not remembered: the next subscriber tries again.
      progress.catch(() => this.progress.get(record)?.delete(key));
      return progress;
    });
  }

  /**
   * What `seat` may send now (nothing unless the game is active): the commands to send as they are and the templates of
   * those with free parameters, from one fold of the game.
   */
  async legal(gameId: string, seat: Seat, fresh: Freshness = {}): Promise<LegalLists> {
    return this.legalOf((await this.games.load(gameId, fresh)).state, seat);
  }

  /** What `seat` may send at `record` (nothing unless the game is active), listed once per record and seat. */
  legalOf(record: GameRecord, seat: Seat): LegalLists {
    if (record.status !== 'active' || record.retired) return { commands: [], templates: [] };
    return keptWith(this.legalLists, record, seat, () => {
      const module = this.games.module(record);
      return { commands: module.legalCommands(record.state, seat), templates: module.commandTemplates?.(record.state, seat) ?? [] };
    });
  }

  /** The commands `seat` may send now (none unless the game is active). */
  async legalCommands(gameId: string, seat: Seat): Promise<Message[]> {
    return (await this.legal(gameId, seat)).commands;
  }

  /** The event log from revision `from`, redacted for `viewer` (everything once the game is over). */
  async events(
    gameId: string,
    viewer: Viewer,
    range: { from?: number; limit?: number } = {},
    fresh: Freshness = {},
  ): Promise<VisibleEvent[]> {
    const { state: record } = await this.games.load(gameId, fresh);
    const from = Math.max(0, range.from ?? 0);
    const to = Math.min(record.revision, from + Math.max(1, range.limit ?? 100) - 1);
    return this.visibleRange(record, viewer, from, to);
  }

  /**
   * Events from..to as `viewer` may see them. Redaction needs each event's state before it, so the log is folded from
   * the nearest record kept before `from`.
   */
  async visibleRange(record: GameRecord, viewer: Viewer, from: number, to: number): Promise<VisibleEvent[]> {
    if (from > to) return [];
    const module = this.games.module(record);
    const effective = effectiveViewer(record, viewer);
    // Redacting needs the rules the events were written under; the auditor sees them whole anyway.
    if (effective.kind !== 'audit') refuseRetired(record);
    const out: VisibleEvent[] = [];
    // What this node appended or caught up with lately is redacted from the states it kept: no read, no fold of the log.
    const recent = record.retired ? undefined : this.games.recentEvents(record.id, from, to);
    if (recent) {
      for (const { revision, event, stateBefore, at } of recent) {
        const visible = redactGameEvent(module, event, effective, stateBefore);
        if (visible) out.push({ revision, type: event.type, data: visible, at });
      }
      return out;
    }
    await this.games.replay(record.id, from, to, (e, before) => {
      const event = this.games.eventOf(e, module, before);
      const visible = record.retired ? event : redactGameEvent(module, event, effective, before.state);
      if (visible)
        out.push({
          revision: e.revision,
          type: e.type,
          data: visible,
          at: String((e.metadata as Partial<GameEventMetadata>).at ?? e.created),
        });
    });
    return out;
  }
}

/** A retired game's module state cannot be shown: the rules that would read it are gone. */
function refuseRetired(record: GameRecord): void {
  if (record.retired) {
    throw new ConflictError(
      'game/rules-retired',
      `this game was played under ${record.module} rules version ${record.rulesVersion}, which this server no longer runs; its summary, log (to the auditor) and audit remain`,
    );
  }
}

/** The value kept with `record` under `key`, made the first time it is asked for (it goes with the record). */
function keptWith<K, V>(byRecord: WeakMap<GameRecord, Map<K, V>>, record: GameRecord, key: K, make: () => V): V {
  let byKey = byRecord.get(record);
  if (!byKey) byRecord.set(record, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key) as V;
}

/** One key per effective viewer: what a seat, the spectators or the auditor may see differs, so it never mixes. */
function viewerKey(viewer: Viewer): string {
  return viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind;
}

const badToken = () => new ForbiddenError('auth/bad-token', 'this token does not hold a seat in this game');

/** Refuse a token that no longer acts for `seat` in `record` (revoked when the seat was recovered). */
export function checkSeatToken(record: GameRecord, seat: Seat, tokenHash: string): void {
  if (!record.seats[seat]?.tokenHashes.includes(tokenHash)) throw badToken();
}

/** The seat whose tokens include `tokenHash`, or -1. */
function seatHolding(record: GameRecord, tokenHash: string): Seat {
  return record.seats.findIndex((s) => s.tokenHashes.includes(tokenHash));
}
