// The notifier: the process manager behind being told. It follows the log from a checkpoint, folds each game, character
// and campaign a page touches to the end of each batch, asks the pure reactions (notices.ts) what that tells whom, and
// hands the page's notices and clock-low timers to the outbox, which writes them with the checkpoint in one transaction:
// a crash, a restart or a second node never tells a fact twice or loses one.
import { characterStream, evolveCharacter, type CharacterState } from '../characters';
import type { GameEventMetadata, GameRecord } from '../lobby';
import type { AnyGameModule, Message } from '../module';
import {
  campaignScheduledNotice,
  gameNotices,
  levelNotice,
  sheetLevel,
  type CharacterAt,
  type ClockChange,
  type GameBatch,
  type Notice,
} from '../notices';
import type { EventStore, Position, RecordedEvent } from '../store';
import { eventTime } from './events';
import type { GameStreams } from './gameStreams';
import { KeptCheckpoint } from './keptCheckpoint';

/** What one page of the log tells, in the order it happened. */
export interface NoticePage {
  readonly notices: readonly Notice[];
  readonly clocks: readonly ClockChange[];
}

/** Where notices go (PostgreSQL: players' feeds, clock-low timers and webhooks' outboxes), with the checkpoint. */
export interface NoticeOutbox {
  checkpoint(): Promise<Position | 'start'>;
  /** Write the page and move the checkpoint from `from` to `to` atomically; false (nothing written) when it moved. */
  commit(page: NoticePage, from: Position | 'start', to: Position): Promise<boolean>;
  /** Tell the clock-low notices due by `now`; returns how many. */
  release(now: string): Promise<number>;
}

export interface NotifierDeps {
  readonly store: EventStore;
  readonly outbox: NoticeOutbox;
  readonly streams: Pick<GameStreams, 'replay' | 'foldEvents'>;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly clock: () => Date;
  /** Events read per step (default 500). */
  readonly batchSize?: number;
}

export const NOTIFIER = 'process:notifier';

/** Games whose last folded record the notifier keeps, so that the next page folds on from it without a read. */
const KEPT_RECORDS = 10_000;
/** Streams of a page folded at once. */
const FOLDS_AT_ONCE = 8;

const commandOf = (event: RecordedEvent): unknown => (event.metadata as Partial<GameEventMetadata>).commandId;

/** A stream's events of one page cut into batches: the events one append wrote share their command id. */
function batchesOf(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const batches: RecordedEvent[][] = [];
  for (const event of events) {
    const current = batches.at(-1);
    const previous = current?.at(-1);
    if (current && previous && commandOf(previous) === commandOf(event)) current.push(event);
    else batches.push([event]);
  }
  return batches;
}

/**
 * A full page may end inside a batch (an append's events are contiguous in the log): leave that batch's events to the
 * next page, so every batch is seen whole, unless the page is that one batch.
 */
function wholeBatches(page: readonly RecordedEvent[]): readonly RecordedEvent[] {
  const last = page.at(-1);
  if (!last) return page;
  let end = page.length;
  while (end > 0 && page[end - 1]?.streamId === last.streamId && commandOf(page[end - 1] as RecordedEvent) === commandOf(last)) end--;
  return end === 0 ? page : page.slice(0, end);
}

/** A notice with its place in the page, so notices found stream by stream go out in log order. */
interface Placed {
  readonly order: number;
  readonly notice: Notice;
}

export class Notifier {
  readonly batchSize: number;
  /** Each game's record as the last page left it (oldest first), while the game goes on. */
  private readonly records = new Map<string, GameRecord>();
  private readonly at: KeptCheckpoint;

  constructor(private readonly deps: NotifierDeps) {
    this.batchSize = deps.batchSize ?? 500;
    this.at = new KeptCheckpoint(() => deps.outbox.checkpoint());
  }

