// Configuration from the environment: defaults, parsing, and one clear message per bad value.
import { availableParallelism } from 'node:os';
import t from 'tap';
import { ConfigError, loadConfig } from '../src/config';

t.test('defaults serve on 127.0.0.1:3000 with the embedded store', async (t) => {
  const config = loadConfig({});
  t.equal(config.host, '127.0.0.1');
  t.equal(config.port, 3000);
  t.equal(config.databaseUrl, null);
  t.equal(config.eventStoreUrl, null);
  t.equal(config.corsOrigin, false);
  t.equal(config.adminKey, null);
  t.equal(config.workers, Math.max(1, availableParallelism() - 1), 'one server process per core but one, left to PostgreSQL');
});

t.test('values are parsed', async (t) => {
  const config = loadConfig({
    HOST: '0.0.0.0',
    PORT: '8080',
    DATABASE_URL: 'postgres://u:p@db:5432/delve',
    EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
    LOG_LEVEL: 'DEBUG',
    CORS_ORIGIN: 'https://a.example, https://b.example',
    RATE_LIMIT_READS_PER_SECOND: '50',
    RATE_LIMIT_WRITE_BURST: '7',
    BODY_LIMIT: '4096',
    REQUEST_TIMEOUT_MS: '2500',
    ADMIN_KEY: 'a-long-enough-admin-key',
    TRUST_PROXY: 'true',
    WORKERS: '3',
  });
  t.equal(config.workers, 3);
  t.equal(config.port, 8080);
  t.equal(config.logLevel, 'debug');
  t.same(config.corsOrigin, ['https://a.example', 'https://b.example']);
  t.same(config.rateLimits, { read: { perSecond: 50, burst: 240 }, write: { perSecond: 30, burst: 7 } });
  t.equal(config.bodyLimit, 4096);
  t.equal(config.requestTimeoutMs, 2500);
  t.equal(config.trustProxy, true);
  t.equal(loadConfig({ CORS_ORIGIN: '*' }).corsOrigin, true);
});

t.test('SOLE_WRITER: on for one process on the embedded PostgreSQL, off otherwise, refused where it cannot hold', async (t) => {
  t.equal(loadConfig({ WORKERS: '1' }).soleWriter, true, 'one process, embedded: nobody else writes there');
  t.equal(loadConfig({ WORKERS: '2' }).soleWriter, false, 'a cluster has a writer per process');
  t.equal(
    loadConfig({ WORKERS: '1', DATABASE_URL: 'postgres://u:p@db:5432/delve' }).soleWriter,
    false,
    'an external database may have other nodes',
  );
  t.equal(
    loadConfig({ WORKERS: '1', DATABASE_URL: 'postgres://db/delve', SOLE_WRITER: 'true' }).soleWriter,
    true,
    'unless the operator says so',
  );
  t.equal(loadConfig({ WORKERS: '1', SOLE_WRITER: 'false' }).soleWriter, false, 'and it can be turned off');
  t.throws(() => loadConfig({ WORKERS: '2', SOLE_WRITER: 'true' }), /SOLE_WRITER: a cluster/, 'refused with several workers');
  t.throws(
    () => loadConfig({ WORKERS: '1', SOLE_WRITER: 'true', EVENTSTORE_URL: 'esdb://localhost:2113' }),
    /SOLE_WRITER: only PostgreSQL/,
  );
});

t.test('RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS is a bucket of that size refilled over that window', async (t) => {
  const { rateLimits } = loadConfig({ RATE_LIMIT_MAX: '120', RATE_LIMIT_WINDOW_MS: '60000' });
  t.same(rateLimits, { read: { perSecond: 2, burst: 120 }, write: { perSecond: 2, burst: 120 } });
});

t.test('every bad value is named at once, and secrets are not echoed', async (t) => {
  try {
    loadConfig({
      PORT: '70000',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@x/db',
      ADMIN_KEY: 'short',
      BODY_LIMIT: 'big',
      WORKERS: '0',
    });
    t.fail('should throw');
  } catch (error) {
    t.type(error, ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'ADMIN_KEY', 'BODY_LIMIT', 'WORKERS']) t.match(message, name, `names ${name}`);
    t.notMatch(message, 'hunter2', 'does not print the database password');
    t.equal((error as ConfigError).problems.length, 6);
  }
});
