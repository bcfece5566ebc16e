// Runs bench/apiClient.ts as a separate process against a server and returns what it measured.
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

const run = promisify(execFile);

/** `clients` concurrent keep-alive connections for `seconds`, each sending commands of `workload` one after another. */
export async function runLoadClient(
  url: string,
  clients: number,
  seconds: number,
  workload: 'toy' | 'floor',
): Promise<LoadResult & { stdout: string }> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', new URL('./apiClient.ts', import.meta.url).pathname, url, String(clients), String(seconds), workload],
    { maxBuffer: 1 << 20 },
  );
  return { ...(JSON.parse(stdout.trim().split('\n').at(-1) as string) as LoadResult), stdout };
}
