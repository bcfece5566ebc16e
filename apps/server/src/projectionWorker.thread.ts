// Inside the projection worker thread: own connections, the games list runner, and a stop message to end.
import { parentPort, workerData } from 'node:worker_threads';
import type { EventStore } from '@delve/kernel';
import { connect, PostgresEventStore } from '@delve/store-postgres';
import { gamesListRunner } from './gamesListReadModel';
import type { FromProjectionWorker, ProjectionWorkerData, ToProjectionWorker } from './projectionWorker';

const port = parentPort;
if (!port) throw new Error('projectionWorker.thread runs only as a worker thread (see projectionWorker.ts)');
const { databaseUrl, eventStoreUrl } = workerData as ProjectionWorkerData;
const tell = (message: FromProjectionWorker) => port.postMessage(message);

// A small pool: the runner uses one connection at a time, plus the one its leader lock reserves.
const sql = connect(databaseUrl, 3);
// EventStoreDB's client is loaded only when it is the event store: it is large, and thread start-up is on the clock.
const store: EventStore = eventStoreUrl
  ? await (await import('@delve/store-esdb')).openEsdbEventStore(eventStoreUrl)
  : new PostgresEventStore(sql);
const runner = gamesListRunner(store, sql, (error) => tell({ kind: 'error', error }));
runner.start();

port.on('message', (message: ToProjectionWorker) => {
  if (message.kind !== 'stop') return;
  void (async () => {
    // Stop leading first (releases the lock), then close what this thread opened; the thread then exits by itself.
    await runner.stop();
    if (eventStoreUrl) await store.close();
    await sql.end({ timeout: 5 });
    port.close();
  })();
});
