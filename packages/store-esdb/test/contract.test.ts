// The shared event-store contract against the EventStoreDB adapter: a real server if EVENTSTORE_URL is set, else the gRPC double.
import t from 'tap';
import { eventStoreContract } from '@delve/kernel/testing';
import { openEsdbEventStore } from '../src/index';
import { startEsdbDouble } from './double/server';

const url = process.env['EVENTSTORE_URL'];
let connectionString = url ?? '';
if (!url) {
  const double = await startEsdbDouble();
  connectionString = double.connectionString;
  t.teardown(() => double.stop());
}
t.comment(url ? `against the EventStoreDB server at EVENTSTORE_URL` : `against the gRPC protocol double at ${connectionString}`);

await eventStoreContract(t, () => openEsdbEventStore(connectionString));
