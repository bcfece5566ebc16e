// npm run bench:clocks — turn clocks under load: BENCH_GAMES games (default 2,000) of clockwork, a game that never ends,
// with a move clock of BENCH_CLOCK_SECONDS (default 2) and nobody moving, so every deadline fires, all the time. Run on
// one server process and on two on one PostgreSQL. Prints how late deadlines fired (p50/p99/max), double fires and
// missed fires, read back from the event log, beside the store's raw append floor measured in the same run. Not a test.
import { randomUUID } from 'node:crypto';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { http } from '../apps/server/test/support/processes';
import { benchVariants, checkoutVariants, cpuBetween, startDelve, type BenchServer, type BenchVariant } from './servers';

const GAMES = Number(process.env.BENCH_GAMES ?? 2000);
const CLOCK_SECONDS = Number(process.env.BENCH_CLOCK_SECONDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const NODES = (process.env.BENCH_NODES ?? '1,2').split(',').map(Number);
/** A folder for each server's V8 CPU profile (`--cpu-prof`), to see where a fired timeout's time goes. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF_DIR;
/** Servers measured side by side at every node count in turn (BENCH_VARIANTS, see benchVariants). */
const VARIANTS = benchVariants('delve');
/** Run what `npm start` runs (the compiled build) rather than the sources through tsx. */
const COMPILED = process.env.BENCH_COMPILED === '1';
type Sql = Awaited<ReturnType<typeof openTestDatabase>>['sql'];

/** Single-row INSERTs from 8 connections: what the store's disk and PostgreSQL allow at all, measured now. */
async function appendFloor(sql: Sql, seconds = 3): Promise<number> {
  await sql`create table if not exists raw_floor (like events including defaults including constraints including indexes)`;
  const until = performance.now() + seconds * 1000;
  const counts = await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      let n = 0;
      for (; performance.now() < until; n++) {
        await sql`insert into raw_floor (stream_id, revision, event_id, type, data, metadata)
                  values (${`floor-${w}`}, ${n}, ${randomUUID()}, 'Passed', '{"type":"Passed","to":1}'::json, '{}'::json)`;
      }
      return n;
    }),
  );
  await sql`drop table raw_floor`;
  return Math.round(counts.reduce((a, b) => a + b, 0) / seconds);
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/** Create the games over `nodes`, spread over one clock period so their deadlines spread evenly too. */
async function createGames(nodes: readonly BenchServer[]): Promise<void> {
  const spreadMs = CLOCK_SECONDS * 1000;
  const began = performance.now();
  const batch = 50;
  for (let i = 0; i < GAMES; i += batch) {
    const due = began + (i / GAMES) * spreadMs;
    while (performance.now() < due) await new Promise((r) => setImmediate(r));
    await Promise.all(
      Array.from({ length: Math.min(batch, GAMES - i) }, async (_, j) => {
        const base = (nodes[(i + j) % nodes.length] as BenchServer).base;
        const clock = { kind: 'move', seconds: CLOCK_SECONDS };
        const game = await http(base, 'POST', '/games', { module: 'clockwork', seats: 2, clock, onTimeout: 'default' });
        await http(base, 'POST', `/games/${game.body.id}/seats`, {});
        await http(base, 'POST', `/games/${game.body.id}/seats`, {});
      }),
    );
  }
}

async function run(nodeCount: number, { name: variant, env }: BenchVariant, root: string | undefined): Promise<void> {
  const db = await openTestDatabase();
  try {
    const nodes: BenchServer[] = [];
    for (let i = 0; i < nodeCount; i++) {
      const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${variant}`] : [];
      nodes.push(
        await startDelve(db.url, 1, { LOG_LEVEL: 'error', BOT_PACE_MS: '0', ...env }, profile, {
          fromSources: !COMPILED,
          ...(root !== undefined && { root }),
        }),
      );
    }
    const started = new Date();
    const cpu = nodes.map((n) => n.cpu());
    await createGames(nodes);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const ended = new Date();
    const cpuMs = nodes.reduce((sum, n, i) => sum + cpuBetween(cpu[i] as Map<number, number>, n.cpu()).total / 1000, 0);
    await Promise.all(nodes.map((n) => n.stop()));
    const floor = await appendFloor(db.sql);

    // Every deadline set during the run that fell due a grace period before its end should have fired, once.
    const graceMs = 1000;
    const fired = await db.sql<{ lateness: number }[]>`
      select extract(epoch from ((metadata ->> 'at')::timestamptz - (data ->> 'deadline')::timestamptz)) * 1000 as lateness
        from events where type = 'SeatTimedOut'`;
    const [doubles] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from (
        select 1 from events where type = 'SeatTimedOut'
         group by stream_id, data ->> 'seat', data ->> 'deadline' having count(*) > 1) d`;
    const [missed] = await db.sql<{ n: number }[]>`
      with set as (
        select distinct e.stream_id, d ->> 'seat' as seat, d ->> 'at' as at
          from events e, json_array_elements(e.data -> 'deadlines') d
         where e.type = 'ClockSet' and (d ->> 'at')::timestamptz < ${new Date(ended.getTime() - graceMs)})
      select count(*)::int as n from set s
       where not exists (select 1 from events t where t.type = 'SeatTimedOut' and t.stream_id = s.stream_id
                           and t.data ->> 'seat' = s.seat and t.data ->> 'deadline' = s.at)`;
    const lateness = fired.map((r) => Number(r.lateness)).sort((a, b) => a - b);
    const seconds = (ended.getTime() - started.getTime()) / 1000;
    console.log(
      `${variant.padEnd(8)} ${nodeCount} node${nodeCount === 1 ? '' : 's'}: ${GAMES} games, ${CLOCK_SECONDS} s deadlines, ${seconds.toFixed(0)} s: ` +
        `${lateness.length} deadlines fired (${(lateness.length / seconds).toFixed(0)}/s); lateness p50 ${quantile(lateness, 0.5).toFixed(0)} ms, ` +
        `p99 ${quantile(lateness, 0.99).toFixed(0)} ms, max ${(lateness.at(-1) ?? Number.NaN).toFixed(0)} ms; ` +
        `double fires ${doubles?.n ?? 0}, missed ${missed?.n ?? 0}; append floor ${floor} inserts/s ` +
        `(timeouts fired at ${((lateness.length / seconds / floor) * 100).toFixed(0)}% of it, each a command of three events); ` +
        `server CPU ${((cpuMs / 1000 / seconds) * 100).toFixed(0)}% of a core, ${(cpuMs / Math.max(1, lateness.length)).toFixed(2)} ms a timeout ` +
        `(game creation included)`,
    );
  } finally {
    await db.close();
  }
}

const checkouts = await checkoutVariants(VARIANTS);
try {
  for (const nodes of NODES) for (const variant of VARIANTS) await run(nodes, variant, checkouts.roots.get(variant.name));
} finally {
  await checkouts.remove();
}
