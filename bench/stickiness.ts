// npm run bench:stickiness — whether a load balancer should keep each game on one node: two nodes (WORKERS=1 each)
// on one PostgreSQL, BENCH_CLIENTS clients (default 20) each playing one-seat toy games (create, claim, three draws, a
// stand) for BENCH_SECONDS (default 10) per round, every request of a game sent to the node its id hashes to (sticky)
// or to the next node in turn (spread). Rounds alternate (BENCH_ROUNDS, default 2); prints commands/s, command latency
// p50/p99 and the fold-cache misses per command read from each node's /metrics, per mode, measured in the same run.
import { createHash, randomUUID } from 'node:crypto';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import { freePort, startServer, type ServerProcess } from '../apps/server/test/support/processes';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TOKEN = 'bench-stickiness-metrics-token';
type Mode = 'sticky' | 'spread';

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

/** Fold-cache misses, summed over the nodes' /metrics. */
async function misses(nodes: readonly ServerProcess[]): Promise<number> {
  let sum = 0;
  for (const node of nodes) {
    const text = await (await fetch(`${node.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    sum += Number(/^delve_fold_cache_lookups_total\{result="miss"\} (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return sum;
}

async function round(
  nodes: readonly ServerProcess[],
  mode: Mode,
): Promise<{ rate: number; p50: number; p99: number; missesPerCommand: number }> {
  const latencies: number[] = [];
  const missesBefore = await misses(nodes);
  const until = performance.now() + SECONDS * 1000;
  let turn = 0;
  const client = async () => {
    while (performance.now() < until) {
      const created = await post(nodes[turn++ % nodes.length]!.base, '/games', { module: 'toy', seats: 1 });
      const id = created.body.id as string;
      const home = createHash('sha256').update(id).digest()[0]! % nodes.length;
      const node = () => (mode === 'sticky' ? nodes[home]! : nodes[turn++ % nodes.length]!).base;
      const token = (await post(node(), `/games/${id}/seats`, { seat: 0 })).body.token as string;
      for (const type of ['Draw', 'Draw', 'Draw', 'Stand']) {
        const began = performance.now();
        const answer = await post(node(), `/games/${id}/commands`, { type }, token);
        if (answer.status !== 200) throw new Error(`${type} refused: ${JSON.stringify(answer.body)}`);
        latencies.push(performance.now() - began);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  latencies.sort((a, b) => a - b);
  const missed = (await misses(nodes)) - missesBefore;
  return {
    rate: latencies.length / SECONDS,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    missesPerCommand: missed / latencies.length,
  };
}

const databases = await startTestDatabaseServer();
const db = await databases.create();
const env = { DATABASE_URL: db.url, METRICS_TOKEN: TOKEN, LOG_LEVEL: 'warn' };
const nodes = await Promise.all([0, 1].map(async () => startServer(env, await freePort(), 120, { compiled: true })));
try {
  const results: Record<Mode, Awaited<ReturnType<typeof round>>[]> = { sticky: [], spread: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of (r % 2 === 0 ? ['sticky', 'spread'] : ['spread', 'sticky']) as Mode[]) {
      const result = await round(nodes, mode);
      results[mode].push(result);
      console.log(
        `round ${r + 1} ${mode.padEnd(6)}: ${result.rate.toFixed(0)} commands/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
          `fold-cache misses per command ${result.missesPerCommand.toFixed(3)}`,
      );
    }
  }
  const mean = (mode: Mode, key: 'rate' | 'p99') => results[mode].reduce((n, x) => n + x[key], 0) / results[mode].length;
  console.log(
    `sticky/spread: commands/s ${(mean('sticky', 'rate') / mean('spread', 'rate')).toFixed(2)}×, p99 ${(mean('sticky', 'p99') / mean('spread', 'p99')).toFixed(2)}× ` +
      `(${CLIENTS} clients, 2 nodes, ${ROUNDS} rounds of ${SECONDS} s each)`,
  );
} finally {
  nodes.forEach((n) => n.child.kill('SIGKILL'));
  await db.close();
  await databases.stop();
}
