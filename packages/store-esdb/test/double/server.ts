// TEST DOUBLE, not a server to run in production: EventStoreDB's Streams and ServerFeatures gRPC services over an in-memory log.
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { IStreamsServer } from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as S from '@eventstore/db-client/generated/streams_pb';
import type * as Shared from '@eventstore/db-client/generated/shared_pb';
import type { IServerFeaturesServer } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { DoubleLog, type AppendOutcome, type ExpectedState, type ProposedEvent, type StoredEvent } from './log';
import { anyPb, codePb, emptyPb, featuresGrpc, featuresPb, sharedPb, statusPb, streamsGrpc, streamsPb } from './protocol';

/** How to start the double. */
export interface EsdbDoubleOptions {
  /**
   * Advertise BatchAppend in ServerFeatures (default true, like every server since 21.10), so the client appends
   * through BatchAppend; false makes the client fall back to the older client-streaming Append.
   */
  readonly batchAppend?: boolean;
  /**
   * Serve ServerFeatures at all (default true). Without it the client's probe gets UNIMPLEMENTED, which it reads as
   * an old server: it then assumes no optional features and appends through `Append`.
   */
  readonly serverFeatures?: boolean;
  /** Write a few `$`-prefixed system events first, as a fresh server's log holds (default true). */
  readonly systemEvents?: boolean;
  /**
   * Whether a replayed (idempotent) append reports the position of the replayed events (default true, as recent
   * servers do); false answers `no_position`, as older servers did, so the adapter's fallback can be tested.
   */
  readonly positionOnReplay?: boolean;
  /** Whether events read from a single stream carry their positions (default true; servers before 22.6 left them out). */
  readonly positionsOnStreamReads?: boolean;
}

