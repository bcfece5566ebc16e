// Three nodes (WORKERS=1 each) on one PostgreSQL behind a round-robin TCP proxy, as a load balancer runs them: games
// are played through all three, one node is killed with -9 midway, and nothing acknowledged is lost while the games go
// on through the other two. FAULT_LOAD_MS and FAULT_BOTS scale it (`npm run test:faults` runs the long version).
import { startTestDatabaseServer, TcpProxy } from '@delve/store-postgres/testing';
import t from 'tap';
import { ADMIN_KEY, Load, verify } from './support/load';
import { bearer, freePort, http, startServer, until, type ServerProcess } from './support/processes';

const LOAD_MS = Number(process.env.FAULT_LOAD_MS ?? 1500);
const BOTS = Number(process.env.FAULT_BOTS ?? 4);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

t.test('three nodes behind a proxy, one killed -9 midway: nothing acknowledged lost, the games go on', async (t) => {
  const databases = await startTestDatabaseServer();
  t.teardown(() => databases.stop());
  const db = await databases.create();
  t.teardown(() => db.close());
  const nodes: ServerProcess[] = await Promise.all(
    [0, 1, 2].map(async () => startServer({ DATABASE_URL: db.url, ADMIN_KEY }, await freePort())),
  );
  t.teardown(() => nodes.forEach((n) => n.child.kill('SIGKILL')));
  const ports = nodes.map((n) => Number(new URL(n.base).port));
  const proxy = await TcpProxy.start(() => ports.map((port) => ({ host: '127.0.0.1', port })));
  t.teardown(() => proxy.stop());
  const base = `http://127.0.0.1:${proxy.port}`;

  // One two-seat game played across the kill by a client of its own, every request a new connection (fetch keeps
  // none across awaits here), so its moves land on every node in turn.
  const game = (await http(base, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const tokens = [
    (await http(base, 'POST', `/games/${game}/seats`, { seat: 0 })).body.token,
    (await http(base, 'POST', `/games/${game}/seats`, { seat: 1 })).body.token,
  ] as string[];
  const drawn = [0, 0];
  const move = async () => {
    const summary = (await http(base, 'GET', `/games/${game}`)).body;
    if (summary.status !== 'active') return summary.status as string;
    const seat = summary.awaiting[0] as number;
    const answer = await http(
      base,
      'POST',
      `/games/${game}/commands`,
      { type: ++drawn[seat]! <= 2 ? 'Draw' : 'Stand' },
      bearer(tokens[seat]),
    );
    t.equal(answer.status, 200, `move by seat ${seat}`);
    return 'active';
  };
  t.equal(await move(), 'active', 'a game under way through the proxy');

  const load = new Load(() => [base]);
  load.start(BOTS);
  await pause(LOAD_MS);
  // However slow the machine, the load goes on until the proxy has handed connections to every node.
  const served = await until('every node served', async () => (proxy.handed.size === 3 ? new Map(proxy.handed) : null));
  t.equal(served.size, 3, `every node served: ${[...served.values()].join(', ')} connections`);

  const victim = nodes[1] as ServerProcess;
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  await victim.exited;
  const again = await until('a command acknowledged after the kill', async () => load.firstAckAfter(killedAt), 60);
  t.pass(`node killed: commands acknowledged again ${again - killedAt} ms later`);
  await pause(LOAD_MS);
  const victimPort = `127.0.0.1:${ports[1]}`;
  const survivors = () => [...proxy.handed].filter(([key]) => key !== victimPort);
  // The load goes on until each survivor was handed connections since the kill (or the wait gives up, and fails below).
  await until('both survivors take the load', async () =>
    survivors().every(([key, count]) => count > (served.get(key) ?? 0)) ? true : null,
  ).catch(() => undefined);
  await load.stop();
  let status = 'active';
  for (let i = 0; i < 10 && status === 'active'; i++) status = await move();
  t.equal(status, 'finished', 'the game begun before the kill goes on to its end on the other two');
  t.equal((await http(base, 'GET', `/games/${game}/audit`)).body.verdict, 'verified', 'and its audit verifies');

  const after = survivors().length === 2 && survivors().every(([key, count]) => count > (served.get(key) ?? 0));
  t.ok(after, 'the two survivors took the load');
  const result = await verify(base, load.acks);
  t.comment(
    `requests ${load.sent}, acknowledged ${load.acks.length} commands in ${result.games} games, refused connections ${load.refused}`,
  );
  t.same(load.errors500, [], 'no 5xx');
  t.same(
    { lost: result.lost, changed: result.changed, duplicated: result.duplicated, forks: result.forks, notVerified: result.notVerified },
    { lost: 0, changed: 0, duplicated: 0, forks: 0, notVerified: [] },
    `every acknowledged command is in its stream, in order; ${result.audited} finished games audited`,
  );
});
