// npm run bench:statements — what one command asks of PostgreSQL under bench:api's load: statements per command, by
// statement, from PostgreSQL's own statement log (log_statement = all on the bench's database), at each worker count.
// With BENCH_BEFORE=<git revision>, that revision (built in a scratch folder) is measured first, in the same run.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { migrate, startEmbeddedPostgres } from '@delve/store-postgres';
import { runLoadClient } from './runLoad';
import { checkoutAt, startDelve } from './servers';

const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GAMES = Number(process.env.BENCH_GAMES ?? 50);
const BEFORE = process.env.BENCH_BEFORE;
const TOP = Number(process.env.BENCH_TOP ?? 25);

/** PostgreSQL's log lines while counting, a statement's continuation lines and its parameters joined to it. */
const lines: string[] = [];
let counting = false;
const pg = await startEmbeddedPostgres({
  onLog: (line) => {
    if (!counting) return;
    if ((/^\s/.test(line) || / DETAIL: /.test(line)) && lines.length > 0) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line);
  },
});
const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
const before = BEFORE ? await checkoutAt(BEFORE) : null;
const variants = [...(before ? [{ name: `@${BEFORE}`, root: before.root }] : []), { name: 'this checkout', root: undefined }];

for (const workers of WORKERS) {
  for (const variant of variants) {
    const name = `stmts_${randomUUID().replaceAll('-', '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => undefined });
    await migrate(sql);
    await admin.unsafe(`alter database ${name} set log_statement = 'all'`);
    const server = await startDelve(url.toString(), workers, { LOG_LEVEL: 'error' }, [], variant.root ? { root: variant.root } : {});
    await runLoadClient(server, GAMES, 2, 'toy'); // warm-up, not counted
    lines.length = 0;
    counting = true;
    const load = await runLoadClient(server, GAMES, SECONDS, 'toy');
    counting = false;
    const by = new Map<string, number>();
    let total = 0;
    for (const line of lines) {
      const m = /(?:statement|execute [^:]*): (.*)$/.exec(line);
      if (!m) continue;
      total++;
      const key = (m[1] as string)
        .replace(/ \d{4}-\d\d-\d\d .*DETAIL:.*$/, '')
        .replace(/\s+/g, ' ')
        .replace(/\$\d+/g, '$')
        .trim()
        .slice(0, 110);
      by.set(key, (by.get(key) ?? 0) + 1);
    }
    console.log(
      `\n${variant.name}, WORKERS=${workers}, ${GAMES} games: ${load.commands} commands at ${load.rate}/s, ` +
        `${(total / load.commands).toFixed(2)} statements a command, server ${Math.round(load.serverMicrosPerCommand)} µs a command ` +
        `(load ${loadavg()[0]?.toFixed(1)})`,
    );
    for (const [key, n] of [...by].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${(n / load.commands).toFixed(3).padStart(8)}  ${key}`);
    }
    await server.stop();
    await sql.end();
    await admin.unsafe(`drop database ${name} with (force)`);
  }
}
await admin.end();
await pg.stop();
await before?.remove();
