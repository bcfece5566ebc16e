// The scheduler: what the server does by itself, at a time, for games nobody moves. It follows the log from a
// checkpoint and keeps, durably and with that checkpoint, what each game will need: a deadline to fire, a bot's move to
// play, a game to abandon because nobody acted (idle) or nobody came (unfilled). Acting goes through the same command
// handler as any client, and every action is refused as moot once the game moved on, so firing one twice (two nodes, a
// restart after a crash) applies it once.
import { RuleViolation } from '../errors';
import { isLobbyEvent, type GameEventMetadata, type GameRecord, type LobbyEvent } from '../lobby';
import type { AnyGameModule, Message, Seat } from '../module';
import type { Random } from '../random';
import type { EventStore, Position, RecordedEvent } from '../store';
import type { GameServices } from './gameService';
import { KeptCheckpoint } from './keptCheckpoint';

/** Something the server must do at `due` (ISO 8601). One per (game, kind, seat): a newer plan replaces it. */
export type DueAction =
  | { readonly kind: 'timeout'; readonly gameId: string; readonly seat: Seat; readonly due: string; readonly deadline: string }
  | {
      readonly kind: 'bot';
      readonly gameId: string;
      readonly seat: Seat;
      readonly due: string;
      readonly bot: string;
      /** The revision the bot decides at: once the game moved past it, the move is moot. */
      readonly revision: number;
    }
  | {
      /** Fill the rest of a matchmaking table with bots (a ticket's fillWithBotsAfter came due). */
      readonly kind: 'fill';
      readonly gameId: string;
      readonly seat: -2;
      readonly due: string;
      readonly pool: string;
    }
  | {
      readonly kind: 'abandon';
      readonly gameId: string;
      readonly seat: -1;
      readonly due: string;
      readonly reason: 'idle' | 'unfilled';
      /** The revision of the last person's act it counts from: a person acting since makes it moot. */
      readonly revision: number;
    };

/** A change to a game's plan: set or drop one action, or drop them all (the game is over). */
export type PlanChange =
  | { readonly set: DueAction }
  | { readonly drop: { readonly gameId: string; readonly kind: DueAction['kind']; readonly seat: Seat } }
  /** Drop every action of one kind of the game (the deadlines a new ClockSet replaces). */
  | { readonly dropKind: { readonly gameId: string; readonly kind: DueAction['kind'] } }
  | { readonly dropGame: string };

/** Where the plan lives (PostgreSQL's due_actions table), changed together with the scheduler's checkpoint. */
export interface DuePlanStore {
  checkpoint(): Promise<Position | 'start'>;
  /** Apply `changes` and move the checkpoint from `from` to `to` atomically; false (nothing written) when it moved. */
  commit(changes: readonly PlanChange[], from: Position | 'start', to: Position): Promise<boolean>;
  /** Actions due at or before `until`, soonest first. */
  due(until: string, limit: number): Promise<DueAction[]>;
  /** Forget actions that were done or found moot (each only if it is still the one planned). */
  done(actions: readonly DueAction[]): Promise<void>;
}

export interface SchedulerDeps {
  readonly store: EventStore;
  readonly plan: DuePlanStore;
  readonly games: GameServices;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly clock: () => Date;
  /** Randomness for bots' own choices (never the game's seed). */
  readonly random: () => Random;
  /** How long a bot waits before its move, so spectators can follow (ms; 0 in tests). */
  readonly botPaceMs: number;
  /** A game in which no person acted for this long is abandoned (ms). */
  readonly idleMs: number;
  /** A game whose seats are not all claimed this long after its creation is abandoned (ms). */
  readonly unfilledMs: number;
  /** Events read per planning step (default 500). */
  readonly batchSize?: number;
  /**
   * Fill the rest of a matchmaking table with bots (absent: fill actions are dropped). False while the table is not
   * ready for it: the action stays due and is tried again at a later look.
   */
  readonly fill?: (pool: string, gameId: string) => Promise<boolean>;
  /**
   * How long a bot may think over one move (ms, by `clock`; default 1000). A bot that takes longer has its choice set
   * aside and the module's least harmful move played instead, as for a bot that finds nothing.
   */
  readonly thinkMs?: number;
  /** Told of each move a bot thought too long over. */
  readonly onSlowBot?: (slow: { gameId: string; seat: Seat; bot: string; ms: number }) => void;
}

export const SCHEDULER = 'process:scheduler';

const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
const gameOf = (event: RecordedEvent): string | null => (event.streamId.startsWith('game-') ? event.streamId.slice(5) : null);

