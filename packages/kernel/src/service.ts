// The command pipeline: load (cache + catch-up) → fold → decide → append at the expected revision → retry on conflict.
import { Value } from '@sinclair/typebox/value';
import { decideBatch, sameJson, type BatchEvent, type GameInput } from './batch';
import { StateCache } from './cache';
import { schemaProblems } from './validation';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RuleViolation,
  StreamNotFoundError,
  ValidationError,
  WrongExpectedVersionError,
} from './errors';
import {
  createdRecord,
  evolveRecord,
  isLobbyEvent,
  redactLobbyEvent,
  type GameEventMetadata,
  type GameLifecycle,
  type GameRecord,
  type LobbyEvent,
} from './lobby';
import type { AnyGameModule, Message, Seat, Viewer } from './module';
import { sha256Hex } from './random';
import type { EventData, EventStore, RecordedEvent } from './store';

export interface GameServiceDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  /** The clock, injected: the kernel never reads it itself. */
  readonly clock: () => Date;
  /** A fresh UUID (event ids, game ids, command ids). */
  readonly newId: () => string;
  /** A fresh unguessable secret (seeds, seat tokens), from a CSPRNG. */
  readonly newSecret: () => string;
  /** Re-decide this many times when another writer got in first (default 5). */
  readonly maxRetries?: number;
  /** Game records kept in memory (default 1000). */
  readonly cacheSize?: number;
}

export interface GameSummary {
  readonly id: string;
  readonly module: string;
  readonly rulesVersion: string;
  readonly status: GameLifecycle;
  readonly seats: readonly { seat: Seat; claimed: boolean; name: string | null }[];
  readonly awaiting: readonly Seat[];
  readonly winners: readonly Seat[] | null;
  readonly revision: number;
  readonly seedHash: string;
  readonly phase: string | null;
}

/** One event of the log as a viewer may see it. */
export interface VisibleEvent {
  readonly revision: number;
  readonly type: string;
  readonly data: Message;
  readonly at: string;
}

export interface ExecuteResult {
  readonly revision: number;
  readonly events: VisibleEvent[];
  readonly view: unknown;
  /** True when an Idempotency-Key was seen before: the first outcome is returned and nothing was appended. */
  readonly replayed: boolean;
}

export type AuditResult =
  | { verified: true; seed: string; commands: AuditCommand[] }
  | {
      verified: false;
      seed: string;
      commands: AuditCommand[];
      divergence: { revision: number; expected: unknown; actual: unknown; reason: string };
    };

export interface AuditCommand {
  readonly revision: number;
  readonly actor: string;
  readonly input: unknown;
}

export const gameStream = (id: string): string => `game-${id}`;
/** Schema version of the kernel's own lobby events. */
const LOBBY_EVENT_VERSION = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The command pipeline every API node runs. Stateless apart from a cache that is re-validated against the store. */
export class GameService {
  private readonly cache: StateCache<GameRecord>;
  private readonly maxRetries: number;

  constructor(private readonly deps: GameServiceDeps) {
    this.cache = new StateCache(deps.cacheSize ?? 1000);
    this.maxRetries = deps.maxRetries ?? 5;
  }

