// npm run bench:matchmaking — BENCH_TICKETS (1,000) tickets for tables of BENCH_SEATS (4) sent to two server processes
// on one PostgreSQL, BENCH_CONCURRENCY (50) at a time. Prints the time from a ticket's opening to its seat (p50/p99,
// read back from the log), double seats and tickets left without one. Not a test.
import { openTestDatabase } from '@delve/store-postgres/testing';
import { freePort, httpAs as http, startServer, until, type ServerProcess } from '../apps/server/test/support/processes';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 1000);
const SEATS = Number(process.env.BENCH_SEATS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/** Run `work` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < items.length; i = next++) await work(items[i] as T, i);
    }),
  );
}

const db = await openTestDatabase();
const nodes: ServerProcess[] = [];
try {
  for (let i = 0; i < 2; i++)
    nodes.push(await startServer({ DATABASE_URL: db.url, LOG_LEVEL: 'error', BOT_PACE_MS: '0' }, await freePort()));
  const base = (i: number) => (nodes[i % nodes.length] as ServerProcess).base;
  const players: { key: string }[] = [];
  await pool(
    Array.from({ length: TICKETS }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      players[i] = (await http(base(i), 'POST', '/players', { name: `p${i}` })).body;
    },
  );
  const began = performance.now();
  await pool(players, CONCURRENCY, async (player, i) => {
    await http(base(i), 'POST', '/matchmaking/tickets', { module: 'toy', seats: SEATS }, player.key);
  });
  const sentMs = performance.now() - began;
  await until(
    'every ticket seated',
    async () => {
      const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from events where type = 'TicketSeatTaken'`;
      return (row?.n ?? 0) >= TICKETS ? true : null;
    },
    120,
  ).catch(() => undefined);
  const times = (
    await db.sql<{ ms: number }[]>`
      select extract(epoch from ((s.metadata ->> 'at')::timestamptz - (o.metadata ->> 'at')::timestamptz)) * 1000 as ms
        from events o join events s on s.stream_id = o.stream_id and s.type = 'TicketSeatTaken'
       where o.type = 'TicketOpened'`
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  const [doubles] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from (
      select 1 from events where type = 'TicketSeatTaken' group by data ->> 'gameId', data ->> 'seat' having count(*) > 1) d`;
  const [claims] = await db.sql<{ n: number }[]>`
    select count(*)::int as n from (
      select 1 from events where type = 'SeatClaimed' group by stream_id, data ->> 'seat' having count(*) > 1) d`;
  console.log(
    `matchmaking: ${TICKETS} tickets for tables of ${SEATS} over 2 nodes, ${CONCURRENCY} at a time, sent in ${(sentMs / 1000).toFixed(1)} s: ` +
      `${times.length} seated; time to a seat p50 ${quantile(times, 0.5).toFixed(0)} ms, p99 ${quantile(times, 0.99).toFixed(0)} ms, ` +
      `max ${(times.at(-1) ?? Number.NaN).toFixed(0)} ms; double seats ${(doubles?.n ?? 0) + (claims?.n ?? 0)}; ` +
      `without a seat ${TICKETS - times.length}`,
  );
} finally {
  for (const node of nodes) node.child.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
  await db.close();
}
