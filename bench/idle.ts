// npm run bench:idle — what an idle server asks of PostgreSQL: statements a second by statement, from PostgreSQL's own
// statement log (log_statement = all on the bench's database), and the server's CPU, at each worker count. With
// BENCH_BEFORE=<git revision>, that revision (built in a scratch folder) is measured first, in the same run.
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import { migrate, startEmbeddedPostgres } from '@delve/store-postgres';
import { checkoutAt, cpuBetween, startDelve } from './servers';

const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BEFORE = process.env.BENCH_BEFORE;

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
    const name = `idle_${randomUUID().replaceAll('-', '')}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    const sql = postgres(url.toString(), { max: 1, onnotice: () => undefined });
    await migrate(sql);
    await admin.unsafe(`alter database ${name} set log_statement = 'all'`);
    const server = await startDelve(url.toString(), workers, {}, [], variant.root ? { root: variant.root } : {});
    await new Promise((r) => setTimeout(r, 5000)); // the leaders catch up with the start
    lines.length = 0;
    const cpu = server.cpu();
    counting = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    counting = false;
    const core = cpuBetween(cpu, server.cpu()).total / 1000 / (SECONDS * 1000);
    const by = new Map<string, number>();
    let total = 0;
    for (const line of lines) {
      const m = /(?:statement|execute [^:]*): (.*)$/.exec(line);
      if (!m) continue;
      total++;
      const text = (m[1] as string).replace(/ \d{4}-\d\d-\d\d .*DETAIL:.*$/, '');
      // A checkpoint read is told apart by whose it is.
      const whose = /from checkpoints/.test(text) ? `[${/\$1 = '([^']*)'/.exec(m[1] as string)?.[1] ?? ''}] ` : '';
      const key = whose + text.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').trim().slice(0, 120);
      by.set(key, (by.get(key) ?? 0) + 1);
    }
    console.log(
      `\n${variant.name}, WORKERS=${workers}: ${(total / SECONDS).toFixed(1)} statements/s, server ${(core * 100).toFixed(1)}% of a core ` +
        `(load ${loadavg()[0]?.toFixed(1)})`,
    );
    for (const [key, n] of [...by].sort((a, b) => b[1] - a[1])) console.log(`${(n / SECONDS).toFixed(1).padStart(7)}/s  ${key}`);
    await server.stop();
    await sql.end();
    await admin.unsafe(`drop database ${name} with (force)`);
  }
}
await admin.end();
await pg.stop();
await before?.remove();
