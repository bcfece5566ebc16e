// npm run bench:capacity — how many tables at human pace one server process holds: two seats per table, one move every
// 2 s (the awaited seat's first legal command, fetched after each answer), each seat subscribed to gameUpdated over
// WebSocket. Tables ramp until command p99 > 50 ms or push p99 > 100 ms, at each worker count. Not a test: prints figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { startTestDatabaseServer } from '@delve/store-postgres/testing';
import type { Database } from '@delve/store-postgres';
import { benchVariants, checkoutVariants, cpuBetween, postgresCpu, startCapacityFloor, startDelve } from './servers';
import { connect } from '@delve/store-postgres';
import { byFrequency, statementLog } from './statementLog';

/** The module played, and why: see README's Benchmarks. Both list legal commands directly, without trying commands. */
const MODULES: Readonly<Record<string, { package: string; options: Record<string, unknown> }>> = {
  // Moves cost next to nothing in the rules, so the figure is what the platform spends around each move.
  toy: { package: '@delve/kernel/testing', options: { maxCards: 10 } },
  dungeon: { package: '@delve/game-dungeon', options: {} },
};
const MODULE = process.env.BENCH_MODULE ?? 'toy';
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const FROM = Number(process.env.BENCH_TABLES_FROM ?? 50);
const MAX = Number(process.env.BENCH_TABLES_MAX ?? 6400);
/** Bisection steps between the last step held and the first one lost. */
const REFINE = Number(process.env.BENCH_REFINE ?? 2);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const HOLD_S = Number(process.env.BENCH_HOLD_SECONDS ?? 30);
/** Load generator processes the tables are shared among. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const MOVE_MS = Number(process.env.BENCH_MOVE_MS ?? 2000);
const COMMAND_P99_MS = 50;
const PUSH_P99_MS = 100;
/** Servers measured side by side (BENCH_VARIANTS, see benchVariants). */
const VARIANTS = benchVariants('delve');
// BENCH_PROFILE=<folder>: a CPU profile of each server process, written when it stops (hold one step to profile it).
const PROFILE = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
// BENCH_STATEMENTS=1: what a move asks of PostgreSQL, by statement, from its own log over each window (the logging
// costs PostgreSQL CPU, so its figures are not comparable with a run without it).
const STATEMENTS = process.env.BENCH_STATEMENTS === '1' ? await statementLog() : null;
const chosen = MODULES[MODULE];
if (!chosen) throw new Error(`BENCH_MODULE must be one of ${Object.keys(MODULES).join(', ')}`);

const pct = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
const median = (xs: readonly number[]): number => pct(xs, 0.5);
const load1 = () => loadavg()[0] as number;

/** One load generator process, driven line by line. */
class Client {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  readonly child: ChildProcess;
  private stderr = '';

  /** `env`: the variant's own, so a variant can also change how the load generator plays (BENCH_LEGAL). */
  constructor(base: string, env: Readonly<Record<string, string>>) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', new URL('./capacityClient.ts', import.meta.url).pathname, base, MODULE, JSON.stringify(chosen?.options)],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env, BENCH_MOVE_MS: String(MOVE_MS) } },
    );
    this.child.stderr?.on('data', (d) => (this.stderr += String(d)));
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    this.child.once('exit', (code) => {
      if (code !== 0 && code !== null) console.error(`load generator exited ${code}:\n${this.stderr}`);
    });
  }

  async next<T>(): Promise<T> {
    const line = this.lines.shift() ?? (await new Promise<string>((resolve) => this.waiting.push(resolve)));
    return JSON.parse(line) as T;
  }

  send(order: unknown): void {
    this.child.stdin?.write(`${JSON.stringify(order)}\n`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.send({ stop: true });
    const force = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }
}

interface WindowResult {
  elapsedMs: number;
  cpuMicros: number;
  commands: number[];
  legal: number[];
  pushes: number[];
  lobby: number[];
  refusals: Record<string, number>;
  failures: string[];
  gamesFinished: number;
}

interface Step {
  round: number;
  variant: string;
  workers: number;
  tables: number;
  movesPerSecond: number;
  commandP50: number;
  commandP99: number;
  legalP99: number;
  pushP50: number;
  pushP99: number;
  lobbyP99: number;
  pushesPerMove: number;
  transactionsPerMove: number;
  refused: number;
  serverCore: number;
  serverMsPerMove: number;
  shares: number[];
  postgresCore: number;
  postgresMsPerMove: number;
  clientCore: number;
  /** p99 of the probe's commits during the window (see probeCommits). */
  floorP99: number;
  serverRssMb: number[];
  load: number;
  held: boolean;
  why: string;
}

