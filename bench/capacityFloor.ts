// The capacity floor (bench/capacity.ts, BENCH_SERVER=floor): the least a durable server must do to serve the load
// generator's tables, on the stack Delve stands on (fastify as the app sets it up, ws, the PostgreSQL event store with
// group commit). It speaks only the slice of the API that bench/capacityClient.ts uses: create a game, claim its seats,
// read its revision, list the awaited seat's legal commands, take a command, and push each move to every seat's
// gameUpdated subscription (graphql-transport-ws). Each write appends to the game's stream and is answered once it is
// committed; everything else is answered from memory. No rules, no views computed, no GraphQL executed: what Delve
// spends above this server's figures is its own. Run as its own process with DATABASE_URL and PORT; prints
// "listening" once it does.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EventData } from '@delve/kernel';
import { connect, PostgresEventStore } from '@delve/store-postgres';

/** Moves in a game before neither seat has a legal command (the load generator then starts another). */
const MOVES = 20;
const SEATS = 2;

interface Table {
  readonly id: string;
  revision: number;
  moves: number;
  /** The seat whose turn it is. */
  turn: number;
  readonly tokens: string[];
  /** Each seat's subscribed sockets, with the subscription id the client chose. */
  readonly subscribers: Set<{ socket: WebSocket; id: string }>[];
}

const store = new PostgresEventStore(connect(process.env.DATABASE_URL as string));
const tables = new Map<string, Table>();
const seatOf = new Map<string, { table: Table; seat: number }>();

const event = (type: string, data: Record<string, unknown>): EventData => ({
  id: randomUUID(),
  type,
  data: { type, ...data },
  metadata: { commandId: randomUUID(), at: new Date().toISOString(), rulesVersion: '1' },
});

/** Append to the table's stream at its revision and move the revision on; answered once committed. */
async function record(table: Table, events: EventData[]): Promise<void> {
  const expected = table.revision;
  table.revision += events.length;
  await store.appendToStream(`floor-${table.id}`, events, { expectedRevision: expected === -1 ? 'no_stream' : expected });
}

const legalFor = (table: Table, seat: number) => (table.moves < MOVES && seat === table.turn ? [{ type: 'Draw' }, { type: 'Stand' }] : []);

/** What a seat sees: the hands (its own cards, the others' counts), as a view of a small card game would. */
const viewFor = (table: Table, seat: number) => ({
  hands: Array.from({ length: SEATS }, (_, s) => (s === seat ? [3, 9, table.moves % 11] : [null, null, null])),
  deckSize: 40 - table.moves,
  stood: Array.from({ length: SEATS }, () => false),
  turn: table.turn,
  winners: table.moves < MOVES ? null : [0],
});

const problem = (reply: FastifyReply, status: number, code: string) =>
  reply.code(status).type('application/problem+json').send({ type: 'about:blank', status, code, title: code });

/** The seat a bearer credential holds (an HTTP header, or connection_init's payload). */
const seatHolding = (authorization: unknown): { table: Table; seat: number } | undefined =>
  seatOf.get(String(authorization ?? '').replace(/^Bearer /, ''));
const seatFrom = (request: FastifyRequest) => seatHolding(request.headers.authorization);

const app = Fastify({ logger: { level: 'silent' }, genReqId: () => randomUUID() });
await app.register(rateLimit, { max: 10_000_000, timeWindow: 60_000 });

app.post('/games', async (_request, reply) => {
  const table: Table = {
    id: randomUUID(),
    revision: -1,
    moves: 0,
    turn: 0,
    tokens: [],
    subscribers: Array.from({ length: SEATS }, () => new Set()),
  };
  tables.set(table.id, table);
  await record(table, [event('GameCreated', { seats: SEATS })]);
  return reply.code(201).send({ id: table.id, revision: table.revision });
});

app.post<{ Params: { id: string } }>('/games/:id/seats', async (request, reply) => {
  const table = tables.get(request.params.id);
  if (!table) return problem(reply, 404, 'game/not-found');
  const seat = table.tokens.length;
  if (seat >= SEATS) return problem(reply, 409, 'seat/none-free');
  const token = randomBytes(24).toString('base64url');
  table.tokens.push(token);
  seatOf.set(token, { table, seat });
  await record(table, [event('SeatClaimed', { seat })]);
  return reply.code(201).send({ seat, token, revision: table.revision });
});

app.get<{ Params: { id: string } }>('/games/:id', async (request, reply) => {
  const table = tables.get(request.params.id);
  if (!table) return problem(reply, 404, 'game/not-found');
  return { id: table.id, revision: table.revision, moves: table.moves, turn: table.turn };
});

app.get<{ Params: { id: string } }>('/games/:id/legal-commands', async (request, reply) => {
  const at = seatFrom(request);
  if (!at || at.table.id !== request.params.id) return problem(reply, 401, 'auth/unknown-token');
  return { gameId: at.table.id, revision: at.table.revision, seat: at.seat, commands: legalFor(at.table, at.seat) };
});

app.post<{ Params: { id: string }; Body: { type?: string } }>('/games/:id/commands', async (request, reply) => {
  const at = seatFrom(request);
  if (!at || at.table.id !== request.params.id) return problem(reply, 401, 'auth/unknown-token');
  const { table, seat } = at;
  const type = request.body?.type;
  if (!legalFor(table, seat).some((c) => c.type === type)) return problem(reply, 409, 'command/not-legal');
  const events = [event(type === 'Draw' ? 'CardDrawn' : 'Stood', { seat }), event('TurnPassed', { to: (seat + 1) % SEATS })];
  table.moves++;
  table.turn = (seat + 1) % SEATS;
  await record(table, events);
  const published = events.map((e) => ({ type: e.type, data: e.data, at: (e.metadata as { at: string }).at }));
  for (let s = 0; s < SEATS; s++) {
    for (const { socket, id } of table.subscribers[s] ?? []) {
      const update = {
        revision: table.revision,
        events: published,
        view: viewFor(table, s),
        legal: { seat: s, commands: legalFor(table, s) },
      };
      socket.send(JSON.stringify({ id, type: 'next', payload: { data: { gameUpdated: update } } }));
    }
  }
  return { gameId: table.id, revision: table.revision, events: published, view: viewFor(table, seat) };
});

// Enough of the introspection answer for the load generator to build its document (which this server never reads).
app.post('/graphql', async () => ({
  data: {
    __schema: {
      types: [
        {
          kind: 'OBJECT',
          name: 'GameUpdate',
          possibleTypes: null,
          fields: ['revision', 'events', 'view', 'legal'].map((name) => ({
            name,
            args: [],
            type: { kind: 'SCALAR', name: 'JSON', ofType: null },
          })),
        },
      ],
    },
  },
}));

// gameUpdated over graphql-transport-ws: connection_init with the seat's token, then one subscription per socket.
const sockets = new WebSocketServer({ noServer: true });
sockets.on('connection', (socket: WebSocket) => {
  let at: { table: Table; seat: number } | undefined;
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string; id?: string; payload?: { authorization?: string } };
    if (message.type === 'connection_init') {
      at = seatHolding(message.payload?.authorization);
      if (!at) return socket.close(4403, 'Forbidden');
      socket.send('{"type":"connection_ack"}');
    } else if (message.type === 'subscribe' && at && message.id) {
      const entry = { socket, id: message.id };
      const subscribers = at.table.subscribers[at.seat];
      subscribers?.add(entry);
      socket.once('close', () => subscribers?.delete(entry));
    } else if (message.type === 'ping') socket.send('{"type":"pong"}');
  });
});
app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
  if (request.url !== '/graphql') return socket.destroy();
  sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
