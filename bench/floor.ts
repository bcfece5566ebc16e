// npm run bench:floor — what the stack alone reaches under bench:api's 50-game load on this machine: a server that
// only records each command as two events through the same event store (group commit, synchronous commit on), with
// no games, seats, rules, views or read side. Once on bare node:http, once on fastify set up as the app is (logger,
// request ids, rate limit, schema validation and serialization). Not a test: prints figures to read next to bench:api.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { EventData } from '@delve/kernel';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { runLoadClient } from './runLoad';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.BENCH_GAMES ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const db = await openTestDatabase();
const store = new PostgresEventStore(db.sql);
const heads = new Map<string, number>();

/** Record a command as bench:api's toy game does (two events, the command in the first one's metadata). */
async function record(key: string, command: unknown) {
  const stream = `floor-${key}`;
  const head = heads.get(stream) ?? -1;
  const metadata = { commandId: randomUUID(), actor: 'seat:0', at: new Date().toISOString(), rulesVersion: '1' };
  const events: EventData[] = [
    { id: randomUUID(), type: 'CardDrawn', data: { type: 'CardDrawn', seat: 0, card: 7 }, metadata: { ...metadata, command } },
    { id: randomUUID(), type: 'TurnPassed', data: { type: 'TurnPassed', to: 1 }, metadata },
  ];
  await store.appendToStream(stream, events, { expectedRevision: head === -1 ? 'no_stream' : head });
  heads.set(stream, head + events.length);
  return {
    revision: head + events.length,
    events: events.map(({ type, data }) => ({ type, data })),
    view: {
      hands: [
        [3, 9, null],
        [null, null],
      ],
      deckSize: 15,
      stood: [false, false],
      turn: 1,
      winners: null,
    },
  };
}

async function bareServer(): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      record((request.url ?? '').slice('/floor/'.length), JSON.parse(body)).then((result) => {
        const payload = JSON.stringify(result);
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
        response.end(payload);
      }, console.error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function fastifyServer(): Promise<{ server: http.Server; close: () => Promise<void> }> {
  const app = Fastify({ logger: { level: 'silent' }, genReqId: () => randomUUID() });
  await app.register(rateLimit, { max: 10_000_000, timeWindow: 60_000 });
  const schema = {
    params: { type: 'object', properties: { key: { type: 'string', maxLength: 100 } }, required: ['key'] },
    body: { type: 'object', properties: { type: { type: 'string', enum: ['Draw', 'Stand'] } }, required: ['type'] },
    response: {
      200: {
        type: 'object',
        properties: {
          revision: { type: 'integer' },
          events: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, data: {} } } },
          view: {},
        },
      },
    },
  };
  app.post<{ Params: { key: string } }>('/floor/:key', { schema }, (request) => record(request.params.key, request.body));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { server: app.server, close: () => app.close() };
}

console.log(`\nThe stack alone: ${CLIENTS} clients, each command recorded as two events (durable: synchronous_commit on)`);
console.log(
  `${'server'.padStart(10)} ${'commands/s'.padStart(11)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'server µs'.padStart(9)}`,
);
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, start] of [
    ['node:http', bareServer],
    ['fastify', fastifyServer],
  ] as const) {
    const { server, close } = await start();
    const result = await runLoadClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, CLIENTS, SECONDS, 'floor');
    await close();
    if (result.errors > 0) console.error(`${name}: refused commands: ${JSON.stringify(result.refusals)}`);
    console.log(
      `${name.padStart(10)} ${String(result.rate).padStart(11)} ${result.p50.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(7)} ${result.serverMicrosPerCommand.toFixed(0).padStart(9)}`,
    );
  }
}
console.log('server µs: CPU time per command in the server process (all threads)');
await db.close();
