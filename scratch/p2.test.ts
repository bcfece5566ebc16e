import t from 'tap';
import { testApp } from '../apps/server/test/support/app';
t.test('probe', async (t) => {
  const ctx = await testApp({ LOG_LEVEL: 'error', RATE_LIMIT_WRITES_PER_SECOND: '1', RATE_LIMIT_WRITE_BURST: '10', RATE_LIMIT_READ_BURST: '1000' });
  t.teardown(() => ctx.close());
  const aliases = Array.from({ length: 300 }, (_, i) => `g${i}: createGame(module: "toy", seats: 2) { id }`).join('\n');
  const r = await ctx.app.inject({ method: 'POST', url: '/graphql', payload: { query: `mutation { ${aliases} }` } });
  console.log(r.statusCode, r.body.slice(0, 600));
  t.pass();
});