/** A running double: its connection string, its log (for assertions), and how to stop it. */
export interface EsdbDouble {
  readonly connectionString: string;
  readonly port: number;
  readonly log: DoubleLog;
  /** Number of Read calls currently open (subscriptions included); lets tests check that cancellation reaches us. */
  openReads(): number;
  /** How many calls each method has received, by method name (`Append`, `BatchAppend`, `Read`, `GetSupportedMethods`). */
  readonly calls: ReadonlyMap<string, number>;
  /** Ends every open Read call with an OK status, as if the server had finished them; lets tests see how clients react. */
  endReads(): void;
  stop(): Promise<void>;
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
// A filtered subscription reports a checkpoint after this many scanned events times the client's multiplier.
const DEFAULT_SEARCH_WINDOW = 32;

function uuidText(uuid: Shared.UUID | undefined): string {
  if (!uuid) return '';
  if (uuid.hasStructured()) {
    const s = uuid.getStructured() as Shared.UUID.Structured;
    const hi = BigInt.asUintN(64, BigInt(s.getMostSignificantBits()));
    const lo = BigInt.asUintN(64, BigInt(s.getLeastSignificantBits()));
    const hex = ((hi << 64n) | lo).toString(16).padStart(32, '0');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return uuid.getString().toLowerCase();
}

function uuidMessage(text: string, structured: boolean): Shared.UUID {
  const uuid = new sharedPb.UUID();
  if (!structured) return uuid.setString(text);
  const value = BigInt(`0x${text.replaceAll('-', '')}`);
  const s = new sharedPb.UUID.Structured();
  s.setMostSignificantBits(BigInt.asIntN(64, value >> 64n).toString());
  s.setLeastSignificantBits(BigInt.asIntN(64, value & 0xffff_ffff_ffff_ffffn).toString());
  return uuid.setStructured(s);
}

function streamIdentifier(name: string): Shared.StreamIdentifier {
  return new sharedPb.StreamIdentifier().setStreamName(utf8.encode(name));
}

function streamName(identifier: Shared.StreamIdentifier | undefined): string {
  return identifier ? fromUtf8.decode(identifier.getStreamName_asU8()) : '';
}

function badRequest(details: string): grpc.ServiceError {
  return Object.assign(new Error(details), { code: grpc.status.INVALID_ARGUMENT, details, metadata: new grpc.Metadata() });
}

function unavailable(details: string): grpc.ServiceError {
  return Object.assign(new Error(details), { code: grpc.status.UNAVAILABLE, details, metadata: new grpc.Metadata() });
}

function toServiceError(error: unknown): grpc.ServiceError {
  if (error instanceof Error && 'code' in error) return error as grpc.ServiceError;
  const details = error instanceof Error ? error.message : String(error);
  return Object.assign(new Error(details), { code: grpc.status.INTERNAL, details, metadata: new grpc.Metadata() });
}

/** Checks the two metadata entries every proposed event must carry, as the server does. */
function proposed(message: S.AppendReq.ProposedMessage | S.BatchAppendReq.ProposedMessage): ProposedEvent | grpc.ServiceError {
  const map = message.getMetadataMap();
  const type = map.get('type');
  const contentType = map.get('content-type');
  if (type === undefined || contentType === undefined) {
    const error = badRequest('missing required metadata property');
    error.metadata.set('exception', 'missing-required-metadata-property');
    error.metadata.set('required-metadata-properties', 'type,content-type');
    return error;
  }
  return {
    id: uuidText(message.getId()),
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

function recordedEvent(event: StoredEvent, structuredIds: boolean, withPosition: boolean): S.ReadResp.ReadEvent {
  const position = withPosition ? String(event.position) : '0';
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(event.id, structuredIds))
    .setStreamIdentifier(streamIdentifier(event.streamId))
    .setStreamRevision(String(event.revision))
    .setCommitPosition(position)
    .setPreparePosition(position)
    .setData(event.data)
    .setCustomMetadata(event.customMetadata);
  const map = recorded.getMetadataMap();
  map.set('type', event.type);
  map.set('content-type', event.contentType);
  map.set('created', String(event.created));
  const read = new streamsPb.ReadResp.ReadEvent().setEvent(recorded);
  return withPosition ? read.setCommitPosition(position) : read.setNoPosition(new sharedPb.Empty());
}

function eventResponse(event: StoredEvent, structuredIds: boolean, withPosition = true): S.ReadResp {
  return new streamsPb.ReadResp().setEvent(recordedEvent(event, structuredIds, withPosition));
}

/** Server-side filter of a read or subscription, on stream name or event type, by prefixes or a regular expression. */
function filterOf(options: S.ReadReq.Options): ((event: StoredEvent) => boolean) | null {
  if (!options.hasFilter()) return null;
  const filter = options.getFilter() as S.ReadReq.Options.FilterOptions;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  if (!expression) return null;
  const prefixes = expression.getPrefixList();
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : null;
  return (event) => {
    const subject = onStream ? event.streamId : event.type;
    if (prefixes.length > 0) return prefixes.some((p) => subject.startsWith(p));
    return regex ? regex.test(subject) : true;
  };
}

function expectedFromAppend(options: S.AppendReq.Options): ExpectedState {
  if (options.hasRevision()) return { kind: 'revision', revision: Number(options.getRevision()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'any' };
}

function expectedFromBatch(options: S.BatchAppendReq.Options): ExpectedState {
  if (options.hasStreamPosition()) return { kind: 'revision', revision: Number(options.getStreamPosition()) };
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'any' };
}

function appendResponse(outcome: AppendOutcome): S.AppendResp {
  const response = new streamsPb.AppendResp();
  if (outcome.kind === 'success') {
    const success = new streamsPb.AppendResp.Success();
    if (outcome.currentRevision === null) success.setNoStream(new sharedPb.Empty());
    else success.setCurrentRevision(String(outcome.currentRevision));
    if (outcome.position === null) success.setNoPosition(new sharedPb.Empty());
    else {
      const p = String(outcome.position);
      success.setPosition(new streamsPb.AppendResp.Position().setCommitPosition(p).setPreparePosition(p));
    }
    return response.setSuccess(success);
  }
  const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
  if (outcome.currentRevision === null) wrong.setCurrentNoStream(new sharedPb.Empty());
  else wrong.setCurrentRevision(String(outcome.currentRevision));
  const expected = outcome.expected;
  if (expected.kind === 'revision') wrong.setExpectedRevision(String(expected.revision));
  else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
  else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
  else wrong.setExpectedAny(new sharedPb.Empty());
  return response.setWrongExpectedVersion(wrong);
}

function batchResponse(correlationId: string, options: S.BatchAppendReq.Options, outcome: AppendOutcome): S.BatchAppendResp {
  const response = new streamsPb.BatchAppendResp()
    .setCorrelationId(uuidMessage(correlationId, false))
    .setStreamIdentifier(options.getStreamIdentifier());
  const expected = expectedFromBatch(options);
  if (expected.kind === 'revision') response.setStreamPosition(String(expected.revision));
  else if (expected.kind === 'no_stream') response.setNoStream(new emptyPb.Empty());
  else if (expected.kind === 'stream_exists') response.setStreamExists(new emptyPb.Empty());
  else response.setAny(new emptyPb.Empty());
  if (outcome.kind === 'success') {
    const success = new streamsPb.BatchAppendResp.Success();
    if (outcome.currentRevision === null) success.setNoStream(new emptyPb.Empty());
    else success.setCurrentRevision(String(outcome.currentRevision));
    if (outcome.position === null) success.setNoPosition(new emptyPb.Empty());
    else {
      const p = String(outcome.position);
      success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(p).setPreparePosition(p));
    }
    return response.setSuccess(success);
  }
  // BatchAppend reports a conflict as a google.rpc.Status whose details pack the shared WrongExpectedVersion.
  const details = new sharedPb.WrongExpectedVersion();
  if (outcome.currentRevision === null) details.setCurrentNoStream(new emptyPb.Empty());
  else details.setCurrentStreamRevision(String(outcome.currentRevision));
  if (expected.kind === 'revision') details.setExpectedStreamPosition(String(expected.revision));
  else if (expected.kind === 'no_stream') details.setExpectedNoStream(new emptyPb.Empty());
  else if (expected.kind === 'stream_exists') details.setExpectedStreamExists(new emptyPb.Empty());
  else details.setExpectedAny(new emptyPb.Empty());
  const packed = new anyPb.Any();
  packed.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  const status = new statusPb.Status().setCode(codePb.Code.FAILED_PRECONDITION).setMessage('wrong expected version').setDetails(packed);
  return response.setError(status);
}

/** Writes to a server stream with backpressure; resolves false once the client has gone. */
class Sender {
  private gone = false;
  private wake: (() => void) | null = null;

  constructor(private readonly call: grpc.ServerWritableStream<S.ReadReq, S.ReadResp>) {
    const stop = () => {
      this.gone = true;
      this.wake?.();
    };
    call.on('cancelled', stop);
    call.on('error', stop);
    call.on('close', stop);
    call.on('drain', () => this.wake?.());
  }

  get open(): boolean {
    return !this.gone;
  }

  async send(message: S.ReadResp): Promise<boolean> {
    if (this.gone) return false;
    if (!this.call.write(message)) await this.pause();
    return !this.gone;
  }

  /** Waits for `resume`, a drained buffer, or the client going away. */
  async pause(): Promise<void> {
    if (this.gone) return;
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
  }

  resume(): void {
    this.wake?.();
  }

  /** Ends the call with OK, unless the client has already gone. */
  end(): void {
    if (this.gone) return;
    this.gone = true;
    this.call.end();
    this.wake?.();
  }

  /** Ends the call with an error status. */
  fail(error: grpc.ServiceError): void {
    if (this.gone) return;
    this.call.emit('error', error);
  }
}

/** Starts the double on 127.0.0.1 at a free port, without TLS. */
export async function startEsdbDouble(options: EsdbDoubleOptions = {}): Promise<EsdbDouble> {
  const log = new DoubleLog(undefined, options.positionOnReplay ?? true);
  const streamPositions = options.positionsOnStreamReads ?? true;
  const openSenders = new Set<Sender>();
  const calls = new Map<string, number>();
  const tally = (method: string) => calls.set(method, (calls.get(method) ?? 0) + 1);
  if (options.systemEvents ?? true) seedSystemEvents(log);

  async function readStream(sender: Sender, request: S.ReadReq.Options, structured: boolean): Promise<void> {
    const stream = request.getStream() as S.ReadReq.Options.StreamOptions;
    const name = streamName(stream.getStreamIdentifier());
    const events = log.stream(name);
    if (!events) {
      const notFound = new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name));
      await sender.send(new streamsPb.ReadResp().setStreamNotFound(notFound));
      return;
    }
    const count = Number(BigInt(request.getCount()));
    const backwards = request.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    if (backwards) {
      // Backwards from a revision past the end starts at the last event.
      let from = stream.hasEnd() ? events.length - 1 : stream.hasStart() ? 0 : Number(stream.getRevision());
      from = Math.min(from, events.length - 1);
      for (let i = from, n = 0; i >= 0 && n < count; i--, n++) {
        if (!(await sender.send(eventResponse(events[i] as StoredEvent, structured, streamPositions)))) return;
      }
      return;
    }
    const from = stream.hasEnd() ? events.length : stream.hasStart() ? 0 : Number(stream.getRevision());
    for (let i = from, n = 0; i < events.length && n < count; i++, n++) {
      if (!(await sender.send(eventResponse(events[i] as StoredEvent, structured, streamPositions)))) return;
    }
  }

