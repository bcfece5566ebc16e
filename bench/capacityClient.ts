// Load generator of bench/capacity.ts, run as its own process: tables of two seats at human pace, each seat holding a
// gameUpdated subscription. Told over stdin how many tables to hold and when to measure; answers one JSON line each.
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { Connection, type Reply } from './connection';

const [baseUrl = '', module = 'toy', optionsJson = '{}'] = process.argv.slice(2);
const base = new URL(baseUrl);
const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/graphql`;
const gameOptions = JSON.parse(optionsJson) as Record<string, unknown>;
/** One move per table every MOVE_MS, as people play. */
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 2000);
const SEATS = 2;
/**
 * BENCH_LEGAL=push: after the game's first move, each move is taken from the awaited seat's last push (its `legal`),
 * with no GET …/legal-commands; a GET is made only when no push at the move's revision has arrived by the next tick.
 */
const FROM_PUSHES = process.env.BENCH_LEGAL === 'push';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const say = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one measuring window saw (latencies in ms, rounded to 0.01). */
class Window {
  commands: number[] = [];
  legal: number[] = [];
  pushes: number[] = [];
  lobby: number[] = [];
  refusals: Record<string, number> = {};
  failures: string[] = [];
  gamesFinished = 0;
  since = performance.now();
  cpu = process.cpuUsage();

  refused(what: string, reply: Reply): void {
    const code = `${what} ${reply.status} ${(reply.body as { code?: string } | null)?.code ?? ''}`;
    this.refusals[code] = (this.refusals[code] ?? 0) + 1;
  }

  failed(error: unknown): void {
    if (this.failures.length < 5) this.failures.push(String(error instanceof Error ? error.message : error));
  }
}
let window = new Window();
const round = (ms: number) => Math.round(ms * 100) / 100;

// --- The subscription's document: every field of GameUpdate and of the view, found by introspection ----------------

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface FullType {
  kind: string;
  name: string;
  fields: { name: string; args: unknown[]; type: TypeRef }[] | null;
  possibleTypes: { name: string }[] | null;
}

const named = (ref: TypeRef): string => (ref.ofType ? named(ref.ofType) : (ref.name as string));

/** The selection of every field of `type` (union members each with all of theirs), as a client showing it all would send. */
function selectAll(types: ReadonlyMap<string, FullType>, name: string, depth = 0): string {
  const type = types.get(name);
  if (!type || depth > 12) return '';
  if (type.kind === 'UNION')
    return `{ __typename ${(type.possibleTypes ?? []).map((p) => `... on ${p.name} ${selectAll(types, p.name, depth + 1)}`).join(' ')} }`;
  if (type.kind !== 'OBJECT') return '';
  const fields = (type.fields ?? [])
    .filter((f) => f.args.length === 0)
    .map((f) => {
      const inner = named(f.type);
      const kind = types.get(inner)?.kind;
      return kind === 'OBJECT' || kind === 'UNION' ? `${f.name} ${selectAll(types, inner, depth + 1)}` : f.name;
    });
  return `{ ${fields.join(' ')} }`;
}

async function subscriptionDocument(http: Connection): Promise<string> {
  const query = `{ __schema { types { kind name possibleTypes { name } fields { name args { name } type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;
  const reply = await http.request('POST', '/graphql', { query });
  const types = new Map(((reply.body as Json).data.__schema.types as FullType[]).map((t) => [t.name, t]));
  return `subscription($g: ID!, $a: Int) { gameUpdated(gameId: $g, after: $a) ${selectAll(types, 'GameUpdate')} }`;
}

// --- One table: two seats, a keep-alive connection, a socket per seat, one move every MOVE_MS ------------------------

interface Game {
  id: string;
  tokens: string[];
  sockets: WebSocket[];
  /** The awaited seat and its first legal command, as last fetched. */
  next: { seat: number; command: unknown } | null;
  /** BENCH_LEGAL=push: each seat's last push, its revision and first legal command. */
  pushed: ({ revision: number; command: unknown } | null)[];
  /** BENCH_LEGAL=push: the revision the last move reached, and the seat that made it. */
  moved: { revision: number; seat: number } | null;
}

let document = '';
let stopping = false;

/** How long a step waits for its new tables' first games to be set up before it measures anyway. */
const SETUP_LIMIT_MS = 60_000;

class Table {
  private readonly http = new Connection(base);
  private game: Game | null = null;
  private closed = false;
  readonly done: Promise<void>;
  /** Whether the first game's set-up is over (made, or failed): a step measures once every new table's is. */
  settled = false;
  private settle: () => void = () => undefined;
  readonly ready = new Promise<void>((resolve) => {
    this.settle = () => {
      this.settled = true;
      resolve();
    };
  });

  constructor(firstTickMs: number) {
    this.done = this.run(firstTickMs);
  }

  close(): void {
    this.closed = true;
  }

  private async run(firstTickMs: number): Promise<void> {
    let tick = performance.now() + firstTickMs;
    while (!this.closed && !stopping) {
      await pause(Math.max(0, tick - performance.now()));
      if (this.closed || stopping) break;
      tick += MOVE_MS;
      try {
        if (!this.game) this.game = await this.newGame();
        else await this.move(this.game);
      } catch (error) {
        window.failed(error);
        this.endGame();
      }
      this.settle();
    }
    this.settle();
    this.endGame();
    this.http.close();
  }

  private endGame(): void {
    for (const socket of this.game?.sockets ?? []) socket.close();
    this.game = null;
  }

  /** Create a game, claim both seats, subscribe each seat, and fetch the first move. */
  private async newGame(): Promise<Game> {
    const began = performance.now();
    const created = await this.http.request('POST', '/games', { module, options: gameOptions, seats: SEATS });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const id = (created.body as { id: string }).id;
    const tokens: string[] = [];
    let revision = 0;
    for (let seat = 0; seat < SEATS; seat++) {
      const claimed = await this.http.request('POST', `/games/${id}/seats`, {});
      if (claimed.status !== 201) throw new Error(`claim: ${claimed.status} ${JSON.stringify(claimed.body)}`);
      tokens.push((claimed.body as { token: string }).token);
      revision = Math.max(revision, (claimed.body as { revision?: number }).revision ?? 0);
    }
    // Subscribe from the revision the game stands at, so every later push is a move's.
    const summary = await this.http.request('GET', `/games/${id}`);
    revision = (summary.body as { revision: number }).revision;
    const pushed: Game['pushed'] = tokens.map(() => null);
    const sockets = await Promise.all(
      tokens.map((token, seat) =>
        subscribe(id, token, revision, (update) => {
          pushed[seat] = { revision: update.revision, command: update.legal?.commands?.[0] };
        }),
      ),
    );
    const game: Game = { id, tokens, sockets, next: null, pushed, moved: null };
    game.next = await this.legal(game, 0);
    window.lobby.push(round(performance.now() - began));
    return game;
  }

  /** The awaited seat's first legal command: the seat after `seat` first, then the others in turn. */
  private async legal(game: Game, from: number): Promise<Game['next']> {
    for (let i = 0; i < SEATS; i++) {
      const seat = (from + i) % SEATS;
      const began = performance.now();
      const reply = await this.http.request('GET', `/games/${game.id}/legal-commands`, undefined, game.tokens[seat]);
      window.legal.push(round(performance.now() - began));
      if (reply.status !== 200) {
        window.refused('legal-commands', reply);
        continue;
      }
      const command = (reply.body as { commands: unknown[] }).commands[0];
      if (command !== undefined) return { seat, command };
    }
    return null;
  }

  /** BENCH_LEGAL=push: the awaited seat's move from the pushes at the last move's revision, else from a GET. */
  private async fromPushes(game: Game): Promise<Game['next']> {
    const moved = game.moved;
    if (!moved) return game.next;
    const seen = game.pushed.map((p) => (p && p.revision >= moved.revision ? p : null));
    if (seen.some((p) => p === null)) return this.legal(game, moved.seat + 1);
    for (let i = 1; i <= SEATS; i++) {
      const seat = (moved.seat + i) % SEATS;
      const command = seen[seat]?.command;
      if (command !== undefined) return { seat, command };
    }
    return null;
  }

  private async move(game: Game): Promise<void> {
    if (FROM_PUSHES) game.next = await this.fromPushes(game);
    const next = game.next;
    if (!next) {
      // Nobody may move: the game is over. The next tick starts a new one.
      window.gamesFinished++;
      this.endGame();
      return;
    }
    const began = performance.now();
    const reply = await this.http.request('POST', `/games/${game.id}/commands`, next.command, game.tokens[next.seat]);
    const took = performance.now() - began;
    if (reply.status === 200) window.commands.push(round(took));
    else window.refused('command', reply);
    if (FROM_PUSHES && reply.status === 200) game.moved = { revision: (reply.body as { revision: number }).revision, seat: next.seat };
    else game.next = await this.legal(game, next.seat + 1);
  }
}

/** A seat's socket with its gameUpdated subscription, resolved once the server acknowledged the connection. */
function subscribe(gameId: string, token: string, after: number, pushed: (update: Json) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as Json;
      switch (message.type) {
        case 'connection_ack':
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: document, variables: { g: gameId, a: after } } }));
          resolve(socket);
          break;
        case 'next': {
          const update = message.payload?.data?.gameUpdated;
          if (!update) {
            window.failed(`push without data: ${JSON.stringify(message.payload).slice(0, 300)}`);
            break;
          }
          // From the time the oldest event pushed was recorded (the command's stamp, on this machine's clock).
          const times = (update.events as { at: string }[]).map((e) => Date.parse(e.at)).filter(Number.isFinite);
          if (times.length > 0) window.pushes.push(round(Date.now() - Math.min(...times)));
          pushed(update);
          break;
        }
        case 'error':
          window.failed(`subscription error: ${JSON.stringify(message.payload).slice(0, 300)}`);
          break;
        case 'ping':
          socket.send(JSON.stringify({ type: 'pong' }));
          break;
      }
    });
  });
}

