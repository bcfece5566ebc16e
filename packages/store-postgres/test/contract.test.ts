import t from 'tap';
import { eventStoreContract } from '@delve/kernel/testing';
import { PostgresEventStore } from '../src/index';
import { openTestDatabase } from '../src/testing';

const db = await openTestDatabase();
t.teardown(() => db.close());

t.test('event-store contract: PostgreSQL', (t) =>
  eventStoreContract(t, async () => new PostgresEventStore(db.sql, { pollIntervalMs: 20 })),
);
