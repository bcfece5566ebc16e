import t from 'tap';
import { InMemoryEventStore, eventStoreContract } from '../src/testing/index';

t.test('event-store contract: in-memory', (t) =>
  eventStoreContract(t, async () => new InMemoryEventStore(() => new Date(0).toISOString())),
);
