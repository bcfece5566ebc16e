// npm run bench:api — commands/s and latency over loopback HTTP against Delve as `npm start` runs it (the compiled
// build) at 1 and 2 workers, beside the floor (bench/floorServer.ts, fastify) in the same shapes and the raw append
// ceiling of the same PostgreSQL, all measured in the same run. Not a test: prints figures.
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import { runLoadClient } from './runLoad';
import { benchVariants, checkoutVariants, startDelve, startFloor } from './servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GAME_COUNTS = (process.env.BENCH_GAMES ?? '1,10,50').split(',').map(Number);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** Seconds of load before a server's figures count, for it and for the floor alike (BENCH_WARMUP). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Servers measured side by side at each worker count (BENCH_VARIANTS, see benchVariants), before the floor. */
const VARIANTS = benchVariants('delve');
/** The floor runs with as many clients as the largest game count: that row is compared with it. */
const FLOOR_CLIENTS = Math.max(...GAME_COUNTS);

const databases = await startTestDatabaseServer();
const ceilingDb = await databases.create();

/** Raw ceiling: single-row INSERTs (autocommit, synchronous commit) from 8 connections for a few seconds. */
let ceilingRuns = 0;
async function rawAppendCeiling(seconds: number): Promise<number> {
  const { sql } = ceilingDb;
  const runId = ceilingRuns++;
  await sql`create table if not exists raw_ceiling (like events including defaults including constraints including indexes)`;
  const until = performance.now() + seconds * 1000;
  const payload = JSON.stringify({ type: 'CardDrawn', seat: 0, card: 7 });
  const counts = await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      let n = 0;
      while (performance.now() < until) {
        await sql`insert into raw_ceiling (stream_id, revision, event_id, type, data, metadata)
                  values (${`raw-${runId}-${w}`}, ${n}, ${randomUUID()}, 'CardDrawn', ${payload}::json, '{}'::json)`;
        n++;
      }
      return n;
    }),
  );
  return Math.round(counts.reduce((a, b) => a + b, 0) / seconds);
}

interface Row {
  variant: string;
  round: number;
  workers: number;
  games: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  serverCpu: number;
  clientCpu: number;
  shares: readonly number[];
}
const rows: Row[] = [];
const floors = new Map<string, { rate: number; serverCpu: number; p99: number }>();
const key = (round: number, workers: number) => `${round}/${workers}`;
// BENCH_PROFILE=<folder>: CPU profiles of the server's processes (one file each, written when they exit).
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];

const checkouts = await checkoutVariants(VARIANTS);
const ceiling = await rawAppendCeiling(3);
for (let round = 0; round < ROUNDS; round++) {
  for (const workers of WORKERS) {
    for (const variant of VARIANTS) {
      // Each server gets a database of its own, so that neither reads the other's log.
      const db = await databases.create();
      const root = checkouts.roots.get(variant.name);
      const server = await startDelve(
        db.url,
        workers,
        { ...(process.env.BENCH_LOG_LEVEL && { LOG_LEVEL: process.env.BENCH_LOG_LEVEL }), ...variant.env },
        profile,
        root === undefined ? {} : { root },
      );
      // Warm-up (not counted), light enough that the read models have no backlog left to fold in the first row.
      await runLoadClient(server, Math.min(...GAME_COUNTS), WARMUP, 'toy');
      for (const games of GAME_COUNTS) {
        const result = await runLoadClient(server, games, SECONDS, 'toy');
        if (result.errors > 0)
          console.error(`${games} games: refused commands by status and code: ${JSON.stringify(result.refusals)}\n${result.stdout}`);
        rows.push({
          variant: variant.name,
          round,
          workers,
          games,
          rate: result.rate,
          p50: result.p50,
          p99: result.p99,
          errors: result.errors,
          serverCpu: result.serverMicrosPerCommand,
          clientCpu: result.cpuMicros / result.commands,
          shares: result.serverShares,
        });
      }
      await server.stop();
      await db.close();
    }

    const floorDb = await databases.create();
    const floor = await startFloor('fastify', workers, floorDb.url);
    await runLoadClient(floor, FLOOR_CLIENTS, WARMUP, 'floor');
    const measured = await runLoadClient(floor, FLOOR_CLIENTS, SECONDS, 'floor');
    floors.set(key(round, workers), { rate: measured.rate, serverCpu: measured.serverMicrosPerCommand, p99: measured.p99 });
    await floor.stop();
    await floorDb.close();
  }
}
const ceilingAfter = await rawAppendCeiling(3);
const rawCeiling = Math.round((ceiling + ceilingAfter) / 2);

console.log('\nDelve API over loopback HTTP, as npm start runs it (compiled; toy module, 2-seat games; durable: synchronous_commit on)');
console.log('beside the floor (fastify, each command recorded as two events, nothing else) in the same shape, same run');
const header = [
  'variant'.padEnd(8),
  'round'.padStart(5),
  'workers'.padStart(7),
  'games'.padStart(5),
  'commands/s'.padStart(10),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'errors'.padStart(6),
  'server µs'.padStart(9),
  'client µs'.padStart(9),
  'floor/s'.padStart(8),
  'of floor'.padStart(8),
  'floor µs'.padStart(8),
  'CPU ×'.padStart(6),
  'of ceiling'.padStart(10),
  'CPU by process',
];
console.log(header.join(' '));
for (const r of rows) {
  const floor = r.games === FLOOR_CLIENTS ? floors.get(key(r.round, r.workers)) : undefined;
  console.log(
    [
      r.variant.padEnd(8),
      String(r.round + 1).padStart(5),
      String(r.workers).padStart(7),
      String(r.games).padStart(5),
      String(r.rate).padStart(10),
      r.p50.toFixed(2).padStart(7),
      r.p99.toFixed(2).padStart(7),
      String(r.errors).padStart(6),
      r.serverCpu.toFixed(0).padStart(9),
      r.clientCpu.toFixed(0).padStart(9),
      (floor ? String(floor.rate) : '').padStart(8),
      (floor ? (r.rate / floor.rate).toFixed(2) : '').padStart(8),
      (floor ? floor.serverCpu.toFixed(0) : '').padStart(8),
      (floor ? (r.serverCpu / floor.serverCpu).toFixed(2) : '').padStart(6),
      (r.rate / rawCeiling).toFixed(2).padStart(10),
      r.shares.map((s) => `${Math.round(s * 100)}%`).join(' '),
    ].join(' '),
  );
}
console.log(
  `\nraw append ceiling (plain single-row INSERT, 8 connections, same PostgreSQL): ${rawCeiling}/s (before ${ceiling}, after ${ceilingAfter})`,
);
console.log("server µs: CPU time per command of all the server's processes (a cluster's primary, with the read models it leads, included)");
console.log(
  `of floor: commands/s over the floor's at the same process count with ${FLOOR_CLIENTS} clients, measured right after; CPU ×: server µs over floor µs`,
);
console.log("CPU by process: each process's share of the server's CPU (with workers: the primary first)");
console.log('goal: >= 0.75 of the floor in the same shape');
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} (${availableParallelism()} cores)`,
);
await ceilingDb.close();
await databases.stop();
await checkouts.remove();
