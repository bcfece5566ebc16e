// /metrics as operators scrape it: refused without the token; figures that move with a game's commands, a refused
// command, a rate-limited client, a subscription and the scheduler's plan; labels free of ids and secrets; and with
// WORKERS=2 one scrape (on METRICS_PORT or on the API's port) that sums both workers.
import { get } from 'node:http';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import t from 'tap';
import WebSocket from 'ws';
import { bearer, freePort, http, startServer, until } from './support/processes';

const TOKEN = 'metrics-test-token-0123456789';
const databases = await startTestDatabaseServer();
t.teardown(() => databases.stop());

/** The samples of a Prometheus text exposition: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

/** The sum of every sample of `name` whose labels include each of `labels`. */
function total(all: Map<string, number>, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const [key, value] of all) {
    const brace = key.indexOf('{');
    if ((brace < 0 ? key : key.slice(0, brace)) !== name) continue;
    if (Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`))) sum += value;
  }
  return sum;
}

async function scrape(url: string, token: string | undefined = TOKEN): Promise<{ status: number; text: string; type: string | null }> {
  const reply = await fetch(url, { headers: bearer(token) });
  return { status: reply.status, text: await reply.text(), type: reply.headers.get('content-type') };
}

/** One subscription to a game's updates over graphql-transport-ws; resolves with its first update (all since the start). */
function subscribe(base: string, gameId: string): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  return new Promise((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === 'connection_ack') {
        const query = 'subscription ($id: ID!) { gameUpdated(gameId: $id, after: -1) { revision } }';
        ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables: { id: gameId } } }));
      }
      if (message.type === 'next') resolve(ws);
    });
  });
}

t.test('metrics move with the traffic and are refused without the token', async (t) => {
  const db = await databases.create();
  t.teardown(() => db.close());
  const server = await startServer(
    { DATABASE_URL: db.url, METRICS_TOKEN: TOKEN, RATE_LIMIT_MAX: '', RATE_LIMIT_READS_PER_SECOND: '5', RATE_LIMIT_READ_BURST: '20' },
    await freePort(),
  );
  t.teardown(() => server.child.kill('SIGKILL'));
  const url = `${server.base}/metrics`;

  const refused = await http(server.base, 'GET', '/metrics');
  t.same([refused.status, refused.body.code], [401, 'metrics/unauthorized'], 'no token: 401 with a code');
  t.equal(refused.headers.get('www-authenticate'), 'Bearer', 'saying which scheme');
  t.equal((await scrape(url, 'metrics-test-token-wrong-guess00')).status, 401, 'a wrong token: 401');
  const before = await scrape(url);
  t.equal(before.status, 200, 'the token: 200');
  t.match(before.type, /^text\/plain; version=0\.0\.4/, 'in the Prometheus text format');
  const first = samples(before.text);
  for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
    t.ok(first.has(name), `${name} (prom-client's default metrics)`);
  }

  // A game on a move clock (the scheduler plans its deadline), played a few moves, one of them refused.
  const game = (await http(server.base, 'POST', '/games', { module: 'toy', seats: 2, clock: { kind: 'move', seconds: 600 } })).body;
  const tokens = [0, 1].map(async () => (await http(server.base, 'POST', `/games/${game.id}/seats`, {})).body.token as string);
  const [a, b] = await Promise.all(tokens);
  const seatTokens = [a as string, b as string];
  const socket = await subscribe(server.base, game.id as string);
  t.teardown(() => socket.close());
  let accepted = 0;
  for (let move = 0; move < 3; move++) {
    const summary = (await http(server.base, 'GET', `/games/${game.id}`, undefined, bearer(seatTokens[0]))).body;
    const seat = summary.awaiting[0] as number;
    const answer = await http(server.base, 'POST', `/games/${game.id}/commands`, { type: 'Draw' }, bearer(seatTokens[seat]));
    if (answer.status === 200) accepted++;
  }
  const summary = (await http(server.base, 'GET', `/games/${game.id}`, undefined, bearer(seatTokens[0]))).body;
  const idle = seatTokens[1 - (summary.awaiting[0] as number)];
  const wrong = await http(server.base, 'POST', `/games/${game.id}/commands`, { type: 'Draw' }, bearer(idle));
  t.equal(wrong.status, 422, `a command out of turn is refused (${wrong.body.code})`);
  // A client reading far over its budget from one address.
  const reads = await Promise.all(Array.from({ length: 40 }, () => http(server.base, 'GET', '/modules')));
  const limited = reads.filter((r) => r.status === 429).length;
  t.ok(limited > 0, `${limited} of 40 reads refused for the rate limit`);

  const after = await until('the scheduler to plan the deadline', async () => {
    const scraped = await scrape(url);
    return total(samples(scraped.text), 'delve_scheduler_due_actions', { state: 'pending' }) > 0 ? scraped : null;
  });
  const now = samples(after.text);
  const grew = (name: string, labels: Record<string, string> = {}) => total(now, name, labels) - total(first, name, labels);
  t.equal(grew('delve_commands_total', { module: 'toy', outcome: 'accepted' }), accepted, `${accepted} commands accepted`);
  t.equal(grew('delve_commands_total', { module: 'toy', outcome: wrong.body.code }), 1, `one refused with ${wrong.body.code}`);
  t.equal(
    grew('delve_http_request_duration_seconds_count', { method: 'POST', route: '/games/:id/commands', status: '200' }),
    accepted,
    'requests counted by route pattern and status',
  );
  t.ok(
    grew('delve_http_request_duration_seconds_bucket', { route: '/games/:id/commands', le: '+Inf' }) > accepted,
    'with their latency histogram',
  );
  t.equal(grew('delve_http_request_duration_seconds_count', { route: '/modules', status: '429' }), limited, 'the 429s among them');
  t.equal(grew('delve_rate_limited_total', { budget: 'read' }), limited, 'and as rate-limit refusals');
  t.ok(grew('delve_store_append_duration_seconds_count') >= accepted + 3, 'appends timed (creation, claims, commands)');
  t.ok(grew('delve_store_group_commit_batch_size_count') > 0, 'group-commit batches sized');
  t.ok(grew('delve_fold_cache_lookups_total', { result: 'hit' }) > 0, 'fold-cache hits');
  t.ok(total(now, 'delve_websocket_clients') >= 1, 'the subscriber counted');
  t.ok(
    now.has('delve_projection_lag_events{projection="games-list-v2"}') ||
      [...now.keys()].some((k) => k.startsWith('delve_projection_lag_events{')),
    'projection lag per read model',
  );
  t.equal(total(now, 'delve_scheduler_due_actions', { state: 'late' }), 0, 'nothing late');
  t.notOk(after.text.includes(game.id as string), 'no game id in any label');
  t.notOk(
    seatTokens.some((token) => after.text.includes(token)),
    'no token either',
  );

  socket.close();
  await until('the subscriber gone', async () => (total(samples((await scrape(url)).text), 'delve_websocket_clients') === 0 ? true : null));
  t.pass('and uncounted when it leaves');
});