const steps: Step[] = [];
const held = new Map<string, number[]>();
const idle: { variant: string; workers: number; serverCore: number; postgresCore: number; transactionsPerSecond: number }[] = [];
const databases = await startTestDatabaseServer();
/**
 * The machine's own floor while a step runs: single-row INSERTs committed one at a time (synchronous commit, as the
 * event store's) into a database of their own on the same PostgreSQL, ten a second. When these miss 50 ms at p99, no
 * server on this machine would hold the step.
 */
const probeDb = await databases.create();
await probeDb.sql`create table probe (id bigserial primary key, at timestamptz not null default now())`;
async function probeCommits(ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const began = performance.now();
    await probeDb.sql`insert into probe default values`;
    latencies.push(performance.now() - began);
    await new Promise((r) => setTimeout(r, 100));
  }
  return latencies;
}
const checkouts = await checkoutVariants(VARIANTS);
/** Transactions the database has committed so far (every statement outside a transaction is one). */
const committed = async (sql: Database['sql']): Promise<number> => {
  const [row] = await sql<{ n: string }[]>`select xact_commit::text as n from pg_stat_database where datname = current_database()`;
  return Number(row?.n);
};

for (let round = 0; round < ROUNDS; round++) {
  for (const workers of WORKERS) {
    for (const variant of VARIANTS) {
      // The floor holds its tables in one process's memory: it has no shape with more.
      const floor = variant.env.BENCH_SERVER === 'floor';
      if (floor && workers !== 1) continue;
      const db = STATEMENTS ? await loggedDatabase(STATEMENTS) : await databases.create();
      const root = checkouts.roots.get(variant.name);
      const server = floor
        ? await startCapacityFloor(db.url, PROFILE)
        : await startDelve(
            db.url,
            workers,
            // One process is its database's only writer, as `npm start` runs it on its embedded PostgreSQL (ADR 0060).
            { GAME_PACKAGES: chosen.package, SOLE_WRITER: String(workers === 1), ...variant.env },
            PROFILE,
            root !== undefined ? { root } : { fromSources: process.env.BENCH_SOURCES === '1' },
          );
      const postgres = await postgresCpu(db.sql);
      {
        // What the server and its database spend with nobody playing (leaders and feeds following the log).
        const xact = await committed(db.sql);
        const [cpu, pg, began] = [server.cpu(), postgres(), performance.now()];
        await new Promise((r) => setTimeout(r, 10_000));
        const ms = performance.now() - began;
        const [serverCore, postgresCore] = [cpuBetween(cpu, server.cpu()).total / 1000 / ms, (postgres() - pg) / 1000 / ms];
        idle.push({
          variant: variant.name,
          workers,
          serverCore,
          postgresCore,
          transactionsPerSecond: ((await committed(db.sql)) - xact) / (ms / 1000),
        });
      }
      const clients = Array.from({ length: CLIENTS }, () => new Client(server.base, variant.env));
      const [first] = await Promise.all(clients.map((c) => c.next<{ ready: boolean; document: string }>()));
      if (round === 0 && workers === WORKERS[0] && variant === VARIANTS[0]) console.log(`subscription document: ${first?.document}`);

      /** Hold `tables` tables: ramp to them, warm up, then measure a window. */
      const step = async (tables: number): Promise<Step> => {
        clients.forEach((c, i) =>
          c.send({ tables: Math.floor(tables / CLIENTS) + (i < tables % CLIENTS ? 1 : 0), rampMs: WARMUP_S * 500 }),
        );
        const ramped = await Promise.all(clients.map((c) => c.next<{ settingUp: number }>()));
        const settingUp = ramped.reduce((n, r) => n + r.settingUp, 0);
        await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
        const cpuBefore = server.cpu();
        const pgBefore = postgres();
        const xactBefore = await committed(db.sql);
        const began = performance.now();
        STATEMENTS?.count();
        clients.forEach((c) => c.send({ measure: HOLD_S * 1000 }));
        const [results, probe] = await Promise.all([
          Promise.all(clients.map((c) => c.next<WindowResult>())),
          probeCommits(HOLD_S * 1000 - 200),
        ]);
        const elapsedMs = performance.now() - began;
        const census = STATEMENTS?.counted();
        const cpu = cpuBetween(cpuBefore, server.cpu());
        const pgMicros = postgres() - pgBefore;
        // The statistics reach pg_stat_database within a second or so of each transaction.
        await new Promise((r) => setTimeout(r, 1500));
        const transactions = (await committed(db.sql)) - xactBefore;
        const all = (pick: (r: WindowResult) => number[]) => results.flatMap(pick);
        const commands = all((r) => r.commands);
        const pushes = all((r) => r.pushes);
        const refused = results.reduce((n, r) => n + Object.values(r.refusals).reduce((a, b) => a + b, 0), 0);
        const failures = results.flatMap((r) => r.failures);
        const moves = Math.max(1, commands.length);
        const expected = (tables * elapsedMs) / MOVE_MS;
        const row: Step = {
          round,
          variant: variant.name,
          workers,
          tables,
          movesPerSecond: (commands.length / elapsedMs) * 1000,
          commandP50: pct(commands, 0.5),
          commandP99: pct(commands, 0.99),
          legalP99: pct(
            all((r) => r.legal),
            0.99,
          ),
          pushP50: pct(pushes, 0.5),
          pushP99: pct(pushes, 0.99),
          lobbyP99: pct(
            all((r) => r.lobby),
            0.99,
          ),
          pushesPerMove: pushes.length / moves,
          transactionsPerMove: transactions / moves,
          refused,
          serverCore: cpu.total / 1000 / elapsedMs,
          serverMsPerMove: cpu.total / 1000 / moves,
          shares: cpu.each.map((m) => m / (cpu.total || 1)),
          postgresCore: pgMicros / 1000 / elapsedMs,
          postgresMsPerMove: pgMicros / 1000 / moves,
          clientCore: results.reduce((n, r) => n + r.cpuMicros, 0) / 1000 / elapsedMs,
          floorP99: pct(probe, 0.99),
          serverRssMb: [...server.rss().values()].map((b) => Math.round(b / 2 ** 20)),
          load: load1(),
          held: false,
          why: '',
        };
        const problems = [
          row.commandP99 > COMMAND_P99_MS && `command p99 ${row.commandP99.toFixed(1)} ms > ${COMMAND_P99_MS}`,
          row.pushP99 > PUSH_P99_MS && `push p99 ${row.pushP99.toFixed(1)} ms > ${PUSH_P99_MS}`,
          // Games finish and start again, so slightly fewer moves than ticks are made; far fewer means the pace was lost.
          commands.length < expected * 0.8 && `${commands.length} moves of ${Math.round(expected)} ticks`,
          refused > 0 && `${refused} refused`,
          settingUp > 0 && `${settingUp} tables still being set up a minute after the ramp`,
          failures.length > 0 && `failures: ${failures.slice(0, 2).join(' | ')}`,
        ].filter(Boolean);
        row.held = problems.length === 0;
        row.why = problems.join('; ');
        steps.push(row);
        print(row);
        if (census) for (const line of byFrequency(census, moves, { digits: 3, width: 8, top: 25 })) console.log(`    ${line}`);
        return row;
      };

      let last = 0;
      let lost = 0;
      for (let tables = FROM; tables <= MAX; tables *= 2) {
        if ((await step(tables)).held) last = tables;
        else {
          lost = tables;
          break;
        }
      }
      for (let i = 0; i < REFINE && lost > 0; i++) {
        const mid = Math.round((last + lost) / 2 / 10) * 10;
        if (mid <= last || mid >= lost) break;
        if ((await step(mid)).held) last = mid;
        else lost = mid;
      }
      const key = `${variant.name}/${workers}`;
      held.set(key, [...(held.get(key) ?? []), last]);
      await Promise.all(clients.map((c) => c.stop()));
      await server.stop();
      await db.close();
    }
  }
}
await probeDb.close();
await databases.stop();
await STATEMENTS?.stop();
await checkouts.remove();