  /** Create a game: validates the module, options (defaults applied) and seat count; commits to a secret seed. */
  async createGame(input: {
    module: string;
    options?: unknown;
    seats: number;
  }): Promise<{ gameId: string; revision: number; summary: GameSummary }> {
    const module = this.deps.modules[input.module];
    if (!module) {
      throw new ValidationError('game/unknown-module', `unknown module "${input.module}"`, [
        { path: '/module', message: `one of: ${Object.keys(this.deps.modules).join(', ')}` },
      ]);
    }
    if (!Number.isInteger(input.seats) || input.seats < 1 || input.seats > 16) {
      throw new ValidationError('game/bad-seats', 'seats must be an integer from 1 to 16', [{ path: '/seats', message: 'integer 1..16' }]);
    }
    const options = Value.Default(module.optionsSchema, structuredClone(input.options ?? {}));
    const problems = schemaProblems(module.optionsSchema, options);
    if (problems.length > 0) {
      throw new ValidationError(
        'game/bad-options',
        `invalid options for ${module.name}`,
        problems.map((p) => ({ path: `/options${p.path === '/' ? '' : p.path}`, message: p.message })),
      );
    }
    module.checkSeats(options, input.seats);
    const gameId = this.deps.newId();
    const seed = this.deps.newSecret();
    const created: LobbyEvent = {
      type: 'GameCreated',
      gameId,
      module: module.name,
      rulesVersion: module.rulesVersion,
      options,
      seats: input.seats,
      seedHash: sha256Hex(seed),
      seed,
    };
    const commandId = this.deps.newId();
    const { nextExpectedRevision } = await this.deps.store.appendToStream(
      gameStream(gameId),
      [this.toEventData(created, { commandId, actor: 'lobby', rulesVersion: module.rulesVersion, command: { kind: 'create' } })],
      { expectedRevision: 'no_stream' },
    );
    // Cached as the store will return it (JSON round trip), so neither the summary nor the first claim needs a read.
    const record = createdRecord(JSON.parse(JSON.stringify(created)) as typeof created, module);
    this.cache.set(gameId, record);
    return { gameId, revision: nextExpectedRevision, summary: summarize(record, this.deps.modules) };
  }

  /** Claim a seat (the first free one when none is named). The token is returned once; only its hash is stored. */
  async claimSeat(gameId: string, input: { seat?: number; name?: string } = {}): Promise<{ seat: Seat; token: string; revision: number }> {
    const token = this.deps.newSecret();
    const tokenHash = sha256Hex(token);
    let seat: Seat = -1;
    const { record: after } = await this.run(gameId, {}, (record) => {
      seat = input.seat ?? record.seats.findIndex((s) => !s.claimed);
      if (seat < 0) throw new RuleViolation('game/full', 'every seat is already claimed');
      return { kind: 'claim', seat, name: input.name ?? null, tokenHash };
    });
    return { seat, token, revision: after.revision };
  }

  /** Start with the seats claimed so far (unclaimed seats stay empty). */
  async startGame(gameId: string): Promise<{ revision: number }> {
    const { record } = await this.run(gameId, {}, () => ({ kind: 'start' }));
    return { revision: record.revision };
  }

  async abandonGame(gameId: string, by: Seat | null = null): Promise<{ revision: number }> {
    const { record } = await this.run(gameId, {}, () => ({ kind: 'abandon', by }));
    return { revision: record.revision };
  }

  /** The seat a token acts for; ForbiddenError when it fits no seat of this game. */
  async authenticate(gameId: string, token: string): Promise<Seat> {
    const record = await this.load(gameId);
    const hash = sha256Hex(token);
    const seat = record.seats.findIndex((s) => s.tokenHash === hash);
    if (seat < 0) throw new ForbiddenError('auth/bad-token', 'this token does not hold a seat in this game');
    return seat;
  }

  /**
   * Run a player's command. Validates it against the module's commandSchema, decides, appends atomically with
   * the automaton's follow-up and GameFinished; a repeated idempotency key returns the first outcome.
   */
  async execute(gameId: string, command: unknown, options: { seat: Seat; idempotencyKey?: string }): Promise<ExecuteResult> {
    const viewer: Viewer = { kind: 'seat', seat: options.seat };
    const { record, written, replayed, batch, at } = await this.run(gameId, options, (record) => {
      const module = this.module(record);
      const problems = schemaProblems(module.commandSchema, command);
      if (problems.length > 0) throw new ValidationError('command/malformed', `not a valid ${module.name} command`, problems);
      return { kind: 'play', seat: options.seat, command: command as Message };
    });
    // A fresh outcome is redacted from the states the batch went through; a replayed one is read back. Once the game
    // is over the effective viewer sees everything, in the events and the view alike (as GET view does).
    const effective = this.effectiveViewer(record, viewer);
    const visible = batch
      ? batch.flatMap(({ event, stateBefore }, i) => {
          const shown = this.redactOne(record, event, effective, stateBefore);
          return shown ? [{ revision: written.from + i, type: event.type, data: shown, at: at ?? '' }] : [];
        })
      : await this.visibleRange(record, viewer, written.from, written.to);
    return { revision: record.revision, events: visible, view: this.module(record).view(record.state, effective), replayed };
  }

  async summary(gameId: string): Promise<GameSummary> {
    return summarize(await this.load(gameId), this.deps.modules);
  }

