// Game streams as the game services share them: the command handler over GameRecords, module lookup and upcasting.
import { NotFoundError, StreamNotFoundError, ValidationError } from '../errors';
import {
  createdRecord,
  evolveRecord,
  isLobbyEvent,
  RecordFold,
  rosterOf,
  type GameEventMetadata,
  type GameRecord,
  type LobbyEvent,
} from '../lobby';
import type { AnyGameModule, Message } from '../module';
import type { EventStore, RecordedEvent } from '../store';
import { decideBatch, type BatchEvent, type GameInput } from '../batch';
import { isUuid } from './events';
import { RecordSnapshots, type SnapshotOptions } from './snapshots';
import { StateCache } from './cache';
import { StreamHandler, type Decided, type Folded, type Handled, type NewEvent, type Stamp } from './handler';

/** A decided game input: the handler's events plus the batch they came from (each event's state before, for redaction). */
export interface GameDecision extends Decided<GameRecord> {
  readonly batch: readonly BatchEvent[];
}

export const gameStream = (id: string): string => `game-${id}`;

/** Schema version of the kernel's own lobby events: 2 added rosters to GameFinished and GameAbandoned. */
export const LOBBY_EVENT_VERSION = 2;

export interface GameStreamsDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly clock: () => Date;
  readonly newId: () => string;
  readonly maxRetries?: number;
  readonly cacheSize?: number;
  /** Records kept for replays (see RecordSnapshots). */
  readonly snapshots?: SnapshotOptions;
  /** The sole writer's epoch while this process is the store's only writer (StreamHandlerDeps.soleEpoch). */
  readonly soleEpoch?: () => number | null;
}

/** An event of a game this node appended or caught up with lately: when it was recorded, and the module state before it. */
export interface RecentEvent {
  readonly revision: number;
  readonly at: string;
  readonly event: Message;
  readonly stateBefore: unknown;
}

/**
 * How fresh a read must be: `freshAfter` is a `mark` taken when the request began (before its first read), so a
 * catch-up made since then serves every read of the request.
 */
export interface Freshness {
  readonly freshAfter?: number;
}

/** A batch this node appended to a game: the revision it reached and its last event's type. */
export interface Appended {
  readonly gameId: string;
  readonly revision: number;
  readonly type: string;
}

/**
 * Events kept per game for what follows a move (its answer, its pushes): the latest batch whole, and earlier events up
 * to this many, for pushes that lag a move or two. Each holds a module state, so a game keeps a few at most.
 */
const RECENT_EVENTS = 4;

/** What every game service needs: the handler of game streams and the modules that give them meaning. */
export class GameStreams {
  readonly handler: StreamHandler<GameRecord>;
  readonly snapshots: RecordSnapshots;
  /** The last events of each game this node appended or caught up with, in revision order without a gap. */
  private readonly recent: StateCache<RecentEvent[]>;
  /** Who hears of this node's appends as they are stored (see onAppended). */
  private readonly appendListeners = new Set<(appended: Appended) => void>();
  /** Catch-ups under way, so that readers waiting for the same game share one read of the store. */
  private readonly catchingUp = new Map<string, Promise<Folded<GameRecord>>>();