// --- Control: {tables, rampMs} holds that many tables; {measure: ms} answers a window's figures; {stop} ends -------

const tables: Table[] = [];
const control = createInterface({ input: process.stdin });
const setup = new Connection(base);
document = await subscriptionDocument(setup);
setup.close();
say({ ready: true, document });

for await (const line of control) {
  const order = JSON.parse(line) as { tables?: number; rampMs?: number; measure?: number; stop?: boolean };
  if (order.stop) break;
  if (order.tables !== undefined) {
    while (tables.length > order.tables) tables.pop()?.close();
    // New tables start spread over the ramp, each then moving every MOVE_MS from its own phase.
    const rampMs = Math.max(MOVE_MS, order.rampMs ?? MOVE_MS);
    const adding = order.tables - tables.length;
    const added = Array.from({ length: Math.max(0, adding) }, (_, i) => new Table((i / adding) * rampMs + Math.random() * MOVE_MS));
    tables.push(...added);
    // A burst of new tables queues at the server: the step's window starts once their set-up is over, so it measures
    // tables playing, not a backlog of tables being made.
    await Promise.race([Promise.all(added.map((t) => t.ready)), pause(rampMs + SETUP_LIMIT_MS)]);
    say({ tables: tables.length, settingUp: added.filter((t) => !t.settled).length });
  }
  if (order.measure !== undefined) {
    window = new Window();
    await pause(order.measure);
    const measured = window;
    window = new Window();
    const cpu = process.cpuUsage(measured.cpu);
    say({
      elapsedMs: performance.now() - measured.since,
      cpuMicros: cpu.user + cpu.system,
      commands: measured.commands,
      legal: measured.legal,
      pushes: measured.pushes,
      lobby: measured.lobby,
      refusals: measured.refusals,
      failures: measured.failures,
      gamesFinished: measured.gamesFinished,
    });
  }
}
stopping = true;
for (const table of tables) table.close();
await Promise.all(tables.map((t) => t.done));
process.exit(0);
