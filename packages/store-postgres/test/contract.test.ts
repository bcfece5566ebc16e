import t from 'tap';
import { eventStoreContract } from '@delve/kernel/testing';
import { PostgresEventStore } from '../src/index';
import { openTestDatabase } from '../src/testing';

const db = await openTestDatabase();
t.teardown(() => db.close());

t.test('event-store contract: PostgreSQL with group commit (the default)', (t) =>
  eventStoreContract(t, async () => new PostgresEventStore(db.sql, { pollIntervalMs: 20 })),
);

t.test('event-store contract: PostgreSQL, one statement per append', (t) =>
  eventStoreContract(t, async () => new PostgresEventStore(db.sql, { pollIntervalMs: 20, groupCommit: false })),
);
