// What every server process shares at start and on the way out: error descriptions, its log before the app's exists,
// the uncaught-error policy, and the one shutdown its signals start.
import { isDriverConnectRefused, isDriverOwnQueryClosed, isDriverWriteAfterClose, type EmbeddedOptions } from '@delve/store-postgres';
import type { LogLevel } from './config';

/** Connections the embedded PostgreSQL accepts (200, see embedded.ts) less the primary's pool and a margin. */
const WORKER_CONNECTIONS = 160;

/** A cluster worker's pool: 20 connections (a lone process's), fewer when many workers must share the database. */
export function workerPoolSize(workers: number): number {
  return Math.max(4, Math.min(20, Math.floor(WORKER_CONNECTIONS / workers)));
}

/** How long the embedded PostgreSQL may take to come back after it stopped by itself before the server gives up. */
const DATABASE_RESTART_WITHIN_MS = 60_000;

/** An error as one line per cause, so a start failure always says what went wrong (never just "undefined"). */
export function describe(error: unknown): string {
  const lines: string[] = [];
  for (let e: unknown = error; e !== undefined && lines.length < 5; e = (e as { cause?: unknown } | null)?.cause) {
    lines.push(e instanceof Error ? e.message || e.name : `${String(e)} (thrown as is, without an Error)`);
  }
  return lines.join('\n  caused by: ');
}

/**
 * Between a cluster's primary and a worker: the worker asks for the database and the primary answers once it is ready;
 * the primary tells every worker when all of them listen (the node is ready then, not when the first one is); and each
 * batch a process of the node appends to a game is told to the others (nodeAppends.ts).
 */
export type ClusterMessage =
  | { readonly kind: 'database?' }
  | { readonly kind: 'database'; readonly url: string; readonly started: boolean }
  | { readonly kind: 'started' }
  // A scrape of /metrics landed on a worker: the primary answers with every worker's metrics summed (null: it could not).
  | { readonly kind: 'metrics?'; readonly id: number }
  | { readonly kind: 'metrics'; readonly id: number; readonly text: string | null }
  // A worker appended to a game (nodeAppends.ts): relayed by the primary to the other workers.
  | { readonly kind: 'appended'; readonly gameId: string; readonly revision: number; readonly type: string }
  // A worker appended to any stream, at this position ("commit/prepare"): wakes the primary's leaders (nodeAppends.ts).
  | { readonly kind: 'stored'; readonly position: string };

export type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

const LEVELS: Readonly<Record<LogLevel, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** JSON lines on stdout in pino's shape (level, time, pid, msg), for a process without the app's logger (the primary). */
export function jsonLog(threshold: LogLevel): Log {
  return (level, message, extra = {}) => {
    if (LEVELS[level] < LEVELS[threshold]) return;
    process.stdout.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...extra, msg: message })}\n`);
  };
}

/**
 * The driver's write after a closed connection (see driverFaults.ts) is survived; any other uncaught error ends the
 * process as Node would, with its stack on stderr. `log` is read at each error, so it may be replaced later.
 */
export function exitOnUncaught(log: () => Log): void {
  process.on('uncaughtException', (error, origin) => {
    if (isDriverWriteAfterClose(error)) return log()('warn', 'the database driver wrote to a connection that had closed; ignored');
    if (isDriverOwnQueryClosed(error)) return log()('warn', "a connection closed under the database driver's own query; ignored");
    if (isDriverConnectRefused(error, origin)) return log()('warn', 'the database refused a connection nobody waited for; ignored');
    // origin: an exception thrown and not caught, or a promise rejected with no handler.
    const what = origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught';
    process.stderr.write(`delve (${process.pid}): ${what} ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * Run `shutdown` on the first SIGINT or SIGTERM; repeats are ignored. npm forwards SIGTERM to the process it runs and a
 * terminal's Ctrl-C reaches the whole process group, so whichever process hears first starts the drain.
 */
export function onSignals(shutdown: (signal: string) => void): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
}

/**
 * The embedded PostgreSQL as the process that owns it supervises it: if it stops by itself it is started again
 * (requests answer 503 meanwhile) and its news are logged; `failed` is called when it cannot be, so that the server
 * exits and whatever supervises the server starts it afresh.
 */
export function supervisedEmbedded(dataDir: string, log: () => Log, failed: () => void): EmbeddedOptions {
  return {
    dataDir,
    restartWithinMs: DATABASE_RESTART_WITHIN_MS,
    onLog: (line) => {
      if (/^(stopping|replaced|the "postgres" user|creating)/.test(line)) log()('warn', line);
    },
    onEvent: (event) => {
      if (event.kind === 'exited') log()('error', 'the embedded PostgreSQL stopped by itself; starting it again', event);
      else if (event.kind === 'restarted') log()('warn', `the embedded PostgreSQL is back after ${event.afterMs} ms`);
      else {
        log()('error', `the embedded PostgreSQL could not be started again: ${describe(event.error)}`);
        failed();
      }
    },
  };
}
