// Load client for bench/api.ts, run as its own process: drives N concurrent toy games over keep-alive HTTP.
// Prints one JSON line: commands sent, elapsed ms, latencies, errors.
import net from 'node:net';

const [baseUrl = '', gamesArg = '1', secondsArg = '5'] = process.argv.slice(2);
const base = new URL(baseUrl);

interface Reply {
  status: number;
  body: unknown;
}

/**
 * One keep-alive HTTP/1.1 connection carrying one request at a time, like wrk: the load client shares the two
 * cores with the server and PostgreSQL, so it is kept as cheap as possible (a general client such as undici costs
 * several times more CPU per request). It understands exactly what the server sends: Content-Length bodies.
 */
class Connection {
  private readonly socket = net.connect({ host: base.hostname, port: Number(base.port), noDelay: true });
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;

  constructor() {
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('connection closed')));
  }

  request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Reply> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${base.host}\r\n`;
    if (body !== undefined) head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n`;
    if (token !== undefined) head += `authorization: Bearer ${token}\r\n`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${head}\r\n${payload}`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private parse(): void {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.waiting.reject(new Error(`no content-length in reply: ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const text = this.buffered.toString('utf8', end + 4, total);
    this.buffered = this.buffered.subarray(total);
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve({ status: Number(head.slice(9, 12)), body: text ? JSON.parse(text) : null });
  }
}

interface ToyView {
  hands: (number | null)[][];
  deckSize: number;
  stood: boolean[];
  turn: number;
  winners: number[] | null;
}

const MAX_CARDS = 8;
const latencies: number[] = [];
let errors = 0;
const refusals = new Map<string, number>();
let gamesPlayed = 0;
const deadline = performance.now() + Number(secondsArg) * 1000;

async function newGame(http: Connection): Promise<{ id: string; tokens: string[] }> {
  const created = await http.request('POST', '/games', { module: 'toy', options: { maxCards: MAX_CARDS }, seats: 2 });
  if (created.status !== 201) throw new Error(`creating a game failed: ${JSON.stringify(created.body)}`);
  const id = (created.body as { id: string }).id;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push(((await http.request('POST', `/games/${id}/seats`, {})).body as { token: string }).token);
  return { id, tokens };
}

/** One game after another until the deadline; the client knows the toy rules, so no legal-commands round trip. */
async function drive(): Promise<void> {
  const http = new Connection();
  let game = await newGame(http);
  let turn = 0;
  let hand = [0, 0];
  let deck = 20;
  while (performance.now() < deadline) {
    const command = (hand[turn] ?? 0) < MAX_CARDS && deck > 0 ? { type: 'Draw' } : { type: 'Stand' };
    const start = performance.now();
    const reply = await http.request('POST', `/games/${game.id}/commands`, command, game.tokens[turn]);
    if (reply.status !== 200) {
      // A refusal is not a command served: counted apart, and the first one is shown for diagnosis.
      errors++;
      const code = `${reply.status} ${(reply.body as { code?: string } | null)?.code ?? ''}`;
      if (errors === 1) console.log(JSON.stringify(reply.body));
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
      game = await newGame(http);
      [turn, hand, deck] = [0, [0, 0], 20];
      continue;
    }
    latencies.push(performance.now() - start);
    const view = (reply.body as { view: ToyView }).view;
    if (view.winners) {
      gamesPlayed++;
      game = await newGame(http);
      [turn, hand, deck] = [0, [0, 0], 20];
      continue;
    }
    hand = view.hands.map((h) => h.length);
    deck = view.deckSize;
    turn = view.turn;
  }
  http.close();
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: Number(gamesArg) }, drive));
const elapsed = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
console.log(
  JSON.stringify({
    commands: latencies.length,
    elapsedMs: elapsed,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    refusals: Object.fromEntries(refusals),
    gamesPlayed,
    cpuMicros: cpu.user + cpu.system,
  }),
);
