// Configuration from the environment: defaults, parsing, and one clear message per bad value.
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
});

t.test('values are parsed', async (t) => {
  const config = loadConfig({
    HOST: '0.0.0.0',
    PORT: '8080',
    DATABASE_URL: 'postgres://u:p@db:5432/delve',
    EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
    LOG_LEVEL: 'DEBUG',
    CORS_ORIGIN: 'https://a.example, https://b.example',
    RATE_LIMIT_MAX: '50',
    BODY_LIMIT: '4096',
    ADMIN_KEY: 'a-long-enough-admin-key',
    TRUST_PROXY: 'true',
  });
  t.equal(config.port, 8080);
  t.equal(config.logLevel, 'debug');
  t.same(config.corsOrigin, ['https://a.example', 'https://b.example']);
  t.equal(config.rateLimitMax, 50);
  t.equal(config.bodyLimit, 4096);
  t.equal(config.trustProxy, true);
  t.equal(loadConfig({ CORS_ORIGIN: '*' }).corsOrigin, true);
});

t.test('every bad value is named at once, and secrets are not echoed', async (t) => {
  try {
    loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://root:hunter2@x/db', ADMIN_KEY: 'short', BODY_LIMIT: 'big' });
    t.fail('should throw');
  } catch (error) {
    t.type(error, ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'ADMIN_KEY', 'BODY_LIMIT']) t.match(message, name, `names ${name}`);
    t.notMatch(message, 'hunter2', 'does not print the database password');
    t.equal((error as ConfigError).problems.length, 5);
  }
});
