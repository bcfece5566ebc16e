// Load client for bench/api.ts, run as its own process: drives N concurrent toy games over keep-alive HTTP.
// Prints one JSON line: commands sent, elapsed ms, latencies, errors.
import { Pool } from 'undici';

const [baseUrl = '', gamesArg = '1', secondsArg = '5'] = process.argv.slice(2);
// undici rather than node:http: the client shares the machine's two cores with the server and PostgreSQL, and
// undici spends about half the CPU per request, so the figures measure the server rather than the client.
const pool = new Pool(baseUrl, { connections: Number(gamesArg) + 4, pipelining: 1 });

interface Reply {
  status: number;
  body: unknown;
}

async function request(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const res = await pool.request({ method, path, headers, ...(payload !== undefined && { body: payload }) });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : null };
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

async function newGame(): Promise<{ id: string; tokens: string[]; view: ToyView | null }> {
  const created = await request('POST', '/games', { module: 'toy', options: { maxCards: MAX_CARDS }, seats: 2 });
  if (created.status !== 201) throw new Error(`creating a game failed: ${JSON.stringify(created.body)}`);
  const id = (created.body as { id: string }).id;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push(((await request('POST', `/games/${id}/seats`, {})).body as { token: string }).token);
  return { id, tokens, view: null };
}

/** One game after another until the deadline; the client knows the toy rules, so no legal-commands round trip. */
async function drive(): Promise<void> {
  let game = await newGame();
  let turn = 0;
  let hand = [0, 0];
  let deck = 20;
  while (performance.now() < deadline) {
    const command = (hand[turn] ?? 0) < MAX_CARDS && deck > 0 ? { type: 'Draw' } : { type: 'Stand' };
    const start = performance.now();
    const reply = await request('POST', `/games/${game.id}/commands`, command, game.tokens[turn]);
    if (reply.status !== 200) {
      // A refusal is not a command served: counted apart, and the first one is shown for diagnosis.
      errors++;
      const code = `${reply.status} ${(reply.body as { code?: string } | null)?.code ?? ''}`;
      if (errors === 1) console.log(JSON.stringify(reply.body));
      refusals.set(code, (refusals.get(code) ?? 0) + 1);
      game = await newGame();
      [turn, hand, deck] = [0, [0, 0], 20];
      continue;
    }
    latencies.push(performance.now() - start);
    const view = (reply.body as { view: ToyView }).view;
    if (view.winners) {
      gamesPlayed++;
      game = await newGame();
      [turn, hand, deck] = [0, [0, 0], 20];
      continue;
    }
    hand = view.hands.map((h) => h.length);
    deck = view.deckSize;
    turn = view.turn;
  }
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
await pool.close();
