// Reading games: summaries, seat authentication, the caller's view now or at a revision, legal commands and the
// redacted event log. Every read path goes through the module's view and redact.
import { ConflictError, ForbiddenError } from '../errors';
import { effectiveViewer, redactGameEvent, summarize, type GameEventMetadata, type GameRecord } from '../lobby';
import type { Message, Seat, Viewer } from '../module';
import { sha256Hex } from '../random';
import type { CommandTemplate, GameSummary, VisibleEvent } from '../schemas';
import type { GameStreams } from './gameStreams';

export class GameReads {
  constructor(private readonly games: GameStreams) {}

  async summary(gameId: string): Promise<GameSummary> {
    const { state } = await this.games.load(gameId);
    return summarize(state, this.games.deps.modules[state.module]);
  }

  /**
   * The seat a token acts for; ForbiddenError when it fits no seat of this game. A token the cached record already
   * knows needs no store read (a seat's tokens are only ever added to); any other is checked on the caught-up record.
   */
  async authenticate(gameId: string, token: string): Promise<Seat> {
    const hash = sha256Hex(token);
    const cached = this.games.cachedRecord(gameId);
    const known = cached ? seatHolding(cached, hash) : -1;
    if (known >= 0) return known;
    const seat = seatHolding((await this.games.load(gameId)).state, hash);
    if (seat < 0) throw new ForbiddenError('auth/bad-token', 'this token does not hold a seat in this game');
    return seat;
  }

  /** The state as `viewer` sees it, now or at an earlier revision (a replay). */
  async view(gameId: string, viewer: Viewer, atRevision?: number): Promise<unknown> {
    const record = atRevision === undefined ? (await this.games.load(gameId)).state : await this.games.loadAt(gameId, atRevision);
    refuseRetired(record);
    return this.games.module(record).view(record.state, effectiveViewer(record, viewer));
  }

  /**
   * What `seat` may send now (nothing unless the game is active): the commands to send as they are and the templates of
   * those with free parameters, from one fold of the game.
   */
  async legal(gameId: string, seat: Seat): Promise<{ commands: Message[]; templates: CommandTemplate[] }> {
    const { state: record } = await this.games.load(gameId);
    if (record.status !== 'active' || record.retired) return { commands: [], templates: [] };
    const module = this.games.module(record);
    return { commands: module.legalCommands(record.state, seat), templates: module.commandTemplates?.(record.state, seat) ?? [] };
  }

  /** The commands `seat` may send now (none unless the game is active). */
  async legalCommands(gameId: string, seat: Seat): Promise<Message[]> {
    return (await this.legal(gameId, seat)).commands;
  }

  /** The event log from revision `from`, redacted for `viewer` (everything once the game is over). */
  async events(gameId: string, viewer: Viewer, range: { from?: number; limit?: number } = {}): Promise<VisibleEvent[]> {
    const { state: record } = await this.games.load(gameId);
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

/** The seat whose tokens include `tokenHash`, or -1. */
function seatHolding(record: GameRecord, tokenHash: string): Seat {
  return record.seats.findIndex((s) => s.tokenHashes.includes(tokenHash));
}
