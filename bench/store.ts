// npm run bench:store — the PostgreSQL event store against plain postgres.js INSERT/SELECT of identical rows.
// Not a test: prints figures. Uses DATABASE_URL when set, otherwise an embedded PostgreSQL (synchronous_commit on).
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';

const SINGLE_APPENDS = Number(process.env.BENCH_APPENDS ?? 2000);
const CONCURRENT_WRITERS = 8;
const STREAM_LENGTH = 200;
const STREAM_READS = 200;
const ALL_EVENTS = Number(process.env.BENCH_ALL_EVENTS ?? 100_000);

const db = await openTestDatabase();
const { sql } = db;
const store = new PostgresEventStore(sql, {
  groupCommit: process.env.BENCH_GROUP_COMMIT !== '0',
  ...(process.env.BENCH_IN_FLIGHT && { maxInFlight: Number(process.env.BENCH_IN_FLIGHT) }),
});
const payload = { type: 'PassagePlayed', seat: 1, card: { rank: 7, suit: 'hearts' }, branch: false };
const metadata = { commandId: randomUUID(), actor: 'seat:1', at: new Date().toISOString(), rulesVersion: '1', eventVersion: 1 };
const event = () => ({ id: randomUUID(), type: 'PassagePlayed', data: payload, metadata });

await sql`create table plain_events (like events including defaults including constraints including indexes)`;

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
async function timed(fn: () => Promise<number>): Promise<number> {
  const start = performance.now();
  const count = await fn();
  return rate(count, performance.now() - start);
}

async function storeWriter(stream: string, n: number) {
  for (let i = 0; i < n; i++) await store.appendToStream(stream, [event()], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
  return n;
}
async function plainWriter(stream: string, n: number) {
  for (let i = 0; i < n; i++) {
    const e = event();
    await sql`insert into plain_events (stream_id, revision, event_id, type, data, metadata)
              values (${stream}, ${i}, ${e.id}, ${e.type}, ${sql.json(e.data)}, ${sql.json(e.metadata)})`;
  }
  return n;
}
const concurrently = async (writer: (s: string, n: number) => Promise<number>, tag: string) => {
  const per = Math.ceil(SINGLE_APPENDS / 2);
  const counts = await Promise.all(Array.from({ length: CONCURRENT_WRITERS }, (_, w) => writer(`${tag}-w${w}`, per)));
  return counts.reduce((a, b) => a + b, 0);
};

// Warm both paths (plans, connections) before measuring.
await storeWriter('warm-store', 50);
await plainWriter('warm-plain', 50);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const results: [string, number, number][] = [];
/** Alternate store and plain runs for several rounds so drift in machine load hits both; report medians. */
const measure = async (label: string, ours: (round: number) => Promise<number>, plain: (round: number) => Promise<number>) => {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await timed(() => ours(round)));
    b.push(await timed(() => plain(round)));
  }
  results.push([label, median(a), median(b)]);
};

await measure(
  'append, 1 writer, exact expected revision (events/s)',
  (r) => storeWriter(`one-${r}`, SINGLE_APPENDS),
  (r) => plainWriter(`one-${r}`, SINGLE_APPENDS),
);
await measure(
  'append, 8 writers, exact expected revision (events/s)',
  (r) => concurrently(storeWriter, `eight-${r}`),
  (r) => concurrently(plainWriter, `eight-${r}`),
);

await store.appendToStream('long', Array.from({ length: STREAM_LENGTH }, event));
await sql`insert into plain_events (stream_id, revision, event_id, type, data, metadata)
          select stream_id, revision, event_id, type, data, metadata from events where stream_id = 'long'`;
await measure(
  `read a ${STREAM_LENGTH}-event stream (events/s)`,
  async () => {
    for (let i = 0; i < STREAM_READS; i++) await store.readStream('long');
    return STREAM_READS * STREAM_LENGTH;
  },
  async () => {
    for (let i = 0; i < STREAM_READS; i++) await sql`select * from plain_events where stream_id = 'long' order by revision`;
    return STREAM_READS * STREAM_LENGTH;
  },
);

const existing = Number((await sql`select count(*)::int as n from events`)[0]?.n);
for (let made = existing; made < ALL_EVENTS; made += 1000) {
  await store.appendToStream(`bulk-${made}`, Array.from({ length: Math.min(1000, ALL_EVENTS - made) }, event));
}
await sql`insert into plain_events (stream_id, revision, event_id, type, data, metadata)
          select stream_id, revision, event_id, type, data, metadata from events where stream_id like 'bulk-%'`;
await sql`vacuum analyze events`;
await sql`vacuum analyze plain_events`;
const total = Number((await sql`select count(*)::int as n from events`)[0]?.n);
await measure(
  `read all, full scan of ${total} events (events/s)`,
  async () => (await store.readAll()).length,
  async () => {
    let n = 0;
    await sql`select * from plain_events order by global_position`.cursor(5000, (rows) => {
      n += rows.length;
    });
    return n;
  },
);

console.log('\nDelve event store (PostgreSQL) vs plain postgres.js on the same database');
console.log(`${'measure'.padEnd(58)} ${'store'.padStart(9)} ${'plain'.padStart(9)} ${'ratio'.padStart(6)}`);
for (const [label, ours, plain] of results) {
  console.log(`${label.padEnd(58)} ${String(ours).padStart(9)} ${String(plain).padStart(9)} ${(ours / plain).toFixed(2).padStart(6)}`);
}
const [one, eight, , all] = results;
console.log(
  `\ntargets: append >= 0.80 of plain INSERT (1 writer ${(one![1] / one![2]).toFixed(2)}, 8 writers ${(eight![1] / eight![2]).toFixed(2)}); read-all >= 100000 events/s (${all![1]})`,
);
console.log(
  `rounds: ${ROUNDS} (median), load average at the end: ${(await import('node:os'))
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  `settings: synchronous_commit=${(await sql`show synchronous_commit`)[0]?.synchronous_commit}, fsync=${(await sql`show fsync`)[0]?.fsync}`,
);
await db.close();
