// npm run bench:api — N concurrent Dungeon games (N = 1, 10, 50) driven over loopback HTTP by client processes sending
// legal commands; prints commands/s, p50/p99 command latency, and the store's raw append ceiling measured in the same run.
// Not a test. Uses DATABASE_URL when set, otherwise an embedded PostgreSQL (synchronous_commit on: every ack is durable).
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_GAMES ?? '1,10,50').split(',').map(Number);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENTS ?? 2);
const SEATS = 2;

type ClientResult = { commands: number; latencies: number[]; errors: number; games: number };

if (process.argv[2] === '--client') await client(process.argv[3] as string, Number(process.argv[4]), Number(process.argv[5]));
else await main();

/** One client process: drives `games` games at once until `until` (epoch ms), then reports to the parent. */
async function client(base: string, games: number, until: number): Promise<void> {
  const result: ClientResult = { commands: 0, latencies: [], errors: 0, games: 0 };
  const json = { 'content-type': 'application/json' };
  const post = async (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: token ? { ...json, authorization: `Bearer ${token}` } : json,
      body: JSON.stringify(body),
    });
  const get = async (path: string, token?: string) =>
    (await fetch(`${base}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})).json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const newGame = async () => {
    const { id } = (await (await post('/games', { module: 'dungeon', options: {}, seats: SEATS })).json()) as { id: string };
    const tokens: string[] = [];
    for (let i = 0; i < SEATS; i++) tokens.push(((await (await post(`/games/${id}/seats`, {})).json()) as { token: string }).token);
    result.games++;
    return { id, tokens };
  };
  const drive = async () => {
    let game = await newGame();
    while (Date.now() < until) {
      const summary = await get(`/games/${game.id}`);
      if (summary.status !== 'active') {
        game = await newGame();
        continue;
      }
      const seat = summary.awaiting[Math.floor(Math.random() * summary.awaiting.length)] as number;
      const token = game.tokens[seat] as string;
      const { commands } = await get(`/games/${game.id}/legal-commands`, token);
      if (commands.length === 0) continue;
      const command = commands[Math.floor(Math.random() * commands.length)];
      const start = performance.now();
      const reply = await post(`/games/${game.id}/commands`, command, token);
      await reply.arrayBuffer();
      const took = performance.now() - start;
      if (reply.status === 200) {
        result.commands++;
        result.latencies.push(took);
      } else result.errors++;
    }
  };
  await Promise.all(Array.from({ length: games }, drive));
  process.send?.(result);
  process.exit(0);
}

async function main(): Promise<void> {
  const { GameService } = await import('@delve/kernel');
  const { PostgresEventStore } = await import('@delve/store-postgres');
  const { openTestDatabase } = await import('@delve/store-postgres/testing');
  const { dungeon } = await import('@delve/game-dungeon');
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { MemoryGamesList } = await import('../apps/server/src/gamesList');
  const { StoreUpdatesFeed } = await import('../apps/server/src/graphql/feed');

  const db = await openTestDatabase();
  const store = new PostgresEventStore(db.sql);

  // The ceiling: as many single-event appends as 50 concurrent writers can make, each at its exact expected revision.
  const ceiling = async (writers: number): Promise<number> => {
    const until = Date.now() + SECONDS * 500;
    let count = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const stream = `ceiling-${randomUUID()}`;
        for (let revision = -1; Date.now() < until; revision++) {
          const data = { type: 'PassagePlayed', seat: 1, card: { rank: 7, suit: 'hearts' } };
          await store.appendToStream(stream, [{ id: randomUUID(), type: 'PassagePlayed', data, metadata: { actor: 'seat:1' } }], {
            expectedRevision: revision < 0 ? 'no_stream' : revision,
          });
          count++;
        }
      }),
    );
    return Math.round(count / (SECONDS / 2));
  };

  const games = new GameService({
    store,
    modules: { dungeon },
    clock: () => new Date(),
    newId: () => randomUUID(),
    newSecret: () => randomBytes(32).toString('base64url'),
  });
  const gamesList = new MemoryGamesList();
  gamesList.follow(store);
  const updates = await StoreUpdatesFeed.start(store);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production', RATE_LIMIT_MAX: '10000000' }),
    games,
    gamesList,
    readiness: async () => {},
    modules: { dungeon },
    updates,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const rows: string[] = [];
  const appendCeiling = await ceiling(50);
  for (const n of LEVELS) {
    const processes = Math.min(n, CLIENT_PROCESSES);
    const until = Date.now() + SECONDS * 1000 + 1000;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: processes }, (_, i) => {
        const share = Math.floor(n / processes) + (i < n % processes ? 1 : 0);
        return new Promise<ClientResult>((resolve, reject) => {
          const child = fork(fileURLToPath(import.meta.url), ['--client', base, String(share), String(until)]);
          child.once('message', (m) => resolve(m as ClientResult));
          child.once('error', reject);
        });
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const commands = results.reduce((a, r) => a + r.commands, 0);
    const errors = results.reduce((a, r) => a + r.errors, 0);
    const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const rate = commands / elapsed;
    rows.push(
      `${String(n).padStart(5)} ${String(Math.round(rate)).padStart(10)} ${percentile(latencies, 50).toFixed(1).padStart(8)} ${percentile(
        latencies,
        99,
      )
        .toFixed(1)
        .padStart(
          8,
        )} ${(rate / appendCeiling).toFixed(2).padStart(7)} ${String(errors).padStart(7)} ${String(results.reduce((a, r) => a + r.games, 0)).padStart(6)}`,
    );
  }

  console.log(
    `\nDelve API over loopback HTTP: Dungeon (${SEATS} seats), random legal commands, ${SECONDS}s per level, ${CLIENT_PROCESSES} client processes`,
  );
  console.log(`store's raw append ceiling (50 writers, 1 event per append): ${appendCeiling} appends/s`);
  console.log(
    `${'games'.padStart(5)} ${'commands/s'.padStart(10)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'ratio'.padStart(7)} ${'errors'.padStart(7)} ${'played'.padStart(6)}`,
  );
  for (const row of rows) console.log(row);
  console.log(`targets at 50 games: ratio >= 0.60, p99 < 20 ms`);
  console.log(
    `settings: synchronous_commit=${(await db.sql`show synchronous_commit`)[0]?.synchronous_commit}, fsync=${(await db.sql`show fsync`)[0]?.fsync}; load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  await app.close();
  await gamesList.close();
  await updates.close();
  await db.close();
}
