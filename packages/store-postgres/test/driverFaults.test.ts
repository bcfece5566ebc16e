import t from 'tap';
import { isDriverWriteAfterClose } from '../src/driverFaults';

t.test('the driver write-after-close fault is recognised by its message and its place, and nothing else is', async (t) => {
  const fault = new TypeError("Cannot read properties of null (reading 'write')");
  fault.stack = `${fault.name}: ${fault.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)`;
  t.ok(isDriverWriteAfterClose(fault), 'the fault as Node reports it');
  const ours = new TypeError("Cannot read properties of null (reading 'write')");
  ours.stack = `${ours.name}: ${ours.message}\n    at flush (file:///app/apps/server/src/feed.ts:10:3)`;
  t.notOk(isDriverWriteAfterClose(ours), 'the same message from our own code stays fatal');
  const other = new TypeError("Cannot read properties of null (reading 'end')");
  other.stack = `${other.name}: ${other.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)`;
  t.notOk(isDriverWriteAfterClose(other), 'another fault of the driver stays fatal');
  t.notOk(isDriverWriteAfterClose(new Error('x')), 'a plain error');
  t.notOk(isDriverWriteAfterClose('text'), 'a thrown string');
});
