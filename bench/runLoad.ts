// Runs bench/apiClient.ts as a separate process against a server process, and returns what it measured.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpuBetween, type BenchServer } from './servers';

export interface LoadResult {
  readonly commands: number;
  readonly elapsedMs: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly refusals: Record<string, number>;
  /** CPU time the load client itself used. */
  readonly cpuMicros: number;
}

/** Derived here, the same way for every bench. */
export interface Measured {
  /** Commands served per second. */
  readonly rate: number;
  /** CPU time of the server's processes (all of them, all their threads) per command while the client ran. */
  readonly serverMicrosPerCommand: number;
  /** Each server process's share of that CPU time (a cluster's primary first), to see how evenly workers were used. */
  readonly serverShares: readonly number[];
}

const run = promisify(execFile);

/** `clients` concurrent keep-alive connections for `seconds`, each sending commands of `workload` one after another. */
export async function runLoadClient(
  server: BenchServer,
  clients: number,
  seconds: number,
  workload: 'toy' | 'floor',
): Promise<LoadResult & Measured & { stdout: string }> {
  const cpuBefore = server.cpu();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', new URL('./apiClient.ts', import.meta.url).pathname, server.base, String(clients), String(seconds), workload],
    { maxBuffer: 1 << 20 },
  );
  const cpu = cpuBetween(cpuBefore, server.cpu());
  const result = JSON.parse(stdout.trim().split('\n').at(-1) as string) as LoadResult;
  return {
    ...result,
    rate: Math.round((result.commands / result.elapsedMs) * 1000),
    serverMicrosPerCommand: cpu.total / result.commands,
    serverShares: cpu.each.map((micros) => micros / (cpu.total || 1)),
    stdout,
  };
}
