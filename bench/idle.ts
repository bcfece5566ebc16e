// npm run bench:idle — what an idle server asks of PostgreSQL: statements a second by statement, from PostgreSQL's own
// statement log (log_statement = all on the bench's database), and the server's CPU, at each worker count. With
// BENCH_BEFORE=<git revision>, that revision (built in a scratch folder) is measured first, in the same run.
import { loadavg } from 'node:os';
import { checkoutAt, cpuBetween, startDelve } from './servers';
import { byFrequency, statementLog } from './statementLog';

const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BEFORE = process.env.BENCH_BEFORE;

const log = await statementLog();
const before = BEFORE ? await checkoutAt(BEFORE) : null;
const variants = [...(before ? [{ name: `@${BEFORE}`, root: before.root }] : []), { name: 'this checkout', root: undefined }];

for (const workers of WORKERS) {
  for (const variant of variants) {
    const db = await log.database();
    const server = await startDelve(db.url, workers, {}, [], variant.root ? { root: variant.root } : {});
    await new Promise((r) => setTimeout(r, 5000)); // the leaders catch up with the start
    const cpu = server.cpu();
    log.count();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const counted = log.counted();
    const core = cpuBetween(cpu, server.cpu()).total / 1000 / (SECONDS * 1000);
    console.log(
      `\n${variant.name}, WORKERS=${workers}: ${(counted.total / SECONDS).toFixed(1)} statements/s, server ${(core * 100).toFixed(1)}% of a core ` +
        `(load ${loadavg()[0]?.toFixed(1)})`,
    );
    for (const line of byFrequency(counted, SECONDS, { digits: 1, width: 7, unit: '/s' })) console.log(line);
    await server.stop();
    await db.drop();
  }
}
await log.stop();
await before?.remove();
