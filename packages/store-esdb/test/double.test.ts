// Pins the protocol double to EventStoreDB's observable behaviour, through the real client library and raw gRPC.
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import t, { type Test } from 'tap';
import {
  EventStoreDBClient,
  WrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  streamNameFilter,
  type AppendExpectedRevision,
  type JSONEventData,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { startEsdbDouble, type EsdbDouble, type EsdbDoubleOptions } from './double/server';
import { sharedPb, streamsGrpc, streamsPb } from './double/protocol';

async function connect(t: Test, options: EsdbDoubleOptions = {}): Promise<{ double: EsdbDouble; client: EventStoreDBClient }> {
  const double = await startEsdbDouble(options);
  const client = EventStoreDBClient.connectionString(double.connectionString);
  t.teardown(async () => {
    await client.dispose();
    await double.stop();
  });
  return { double, client };
}

const json = (type: string, id: string = randomUUID()): JSONEventData => jsonEvent({ id, type, data: { type } }) as JSONEventData;

async function take(source: AsyncIterable<ResolvedEvent>, count: number): Promise<string[]> {
  const types: string[] = [];
  for await (const resolved of source) {
    if (resolved.event) types.push(`${resolved.event.streamId}:${resolved.event.type}`);
    if (types.length === count) break;
  }
  return types;
}

async function all<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

for (const batchAppend of [true, false]) {
  t.test(`append checks, as EventStoreDB's commit check makes them (${batchAppend ? 'BatchAppend' : 'Append'})`, async (t) => {
    const { client } = await connect(t, { batchAppend });
    const append = (stream: string, events: JSONEventData[], expectedRevision: AppendExpectedRevision) =>
      client.appendToStream(stream, events, { expectedRevision }).then(
        (r) => `ok ${r.nextExpectedRevision}`,
        (e: unknown) => (e instanceof WrongExpectedVersionError ? `wrong ${e.expectedVersion}/${e.actualVersion}` : `error ${String(e)}`),
      );
    const [a, b, c] = [json('A'), json('B'), json('C')];
    t.equal(await append('s', [a, b], 'no_stream'), 'ok 1', 'a new stream');
    t.equal(await append('s', [c], 1n), 'ok 2', 'at the head');
    t.equal(await append('s', [a, b], 'no_stream'), 'ok 1', 'an exact replay behind the head answers its own revision');
    t.equal(await append('s', [b, c], 0n), 'ok 2', 'a replay from the middle');
    t.equal(await append('s', [b], 'any'), 'ok 1', 'any: every id already in the stream');
    t.equal(await append('s', [a, c], 'stream_exists'), 'ok 2', 'stream_exists replays like any, ids need not be consecutive');
    t.equal(await append('s', [a, json('New')], 'any'), 'wrong any/2', 'any: a partial match is a corrupt retry');
    t.equal(await append('s', [b, json('New')], 0n), 'wrong 0/2', 'exact: a partial match is refused');
    t.equal(await append('s', [c, b], 0n), 'wrong 0/2', 'exact: right ids in the wrong place are refused');
    t.equal(await append('s', [json('D')], 7n), 'wrong 7/2', 'ahead of the head');
    t.equal(await append('s', [json('D')], 'no_stream'), 'wrong no_stream/2', 'no_stream on an existing stream');
    t.equal(await append('t', [json('D')], 'stream_exists'), 'wrong stream_exists/no_stream', 'stream_exists on a missing stream');
    t.equal(await append('t', [json('D')], 0n), 'wrong 0/no_stream', 'a revision on a missing stream');
    t.equal(await append('s', [json('D')], 'any'), 'ok 3', 'any with new ids writes');
  });
}

t.test('capability probe: the client appends through BatchAppend only when ServerFeatures lists it', async (t) => {
  for (const [options, used] of [
    [{}, 'BatchAppend'],
    [{ batchAppend: false }, 'Append'],
    [{ serverFeatures: false }, 'Append'],
  ] as const) {
    const { client, double } = await connect(t, options);
    await client.appendToStream('s', [json('A')]);
    await client.appendToStream('s', [json('B')], { expectedRevision: 0n });
    // BatchAppend keeps one call open for every append; Append makes one call per append.
    t.equal(double.calls.get(used), used === 'BatchAppend' ? 1 : 2, `${JSON.stringify(options)}: ${used}`);
    t.equal(double.calls.get(used === 'Append' ? 'BatchAppend' : 'Append'), undefined);
    t.equal(double.calls.get('GetSupportedMethods'), options.serverFeatures === false ? undefined : 1, 'probed once');
  }
});

t.test('$all reads include the start position going forwards and exclude it going backwards', async (t) => {
  const { client } = await connect(t, { systemEvents: false });
  await client.appendToStream('s', [json('A'), json('B'), json('C')]);
  const events = await all(client.readAll());
  const b = events[1]?.event?.position;
  if (!b) throw new Error('no position');
  const types = (list: ResolvedEvent[]) => list.map((e) => e.event?.type);
  t.same(types(await all(client.readAll({ fromPosition: b }))), ['B', 'C']);
  t.same(types(await all(client.readAll({ fromPosition: b, direction: 'backwards' }))), ['A']);
  t.same(types(await all(client.readAll({ direction: 'backwards', fromPosition: 'end', maxCount: 2 }))), ['C', 'B']);
  t.same(types(await all(client.readAll({ direction: 'backwards', fromPosition: 'start' }))), [], 'backwards from the start');
  const positions = events.map((e) => e.event?.position?.commit ?? 0n);
  t.ok(
    positions.every((p, i) => i === 0 || p > (positions[i - 1] as bigint) + 1n),
    'positions are sparse and increasing',
  );
  t.ok(
    events.every((e) => e.event?.position?.commit === e.event?.position?.prepare),
    'commit equals prepare',
  );
});

t.test('a fresh double holds $-system events, as a fresh server does', async (t) => {
  const { client } = await connect(t);
  const events = await all(client.readAll());
  t.ok(events.length > 0 && events.every((e) => e.event?.streamId.startsWith('$')));
});

t.test('subscriptions: confirmation, catch-up after the checkpoint (exclusive), caught-up, then live', async (t) => {
  const { client } = await connect(t, { systemEvents: false });
  await client.appendToStream('s', [json('A'), json('B')]);
  const [first] = await all(client.readAll({ maxCount: 1 }));
  const subscription = client.subscribeToAll({ fromPosition: first?.event?.position ?? 'start' });
  const confirmed = new Promise<void>((resolve) => subscription.once('confirmation', resolve));
  const caughtUp = new Promise<void>((resolve) => subscription.once('caughtUp', resolve));
  const seen = take(subscription, 2);
  await confirmed;
  await caughtUp;
  await client.appendToStream('u', [json('Live')]);
  t.same(await seen, ['s:B', 'u:Live']);
  await subscription.unsubscribe();
});

t.test('stream subscriptions start after the given revision and wait for a stream that does not exist yet', async (t) => {
  const { client } = await connect(t);
  await client.appendToStream('s', [json('A'), json('B'), json('C')]);
  const fromOne = client.subscribeToStream('s', { fromRevision: 1n });
  t.same(await take(fromOne, 1), ['s:C']);
  await fromOne.unsubscribe();
  const later = client.subscribeToStream('later');
  const seen = take(later, 1);
  await client.appendToStream('other', [json('Noise')]);
  await client.appendToStream('later', [json('L')]);
  t.same(await seen, ['later:L']);
  await later.unsubscribe();
});

t.test('subscription filters: stream prefixes and event-type regexes, with checkpoints while filtering', async (t) => {
  const { client } = await connect(t);
  await client.appendToStream('game-1', [json('A'), json('$Hidden'), json('B')]);
  await client.appendToStream('other-1', [json('C')]);
  const byPrefix = client.subscribeToAll({ filter: streamNameFilter({ prefixes: ['other-'] }) });
  t.same(await take(byPrefix, 1), ['other-1:C']);
  await byPrefix.unsubscribe();
  const checkpoints: bigint[] = [];
  const byType = client.subscribeToAll({
    filter: eventTypeFilter({
      regex: '^[^$]',
      maxSearchWindow: 1,
      checkpointInterval: 2,
      checkpointReached: async (_sub, position) => void checkpoints.push(position.commit),
    }),
  });
  t.same(await take(byType, 3), ['game-1:A', 'game-1:B', 'other-1:C']);
  await byType.unsubscribe();
  t.ok(checkpoints.length >= 2, `checkpoints every 2 scanned events (${checkpoints.length})`);
});

t.test('reads of a stream: not found, ranges, and both directions', async (t) => {
  const { client } = await connect(t);
  await client.appendToStream('s', [json('A'), json('B'), json('C')]);
  const types = async (options: Parameters<EventStoreDBClient['readStream']>[1]) =>
    (await all(client.readStream('s', options))).map((e) => e.event?.type);
  t.same(await types({ fromRevision: 1n, maxCount: 1 }), ['B']);
  t.same(await types({ direction: 'backwards', fromRevision: 'end', maxCount: 2 }), ['C', 'B']);
  t.same(await types({ fromRevision: 'end' }), []);
  const missing = await all(client.readStream('missing')).catch((e: unknown) => e);
  t.match(missing, { type: 'stream-not-found', streamName: 'missing' });
});

t.test('unsupported operations answer UNIMPLEMENTED instead of pretending', async (t) => {
  const { client } = await connect(t);
  await client.appendToStream('s', [json('A')]);
  await t.rejects(client.deleteStream('s'));
  await t.rejects(client.tombstoneStream('s'));
});

t.test('raw gRPC: events without type or content-type are refused; structured ids are honoured', async (t) => {
  const { double } = await connect(t);
  const raw = new streamsGrpc.StreamsClient(`127.0.0.1:${double.port}`, grpc.credentials.createInsecure());
  t.teardown(() => raw.close());
  const error = await new Promise<grpc.ServiceError | null>((resolve) => {
    const call = raw.append((e) => resolve(e));
    const options = new streamsPb.AppendReq.Options()
      .setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from('s')))
      .setAny(new sharedPb.Empty());
    call.write(new streamsPb.AppendReq().setOptions(options));
    const message = new streamsPb.AppendReq.ProposedMessage().setId(new sharedPb.UUID().setString(randomUUID()));
    call.write(new streamsPb.AppendReq().setProposedMessage(message));
    call.end();
  });
  t.equal(error?.code, grpc.status.INVALID_ARGUMENT);
  t.equal(error?.metadata.get('exception')[0], 'missing-required-metadata-property');
  t.equal(double.log.all.filter((e) => e.streamId === 's').length, 0);

  const id = '0a1b2c3d-4e5f-4789-9abc-def012345678';
  double.log.append('s', { kind: 'any' }, [
    { id, type: 'T', contentType: 'application/json', data: Buffer.from('{}'), customMetadata: new Uint8Array() },
  ]);
  const options = new streamsPb.ReadReq.Options()
    .setStream(
      new streamsPb.ReadReq.Options.StreamOptions()
        .setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from('s')))
        .setStart(new sharedPb.Empty()),
    )
    .setCount('10')
    .setNoFilter(new sharedPb.Empty())
    .setUuidOption(new streamsPb.ReadReq.Options.UUIDOption().setStructured(new sharedPb.Empty()));
  const responses = await all<InstanceType<typeof streamsPb.ReadResp>>(raw.read(new streamsPb.ReadReq().setOptions(options)));
  const uuid = responses[0]?.getEvent()?.getEvent()?.getId();
  t.ok(uuid?.hasStructured(), 'structured form sent');
  const s = uuid?.getStructured();
  const hex = (v: string | undefined) =>
    BigInt.asUintN(64, BigInt(v ?? '0'))
      .toString(16)
      .padStart(16, '0');
  t.equal(`${hex(s?.getMostSignificantBits())}${hex(s?.getLeastSignificantBits())}`, id.replaceAll('-', ''));
});