/** What happened to the games of one page of the log, to plan from. */
interface Touched {
  /** The last revision seen, and when it was written. */
  revision: number;
  at: string;
  ended: boolean;
  changes: PlanChange[];
}

export class Scheduler {
  readonly batchSize: number;
  /** Where this scheduler's last plan commit left the checkpoint. */
  private readonly planned: KeptCheckpoint;

  constructor(private readonly deps: SchedulerDeps) {
    this.batchSize = deps.batchSize ?? 500;
    this.planned = new KeptCheckpoint(() => deps.plan.checkpoint());
  }

  /** Plan from the next page of the log; returns how many events it looked at (0: caught up). */
  async planStep(): Promise<number> {
    const { plan, store } = this.deps;
    const from = await this.planned.take();
    const page = await store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    if (!last) {
      this.planned.unchanged(from);
      return 0;
    }
    const touched = new Map<string, Touched>();
    const changes: PlanChange[] = [];
    for (const event of page) {
      const gameId = gameOf(event);
      if (gameId !== null) this.note(touched, gameId, event);
      else if (event.streamId.startsWith('pool-')) changes.push(...poolChanges(event));
    }
    // The games' bot moves are looked up side by side (each may read its game), then applied in the page's order.
    const bots = await Promise.all([...touched].map(([gameId, game]) => (game.ended ? [] : this.botMoves(gameId, game))));
    for (const [i, [gameId, game]] of [...touched].entries()) {
      if (game.ended) changes.push({ dropGame: gameId });
      else changes.push(...game.changes, ...(bots[i] as PlanChange[]));
    }
    this.planned.moved(await plan.commit(changes, from, last.position), last.position);
    return page.length;
  }

  /** Fold one stored event of a game into what its plan needs. */
  private note(touched: Map<string, Touched>, gameId: string, event: RecordedEvent): void {
    const meta = event.metadata as Partial<GameEventMetadata>;
    const at = String(meta.at ?? event.created);
    const game = touched.get(gameId) ?? { revision: event.revision, at, ended: false, changes: [] };
    touched.set(gameId, game);
    game.revision = event.revision;
    game.at = at;
    const abandon = (reason: 'idle' | 'unfilled', due: string): PlanChange => ({
      set: { kind: 'abandon', gameId, seat: -1, due, reason, revision: event.revision },
    });
    // Only a person's command moves the idle deadline: a bot's, the automaton's or a timeout's do not.
    const input = meta.command as { kind?: string; bot?: unknown } | undefined;
    if (input?.kind === 'play' && input.bot === undefined) game.changes.push(abandon('idle', plus(at, this.deps.idleMs)));
    const data = event.data as Message;
    if (!isLobbyEvent(data)) return;
    const lobby = data as LobbyEvent;
    switch (lobby.type) {
      case 'GameCreated':
        game.changes.push(abandon('unfilled', plus(at, this.deps.unfilledMs)));
        break;
      case 'SeatClaimed':
        // A person taking a seat acts; the table may still be filling.
        if (lobby.bot === undefined) game.changes.push(abandon('unfilled', plus(at, this.deps.unfilledMs)));
        break;
      case 'GameStarted':
        game.changes.push(abandon('idle', plus(at, this.deps.idleMs)));
        break;
      case 'ClockSet':
        game.changes.push({ dropKind: { gameId, kind: 'timeout' } });
        for (const d of lobby.deadlines) game.changes.push({ set: { kind: 'timeout', gameId, seat: d.seat, due: d.at, deadline: d.at } });
        break;
      case 'SeatTimedOut':
        game.changes.push({ drop: { gameId, kind: 'timeout', seat: lobby.seat } });
        break;
      case 'GameFinished':
      case 'GameAbandoned':
        game.ended = true;
        break;
      default:
        break;
    }
  }

  /** The bot moves a game needs after its latest events: every awaited seat a bot holds or plays. */
  private async botMoves(gameId: string, game: Touched): Promise<PlanChange[]> {
    // A game this node already holds past the page has later events, which a later page plans from; a bot's move at
    // this revision would be moot by then. Skipping it spares a replay from the store per game when the plan lags.
    const head = this.deps.games.streams.cachedRecord(gameId);
    if (head && head.revision > game.revision) return [];
    const record = await this.deps.games.streams.loadAt(gameId, game.revision).catch(() => null);
    if (!record || record.status !== 'active' || record.retired) return [];
    const module = this.deps.modules[record.module];
    if (!module) return [];
    const awaiting = new Set(module.status(record.state).awaiting);
    return record.seats.flatMap((seat, index): PlanChange[] => {
      const bot = seat.bot ?? seat.autopilot;
      if (bot === null) return [];
      if (!awaiting.has(index)) return [{ drop: { gameId, kind: 'bot', seat: index } }];
      const due = plus(game.at, this.deps.botPaceMs);
      return [{ set: { kind: 'bot', gameId, seat: index, due, bot, revision: record.revision } }];
    });
  }

