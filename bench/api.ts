// npm run bench:api — commands/s and latency over loopback HTTP for 1, 10 and 50 concurrent games, against
// the raw append ceiling of the same PostgreSQL measured in the same run. Not a test: prints figures.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { postgresReadModels } from '@delve/projections';
import { toyGame } from '@delve/kernel/testing';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { liveGames } from '../apps/server/src/liveGames';
import { startProjectionWorker } from '../apps/server/src/projectionWorker';
import { StoreUpdatesFeed } from '../apps/server/src/graphql/feed';
import { loadModules } from '../apps/server/src/modules';
import { runLoadClient } from './runLoad';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const GAME_COUNTS = (process.env.BENCH_GAMES ?? '1,10,50').split(',').map(Number);

const db = await openTestDatabase();
const { sql } = db;

/** Raw ceiling: single-row INSERTs (autocommit, synchronous commit) from 8 connections for a few seconds. */
let ceilingRuns = 0;
async function rawAppendCeiling(seconds: number): Promise<number> {
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

if (process.env.BENCH_ASYNC_COMMIT === '1')
  await sql.unsafe(`alter database ${new URL(db.url).pathname.slice(1)} set synchronous_commit = off`);
const store = new PostgresEventStore(sql, {
  groupCommit: process.env.BENCH_GROUP_COMMIT !== '0',
  ...(process.env.BENCH_IN_FLIGHT && { maxInFlight: Number(process.env.BENCH_IN_FLIGHT) }),
});
const modules = { ...(await loadModules()), toy: toyGame };
const games = liveGames(store, modules);
const config = loadConfig({
  PORT: '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  RATE_LIMIT_MAX: '10000000',
  DATABASE_URL: db.url,
});
// The read side as npm start runs it: the games list projection follows the store into PostgreSQL meanwhile, on
// its worker thread. BENCH_READ_SIDE=0 runs no projection: a node of several that does not hold its lock.
const readSide = process.env.BENCH_READ_SIDE !== '0';
const updates = new StoreUpdatesFeed(store);
const app = await buildApp({ config, games, reads: postgresReadModels(sql), readiness: async () => undefined, modules, updates });
await app.listen({ host: '127.0.0.1', port: 0 });
const projections = readSide
  ? startProjectionWorker({
      databaseUrl: db.url,
      eventStoreUrl: null,
      onError: (error) => console.error('games list projection failed', error),
    })
  : null;
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const ceiling = await rawAppendCeiling(3);
const rows: {
  games: number;
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  serverCpu: number;
  clientCpu: number;
  loopBusy: number;
}[] = [];
// BENCH_PROFILE=<file>: a CPU profile of the server process while the clients run (not the ceiling runs).
const profiler = process.env.BENCH_PROFILE ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
for (const n of GAME_COUNTS) {
  const before = store.groupCommitStats;
  const loopBefore = performance.eventLoopUtilization();
  const result = await runLoadClient(url, n, SECONDS, 'toy');
  const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
  const after = store.groupCommitStats;
  if (before && after) {
    const statements = after.statements - before.statements;
    console.log(`${n} games: ${after.appends - before.appends} appends in ${statements} statements`);
  }
  if (result.errors > 0)
    console.error(`${n} games: refused commands by status and code: ${JSON.stringify(result.refusals)}\n${result.stdout}`);
  rows.push({
    games: n,
    rate: result.rate,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    // CPU time per command served (lobby requests included in the cost, not in the count).
    serverCpu: result.serverMicrosPerCommand,
    clientCpu: result.cpuMicros / result.commands,
    loopBusy,
  });
}
if (profiler && process.env.BENCH_PROFILE) {
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(process.env.BENCH_PROFILE, JSON.stringify(profile));
  profiler.disconnect();
}
const ceilingAfter = await rawAppendCeiling(3);
const rawCeiling = Math.round((ceiling + ceilingAfter) / 2);

console.log(
  `\nDelve API over loopback HTTP (toy module, 2-seat games, durable: synchronous_commit on; games list projection ${readSide ? 'running on its worker thread, as npm start does' : 'not running (BENCH_READ_SIDE=0)'})`,
);
console.log(
  `${'games'.padStart(5)} ${'commands/s'.padStart(11)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)} ${'of ceiling'.padStart(10)} ${'server µs'.padStart(9)} ${'client µs'.padStart(9)} ${'loop busy'.padStart(9)}`,
);
for (const r of rows) {
  console.log(
    `${String(r.games).padStart(5)} ${String(r.rate).padStart(11)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)} ${String(r.errors).padStart(6)} ${(r.rate / rawCeiling).toFixed(2).padStart(10)} ${r.serverCpu.toFixed(0).padStart(9)} ${r.clientCpu.toFixed(0).padStart(9)} ${`${(r.loopBusy * 100).toFixed(0)}%`.padStart(9)}`,
  );
}
console.log(
  `\nraw append ceiling (plain single-row INSERT, 8 connections, same database): ${rawCeiling}/s (before ${ceiling}, after ${ceilingAfter})`,
);
console.log('server µs / client µs: CPU time per command in the server process (all threads) and in the load client');
console.log("loop busy: the share of time the server's main thread (where requests are handled) was not idle");
console.log(
  `targets at 50 games: >= 0.60 of the ceiling, p99 < 20 ms; synchronous_commit=${(await sql`show synchronous_commit`)[0]?.synchronous_commit}`,
);
await app.close();
await projections?.stop();
await updates.close();
await db.close();
