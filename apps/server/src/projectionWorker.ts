// Runs the read-model projections on a worker thread, so folding and writing read models never holds up requests.
import { Worker } from 'node:worker_threads';

export interface ProjectionWorkerData {
  /** Where the read models live (PostgreSQL, always), and the event store when it is not PostgreSQL too. */
  readonly databaseUrl: string;
  readonly eventStoreUrl: string | null;
  /** The game packages the node loads (null: the shipped ones): the read models fold their characters. */
  readonly gamePackages?: readonly string[] | null;
}

export type ToProjectionWorker = { readonly kind: 'stop' };
export type FromProjectionWorker = { readonly kind: 'error'; readonly error: unknown };

export interface ProjectionWorkerOptions extends ProjectionWorkerData {
  /** A runner error (it keeps running and retries at the next poll), or the thread itself failing. */
  readonly onError: (error: unknown) => void;
  /** Wait before starting a thread again after it died (ms, default 1000). */
  readonly restartDelayMs?: number;
  /** How long stop() waits for the thread to release its lock and close its connections (ms, default 10000). */
  readonly stopTimeoutMs?: number;
}

export interface ProjectionWorker {
  /** Stop leading and wait for the thread to end (terminated if it takes longer than stopTimeoutMs). */
  stop(): Promise<void>;
}

const ENTRY = new URL('./projectionWorker.boot.mjs', import.meta.url);

/**
 * Start the projection thread. The main thread spends its time on requests; the projection's reading and folding
 * (about a sixth of a node's CPU time at 50 busy games) would otherwise come in bursts between them. A thread that
 * dies is started again after a delay, so the read models only ever fall behind, and catch up from their checkpoint.
 */
export function startProjectionWorker(options: ProjectionWorkerOptions): ProjectionWorker {
  const { databaseUrl, eventStoreUrl, onError } = options;
  const gamePackages = options.gamePackages ?? null;
  let current: Worker | null = null;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;

  const spawn = () => {
    const worker = new Worker(ENTRY, { workerData: { databaseUrl, eventStoreUrl, gamePackages } satisfies ProjectionWorkerData });
    worker.on('message', (message: FromProjectionWorker) => onError(message.error));
    worker.on('error', onError);
    worker.on('exit', (code) => {
      if (current === worker) current = null;
      if (stopping) return;
      onError(new Error(`the projection worker exited with code ${code}; starting it again`));
      restart = setTimeout(spawn, options.restartDelayMs ?? 1000);
    });
    current = worker;
  };
  spawn();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const worker = current;
      if (!worker) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ kind: 'stop' } satisfies ToProjectionWorker);
      const timer = setTimeout(() => void worker.terminate(), options.stopTimeoutMs ?? 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
