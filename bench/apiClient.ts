// Load client for bench/api.ts and bench/floor.ts, run as its own process: N concurrent clients over keep-alive
// HTTP, each sending one command after another. Prints one JSON line: commands sent, elapsed ms, latencies, errors.
import { Connection, type Reply } from './connection';

const [baseUrl = '', gamesArg = '1', secondsArg = '5', workload = 'toy'] = process.argv.slice(2);
const base = new URL(baseUrl);

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

/** A refusal is not a command served: counted apart, and the first one is shown for diagnosis. */
function refused(reply: Reply): void {
  errors++;
  const code = `${reply.status} ${(reply.body as { code?: string } | null)?.code ?? ''}`;
  if (errors === 1) console.log(JSON.stringify(reply.body));
  refusals.set(code, (refusals.get(code) ?? 0) + 1);
}

/** One game after another until the deadline; the client knows the toy rules, so no legal-commands round trip. */
async function drive(): Promise<void> {
  const http = new Connection(base);
  let game = await newGame(http);
  let turn = 0;
  let hand = [0, 0];
  let deck = 20;
  while (performance.now() < deadline) {
    const command = (hand[turn] ?? 0) < MAX_CARDS && deck > 0 ? { type: 'Draw' } : { type: 'Stand' };
    const start = performance.now();
    const reply = await http.request('POST', `/games/${game.id}/commands`, command, game.tokens[turn]);
    if (reply.status !== 200) {
      refused(reply);
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

/** The floor workload (bench/floor.ts): commands to a server that only records them; each client has its own stream. */
async function driveFloor(client: number): Promise<void> {
  const http = new Connection(base);
  while (performance.now() < deadline) {
    const start = performance.now();
    const reply = await http.request('POST', `/floor/${process.pid}-${client}`, { type: 'Draw' });
    if (reply.status === 200) latencies.push(performance.now() - start);
    else refused(reply);
  }
  http.close();
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: Number(gamesArg) }, (_, client) => (workload === 'floor' ? driveFloor(client) : drive())));
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
