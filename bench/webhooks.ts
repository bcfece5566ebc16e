// npm run bench:webhooks — BENCH_GAMES (100) two-seat toy games played over HTTP, BENCH_CONCURRENCY (10) at a time, on
// one server process with an operator's webhook for every turn and game end, delivered to a loopback receiver that
// fails BENCH_FAIL (30%) of requests at random. Prints the events delivered after their retries, the requests per event,
// whether each game's deliveries came in order, and the time from each event to its delivery (p50/p99). Not a test.
import { openTestDatabase } from '@delve/store-postgres/testing';
import { freePort, http, startServer, type ServerProcess } from '../apps/server/test/support/processes';
import { deliveryKey, firstDeliveries, inOrderPerGame, playExpecting, startReceiver } from '../apps/server/test/support/receiver';

const GAMES = Number(process.env.BENCH_GAMES ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const FAIL = Number(process.env.BENCH_FAIL ?? 0.3);
const RETRY_BASE_MS = Number(process.env.BENCH_RETRY_BASE_MS ?? 100);
const RECEIVER_MS = Number(process.env.BENCH_RECEIVER_MS ?? 5);

const ADMIN_KEY = 'bench-admin-key-0123456789';

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

/** Run `work` `count` times, `limit` at a time, collecting what each returns. */
async function pool<T>(count: number, limit: number, work: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (started++ < count) out.push(await work());
    }),
  );
  return out;
}

const db = await openTestDatabase();
// The receiver fails a share of requests at random (the bench's own randomness: nothing here is the server's).
const receiver = await startReceiver(() => (Math.random() < FAIL ? 500 : 200), RECEIVER_MS);
let server: ServerProcess | null = null;
try {
  server = await startServer(
    {
      DATABASE_URL: db.url,
      LOG_LEVEL: 'error',
      ADMIN_KEY,
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOK_RETRY_BASE_MS: String(RETRY_BASE_MS),
      WEBHOOK_MAX_ATTEMPTS: '30',
    },
    await freePort(),
  );
  const { base } = server;
  const hook = await http(
    base,
    'POST',
    '/webhooks',
    { url: `${receiver.base}/bench`, events: ['turn', 'game.finished'] },
    { 'x-admin-key': ADMIN_KEY },
  );
  if (hook.status !== 201) throw new Error(`webhook not created: ${JSON.stringify(hook.body)}`);
  const began = performance.now();
  const expected = (await pool(GAMES, CONCURRENCY, () => playExpecting(base))).flat();
  const playedMs = performance.now() - began;
  await receiver
    .until(
      'every event delivered',
      (r) => {
        const got = new Set(firstDeliveries(r).map(deliveryKey));
        return expected.every((e) => got.has(e));
      },
      600_000,
    )
    .catch((error: unknown) => console.error(String(error)));
  const doneMs = performance.now() - began;
  const delivered = firstDeliveries(receiver.received);
  const wanted = new Set(expected);
  const deliveredWanted = new Set(delivered.map(deliveryKey).filter((k) => wanted.has(k)));
  const latencies = delivered.map((r) => r.at - Date.parse(r.payload.createdAt)).sort((a, b) => a - b);
  const failed = receiver.received.filter((r) => r.status >= 300).length;
  const repeated = receiver.received.filter((r) => r.status < 300).length - delivered.length;
  const order = inOrderPerGame(receiver.received);
  const firstAttempts = (
    await db.sql<{ ms: number }[]>`
      select extract(epoch from (a.at - d.created_at)) * 1000 as ms from webhook_deliveries d
        join webhook_attempts a on a.delivery_id = d.id and a.attempt = 1`
  )
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  console.log(
    `webhooks: ${GAMES} games (${CONCURRENCY} at a time, played in ${(playedMs / 1000).toFixed(1)} s), ${expected.length} events; ` +
      `receiver failing ${Math.round(FAIL * 100)}% at random (${RECEIVER_MS} ms per answer), retry base ${RETRY_BASE_MS} ms`,
  );
  console.log(
    `  delivered after retries: ${deliveredWanted.size}/${expected.length} events (unexpected: ${delivered.length - deliveredWanted.size}), ` +
      `all by ${(doneMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  requests: ${receiver.received.length} (${failed} failed on purpose, ${repeated} repeated successes): ` +
      `${(receiver.received.length / expected.length).toFixed(2)} deliveries per event`,
  );
  console.log(`  in order per game: ${order.ok ? 'yes' : `NO (${order.outOfOrder.length} out of order)`} over ${order.games} games`);
  console.log(
    `  event to delivery: p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p99 ${quantile(latencies, 0.99).toFixed(0)} ms, ` +
      `max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms; to its first attempt: p50 ${quantile(firstAttempts, 0.5).toFixed(0)} ms, ` +
      `p99 ${quantile(firstAttempts, 0.99).toFixed(0)} ms`,
  );
} finally {
  if (process.env.BENCH_DEBUG)
    console.log(
      server
        ?.stderr()
        .split('\n')
        .filter((l) => /NOTIFY|DUE/.test(l))
        .slice(0, 400)
        .join('\n'),
    );
  server?.child.kill('SIGTERM');
  await server?.exited;
  await receiver.close();
  await db.close();
}