/** A database on the logging PostgreSQL, shaped as the test server's (its `sql` reads the statistics). */
async function loggedDatabase(
  log: Awaited<ReturnType<typeof statementLog>>,
): Promise<{ url: string; sql: Database['sql']; close(): Promise<void> }> {
  const { url, drop } = await log.database();
  const sql = connect(url, 2);
  return { url, sql, close: async () => (await sql.end({ timeout: 5 }), await drop()) };
}

function print(r: Step): void {
  if (steps.length === 1) {
    console.log(
      `\n${'variant'.padEnd(10)} ${'workers'.padStart(7)} ${'tables'.padStart(6)} ${'moves/s'.padStart(7)} ${'cmd p50'.padStart(7)} ${'cmd p99'.padStart(7)} ` +
        `${'legal p99'.padStart(9)} ${'push p50'.padStart(8)} ${'push p99'.padStart(8)} ${'lobby p99'.padStart(9)} ${'push/mv'.padStart(7)} ${'tx/mv'.padStart(5)} ` +
        `${'server'.padStart(6)} ${'ms/move'.padStart(7)} ${'pg'.padStart(5)} ${'pg ms/mv'.padStart(8)} ${'client'.padStart(6)} ${'floor p99'.padStart(9)} ${'RSS MB'.padStart(10)} ${'load'.padStart(5)}  held`,
    );
  }
  const ms = (x: number) => x.toFixed(1).padStart(7);
  const core = (x: number) => `${Math.round(x * 100)}%`.padStart(6);
  console.log(
    `${r.variant.padEnd(10)} ${String(r.workers).padStart(7)} ${String(r.tables).padStart(6)} ${r.movesPerSecond.toFixed(0).padStart(7)} ` +
      `${ms(r.commandP50)} ${ms(r.commandP99)} ${r.legalP99.toFixed(1).padStart(9)} ${r.pushP50.toFixed(1).padStart(8)} ${r.pushP99.toFixed(1).padStart(8)} ` +
      `${r.lobbyP99.toFixed(1).padStart(9)} ${r.pushesPerMove.toFixed(2).padStart(7)} ${r.transactionsPerMove.toFixed(1).padStart(5)} ${core(r.serverCore)} ${r.serverMsPerMove.toFixed(2).padStart(7)} ` +
      `${`${Math.round(r.postgresCore * 100)}%`.padStart(5)} ${r.postgresMsPerMove.toFixed(2).padStart(8)} ${core(r.clientCore)} ` +
      `${r.floorP99.toFixed(1).padStart(9)} ${r.serverRssMb.join('+').padStart(10)} ${r.load.toFixed(1).padStart(5)}  ${r.held ? 'yes' : `no: ${r.why}`}`,
  );
}

