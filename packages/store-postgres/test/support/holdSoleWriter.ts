// A process that holds a database as its sole writer until it is killed (soleWriter.test.ts kills it with SIGKILL).
import { connect, SoleWriterLock } from '../../src/index';

const lock = new SoleWriterLock(connect(process.argv[2] as string, 2), {
  onChange: (held) => held && process.stdout.write('held\n'),
});
lock.start();
