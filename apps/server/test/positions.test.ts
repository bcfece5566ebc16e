// The position a write answers (ADR 0058): at or past every event the process appended or read through the store,
// so a read given it shows the write and whatever the write decided on; the log's head before anything was noted.
import { comparePositions, formatPosition, type Position } from '@delve/kernel';
import { InMemoryEventStore } from '@delve/kernel/testing';
import t from 'tap';
import { notingPositions, writtenPosition } from '../src/positions';

const event = (type = 'E') => ({ id: crypto.randomUUID(), type, data: {} });
const at = (position: Position | null) => (position === null ? null : formatPosition(position));

t.test('a write answers its own append, or anything later it read; wrappers of one store share what they noted', async (t) => {
  const store = new InMemoryEventStore();
  const written = writtenPosition(store);
  t.equal(await written(), null, 'an empty log has no head');
  const other = await store.appendToStream('s-0', [event()]);
  t.equal(at(await written()), at(other.position), 'before anything was noted: the log head');

  const games = notingPositions(store);
  const platform = notingPositions(store);
  const own = await games.appendToStream('s-1', [event(), event()]);
  t.equal(at(await written()), at(own.position), 'its own append');

  // Another process appends; this one reads it (a catch-up) through another wrapper of the same store.
  const elsewhere = await store.appendToStream('s-2', [event()]);
  t.equal(at(await written()), at(own.position), 'an append this process did not see is not claimed');
  await platform.readStream('s-2');
  t.equal(at(await written()), at(elsewhere.position), 'an event it read is covered');

  // An older append or read never takes the position back.
  await games.readStream('s-0');
  await games.appendToStream('s-1', [], { expectedRevision: 1 }); // an empty append reaches no position
  t.equal(at(await written()), at(elsewhere.position), 'never goes back');

  const tail = await store.appendToStream('s-3', [event()]);
  await notingPositions(store).readAll({ direction: 'backwards', maxCount: 1 });
  t.equal(at(await written()), at(tail.position), 'a backwards read of the log is covered too');
});

t.test('what one store noted never leaks into what a write through another answers', async (t) => {
  const a = new InMemoryEventStore();
  const b = new InMemoryEventStore();
  const inA = notingPositions(a);
  for (let i = 0; i < 5; i++) await inA.appendToStream(`s-${i}`, [event()]);
  const onB = await notingPositions(b).appendToStream('s-0', [event()]);
  const answered = await writtenPosition(b)();
  t.equal(at(answered), at(onB.position), "b's own position, not a's further one");
  t.ok(comparePositions((await writtenPosition(a)()) as Position, answered as Position) > 0, "a's is further");
});