  constructor(readonly deps: GameStreamsDeps) {
    this.snapshots = new RecordSnapshots(deps.snapshots);
    this.recent = new StateCache(deps.cacheSize ?? 1000);
    this.handler = new StreamHandler<GameRecord>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'game/concurrency',
      ...(deps.maxRetries !== undefined && { maxRetries: deps.maxRetries }),
      ...(deps.cacheSize !== undefined && { cacheSize: deps.cacheSize }),
      ...(deps.soleEpoch !== undefined && { soleEpoch: deps.soleEpoch }),
      fold: (record, event) => (record === undefined ? this.created(event) : this.fold(record, event)),
      // Whatever this node folds from the store (a first load, a catch-up) leaves snapshots for later replays.
      // A catch-up (events folded onto a record this node held) keeps them with their states before, like an append.
      foldMany: (record, events) => {
        if (!record || record.retired) return this.foldEvents(record, events);
        const caughtUp: RecentEvent[] = [];
        const folded = this.foldEvents(record, events, record.revision + 1, (e, before) => {
          const event = this.eventOf(e, this.module(before), before);
          const at = String((e.metadata as Partial<GameEventMetadata>).at ?? e.created);
          caughtUp.push({ revision: e.revision, at, event, stateBefore: before.state });
        });
        this.remember(folded.id, caughtUp);
        return folded;
      },
    });
  }

  /**
   * The game folded to now; NotFoundError for an id that names no game. With `freshAfter` (a `mark`), the node's fold
   * is taken as it is when a read issued after that mark caught it up.
   */
  async load(gameId: string, options: Freshness = {}): Promise<Folded<GameRecord>> {
    this.checkId(gameId);
    try {
      return await this.handler.load(gameStream(gameId), options);
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('game/not-found', `no game ${gameId}`);
      throw error;
    }
  }

  /** This moment, for the `freshAfter` of later loads (see StreamHandler.mark). */
  mark(): number {
    return this.handler.mark();
  }

  /**
   * The game folded to `revision` or later, for a reader that knows the game has reached it (a push after the feed
   * told of it): the node's own fold when it is that far already (it made the revision, mostly), else caught up from
   * the store, sharing a catch-up of the same game already under way when that one reaches far enough.
   */
  async loadAtLeast(gameId: string, revision: number): Promise<GameRecord> {
    const cached = this.cachedRecord(gameId);
    if (cached && cached.revision >= revision) return cached;
    let catchUp = this.catchingUp.get(gameId);
    if (!catchUp) {
      const started = this.load(gameId).finally(() => {
        if (this.catchingUp.get(gameId) === started) this.catchingUp.delete(gameId);
      });
      this.catchingUp.set(gameId, (catchUp = started));
    }
    const { state } = await catchUp;
    // A catch-up that began before the revision was committed may have missed it.
    return state.revision >= revision ? state : (await this.load(gameId)).state;
  }

  /**
   * Hear each batch this node appends to a game, once it is stored and folded (its last revision and event type):
   * in process, before the command is answered. Other nodes' appends are only found in the store. A listener must not
   * throw. Returns a function that stops it.
   */
  onAppended(listener: (appended: Appended) => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  /**
   * Events `from`..`to` of the game with the state before each, when this node appended or caught up with all of them
   * lately (else undefined: read and fold the log).
   */
  recentEvents(gameId: string, from: number, to: number): RecentEvent[] | undefined {
    const recent = this.recent.get(gameId);
    const first = recent?.[0]?.revision;
    if (!recent || first === undefined || from < first || to > first + recent.length - 1) return undefined;
    return recent.slice(from - first, to - first + 1);
  }

  /** Keep a run of the game's latest events, dropping what it does not continue (kept events never have a gap). */
  private remember(gameId: string, events: readonly RecentEvent[]): void {
    const start = events[0]?.revision;
    if (start === undefined) return;
    const kept = this.recent.get(gameId) ?? [];
    const continued = kept.at(-1)?.revision === start - 1 ? [...kept, ...events] : [...events];
    this.recent.set(gameId, continued.slice(-Math.max(RECENT_EVENTS, events.length)));
  }

  /**
   * Events of the log as a follower of `$all` read them (ADR 0057): each game's run is folded into this node's fold of
   * that game when the fold ends just before it, or from the game's creation, so that the leaders find the records
   * they look up without reading the stream again. Never a read: later loads ask the store as before. A run this node
   * cannot fold (a module it does not load) leaves its fold as it was.
   */
  observe(events: readonly RecordedEvent[]): void {
    const runs = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      if (!event.streamId.startsWith('game-')) continue;
      const run = runs.get(event.streamId);
      if (run) run.push(event);
      else runs.set(event.streamId, [event]);
    }
    for (const [streamId, run] of runs) {
      try {
        this.handler.observe(streamId, run);
      } catch {
        // Only a shortcut: the fold is read from the store when it is needed.
      }
    }
  }

  /** The game as this node last folded it, without asking the store whether it grew since; undefined when not cached. */
  cachedRecord(gameId: string): GameRecord | undefined {
    return isUuid(gameId) ? this.handler.cached(gameStream(gameId))?.state : undefined;
  }

  /** Every stored event of the game. */
  async read(gameId: string): Promise<RecordedEvent[]> {
    this.checkId(gameId);
    try {
      return await this.handler.read(gameStream(gameId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('game/not-found', `no game ${gameId}`);
      throw error;
    }
  }

  /**
   * The record as it was at `revision`. Clients ask for the current revision all the time (REST views name it, and
   * each subscription update does), so that one comes from the cache; any other is folded from the nearest record
   * kept before it, reading only the events in between.
   */
  async loadAt(gameId: string, revision: number): Promise<GameRecord> {
    if (!Number.isInteger(revision) || revision < 0)
      throw new ValidationError('replay/bad-revision', 'revision must be a non-negative integer');
    // A record at a revision is right forever (events never change), so the cache needs no catch-up to be used.
    const cached = this.handler.cached(gameStream(gameId));
    if (cached?.revision === revision) return cached.state;
    return this.replay(gameId, revision + 1, revision);
  }

  /**
   * Fold the game up to revision `to`, starting from the latest record kept at or before `from - 1` (the cached head
   * when it is later), and show `visit` each event from `from` to `to` with the record just before it. Reads only the
   * events after that record; NotFoundError when the game has no revision `to`.
   */
  async replay(
    gameId: string,
    from: number,
    to: number,
    visit: (event: RecordedEvent, before: GameRecord) => void = () => {},
  ): Promise<GameRecord> {
    this.checkId(gameId);
    const stream = gameStream(gameId);
    let record = this.snapshots.atOrBefore(gameId, from - 1);
    const head = this.handler.cached(stream)?.state;
    if (head && head.revision < from && head.revision > (record?.revision ?? -1)) record = head;
    const start = record ? record.revision + 1 : 0;
    let events: RecordedEvent[];
    try {
      events =
        to < start
          ? []
          : (this.snapshots.events(gameId, start, to) ??
            (await this.deps.store.readStream(stream, { fromRevision: start, maxCount: to - start + 1 })));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('game/not-found', `no game ${gameId}`);
      throw error;
    }
    const last = start + events.length - 1;
    if (last < to) throw new NotFoundError('replay/no-such-revision', `the game has revisions 0..${last}`);
    return this.foldEvents(record, events, from, visit);
  }

  /**
   * Fold a run of stored events onto `record` (undefined: the run starts with GameCreated), keeping records at snapshot
   * revisions and the events themselves for later replays, and showing `visit` each event from `from` on with the record
   * just before it (a RecordFold: the whole record is built only where one is needed).
   */
  foldEvents(
    record: GameRecord | undefined,
    events: readonly RecordedEvent[],
    from = Number.POSITIVE_INFINITY,
    visit: (event: RecordedEvent, before: GameRecord) => void = () => {},
  ): GameRecord {
    let fold = record && new RecordFold(record);
    for (const event of events) {
      if (!fold) {
        fold = new RecordFold(this.created(event));
        // GameCreated has no record before it: redaction is shown the one it creates.
        if (event.revision >= from) visit(event, fold.record);
      } else {
        if (event.revision >= from) visit(event, fold.record);
        const module = this.module(fold.fields);
        const data = event.data as Message;
        // A lobby event is upcast with the record before it (an old GameFinished takes its roster from it); a retired
        // game's module events are not folded, so not upcast either.
        if (isLobbyEvent(data)) fold.apply(this.eventOf(event, module, fold.record), module, event.revision);
        else fold.apply(fold.fields.retired ? data : this.eventOf(event, module), module, event.revision);
      }
      if (fold.revision % this.snapshots.every === 0) this.snapshots.offer(fold.record);
    }
    if (fold) this.snapshots.keep(fold.fields.id, events);
    return fold?.record as GameRecord;
  }

  /**
   * Decide one input against the game and append what it causes (the deal, automaton steps, GameFinished) in one
   * atomic append, re-deciding on a fresh record when another writer got in first.
   */
  async run(
    gameId: string,
    toInput: (record: GameRecord) => GameInput,
    options: { idempotencyKey?: string | undefined; fingerprint?: string | undefined } = {},
  ): Promise<Handled<GameRecord, GameDecision>> {
    this.checkId(gameId);
    const handled = await this.handler.handle(
      gameStream(gameId),
      (current, stamp): GameDecision => {
        if (!current) throw new NotFoundError('game/not-found', `no game ${gameId}`);
        const module = this.module(current.state);
        const input = toInput(current.state);
        const { events, record } = decideBatch(current.state, module, input, stamp.at);
        return { events: batchEvents(events, input, stamp, current.state, module), state: record, batch: events };
      },
      options,
    );
    const { decision, stamp, written } = handled;
    const last = decision?.batch.at(-1);
    if (decision && stamp && last) {
      this.remember(
        gameId,
        decision.batch.map(({ event, stateBefore }, i) => ({ revision: written.from + i, at: stamp.at, event, stateBefore })),
      );
      for (const listener of this.appendListeners) listener({ gameId, revision: written.to, type: last.event.type });
    }
    return handled;
  }

  module(record: GameRecord): AnyGameModule {
    const module = this.deps.modules[record.module];
    if (!module) throw new Error(`module ${record.module} is not loaded`);
    return module;
  }

  /**
   * The stored event as the code knows it today: module events written under an older schema version are upcast by
   * their module; lobby events from before rosters get the roster of the record they close.
   */
  eventOf(recorded: RecordedEvent, module: AnyGameModule, before: GameRecord | null = null): Message {
    const data = recorded.data as Message;
    const writtenAt = Number((recorded.metadata as Partial<GameEventMetadata>).eventVersion ?? 1);
    if (isLobbyEvent(data)) {
      if (before && (data.type === 'GameFinished' || data.type === 'GameAbandoned') && data.roster === undefined) {
        return { ...data, roster: rosterOf(before) } as LobbyEvent;
      }
      return data;
    }
    if (!module.upcast || writtenAt >= (module.eventVersion ?? 1)) return data;
    return module.upcast(data, writtenAt);
  }

  private created(event: RecordedEvent): GameRecord {
    const created = event.data as Extract<LobbyEvent, { type: 'GameCreated' }>;
    const module = this.deps.modules[created.module];
    if (!module) throw new Error(`game ${created.gameId} uses module ${created.module}, which this server does not load`);
    return createdRecord(created, module);
  }

  /** Fold one stored event into a record (upcast first). */
  fold(record: GameRecord, event: RecordedEvent): GameRecord {
    const module = this.module(record);
    return evolveRecord(record, this.eventOf(event, module), module, event.revision);
  }

  private checkId(gameId: string): void {
    if (!isUuid(gameId)) throw new NotFoundError('game/not-found', `no game ${gameId}`);
  }
}

/**
 * The metadata of one game event, field by field with optional ones last, so every event's metadata has one of a
 * few shapes (spreading objects of varying shapes here was once the kernel's single largest cost per command).
 */
export function gameEventMetadata(
  stamp: Stamp,
  actor: string,
  module: string,
  rulesVersion: string,
  eventVersion: number,
  command: unknown,
): Record<string, unknown> {
  const metadata: { -readonly [K in keyof GameEventMetadata]: GameEventMetadata[K] } = {
    commandId: stamp.commandId,
    causationId: stamp.commandId,
    actor,
    at: stamp.at,
    module,
    rulesVersion,
    eventVersion,
  };
  if (command !== undefined) metadata.command = command;
  if (stamp.idempotencyKey !== undefined) metadata.idempotencyKey = stamp.idempotencyKey;
  return metadata as unknown as Record<string, unknown>;
}

/** The events of one decided batch as the handler appends them: the first carries the input, for the audit. */
export function batchEvents(
  batch: readonly BatchEvent[],
  input: GameInput,
  stamp: Stamp,
  record: GameRecord,
  module: AnyGameModule,
): NewEvent[] {
  return batch.map(({ event, actor }, i) => ({
    type: event.type,
    data: event,
    metadata: gameEventMetadata(
      stamp,
      actor,
      record.module,
      record.rulesVersion,
      isLobbyEvent(event) ? LOBBY_EVENT_VERSION : (module.eventVersion ?? 1),
      i === 0 ? input : undefined,
    ),
  }));
}
