// The floor (bench/floor.ts, bench/api.ts): a server that only records each command as two events through the same
// event store, on bare node:http or on fastify set up as the app is, in one process or as a cluster of FLOOR_PROCESSES
// workers behind one port (the shape WORKERS gives the real server). Run as its own process: `floorServer.ts <kind>`
// with DATABASE_URL and PORT; prints "listening" once every process is.
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { EventData } from '@delve/kernel';
import { connect, PostgresEventStore } from '@delve/store-postgres';

export type FloorKind = 'node:http' | 'fastify';
const kind = process.argv[2] as FloorKind;
const processes = Number(process.env.FLOOR_PROCESSES ?? 1);
const port = Number(process.env.PORT);

if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  cluster.on('listening', () => ++listening === processes && console.log('listening'));
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
} else {
  const store = new PostgresEventStore(connect(process.env.DATABASE_URL as string));
  const heads = new Map<string, number>();

  /** Record a command as bench:api's toy game does (two events, the command in the first one's metadata). */
  const record = async (key: string, command: unknown) => {
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
  };

  const bare = () =>
    http.createServer((request, response) => {
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

  const fastify = async () => {
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
    await app.ready();
    return app.server;
  };

  const server = kind === 'fastify' ? await fastify() : bare();
  server.listen(port, '127.0.0.1', () => processes === 1 && console.log('listening'));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
