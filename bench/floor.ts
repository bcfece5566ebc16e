// npm run bench:floor — what the stack alone reaches under bench:api's 50-game load on this machine: a server that
// only records each command as two events through the same event store (group commit, synchronous commit on), with
// no games, seats, rules, views or read side (bench/floorServer.ts). On bare node:http and on fastify set up as the
// app is (logger, request ids, rate limit, schema validation and serialization), each in 1 and 2 processes behind one
// port. Not a test: prints figures to read next to bench:api.
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import { runLoadClient } from './runLoad';
import { startFloor } from './servers';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.BENCH_GAMES ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);

const databases = await startTestDatabaseServer();
console.log(`\nThe stack alone: ${CLIENTS} clients, each command recorded as two events (durable: synchronous_commit on)`);
console.log(
  `${'server'.padStart(10)} ${'processes'.padStart(9)} ${'commands/s'.padStart(11)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'server µs'.padStart(9)}`,
);
for (let round = 0; round < ROUNDS; round++) {
  for (const processes of PROCESSES) {
    for (const kind of ['node:http', 'fastify'] as const) {
      const db = await databases.create();
      const server = await startFloor(kind, processes, db.url);
      await runLoadClient(server, CLIENTS, 2, 'floor'); // warm-up, not counted
      const result = await runLoadClient(server, CLIENTS, SECONDS, 'floor');
      await server.stop();
      await db.close();
      if (result.errors > 0) console.error(`${kind}: refused commands: ${JSON.stringify(result.refusals)}`);
      console.log(
        `${kind.padStart(10)} ${String(processes).padStart(9)} ${String(result.rate).padStart(11)} ${result.p50.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(7)} ${result.serverMicrosPerCommand.toFixed(0).padStart(9)}`,
      );
    }
  }
}
console.log("server µs: CPU time per command of all the server's processes (with 2: the cluster's primary and both workers)");
await databases.stop();