  /** The state as `viewer` sees it, now or at an earlier revision (a replay). */
  async view(gameId: string, viewer: Viewer, atRevision?: number): Promise<unknown> {
    const record = atRevision === undefined ? await this.load(gameId) : await this.loadAt(gameId, atRevision);
    return this.module(record).view(record.state, this.effectiveViewer(record, viewer));
  }

  async legalCommands(gameId: string, seat: Seat): Promise<Message[]> {
    const record = await this.load(gameId);
    if (record.status !== 'active') return [];
    return this.module(record).legalCommands(record.state, seat);
  }

  /** The event log from revision `from`, redacted for `viewer` (everything once the game is over). */
  async events(gameId: string, viewer: Viewer, range: { from?: number; limit?: number } = {}): Promise<VisibleEvent[]> {
    const record = await this.load(gameId);
    const from = Math.max(0, range.from ?? 0);
    const to = Math.min(record.revision, from + Math.max(1, range.limit ?? 100) - 1);
    if (from > to) return [];
    return this.visibleRange(record, viewer, from, to);
  }

  /**
   * Re-run every recorded input with the revealed seed and compare the events produced with the stored ones.
   * Only once the game has ended (finished or abandoned): before that the seed is secret.
   */
  async audit(gameId: string): Promise<AuditResult> {
    const recorded = await this.readGame(gameId);
    const head = this.foldAll(recorded);
    if (head.status !== 'finished' && head.status !== 'abandoned') {
      throw new ConflictError('game/not-over', 'the seed and command log are revealed when the game ends');
    }
    const module = this.module(head);
    const commands: AuditCommand[] = [];
    const fail = (revision: number, reason: string, expected: unknown, actual: unknown): AuditResult => ({
      verified: false,
      seed: head.seed,
      commands,
      divergence: { revision, reason, expected, actual },
    });
    const created = recorded[0]?.data as Extract<LobbyEvent, { type: 'GameCreated' }>;
    if (sha256Hex(created.seed) !== created.seedHash)
      return fail(0, 'the seed does not match the published hash', created.seedHash, sha256Hex(created.seed));
    let record = createdRecord(created, module);
    let index = 1;
    while (index < recorded.length) {
      const first = recorded[index] as RecordedEvent;
      const meta = first.metadata as unknown as GameEventMetadata;
      const input = meta.command as GameInput | undefined;
      if (!input) return fail(first.revision, 'an event is not the first of a recorded command', null, first.type);
      commands.push({
        revision: first.revision,
        actor: meta.actor,
        input: input.kind === 'claim' ? { ...input, tokenHash: undefined } : input,
      });
      let produced: BatchEvent[];
      try {
        ({ events: produced } = decideBatch(record, module, input));
      } catch (error) {
        return fail(first.revision, `the recorded command is rejected on re-run: ${(error as Error).message}`, first.data, null);
      }
      for (const [offset, { event }] of produced.entries()) {
        const stored = recorded[index + offset];
        if (!stored || !sameJson(this.eventOf(stored, module), event)) {
          return fail(first.revision + offset, 'the re-run produced a different event', stored?.data ?? null, event);
        }
        record = evolveRecord(record, event, module, stored.revision);
      }
      index += produced.length;
      const next = recorded[index];
      if (next && (next.metadata as unknown as GameEventMetadata).commandId === meta.commandId) {
        return fail(next.revision, 'the stream holds events the re-run did not produce', next.data, null);
      }
    }
    return { verified: true, seed: head.seed, commands };
  }

  // --- internals -------------------------------------------------------------------------------

