import t from 'tap';
import { liveSubscription } from '../src/storeSemantics';
import type { RecordedEvent } from '../src/store';

t.test('unsubscribing while a page read is in flight ends the subscription (no hang)', async (t) => {
  let release: () => void = () => {};
  let reads = 0;
  const subscription = liveSubscription(
    {},
    {
      // A slow store: the read resolves only when the test says so.
      readAfter: () => {
        reads++;
        return new Promise<RecordedEvent[]>((resolve) => (release = () => resolve([])));
      },
      onAppend: () => () => {},
    },
  );
  const consumer = (async () => {
    for await (const _ of subscription) t.fail('no events expected');
  })();
  await new Promise((r) => setImmediate(r));
  t.equal(reads, 1, 'the first page read is in flight');
  const stopping = subscription.unsubscribe();
  release();
  const outcome = await Promise.race([
    Promise.all([stopping, consumer]).then(() => 'stopped'),
    new Promise((r) => setTimeout(() => r('hung'), 2000)),
  ]);
  t.equal(outcome, 'stopped');
});
