// npm run bench:statements — what one command asks of PostgreSQL under bench:api's load: statements per command, by
// statement, from PostgreSQL's own statement log (log_statement = all on the bench's database), at each worker count.
// With BENCH_BEFORE=<git revision>, that revision (built in a scratch folder) is measured first, in the same run.
import { loadavg } from 'node:os';
import { runLoadClient } from './runLoad';
import { checkoutAt, startDelve } from './servers';
import { byFrequency, statementLog } from './statementLog';

const WORKERS = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GAMES = Number(process.env.BENCH_GAMES ?? 50);
const BEFORE = process.env.BENCH_BEFORE;
const TOP = Number(process.env.BENCH_TOP ?? 25);

const log = await statementLog();
const before = BEFORE ? await checkoutAt(BEFORE) : null;
const variants = [...(before ? [{ name: `@${BEFORE}`, root: before.root }] : []), { name: 'this checkout', root: undefined }];

for (const workers of WORKERS) {
  for (const variant of variants) {
    const db = await log.database();
    const server = await startDelve(db.url, workers, { LOG_LEVEL: 'error' }, [], variant.root ? { root: variant.root } : {});
    await runLoadClient(server, GAMES, 2, 'toy'); // warm-up, not counted
    log.count();
    const load = await runLoadClient(server, GAMES, SECONDS, 'toy');
    const counted = log.counted();
    console.log(
      `\n${variant.name}, WORKERS=${workers}, ${GAMES} games: ${load.commands} commands at ${load.rate}/s, ` +
        `${(counted.total / load.commands).toFixed(2)} statements a command, server ${Math.round(load.serverMicrosPerCommand)} µs a command ` +
        `(load ${loadavg()[0]?.toFixed(1)})`,
    );
    for (const line of byFrequency(counted, load.commands, { digits: 3, width: 8, top: TOP })) console.log(line);
    await server.stop();
    await db.drop();
  }
}
await log.stop();
await before?.remove();
