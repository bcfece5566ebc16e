// The EventStore port on EventStoreDB, through @eventstore/db-client: revisions, positions, errors and $-events mapped to ours.
import {
  EventStoreDBClient,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  streamNameFilter,
  type AppendExpectedRevision,
  type JSONEventData,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  checkExpectedRevision,
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
} from '@delve/kernel';

// readAll pages through $all in chunks this big, so hidden system events never shorten a requested count.
const PAGE = 512;

/** System streams and events ($-prefixed: users, settings, stream metadata, projections' links) are not ours. */
function isSystem(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

const NO_POSITION = 2n ** 64n - 1n;

/** A real position, or undefined for the placeholders a server sends when it has none (no event sits at 0). */
function usable(position: Position | undefined): Position | undefined {
  if (!position || position.commit <= 0n || position.commit >= NO_POSITION) return undefined;
  return position;
}

/** Maps a client event to ours; null for an unresolved link or a $-event. */
function recorded(resolved: ResolvedEvent, hideSystem: boolean): RecordedEvent | null {
  const event = resolved.event;
  if (!event) return null;
  if (hideSystem && isSystem(event.streamId, event.type)) return null;
  // Stream reads carry positions from server 22.6 on; older servers leave them unset, which reads as 0 (or all ones).
  const position =
    usable(event.position) ??
    (resolved.commitPosition !== undefined ? usable({ commit: resolved.commitPosition, prepare: resolved.commitPosition }) : undefined);
  if (!position) throw new Error(`EventStoreDB sent event ${event.id} without a position; a server of version 22.10 or later is required`);
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position: { commit: position.commit, prepare: position.prepare },
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: isRecord(event.metadata) ? event.metadata : {},
    created: event.created.toISOString(),
  };
}

/** Our event as the client's JSON event; `undefined` data, which JSON cannot carry, is stored as null. */
function toClientEvent(e: EventData): JSONEventData {
  return {
    id: e.id,
    contentType: 'application/json',
    type: e.type,
    // The port allows any JSON value; the client's type only names objects, arrays and strings, but serialises any.
    data: (e.data ?? null) as JSONType,
    metadata: e.metadata,
  };
}

function toClientRevision(expected: ExpectedRevision): AppendExpectedRevision {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}