  /** Tell what the next page of the log tells; returns how many events it read (0: caught up). */
  async step(): Promise<number> {
    const { store, outbox } = this.deps;
    const from = await this.at.take();
    const read = await store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const page = read.length === this.batchSize ? wholeBatches(read) : read;
    const last = page.at(-1);
    if (!last) {
      this.at.unchanged(from);
      return 0;
    }
    const streams = new Map<string, { events: RecordedEvent[]; orders: number[] }>();
    page.forEach((event, order) => {
      if (!/^(game|character|campaign)-/.test(event.streamId)) return;
      const entry = streams.get(event.streamId) ?? { events: [], orders: [] };
      streams.set(event.streamId, entry);
      entry.events.push(event);
      entry.orders.push(order);
    });
    const placed: Placed[] = [];
    const clocks: ClockChange[] = [];
    // Streams are folded side by side (the reads a restart needs overlap); notices are put back in log order after.
    const tell = async (streamId: string, events: readonly RecordedEvent[], orders: readonly number[]): Promise<void> => {
      const orderOf = new Map(events.map((e, i) => [e.revision, orders[i] as number]));
      const at = (notice: Notice, revision: number) => placed.push({ order: orderOf.get(revision) ?? 0, notice });
      if (streamId.startsWith('game-')) {
        const told = await this.game(streamId.slice('game-'.length), events);
        for (const { notice, revision } of told.notices) at(notice, revision);
        clocks.push(...told.clocks);
      } else if (streamId.startsWith('character-')) {
        for (const { notice, revision } of await this.character(streamId.slice('character-'.length), events)) at(notice, revision);
      } else {
        const campaignId = streamId.slice('campaign-'.length);
        for (const event of events) {
          const data = event.data as Message & { gameId?: string; seats?: [] };
          if (data.type !== 'CampaignGameScheduled') continue;
          at(campaignScheduledNotice(campaignId, data as never, eventTime(event)), event.revision);
        }
      }
    };
    const queue = [...streams];
    await Promise.all(
      Array.from({ length: Math.min(FOLDS_AT_ONCE, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await tell(next[0], next[1].events, next[1].orders);
      }),
    );
    placed.sort((a, b) => a.order - b.order);
    this.at.moved(await outbox.commit({ notices: placed.map((p) => p.notice), clocks }, from, last.position), last.position);
    return read.length;
  }

  /** Tell the clock-low notices that fell due (run when caught up, so a move the log already holds stops its timer). */
  release(): Promise<number> {
    return this.deps.outbox.release(this.deps.clock().toISOString());
  }

  /** What one game's events of the page tell, each notice with the revision of the batch it came from. */
  private async game(
    gameId: string,
    events: readonly RecordedEvent[],
  ): Promise<{ notices: { notice: Notice; revision: number }[]; clocks: ClockChange[] }> {
    const name = (events[0]?.metadata as Partial<GameEventMetadata>).module;
    // A game of a module this node does not load tells nothing here (events before modules were recorded are folded).
    const module = name === undefined ? undefined : this.deps.modules[name];
    if (name !== undefined && !module) return { notices: [], clocks: [] };
    const batches = batchesOf(events);
    const starts = new Set(batches.map((b) => (b[0] as RecordedEvent).revision));
    const before = new Map<number, GameRecord>();
    const first = (events[0] as RecordedEvent).revision;
    const visit = (event: RecordedEvent, record: GameRecord) => {
      if (starts.has(event.revision)) before.set(event.revision, record);
    };
    // Folded on from the record the previous page left (or from the game's first event) when the page follows on from
    // it, which is the usual case: no read. Otherwise (a restart, another leader meanwhile) from the store.
    const kept = this.records.get(gameId);
    const final =
      first === 0
        ? this.deps.streams.foldEvents(undefined, events, first, visit)
        : kept?.revision === first - 1
          ? this.deps.streams.foldEvents(kept, events, first, visit)
          : await this.deps.streams.replay(gameId, first, (events.at(-1) as RecordedEvent).revision, visit);
    this.keep(final);
    const rules = module ?? this.deps.modules[final.module];
    if (!rules) return { notices: [], clocks: [] };
    const folded: GameBatch[] = batches.map((batch, i) => {
      const next = batches[i + 1];
      return {
        record: next ? (before.get((next[0] as RecordedEvent).revision) as GameRecord) : final,
        events: batch.map((e) => e.data as Message),
        at: eventTime(batch.at(-1) as RecordedEvent),
      };
    });
    // The game's very first event has no record before it.
    const start = first === 0 ? null : (before.get(first) ?? null);
    const { notices, clocks } = gameNotices(rules, start, folded);
    const revisionOf = (notice: Notice): number => {
      const data = notice.data as { revision?: number };
      return data.revision ?? first;
    };
    return { notices: notices.map((notice) => ({ notice, revision: revisionOf(notice) })), clocks };
  }

  /** Keep a game's latest record while it goes on (the oldest forgotten past KEPT_RECORDS). */
  private keep(record: GameRecord): void {
    this.records.delete(record.id);
    if (record.status === 'finished' || record.status === 'abandoned') return;
    this.records.set(record.id, record);
    if (this.records.size > KEPT_RECORDS) this.records.delete(this.records.keys().next().value as string);
  }

  /** A character's level rises: its stream folded to the end of each batch of the page, levels compared. */
  private async character(characterId: string, events: readonly RecordedEvent[]): Promise<{ notice: Notice; revision: number }[]> {
    const last = (events.at(-1) as RecordedEvent).revision;
    const all = await this.deps.store.readStream(characterStream(characterId), { maxCount: last + 1 });
    const ends = new Set(batchesOf(events).map((b) => (b.at(-1) as RecordedEvent).revision));
    const starts = new Set(batchesOf(events).map((b) => (b[0] as RecordedEvent).revision));
    let state: CharacterState | undefined;
    let module: AnyGameModule | undefined;
    let before: CharacterAt | null = null;
    const told: { notice: Notice; revision: number }[] = [];
    const now = (s: CharacterState): CharacterAt => ({
      id: s.id,
      owner: s.owner,
      module: s.module,
      name: s.name,
      level: sheetLevel(module, s.progression),
    });
    for (const event of all) {
      if (starts.has(event.revision)) before = state ? now(state) : null;
      const data = event.data as Message & { module?: string };
      if (state === undefined && data.type === 'CharacterCreated') module = this.deps.modules[String(data.module)];
      state = evolveCharacter(state, data, eventTime(event), module);
      if (!ends.has(event.revision) || !module) continue;
      const notice = levelNotice(before, now(state), event.revision, eventTime(event));
      if (notice) told.push({ notice, revision: event.revision });
    }
    return told;
  }
}