  /** Do everything due now; returns how many actions were taken (done or found moot). */
  async actStep(limit = 100): Promise<number> {
    const { plan, clock } = this.deps;
    const due = await plan.due(clock().toISOString(), limit);
    if (due.length === 0) return 0;
    const settled: DueAction[] = [];
    await Promise.all(
      due.map(async (action) => {
        if (await this.act(action)) settled.push(action);
      }),
    );
    await plan.done(settled);
    return due.length;
  }

  /**
   * Acting continuously (ADR 0051): up to `slots` actions in flight at all times, each settled as it ends, and the
   * settled ones forgotten in batches that never hold up the next action. `actStep` waits for its whole batch instead.
   */
  acting(slots = 100, onError: (error: unknown) => void = () => undefined): Acting {
    return new Acting(this, this.deps.plan, slots, onError);
  }

  /** Take one action through the game's command handler: true when it is settled (done, or moot). */
  async act(action: DueAction): Promise<boolean> {
    const { games } = this.deps;
    try {
      switch (action.kind) {
        case 'timeout':
          await games.commands.timeout(action.gameId, action.seat, action.deadline);
          return true;
        case 'abandon':
          if (await this.stillDue(action)) await games.lobby.abandonGame(action.gameId, null, action.reason);
          return true;
        case 'bot':
          await this.playBot(action);
          return true;
        case 'fill':
          return (await this.deps.fill?.(action.pool, action.gameId)) ?? true;
      }
    } catch (error) {
      // A rule refusing the action means the game moved on (moot, over, not due any more): settled.
      if (error instanceof RuleViolation) return true;
      throw error;
    }
  }

  /**
   * Whether a game is still to be abandoned: an unfilled one is still open; an idle one saw no person act after the one
   * its deadline counts from (the plan may lag the log by a moment).
   */
  private async stillDue(action: Extract<DueAction, { kind: 'abandon' }>): Promise<boolean> {
    const { state: record } = await this.deps.games.streams.load(action.gameId);
    if (action.reason === 'unfilled') return record.status === 'open';
    if (record.status !== 'active' && record.status !== 'open') return false;
    if (record.revision === action.revision) return true;
    const since = await this.deps.store.readStream(`game-${action.gameId}`, { fromRevision: action.revision + 1 });
    return !since.some((e) => {
      const input = (e.metadata as Partial<GameEventMetadata>).command as { kind?: string; bot?: unknown } | undefined;
      return (input?.kind === 'play' || input?.kind === 'claim') && input.bot === undefined;
    });
  }

  /** A bot's move: chosen from its seat's view and legal commands at the planned revision, sent as that seat's. */
  private async playBot(action: Extract<DueAction, { kind: 'bot' }>): Promise<void> {
    const { games, modules } = this.deps;
    const { state: record } = await games.streams.load(action.gameId);
    if (record.revision !== action.revision) return; // the game moved: a newer plan holds the bot's next move
    const module = modules[record.module];
    const bot = module?.bots?.find((b) => b.name === action.bot);
    if (!module || !bot) return;
    const began = this.deps.clock().getTime();
    const chosen = chooseBotMove(module, bot.name, record, action.seat, this.deps.random());
    const ms = this.deps.clock().getTime() - began;
    const overBudget = ms > (this.deps.thinkMs ?? 1000);
    if (overBudget) this.deps.onSlowBot?.({ gameId: action.gameId, seat: action.seat, bot: bot.name, ms });
    const command = overBudget ? ((module.timeoutCommand?.(record.state, action.seat) as Message | null) ?? null) : chosen;
    if (command === null) return;
    await games.commands.execute(action.gameId, command, {
      seat: action.seat,
      bot: bot.name,
      // One move per seat and revision, however often it is attempted.
      idempotencyKey: `bot:${action.seat}:${action.revision}`,
    });
  }
}

/** Which action a plan row holds: the same slot planned anew is another action. */
const actionKey = (action: DueAction): string => JSON.stringify(action);

/**
 * The scheduler's actions kept in flight: `fill` starts what is due and not already under way, up to the free slots,
 * and returns at once; each action settles by itself, and the settled ones are forgotten by one `done` at a time, in a
 * batch of whatever settled meanwhile. An action stays known (and is not started again) until the `done` that forgot it
 * committed and a later look at the plan could no longer return it. Exactly once is still the game's: a second firing
 * of the same deadline is refused as moot by its stream, so this only saves the work of trying.
 */
