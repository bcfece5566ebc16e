// The scheduler's plan in PostgreSQL: changes land with the checkpoint or not at all, in the order a page gave them,
// and an action is forgotten only while it is still the one planned.
import type { DueAction } from '@delve/kernel';
import t from 'tap';
import { PostgresDuePlan } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';

const server = await startTestDatabaseServer();
t.teardown(() => server.stop());

const timeout = (gameId: string, seat: number, due: string): DueAction => ({ kind: 'timeout', gameId, seat, due, deadline: due });
const at = (n: bigint) => ({ commit: n, prepare: 0n });

t.test('a page of changes lands with its checkpoint, in order, and a stale writer lands nothing', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const plan = new PostgresDuePlan(db.sql);
  t.equal(await plan.checkpoint(), 'start');
  const ok = await plan.commit(
    [
      { set: timeout('g1', 0, '2026-01-01T00:00:10.000Z') },
      { set: timeout('g1', 1, '2026-01-01T00:00:20.000Z') },
      { dropKind: { gameId: 'g1', kind: 'timeout' } },
      { set: timeout('g1', 1, '2026-01-01T00:00:30.000Z') },
      { set: timeout('g2', 0, '2026-01-01T00:00:05.000Z') },
      { dropGame: 'g3' },
    ],
    'start',
    at(10n),
  );
  t.ok(ok);
  t.same(
    (await plan.due('2026-01-01T00:01:00.000Z', 10)).map((a) => [a.gameId, a.seat, a.due]),
    [
      ['g2', 0, '2026-01-01T00:00:05.000Z'],
      ['g1', 1, '2026-01-01T00:00:30.000Z'],
    ],
    'the clearing dropped what came before it in the page, not what came after; soonest first',
  );
  t.same(await plan.checkpoint(), at(10n));
  t.notOk(await plan.commit([{ dropGame: 'g2' }], 'start', at(11n)), 'a writer behind the checkpoint is refused');
  t.equal((await plan.due('2026-01-01T00:01:00.000Z', 10)).length, 2, 'and wrote nothing');
  t.same(
    (await plan.due('2026-01-01T00:00:06.000Z', 10)).map((a) => a.gameId),
    ['g2'],
    'only what is due by then',
  );
  t.equal(await plan.nextDue(), '2026-01-01T00:00:05.000Z');
});

t.test('done forgets an action only while it is still the one planned', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const plan = new PostgresDuePlan(db.sql);
  const first = timeout('g', 0, '2026-01-01T00:00:10.000Z');
  await plan.commit([{ set: first }], 'start', at(1n));
  await plan.commit([{ set: timeout('g', 0, '2026-01-01T00:00:40.000Z') }], at(1n), at(2n));
  await plan.done([first]);
  t.same(
    (await plan.due('2026-01-01T00:01:00.000Z', 10)).map((a) => a.due),
    ['2026-01-01T00:00:40.000Z'],
    'the newer plan stays',
  );
  await plan.done(await plan.due('2026-01-01T00:01:00.000Z', 10));
  t.same(await plan.due('2026-01-01T00:01:00.000Z', 10), []);
});
