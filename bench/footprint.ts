// npm run bench:footprint — what a node costs to hold, measured from outside on Delve as `npm start` runs it (the
// compiled build, embedded PostgreSQL in a data directory of its own): the time from spawn to the first 200 of /ready
// (cold: a new data directory; warm: the same one again), the resident memory of each process once idle, and the
// memory each live game adds (games created, played a few moves and their views read over HTTP, then the heap after a
// full GC, read through an inspector session, and the resident memory, divided by the games). Not a test.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { Connection } from './connection';
import { startDelve, type BenchServer } from './servers';

/** Live games measured, after WARM_GAMES: together within the games a node keeps folded (GAME_CACHE_SIZE, 5,000 by default). */
const GAMES = Number(process.env.BENCH_FOOTPRINT_GAMES ?? 800);
const WARM_GAMES = 200;
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
/** When idle memory is read, in seconds after ready: V8's memory reducer gives back the start-up's garbage after ~30 s. */
const IDLE_AT = (process.env.BENCH_IDLE_AT ?? '5,60').split(',').map(Number);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
/** V8 flags for the server (e.g. BENCH_NODE_ARGS=--max-semi-space-size=2), to compare settings. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const MB = 1024 * 1024;

const root = await mkdtemp(path.join(tmpdir(), 'delve-footprint-'));
await chmod(root, 0o755); // run as root, PostgreSQL's own user keeps its cluster here
const env = { DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'warn' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Resident memory of the server's processes, the primary (or the lone process) first. */
const rssOf = (server: BenchServer) => [...server.rss().values()];

// --- Start-up: cold once, then warm starts per worker count, and one from sources (tsx) to compare ---------------------
const cold = await startDelve(null, 1, env, NODE_ARGS);
const coldMs = cold.readyMs;
await cold.stop();
const ready = new Map<number, number[]>(WORKERS.map((w) => [w, []]));
for (let i = 0; i < STARTS; i++) {
  for (const workers of WORKERS) {
    const server = await startDelve(null, workers, env, NODE_ARGS);
    ready.get(workers)?.push(server.readyMs);
    await server.stop();
  }
}
const sources = await startDelve(null, 1, env, NODE_ARGS, { fromSources: true });
const sourcesMs = sources.readyMs;
await sources.stop();

// --- Idle: resident memory of each process at each IDLE_AT second after ready --------------------------------------------
const idle = new Map<number, number[][]>();
for (const workers of WORKERS) {
  const server = await startDelve(null, workers, env, NODE_ARGS);
  const began = performance.now();
  const samples: number[][] = [];
  for (const at of IDLE_AT) {
    await pause(Math.max(0, at * 1000 - (performance.now() - began)));
    samples.push(rssOf(server));
  }
  idle.set(workers, samples);
  await server.stop();
}

// --- Memory per live game: one process, heap read through the inspector after a full GC ------------------------------
/** A minimal Chrome DevTools Protocol session on the server's inspector. */
async function inspector(stderr: () => string): Promise<{ evaluate: (expression: string) => Promise<unknown>; close: () => void }> {
  let url: string | undefined;
  for (let i = 0; i < 100 && !url; i++) {
    url = /Debugger listening on (ws:\/\/\S+)/.exec(stderr())?.[1];
    if (!url) await pause(50);
  }
  if (!url) throw new Error(`no inspector URL in: ${stderr()}`);
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (message: { result?: { result?: { value?: unknown } }; error?: unknown }) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: { result?: { value?: unknown } }; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  const evaluate = (expression: string) =>
    new Promise<unknown>((resolve, reject) => {
      const at = ++id;
      waiting.set(at, (message) =>
        message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result?.result?.value),
      );
      socket.send(JSON.stringify({ id: at, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    });
  return { evaluate, close: () => socket.close() };
}

/** A live game: created, both seats claimed, four moves played, and each seat's view read. */
async function liveGame(http: Connection): Promise<void> {
  const created = await http.request('POST', '/games', { module: 'toy', seats: 2 });
  if (created.status !== 201) throw new Error(`creating a game: ${JSON.stringify(created.body)}`);
  const id = (created.body as { id: string }).id;
  const tokens: string[] = [];
  for (let seat = 0; seat < 2; seat++)
    tokens.push(((await http.request('POST', `/games/${id}/seats`, {})).body as { token: string }).token);
  for (let move = 0; move < 4; move++) {
    const reply = await http.request('POST', `/games/${id}/commands`, { type: 'Draw' }, tokens[move % 2]);
    if (reply.status !== 200) throw new Error(`a move: ${JSON.stringify(reply.body)}`);
  }
  for (const token of tokens) await http.request('GET', `/games/${id}/view`, undefined, token);
}

async function games(server: BenchServer, count: number): Promise<void> {
  const clients = Array.from({ length: 16 }, () => new Connection(new URL(server.base)));
  let next = 0;
  await Promise.all(
    clients.map(async (http) => {
      while (next < count) {
        next++;
        await liveGame(http);
      }
      http.close();
    }),
  );
}

const probe = await startDelve(null, 1, env, [...NODE_ARGS, '--expose-gc', '--inspect=127.0.0.1:0']);
const session = await inspector(probe.stderr);
const heap = async () => {
  const used = (await session.evaluate('gc(), gc(), process.memoryUsage().heapUsed')) as number;
  return { heap: used, rss: rssOf(probe)[0] as number };
};
// Before the baseline: every code path the games take is compiled, and the young generation has grown to its size under load.
await games(probe, WARM_GAMES);
const before = await heap();
await games(probe, GAMES);
const after = await heap();
session.close();
await probe.stop();
await rm(root, { recursive: true, force: true });

// --- Figures ------------------------------------------------------------------------------------------------------------
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
console.log(
  `\nDelve's footprint as npm start runs it (compiled; embedded PostgreSQL, not counted)${NODE_ARGS.length ? `; node ${NODE_ARGS.join(' ')}` : ''}`,
);
console.log(
  `ready (spawn to the first 200 from /ready): cold (new data directory, WORKERS=1) ${Math.round(coldMs)} ms; ` +
    `warm from sources through tsx (npm run dev, WORKERS=1) ${Math.round(sourcesMs)} ms, for comparison`,
);
for (const workers of WORKERS) {
  const times = ready.get(workers) ?? [];
  console.log(`WORKERS=${workers}: warm ready ${times.map((ms) => Math.round(ms)).join(', ')} ms (median ${Math.round(median(times))})`);
  for (const [i, each] of (idle.get(workers) ?? []).entries()) {
    const shape = workers === 1 ? 'one process' : `primary ${mb(each[0] as number)}, workers ${each.slice(1).map(mb).join(', ')}`;
    console.log(`  idle ${IDLE_AT[i]} s after ready: ${mb(each.reduce((a, b) => a + b, 0))} resident in all (${shape})`);
  }
}
console.log(
  `per live game (${GAMES} games after ${WARM_GAMES}, 4 moves and both views each; one process): ` +
    `${((after.heap - before.heap) / GAMES / 1024).toFixed(1)} KB of heap after a full GC (${mb(before.heap)} → ${mb(after.heap)}); ` +
    `resident memory ${mb(before.rss)} → ${mb(after.rss)}, ${((after.rss - before.rss) / GAMES / 1024).toFixed(1)} KB a game`,
);
console.log('targets: idle resident memory of one node <= 100 MB; warm ready <= 2 s; <= 20 KB per live game');
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} (${availableParallelism()} cores)`,
);
console.log("quoted, not measured here: boardgame.io's server idle at 60 MB (issue 31, measured 2026-11-26 on a 2-core machine)");