export class Acting {
  /** Every action under way or settled but not yet forgotten, by key; a settled one carries the `done` it waits for. */
  private readonly known = new Map<string, { action: DueAction; forgotten: number | null }>();
  private flying = 0;
  private settled: DueAction[] = [];
  private forgetting: Promise<void> | null = null;
  /** Counts the `done`s committed: a look at the plan begun after the n-th cannot return what it forgot. */
  private forgets = 0;
  private idle: (() => void) | null = null;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly plan: DuePlanStore,
    private readonly slots: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Actions under way now. */
  get inFlight(): number {
    return this.flying;
  }

  /**
   * Start the actions due by `now` that are not under way, up to the free slots. Returns how many started and whether
   * the plan may hold more due now (the look was cut short by its limit).
   */
  async fill(now: string): Promise<{ started: number; more: boolean }> {
    const free = this.slots - this.flying;
    if (free <= 0) return { started: 0, more: true };
    const looked = this.forgets;
    const limit = free + this.known.size;
    const due = await this.plan.due(now, limit);
    // What a `done` committed before this look began forgot is gone from the plan for good.
    for (const [key, entry] of this.known) if (entry.forgotten !== null && entry.forgotten <= looked) this.known.delete(key);
    let started = 0;
    for (const action of due) {
      if (started === free) break;
      const key = actionKey(action);
      if (this.known.has(key)) continue;
      this.known.set(key, { action, forgotten: null });
      this.flying++;
      started++;
      void this.run(key, action);
    }
    return { started, more: due.length === limit };
  }

  /** Wait until nothing is under way and everything settled is forgotten (a leader stepping down). */
  async drain(): Promise<void> {
    while (this.flying > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.forgetting;
    // One more try for what a failed `done` left; what is left after it is found moot by the next leader.
    if (this.settled.length > 0) await this.forget();
  }

  private async run(key: string, action: DueAction): Promise<void> {
    let settled = false;
    try {
      settled = await this.scheduler.act(action);
    } catch (error) {
      this.onError(error);
    }
    this.flying--;
    if (settled) {
      this.settled.push(action);
      void this.forget();
    } else {
      this.known.delete(key); // tried again at a later look
    }
    if (this.flying === 0) this.idle?.();
  }

  /** Forget what settled, in one `done`; one at a time, the next taking whatever settled meanwhile. */
  private forget(): Promise<void> {
    this.forgetting ??= (async () => {
      try {
        while (this.settled.length > 0) {
          const batch = this.settled;
          this.settled = [];
          try {
            await this.plan.done(batch);
          } catch (error) {
            this.settled.push(...batch); // forgotten by a later `done`; meanwhile still known, so not started again
            this.onError(error);
            return;
          }
          const forgets = ++this.forgets;
          for (const action of batch) {
            const entry = this.known.get(actionKey(action));
            if (entry) entry.forgotten = forgets;
          }
        }
      } finally {
        this.forgetting = null;
      }
    })();
    return this.forgetting;
  }
}

/**
 * A bot's move for `seat` from exactly what a client playing the seat would get: its redacted view, legal commands and
 * templates. A bot that finds nothing, or fails, gives way to the module's least harmful move.
 */
export function chooseBotMove(module: AnyGameModule, botName: string, record: GameRecord, seat: Seat, random: Random): Message | null {
  const bot = module.bots?.find((b) => b.name === botName);
  const turn = {
    seat,
    view: module.view(record.state, { kind: 'seat', seat }),
    legal: module.legalCommands(record.state, seat) as Message[],
    templates: module.commandTemplates?.(record.state, seat) ?? [],
  };
  let chosen: Message | null = null;
  try {
    chosen = (bot?.play(turn, random) as Message | null) ?? null;
  } catch {
    chosen = null;
  }
  return chosen ?? (module.timeoutCommand?.(record.state, seat) as Message | null) ?? null;
}

/** A matchmaking pool's event: when its table is to be filled with bots, or no longer. */
function poolChanges(event: RecordedEvent): PlanChange[] {
  const pool = event.streamId.slice('pool-'.length);
  const data = event.data as { type?: string; gameId?: string; fillAt?: string | null };
  const gameId = String(data.gameId);
  if (data.type === 'TicketSeated' && typeof data.fillAt === 'string') {
    return [{ set: { kind: 'fill', gameId, seat: -2, due: data.fillAt, pool } }];
  }
  if (data.type === 'TableFull' || data.type === 'TableDone') return [{ drop: { gameId, kind: 'fill', seat: -2 } }];
  return [];
}
