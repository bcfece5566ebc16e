// The leader loop with idleMs: caught up, it sleeps until poked or until its step says it is due, instead of polling.
import t from 'tap';
import { LeaderLoop } from '../src/loop';

/** A step that counts its calls and lets the test wait for the n-th; `took` says what each call took. */
function steps(took: (call: number) => number = () => 0) {
  let calls = 0;
  const waiting = new Map<number, () => void>();
  return {
    calls: () => calls,
    step: async () => {
      calls++;
      waiting.get(calls)?.();
      return took(calls);
    },
    /** Resolves once the step has been called `n` times. */
    called: (n: number) => new Promise<void>((resolve) => (calls >= n ? resolve() : waiting.set(n, resolve))),
  };
}

t.test('caught up, it steps only when poked, however short its poll', async (t) => {
  const s = steps();
  const loop = new LeaderLoop({ step: s.step, batchSize: 10, pollMs: 1, idleMs: 60_000 });
  loop.start();
  await s.called(1);
  loop.poke();
  await s.called(2);
  loop.poke();
  await s.called(3);
  await loop.stop();
  // A loop polling every millisecond would have stepped many times between the pokes.
  t.equal(s.calls(), 3, 'one step at the start and one per poke');
});

t.test('a poke during a step is not lost: the loop looks again', async (t) => {
  let loop: LeaderLoop | null = null;
  const s = steps((call) => {
    if (call === 1) loop?.poke(); // something appended while the first step read
    return 0;
  });
  loop = new LeaderLoop({ step: s.step, batchSize: 10, pollMs: 1, idleMs: 60_000 });
  loop.start();
  await s.called(2);
  await loop.stop();
  t.equal(s.calls(), 2);
});

t.test('a step that took events looks once more; a full page at once', async (t) => {
  const s = steps((call) => [10, 3, 0][call - 1] ?? 0);
  const loop = new LeaderLoop({ step: s.step, batchSize: 10, pollMs: 1, idleMs: 60_000 });
  loop.start();
  await s.called(3);
  await loop.stop();
  t.equal(s.calls(), 3, 'a full page, the rest, then one look that found nothing; then it sleeps');
});

t.test('nextLook wakes it when its step is due by itself', async (t) => {
  let due: number | null = 5;
  const s = steps();
  const loop = new LeaderLoop({
    step: s.step,
    batchSize: 10,
    pollMs: 1,
    idleMs: 60_000,
    nextLook: () => {
      const ms = due;
      due = null; // due once
      return ms;
    },
  });
  loop.start();
  await s.called(2);
  await loop.stop();
  t.equal(s.calls(), 2);
});

t.test('stop() ends the sleep at once', async (t) => {
  const s = steps();
  const loop = new LeaderLoop({ step: s.step, batchSize: 10, pollMs: 60_000, idleMs: 60_000 });
  loop.start();
  await s.called(1);
  loop.poke(); // now waiting out pollMs before the poked look
  await loop.stop();
  t.equal(s.calls(), 1);
});