console.log(
  `\nDelve at human pace (compiled, as npm start runs it; module ${MODULE}; one move per table every ${MOVE_MS / 1000} s; two seats,`,
);
console.log(
  `each subscribed to gameUpdated over WebSocket; ${CLIENTS} load generator process(es); warm-up ${WARMUP_S} s, window ${HOLD_S} s)`,
);
console.log(
  `a step is held when command p99 <= ${COMMAND_P99_MS} ms, push p99 <= ${PUSH_P99_MS} ms, nothing is refused and the pace is kept`,
);
console.log(
  `${'variant'.padEnd(10)} ${'workers'.padStart(7)} ${'held (each round)'.padStart(18)} ${'median'.padStart(7)} ${'per process'.padStart(11)}  at the largest step held`,
);
for (const variant of VARIANTS) {
  for (const workers of WORKERS) {
    const rounds = held.get(`${variant.name}/${workers}`) ?? [];
    if (rounds.length === 0) continue; // a shape the variant has not (the floor runs one process only)
    const at = steps.filter((s) => s.variant === variant.name && s.workers === workers && s.held).sort((a, b) => b.tables - a.tables)[0];
    const where = at
      ? `server ${Math.round(at.serverCore * 100)}% of a core (${at.shares.map((s) => `${Math.round(s * 100)}%`).join(' ')}), ${at.serverMsPerMove.toFixed(2)} ms/move, ` +
        `RSS ${at.serverRssMb.join('+')} MB; PostgreSQL ${Math.round(at.postgresCore * 100)}%; load generator ${Math.round(at.clientCore * 100)}%; load ${at.load.toFixed(1)}`
      : '';
    console.log(
      `${variant.name.padEnd(10)} ${String(workers).padStart(7)} ${rounds.join(', ').padStart(18)} ${String(median(rounds)).padStart(7)} ` +
        `${String(Math.round(median(rounds) / workers)).padStart(11)}  ${where}`,
    );
  }
}
for (const i of idle)
  console.log(
    `idle (no tables, 10 s): ${i.variant} at ${i.workers} worker(s): server ${(i.serverCore * 100).toFixed(1)}% of a core, ` +
      `PostgreSQL ${(i.postgresCore * 100).toFixed(1)}%, ${Math.round(i.transactionsPerSecond)} transactions/s`,
  );
console.log(
  'server: CPU of all the server processes (a cluster primary first in the shares), as a share of one core; ms/move: that CPU per move',
);
console.log("pg: PostgreSQL's CPU; client: the load generator's; push: from the command's recorded time to the push at the seat");
console.log(
  "floor p99: p99 of single-row commits (one at a time, ten a second) on the same PostgreSQL during the window: the machine's own",
);
console.log('tx/mv: transactions committed in the database per move (each statement outside a transaction is one)');
console.log(
  `load average at the end: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} (${availableParallelism()} cores)`,
);