/**
 * The event store on EventStoreDB. Revisions are the server's stream revisions (0-based, gapless);
 * positions are its commit/prepare positions in the transaction log. Data and metadata are stored as JSON.
 * `$`-prefixed system streams and events never appear in readAll or subscriptions.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  async appendToStream(
    streamId: string,
    events: readonly EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    // The wire protocol answers an empty append without a usable revision, so check it with a read instead.
    if (events.length === 0) return this.emptyAppend(streamId, expected);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toClientEvent), {
        expectedRevision: toClientRevision(expected),
      });
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      // An idempotent replay may come back without a position: ask for the replayed event's.
      const position = usable(result.position) ?? (await this.positionOf(streamId, nextExpectedRevision));
      return { nextExpectedRevision, position: { commit: position.commit, prepare: position.prepare } };
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual = error.actualVersion === 'no_stream' ? 'no_stream' : String(error.actualVersion);
        throw new WrongExpectedVersionError(streamId, String(expected), actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const direction = options.direction ?? 'forwards';
    const from = options.fromRevision ?? (direction === 'backwards' ? 'end' : 'start');
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    // A zero count still has to tell a missing stream from an existing one.
    const events = await this.read(streamId, {
      direction,
      fromRevision: typeof from === 'number' ? BigInt(from) : from,
      maxCount: Math.max(1, maxCount),
    });
    return maxCount <= 0 ? [] : events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const direction = options.direction ?? 'forwards';
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    let from = options.fromPosition ?? (direction === 'backwards' ? 'end' : 'start');
    if (from !== 'start' && from !== 'end' && comparePositions(from, START) <= 0) from = 'start';
    const out: RecordedEvent[] = [];
    while (out.length < maxCount) {
      if ((direction === 'backwards' && from === 'start') || (direction === 'forwards' && from === 'end')) break;
      const page: ResolvedEvent[] = [];
      for await (const resolved of this.client.readAll({ direction, fromPosition: from, maxCount: PAGE })) page.push(resolved);
      for (const resolved of page) {
        const event = recorded(resolved, false);
        if (!event) continue;
        // The server includes the event at the start position going forwards; our port excludes it.
        if (from !== 'start' && from !== 'end') {
          const order = comparePositions(event.position, from);
          if (direction === 'forwards' ? order <= 0 : order >= 0) continue;
        }
        from = event.position;
        if (!isSystem(event.streamId, event.type) && out.length < maxCount) out.push(event);
      }
      if (page.length < PAGE) break;
    }
    return out;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const prefixes = options.streamPrefixes;
    let after: Position | 'start' = options.fromPosition ?? 'start';
    if (after !== 'start' && comparePositions(after, START) <= 0) after = 'start';
    const source = this.client.subscribeToAll({
      fromPosition: after,
      // Filter on the server where we can; the checks below still apply to whatever arrives.
      filter: prefixes && prefixes.length > 0 ? streamNameFilter({ prefixes: [...prefixes] }) : excludeSystemEvents(),
    });
    const matches = (e: RecordedEvent) =>
      (!prefixes || prefixes.some((p) => e.streamId.startsWith(p))) && (after === 'start' || comparePositions(e.position, after) > 0);

    let stop!: () => void;
    const stopped = new Promise<null>((resolve) => (stop = () => resolve(null)));
    // Taken now, so an error before the first next() waits for the consumer instead of going unhandled.
    const inner = source[Symbol.asyncIterator]();
    let closed = false;
    const subscriptions = this.subscriptions;
    const cleanup = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      stop();
      subscriptions.delete(subscription);
      await source.unsubscribe().catch(() => undefined);
      source.destroy();
    };
    const iterator = (async function* iterate(): AsyncGenerator<RecordedEvent> {
      try {
        for (;;) {
          // Racing with `stopped` lets unsubscribe end an iteration that is waiting for the next live event.
          const next = await Promise.race([inner.next(), stopped]);
          if (next === null) return;
          // A catch-up subscription never ends by itself: say so rather than look like a quiet, finished stream.
          if (next.done) throw new Error('EventStoreDB ended the subscription; resubscribe from the last checkpoint');
          const event = recorded(next.value as ResolvedEvent, true);
          if (event && matches(event)) yield event;
        }
      } finally {
        await cleanup();
      }
    })();
    const subscription: Subscription = {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        // A generator that never started skips its finally block, so clean up here as well.
        await cleanup();
        await iterator.return(undefined);
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe()));
    await this.client.dispose();
  }

  private async read(
    streamId: string,
    options: { direction: 'forwards' | 'backwards'; fromRevision: bigint | 'start' | 'end'; maxCount: number },
  ): Promise<RecordedEvent[]> {
    const page: ResolvedEvent[] = [];
    try {
      // Drain the call before converting: leaving a read half-consumed makes the client's dispose() wait forever.
      for await (const resolved of this.client.readStream(streamId, options)) page.push(resolved);
    } catch (error) {
      if (error instanceof EsdbStreamNotFoundError) throw new StreamNotFoundError(streamId);
      throw error;
    }
    return page.map((resolved) => recorded(resolved, false)).filter((e): e is RecordedEvent => e !== null);
  }

  private async positionOf(streamId: string, revision: number): Promise<Position> {
    const [event] = await this.read(streamId, { direction: 'backwards', fromRevision: BigInt(revision), maxCount: 1 });
    if (!event) throw new Error(`EventStoreDB reported revision ${revision} of ${streamId}, which cannot be read back`);
    return event.position;
  }

  private async emptyAppend(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.read(streamId, { direction: 'backwards', fromRevision: 'end', maxCount: 1 }).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const actual = last?.revision ?? -1;
    checkExpectedRevision(streamId, expected, actual);
    return { nextExpectedRevision: actual, position: last?.position ?? START };
  }
}

/** Connects to EventStoreDB (`esdb://host:2113?tls=false`, `esdb+discover://...`) and checks that it answers. */
export async function openEsdbEventStore(connectionString: string): Promise<EsdbEventStore> {
  const client = EventStoreDBClient.connectionString(connectionString);
  const store = new EsdbEventStore(client);
  try {
    await store.readStream('delve-connection-probe', { maxCount: 1 });
  } catch (error) {
    if (!(error instanceof StreamNotFoundError)) {
      await client.dispose();
      throw error;
    }
  }
  return store;
}