  async function readAll(sender: Sender, request: S.ReadReq.Options, structured: boolean): Promise<void> {
    const all = request.getAll() as S.ReadReq.Options.AllOptions;
    const count = Number(BigInt(request.getCount()));
    const matches = filterOf(request) ?? (() => true);
    const backwards = request.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    const at = all.hasPosition() ? BigInt((all.getPosition() as S.ReadReq.Options.Position).getCommitPosition()) : null;
    let sent = 0;
    if (backwards) {
      // Backwards excludes the event at the given position; forwards includes it.
      const from = all.hasStart() ? 0 : at === null ? log.all.length : log.indexAfter(at, true);
      for (let i = from - 1; i >= 0 && sent < count; i--) {
        const event = log.all[i] as StoredEvent;
        if (!matches(event)) continue;
        if (!(await sender.send(eventResponse(event, structured)))) return;
        sent++;
      }
      return;
    }
    const from = all.hasEnd() ? log.all.length : at === null ? 0 : log.indexAfter(at, true);
    for (let i = from; i < log.all.length && sent < count; i++) {
      const event = log.all[i] as StoredEvent;
      if (!matches(event)) continue;
      if (!(await sender.send(eventResponse(event, structured)))) return;
      sent++;
    }
  }

  /** A catch-up subscription: confirmation, the events after the checkpoint (exclusive), caught-up, then live events. */
  async function subscribe(sender: Sender, request: S.ReadReq.Options, structured: boolean): Promise<void> {
    const matches = filterOf(request);
    const filter = request.getFilter();
    const window = filter?.hasMax() ? filter.getMax() : DEFAULT_SEARCH_WINDOW;
    const checkpointEvery = Math.max(1, window * Math.max(1, filter?.getCheckpointintervalmultiplier() ?? 1));
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
    if (!(await sender.send(new streamsPb.ReadResp().setConfirmation(confirmation)))) return;

    // The source is either the global log or one stream, which may not exist yet.
    let source: () => readonly StoredEvent[];
    let cursor: number;
    if (request.hasAll()) {
      const all = request.getAll() as S.ReadReq.Options.AllOptions;
      source = () => log.all;
      cursor = all.hasEnd()
        ? log.all.length
        : all.hasPosition()
          ? log.indexAfter(BigInt((all.getPosition() as S.ReadReq.Options.Position).getCommitPosition()), false)
          : 0;
    } else {
      const stream = request.getStream() as S.ReadReq.Options.StreamOptions;
      const name = streamName(stream.getStreamIdentifier());
      source = () => log.stream(name) ?? [];
      cursor = stream.hasEnd() ? source().length : stream.hasStart() ? 0 : Number(stream.getRevision()) + 1;
    }

    let appended = false;
    const stopListening = log.onAppend(() => {
      appended = true;
      sender.resume();
    });
    try {
      let caughtUp = false;
      let scanned = 0;
      while (sender.open) {
        appended = false;
        const events = source();
        while (cursor < events.length) {
          const event = events[cursor++] as StoredEvent;
          if (!matches || matches(event)) {
            if (!(await sender.send(eventResponse(event, structured)))) return;
          }
          if (matches && ++scanned >= checkpointEvery) {
            scanned = 0;
            const p = String(event.position);
            const checkpoint = new streamsPb.ReadResp.Checkpoint().setCommitPosition(p).setPreparePosition(p);
            if (!(await sender.send(new streamsPb.ReadResp().setCheckpoint(checkpoint)))) return;
          }
        }
        if (!caughtUp) {
          caughtUp = true;
          if (!(await sender.send(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp())))) return;
        }
        if (!appended) await sender.pause();
      }
    } finally {
      stopListening();
    }
  }

  const streams: IStreamsServer = {
    read(call) {
      tally('Read');
      const sender = new Sender(call);
      openSenders.add(sender);
      const request = call.request.getOptions();
      const run = async (): Promise<void> => {
        if (!request) throw badRequest('read options are required');
        const structured = request.getUuidOption()?.hasStructured() ?? false;
        if (request.hasSubscription()) await subscribe(sender, request, structured);
        else if (request.hasStream()) await readStream(sender, request, structured);
        else if (request.hasAll()) await readAll(sender, request, structured);
        else throw badRequest('read needs a stream or $all');
      };
      run()
        .then(() => sender.end())
        .catch((error: unknown) => sender.fail(toServiceError(error)))
        .finally(() => openSenders.delete(sender));
    },

    append(call, callback) {
      tally('Append');
      let options: S.AppendReq.Options | undefined;
      const events: ProposedEvent[] = [];
      let failed: grpc.ServiceError | null = null;
      call.on('data', (request: S.AppendReq) => {
        if (request.hasOptions()) options = request.getOptions();
        else if (request.hasProposedMessage()) {
          const event = proposed(request.getProposedMessage() as S.AppendReq.ProposedMessage);
          if (event instanceof Error) failed ??= event;
          else events.push(event);
        }
      });
      call.on('end', () => {
        if (failed) return callback(failed);
        if (!options) return callback(badRequest('append options must come first'));
        const outcome = log.append(streamName(options.getStreamIdentifier()), expectedFromAppend(options), events);
        callback(null, appendResponse(outcome));
      });
    },

    batchAppend(call) {
      tally('BatchAppend');
      // Requests of one append share a correlation id; the events are written when the final one arrives.
      const pending = new Map<string, { options: S.BatchAppendReq.Options | undefined; events: ProposedEvent[] }>();
      call.on('data', (request: S.BatchAppendReq) => {
        const correlationId = uuidText(request.getCorrelationId());
        let batch = pending.get(correlationId);
        if (!batch) pending.set(correlationId, (batch = { options: request.getOptions(), events: [] }));
        for (const message of request.getProposedMessagesList()) {
          const event = proposed(message);
          if (event instanceof Error) return void call.emit('error', event);
          batch.events.push(event);
        }
        if (!request.getIsFinal()) return;
        pending.delete(correlationId);
        if (!batch.options) return void call.emit('error', badRequest('batch append options must come first'));
        const outcome = log.append(streamName(batch.options.getStreamIdentifier()), expectedFromBatch(batch.options), batch.events);
        call.write(batchResponse(correlationId, batch.options, outcome));
      });
      call.on('end', () => call.end());
    },

    // The adapter never deletes; a real server would, so say plainly that the double does not.
    delete(_call, callback) {
      callback({ code: grpc.status.UNIMPLEMENTED, details: 'the test double does not delete streams' });
    },
    tombstone(_call, callback) {
      callback({ code: grpc.status.UNIMPLEMENTED, details: 'the test double does not tombstone streams' });
    },
  };

  const features: IServerFeaturesServer = {
    getSupportedMethods(_call, callback) {
      tally('GetSupportedMethods');
      const methods = ['read', 'append', ...(options.batchAppend === false ? [] : ['batchappend'])].map((name) =>
        new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(name),
      );
      callback(null, new featuresPb.SupportedMethods().setMethodsList(methods).setEventStoreServerVersion('0.0.0-test-double'));
    },
  };

  const server = new grpc.Server();
  server.addService(streamsGrpc.StreamsService, streams);
  if (options.serverFeatures ?? true) server.addService(featuresGrpc.ServerFeaturesService, features);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );

  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    openReads: () => openSenders.size,
    calls,
    endReads: () => {
      for (const sender of openSenders) sender.end();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Like a server going down: open reads and subscriptions fail, they do not end as if complete.
        for (const sender of openSenders) sender.fail(unavailable('the test double is shutting down'));
        server.tryShutdown(() => resolve());
        // Anything still open after a moment is cut off, so a stuck client cannot hold up a test run.
        setTimeout(() => server.forceShutdown(), 500).unref();
      }),
  };
}

/** A fresh server's log holds system events; the adapter must hide them, so the double has some too. */
function seedSystemEvents(log: DoubleLog): void {
  const json = (value: unknown) => utf8.encode(JSON.stringify(value));
  const system = (type: string, data: unknown): ProposedEvent => ({
    id: randomUUID(),
    type,
    contentType: 'application/json',
    data: json(data),
    customMetadata: new Uint8Array(),
  });
  log.append('$users', { kind: 'any' }, [system('$User', { loginName: 'admin' })]);
  log.append('$user-admin', { kind: 'any' }, [system('$UserCreated', { loginName: 'admin', groups: ['$admins'] })]);
  log.append('$settings', { kind: 'any' }, [system('$settings', { $userStreamAcl: {}, $systemStreamAcl: {} })]);
}