  /**
   * The shared loop: decide the input against the cached record and append at its revision. A stale cache
   * costs nothing extra: the store refuses the append (wrong expected revision) and the loop re-decides on a
   * fresh record. A rejection (rule violation, unknown key…) is only reported after checking it against a fresh
   * record, so a node that missed another node's writes never refuses a legal command.
   */
  private async run(
    gameId: string,
    options: { idempotencyKey?: string },
    toInput: (record: GameRecord) => GameInput,
  ): Promise<{ record: GameRecord; written: { from: number; to: number }; replayed: boolean; batch?: BatchEvent[]; at?: string }> {
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      const cached = fresh ? undefined : this.cache.get(gameId);
      const record = cached ?? (await this.load(gameId));
      fresh = cached === undefined;
      const seen = options.idempotencyKey === undefined ? undefined : record.idempotency.get(options.idempotencyKey);
      if (seen) return { record, written: seen, replayed: true };
      let input: GameInput;
      let events: BatchEvent[];
      let decided: GameRecord;
      try {
        input = toInput(record);
        ({ events, record: decided } = decideBatch(record, this.module(record), input));
      } catch (error) {
        if (fresh) throw error;
        fresh = true; // re-decide on the latest state before refusing
        continue;
      }
      if (events.length === 0) return { record, written: { from: record.revision + 1, to: record.revision }, replayed: false };
      const commandId = this.deps.newId();
      const at = this.deps.clock().toISOString();
      const data = events.map(({ event, actor }, i) =>
        this.toEventData(
          event,
          {
            commandId,
            actor,
            at,
            rulesVersion: record.rulesVersion,
            command: i === 0 ? input : undefined,
            idempotencyKey: options.idempotencyKey,
          },
          this.module(record).eventVersion,
        ),
      );
      try {
        await this.deps.store.appendToStream(gameStream(gameId), data, { expectedRevision: record.revision });
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        this.cache.delete(gameId);
        fresh = true;
        if (attempt >= this.maxRetries) throw new ConflictError('game/concurrency', 'the game kept changing under this command; retry');
        continue;
      }
      const stored = options.idempotencyKey === undefined ? decided : withIdempotency(decided, options.idempotencyKey, record.revision + 1);
      this.cache.set(gameId, stored);
      return { record: stored, written: { from: record.revision + 1, to: decided.revision }, replayed: false, batch: events, at };
    }
  }

  /** The current record: from the cache, caught up with anything other writers appended since. */
  private async load(gameId: string): Promise<GameRecord> {
    const cached = this.cache.get(gameId);
    if (cached) {
      const newer = await this.deps.store.readStream(gameStream(gameId), { fromRevision: cached.revision + 1 });
      const record = newer.reduce((r, e) => this.fold(r, e), cached);
      if (newer.length > 0) this.cache.set(gameId, record);
      return record;
    }
    const record = this.foldAll(await this.readGame(gameId));
    this.cache.set(gameId, record);
    return record;
  }

  /**
   * The record as it was at `revision`. Clients ask for the current revision all the time (REST views name it, and
   * each subscription update does), so that one comes from the cache; only an earlier one is replayed from the stream.
   */
  private async loadAt(gameId: string, revision: number): Promise<GameRecord> {
    if (!Number.isInteger(revision) || revision < 0)
      throw new ValidationError('replay/bad-revision', 'revision must be a non-negative integer');
    const current = await this.load(gameId);
    if (revision === current.revision) return current;
    if (revision > current.revision) throw new NotFoundError('replay/no-such-revision', `the game has revisions 0..${current.revision}`);
    return this.foldAll((await this.readGame(gameId)).slice(0, revision + 1));
  }

  private async readGame(gameId: string): Promise<RecordedEvent[]> {
    if (!UUID.test(gameId)) throw new NotFoundError('game/not-found', `no game ${gameId}`);
    try {
      return await this.deps.store.readStream(gameStream(gameId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('game/not-found', `no game ${gameId}`);
      throw error;
    }
  }

  private foldAll(events: readonly RecordedEvent[]): GameRecord {
    const [first, ...rest] = events;
    const created = first?.data as Extract<LobbyEvent, { type: 'GameCreated' }>;
    const module = this.deps.modules[created.module];
    if (!module) throw new Error(`game ${created.gameId} uses module ${created.module}, which this server does not load`);
    return rest.reduce((r, e) => this.fold(r, e), createdRecord(created, module));
  }

  private fold(record: GameRecord, event: RecordedEvent): GameRecord {
    const key = (event.metadata as Partial<GameEventMetadata>).idempotencyKey;
    return evolveRecord(record, this.eventOf(event, this.module(record)), this.module(record), event.revision, key);
  }

  /** The stored event as the module knows it today: events written under an older schema version are upcast. */
  private eventOf(recorded: RecordedEvent, module: AnyGameModule): Message {
    const data = recorded.data as Message;
    const writtenAt = Number((recorded.metadata as Partial<GameEventMetadata>).eventVersion ?? 1);
    if (isLobbyEvent(data) || !module.upcast || writtenAt >= (module.eventVersion ?? 1)) return data;
    return module.upcast(data, writtenAt);
  }

  /** Events from..to as `viewer` may see them: module events through the module's redact, kernel secrets stripped. */
  private async visibleRange(record: GameRecord, viewer: Viewer, from: number, to: number): Promise<VisibleEvent[]> {
    if (from > to) return [];
    const module = this.module(record);
    const effective = this.effectiveViewer(record, viewer);
    const events = await this.readGame(record.id);
    const out: VisibleEvent[] = [];
    let state = createdRecord(events[0]?.data as Extract<LobbyEvent, { type: 'GameCreated' }>, module);
    for (const e of events.slice(0, to + 1)) {
      if (e.revision >= from) {
        const visible = this.redactOne(state, this.eventOf(e, module), effective, state.state);
        if (visible)
          out.push({
            revision: e.revision,
            type: e.type,
            data: visible,
            at: String((e.metadata as Partial<GameEventMetadata>).at ?? e.created),
          });
      }
      if (e.revision > 0) state = this.fold(state, e);
    }
    return out;
  }

  private redactOne(record: GameRecord, event: Message, viewer: Viewer, stateBefore: unknown): Message | null {
    if (isLobbyEvent(event)) return redactLobbyEvent(event, viewer);
    return this.module(record).redact(event, viewer, stateBefore) as Message | null;
  }

  /** Once a game is over, everyone sees everything (the seed is revealed too). */
  private effectiveViewer(record: GameRecord, viewer: Viewer): Viewer {
    return record.status === 'finished' || record.status === 'abandoned' ? { kind: 'audit' } : viewer;
  }

  private module(record: GameRecord): AnyGameModule {
    const module = this.deps.modules[record.module];
    if (!module) throw new Error(`module ${record.module} is not loaded`);
    return module;
  }

  /**
   * `moduleEventVersion`: the schema version module events are written under (lobby events have their own).
   * The metadata is built field by field, optional ones last, so every event's metadata has one of a few shapes:
   * spreading objects of varying shapes here was the kernel's single largest cost per command.
   */
  private toEventData(
    event: Message,
    meta: Pick<GameEventMetadata, 'commandId' | 'actor' | 'rulesVersion'> & {
      at?: string;
      command?: unknown;
      idempotencyKey?: string | undefined;
    },
    moduleEventVersion = 1,
  ): EventData {
    const metadata: { -readonly [K in keyof GameEventMetadata]: GameEventMetadata[K] } = {
      commandId: meta.commandId,
      causationId: meta.commandId,
      actor: meta.actor,
      at: meta.at ?? this.deps.clock().toISOString(),
      rulesVersion: meta.rulesVersion,
      eventVersion: isLobbyEvent(event) ? LOBBY_EVENT_VERSION : moduleEventVersion,
    };
    if (meta.command !== undefined) metadata.command = meta.command;
    if (meta.idempotencyKey !== undefined) metadata.idempotencyKey = meta.idempotencyKey;
    return { id: this.deps.newId(), type: event.type, data: event, metadata: metadata as unknown as Record<string, unknown> };
  }
}

function withIdempotency(record: GameRecord, key: string, from: number): GameRecord {
  const idempotency = new Map(record.idempotency);
  idempotency.set(key, { from, to: record.revision });
  return { ...record, idempotency };
}

export function summarize(record: GameRecord, modules: Readonly<Record<string, AnyGameModule>>): GameSummary {
  const module = modules[record.module];
  const status = record.status === 'active' && module ? module.status(record.state) : null;
  return {
    id: record.id,
    module: record.module,
    rulesVersion: record.rulesVersion,
    status: record.status,
    seats: record.seats.map((s, seat) => ({ seat, claimed: s.claimed, name: s.name })),
    awaiting: status ? [...status.awaiting] : [],
    winners: record.winners ? [...record.winners] : null,
    revision: record.revision,
    seedHash: record.seedHash,
    phase: status?.phase ?? (record.status === 'open' ? 'lobby' : record.status),
  };
}
