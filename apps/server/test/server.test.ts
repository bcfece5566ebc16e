// `npm start` as a process: a bad configuration exits 2 with a clear message; a good one serves and shuts down cleanly.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';

const SERVER = new URL('../src/server.ts', import.meta.url).pathname;

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (err += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ out, err }) };
}

t.test('a bad configuration stops the server with status 2 and names every bad variable', async (t) => {
  const server = start({ PORT: 'eighty', LOG_LEVEL: 'chatty' });
  t.equal(await server.exited, 2);
  const { err } = server.output();
  t.match(err, /PORT="eighty"/);
  t.match(err, /LOG_LEVEL="chatty"/);
});

t.test('npm start: embedded PostgreSQL, migrations, ready, then a clean SIGTERM shutdown', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'delve-start-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  // A generous shutdown budget: under a loaded test run the embedded server can take seconds to stop.
  const server = start({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    EVENTSTORE_URL: '',
    SHUTDOWN_TIMEOUT_MS: '60000',
  });
  t.teardown(() => server.child.kill('SIGKILL'));
  let base: string | undefined;
  for (let i = 0; i < 600 && !base; i++) {
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output().out)?.[1];
    if (!base) await new Promise((r) => setTimeout(r, 100));
  }
  if (!base) throw new Error(`server did not start: ${JSON.stringify(server.output())}`);
  t.same(await (await fetch(`${base}/ready`)).json(), { status: 'ready' }, 'store reachable and migrations applied');
  const created = await fetch(`${base}/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ module: 'dungeon', seats: 2 }),
  });
  t.equal(created.status, 201, 'the shipped game modules are loaded');
  const { id } = (await created.json()) as { id: string };
  // The games list is the PostgreSQL read model, kept up by the projection runner in the background.
  let listed: { items: { id: string; status: string }[] } = { items: [] };
  for (let i = 0; i < 100 && listed.items.length === 0; i++) {
    listed = (await (await fetch(`${base}/games?module=dungeon&status=open`)).json()) as typeof listed;
    if (listed.items.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  t.same(
    listed.items.map((g) => [g.id, g.status]),
    [[id, 'open']],
    'the new game appears in the list',
  );
  server.child.kill('SIGTERM');
  const code = await server.exited;
  const steps = server.output().out.match(/"step":"[a-z ]+","ms":\d+/g);
  t.equal(code, 0, 'exits 0 after draining', { steps });
  t.match(server.output().out, /"msg":"shut down"/);
});
