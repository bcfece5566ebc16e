// A process that starts the embedded PostgreSQL on a data directory, says where it runs, and holds it until killed:
// the server stand-in of the orphan and watchdog tests.
import { startEmbeddedPostgres } from '../../src/embedded';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold.ts <data dir>');
const db = await startEmbeddedPostgres({ dataDir });
process.stdout.write(`${JSON.stringify({ url: db.url, pid: process.pid })}\n`);
setInterval(() => undefined, 60_000);
