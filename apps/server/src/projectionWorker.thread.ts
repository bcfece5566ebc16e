// Inside the projection worker thread: own connections, one runner for every read model, and a stop message to end.
import { parentPort, workerData } from 'node:worker_threads';
import type { EventStore } from '@delve/kernel';
import { closePool, connect, PostgresEventStore } from '@delve/store-postgres';
import { loadModules } from './modules';
import { readModelRunner } from './readModels';
import type { FromProjectionWorker, ProjectionWorkerData, ToProjectionWorker } from './projectionWorker';

const port = parentPort;
if (!port) throw new Error('projectionWorker.thread runs only as a worker thread (see projectionWorker.ts)');
const { databaseUrl, eventStoreUrl, gamePackages } = workerData as ProjectionWorkerData;
const tell = (message: FromProjectionWorker) => port.postMessage(message);

// A small pool: the runner's reads and commits, its checkpoint queries side by side, and the connection its lock reserves.
const sql = connect(databaseUrl, 6);
// EventStoreDB's client is loaded only when it is the event store: it is large, and thread start-up is on the clock.
const store: EventStore = eventStoreUrl
  ? await (await import('@delve/store-esdb')).openEsdbEventStore(eventStoreUrl)
  : new PostgresEventStore(sql);
const modules = await loadModules(gamePackages ?? undefined, (message, error) =>
  tell({ kind: 'error', error: new Error(`${message}: ${String(error)}`) }),
);
const runner = readModelRunner(store, sql, modules, (error) => tell({ kind: 'error', error }));
runner.start();

port.on('message', (message: ToProjectionWorker) => {
  if (message.kind !== 'stop') return;
  void (async () => {
    // Stop leading first (releases the lock), then close what this thread opened; the thread then exits by itself.
    await runner.stop();
    if (eventStoreUrl) await store.close();
    await closePool(sql);
    port.close();
  })();
});
