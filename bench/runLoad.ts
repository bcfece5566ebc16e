// Runs bench/apiClient.ts as a separate process against a server in this process, and returns what it measured.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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
  /** CPU time of this process (all its threads) per command while the client ran: the server's, as the benches run it. */
  readonly serverMicrosPerCommand: number;
}

const run = promisify(execFile);

/** `clients` concurrent keep-alive connections for `seconds`, each sending commands of `workload` one after another. */
export async function runLoadClient(
  url: string,
  clients: number,
  seconds: number,
  workload: 'toy' | 'floor',
): Promise<LoadResult & Measured & { stdout: string }> {
  const cpuBefore = process.cpuUsage();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', new URL('./apiClient.ts', import.meta.url).pathname, url, String(clients), String(seconds), workload],
    { maxBuffer: 1 << 20 },
  );
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout.trim().split('\n').at(-1) as string) as LoadResult;
  return {
    ...result,
    rate: Math.round((result.commands / result.elapsedMs) * 1000),
    serverMicrosPerCommand: (cpu.user + cpu.system) / result.commands,
    stdout,
  };
}