t.test('a sole writer says so, and counts each time it takes its lock again', async (t) => {
  const db = await databases.create();
  t.teardown(() => db.close());
  const server = await startServer({ DATABASE_URL: db.url, SOLE_WRITER: 'true', METRICS_TOKEN: TOKEN }, await freePort());
  t.teardown(() => server.child.kill('SIGKILL'));
  const epoch = async () => total(samples((await scrape(`${server.base}/metrics`)).text), 'delve_sole_writer_epoch');
  const first = await until('the lock taken', async () => ((await epoch()) > 0 ? epoch() : null));
  t.equal(first, 1, 'holding it: the first taking');
  // What a PostgreSQL restart (or an operator) does to the lock's session.
  await db.sql`select pg_terminate_backend(l.pid) from pg_locks l
    where l.locktype = 'advisory' and l.mode = 'ExclusiveLock' and l.granted and l.database = (select oid from pg_database where datname = current_database())`;
  t.equal(await until('the lock taken again', async () => ((await epoch()) > first ? epoch() : null)), 2, 'taken again: the second taking');
});

/** GET on a connection of its own, so the cluster's primary hands it to the next worker. */
const onNewConnection = (base: string, path: string): Promise<number> =>
  new Promise((resolve, reject) =>
    get(`${base}${path}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject),
  );

t.test('WORKERS=2: one scrape covers both workers, on METRICS_PORT and on the API port', async (t) => {
  const metricsPort = await freePort();
  const db = await databases.create();
  t.teardown(() => db.close());
  const server = await startServer(
    { DATABASE_URL: db.url, WORKERS: '2', METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) },
    await freePort(),
    120,
    {
      compiled: true,
    },
  );
  t.teardown(() => server.child.kill('SIGKILL'));
  const count = async (url: string) =>
    total(samples((await scrape(url)).text), 'delve_http_request_duration_seconds_count', { route: '/health' });
  const local = `http://127.0.0.1:${metricsPort}/metrics`;
  t.equal((await scrape(local, '')).status, 401, 'METRICS_PORT asks for the token too when one is set');
  const start = await count(local);
  const statuses = [];
  for (let i = 0; i < 20; i++) statuses.push(await onNewConnection(server.base, '/health'));
  t.same(new Set(statuses), new Set([200]), '20 requests, each on a new connection (the workers take turns)');
  t.equal((await count(local)) - start, 20, 'METRICS_PORT (the primary) counts all 20: both workers summed');
  t.equal(total(samples((await scrape(local)).text), 'delve_sole_writer_epoch'), 0, 'a cluster is never a sole writer');
  t.equal((await count(`${server.base}/metrics`)) - start, 20, 'so does /metrics on the API port, whichever worker answers');
  // A game's deadline planned: each worker reads the same plan from the database, and the scrape says it once.
  const game = (await http(server.base, 'POST', '/games', { module: 'toy', seats: 2, clock: { kind: 'move', seconds: 600 } })).body;
  for (let seat = 0; seat < 2; seat++) await http(server.base, 'POST', `/games/${game.id}/seats`, {});
  const pending = async () => total(samples((await scrape(local)).text), 'delve_scheduler_due_actions', { state: 'pending' });
  await until('the deadline planned', async () => ((await pending()) > 0 ? true : null));
  // The plan may change between two reads: ask both until they agree (summed over two workers they never would).
  const agreed = await until(
    'the scrape and the database to agree',
    async () => {
      const scraped = await pending();
      const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from due_actions where due_at > now()`;
      return scraped === row?.n && scraped > 0 ? scraped : null;
    },
    20,
  );
  t.ok(agreed > 0, `figures read from the database are not summed over the workers (${agreed} pending)`);
});
