// An in-memory EventStore with the port's exact semantics: for unit tests of the pipeline and the API.
import { StreamNotFoundError } from '../errors';
import {
  comparePositions,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../store';
import { checkExpectedRevision, idempotentReplay, liveSubscription } from '../storeSemantics';

export class InMemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly listeners = new Set<() => void>();
  private commit = 0n;

  constructor(private readonly clock: () => string = () => '1970-01-01T00:00:00.000Z') {}

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    const stream = this.streams.get(streamId) ?? [];
    const replay = idempotentReplay(stream, events, expected);
    if (replay) return replay;
    checkExpectedRevision(streamId, expected, stream.length - 1);
    if (events.length === 0) {
      return { nextExpectedRevision: stream.length - 1, position: stream.at(-1)?.position ?? { commit: 0n, prepare: 0n } };
    }
    const commit = ++this.commit;
    const created = this.clock();
    const recorded = events.map((e, i): RecordedEvent => ({
      streamId,
      revision: stream.length + i,
      position: { commit, prepare: BigInt(this.all.length + i + 1) },
      id: e.id,
      type: e.type,
      data: structuredClone(e.data),
      metadata: structuredClone(e.metadata ?? {}),
      created,
    }));
    this.streams.set(streamId, [...stream, ...recorded]);
    this.all.push(...recorded);
    for (const notify of this.listeners) notify();
    const last = recorded.at(-1) as RecordedEvent;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const stream = this.streams.get(streamId);
    if (!stream) throw new StreamNotFoundError(streamId);
    const backwards = options.direction === 'backwards';
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    if (backwards) {
      const start = from === 'end' ? stream.length - 1 : from === 'start' ? 0 : Math.min(from, stream.length - 1);
      return stream.slice(Math.max(0, start - max + 1), start + 1).reverse();
    }
    const start = from === 'start' ? 0 : from === 'end' ? stream.length : from;
    return stream.slice(start, start + max);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const max = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    if (backwards) {
      const before = this.all.filter((e) => from === 'end' || (from !== 'start' && comparePositions(e.position, from) < 0));
      return before.reverse().slice(0, max);
    }
    const after = from === 'start' ? this.all : from === 'end' ? [] : this.all.filter((e) => comparePositions(e.position, from) > 0);
    return after.slice(0, max);
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    return liveSubscription(options, {
      readAfter: (position: Position | 'start') => this.readAll({ fromPosition: position, maxCount: 1000 }),
      onAppend: (notify) => {
        this.listeners.add(notify);
        return () => this.listeners.delete(notify);
      },
    });
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
