// The notifier's outbox and the webhook queue in PostgreSQL: a page lands with its checkpoint or not at all, clock-low
// timers are told when due or when stopped after falling due, deliveries go to the webhooks that want them in the page's
// order, and the deliverer only ever gets the head of each game's queue.
import type { LowClockTimer, Notice } from '@delve/kernel';
import t from 'tap';
import { feedAfter, feedNews, feedPage, PostgresNoticeOutbox, PostgresWebhooks } from '../src/index';
import { startTestDatabaseServer } from '../src/testing';

const server = await startTestDatabaseServer();
t.teardown(() => server.stop());

const at = (n: bigint) => ({ commit: n, prepare: 0n });
const T = (s: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + s * 1000).toISOString();
const P0 = '00000000-0000-4000-8000-000000000000';
const P1 = '11111111-1111-4111-8111-111111111111';
const G = '99999999-9999-4999-8999-999999999999';

const turn = (seat: number, revision: number, players: string[], when = T(0), game = G): Notice => ({
  kind: 'turn',
  key: `game:${game}:turn:${seat}:${revision}`,
  subject: `game:${game}`,
  players,
  at: when,
  data: { gameId: game, module: 'toy', seat, player: players[0] ?? null, revision, deadline: null },
});
const timer = (seat: number, due: string, deadline = 'd'): LowClockTimer => ({
  key: `game:${G}:clock.low:${seat}:${deadline}`,
  player: seat === 0 ? P0 : P1,
  gameId: G,
  seat,
  due,
  data: { gameId: G, module: 'toy', seat, player: seat === 0 ? P0 : P1, revision: 3, deadline: deadline },
});

t.test('a page lands with its checkpoint: feeds per player, in order, once; a stale writer lands nothing', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const outbox = new PostgresNoticeOutbox(db.sql);
  t.equal(await outbox.checkpoint(), 'start');
  const page = { notices: [turn(0, 2, [P0]), turn(1, 3, [P1]), turn(0, 4, [P0]), turn(1, 5, [])], clocks: [] };
  t.ok(await outbox.commit(page, 'start', at(5n)));
  t.notOk(await outbox.commit(page, 'start', at(6n)), 'behind the checkpoint: refused');
  t.same(await outbox.checkpoint(), at(5n));
  const mine = await feedPage(db.sql, P0, 10, null);
  t.same(
    mine.items.map((n) => [n.kind, n.revision]),
    [
      ['turn', 4],
      ['turn', 2],
    ],
    'newest first, once each',
  );
  const first = await feedPage(db.sql, P0, 1, null);
  t.equal(first.items.length, 1);
  const second = await feedPage(db.sql, P0, 1, BigInt(first.nextCursor as string));
  t.same(
    second.items.map((n) => n.revision),
    [2],
    'the cursor pages on',
  );
  t.equal(second.nextCursor, null);
  t.same(
    (await feedAfter(db.sql, P0, BigInt(second.items[0]?.id as string), 10)).map((n) => n.revision),
    [4],
    'after an id: oldest first',
  );
  const news = await feedNews(db.sql, 0n, 100);
  t.same(news.players.sort(), [P0, P1].sort(), 'who was told');
  t.same((await feedNews(db.sql, null, 100)).last, news.last, 'the last id');
});

t.test('clock-low timers: told when released due, told when stopped after falling due, dropped when stopped before', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const outbox = new PostgresNoticeOutbox(db.sql);
  await outbox.commit({ notices: [], clocks: [{ set: timer(0, T(30), 'a') }, { set: timer(1, T(40), 'b') }] }, 'start', at(1n));
  t.equal(await outbox.release(T(29)), 0, 'not before its time');
  t.equal(await outbox.release(T(30)), 1, 'seat 0 falls due');
  t.same(
    (await feedPage(db.sql, P0, 10, null)).items.map((n) => n.kind),
    ['clock.low'],
  );
  // Seat 1 moved at 35 s, before its timer (40 s): dropped. A new deadline's timer is planned and, in the same page,
  // stopped after it fell due: told.
  await outbox.commit(
    {
      notices: [],
      clocks: [{ stop: { gameId: G, seat: 1, at: T(35) } }, { set: timer(1, T(50), 'c') }, { stop: { gameId: G, seat: null, at: T(55) } }],
    },
    at(1n),
    at(2n),
  );
  t.equal(await outbox.release(T(1000)), 0, 'nothing left');
  const p1 = (await feedPage(db.sql, P1, 10, null)).items;
  t.same(
    p1.map((n) => n.deadline),
    ['c'],
    'the timer stopped before it fell due is dropped; the one stopped after is told',
  );
  // A timer planned in one page and stopped after falling due in the next (the notifier lagging): told.
  await outbox.commit({ notices: [], clocks: [{ set: timer(0, T(60), 'e') }] }, at(2n), at(3n));
  await outbox.commit({ notices: [], clocks: [{ stop: { gameId: G, seat: 0, at: T(61) } }] }, at(3n), at(4n));
  t.same(
    (await feedPage(db.sql, P0, 10, null)).items.map((n) => n.deadline),
    ['e', 'a'],
  );
});

t.test('deliveries go to the webhooks that want them, in the page order; the queue hands out each game’s head only', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const outbox = new PostgresNoticeOutbox(db.sql);
  const hooks = new PostgresWebhooks(db.sql);
  const base = { events: ['turn', 'game.finished'], secret: 's', createdAt: T(0) };
  const operator = await hooks.create({ ...base, id: crypto.randomUUID(), owner: null, url: 'https://op.example/h' });
  const p0 = await hooks.create({ ...base, id: crypto.randomUUID(), owner: P0, url: 'https://p0.example/h' });
  const late = await hooks.create({ ...base, id: crypto.randomUUID(), owner: null, url: 'https://late.example/h', createdAt: T(100) });
  const other = '88888888-8888-4888-8888-888888888888';
  await outbox.commit(
    { notices: [turn(0, 1, [P0], T(1)), turn(1, 2, [P1], T(2)), turn(0, 1, [], T(3), other), turn(0, 3, [P0], T(4))], clocks: [] },
    'start',
    at(1n),
  );
  t.same((await hooks.counts(operator.id)).pending, 4, 'the operator’s webhook gets every fact');
  t.same((await hooks.counts(p0.id)).pending, 2, 'a player’s only theirs');
  t.same((await hooks.counts(late.id)).pending, 0, 'none from before it was registered');
  const due = await hooks.due(T(10), 10, []);
  t.same(
    due.filter((d) => d.webhookId === operator.id).map((d) => (d.data as { revision: number }).revision),
    [1, 1],
    'the operator’s: the head of each game only',
  );
  const head = due.find((d) => d.webhookId === p0.id);
  t.ok(head);
  t.same(
    await hooks.due(T(10), 10, [head?.id as string]).then((ds) => ds.filter((d) => d.webhookId === p0.id)),
    [],
    'in flight: not handed out again, nor what follows it',
  );
  const outcome = { delivery: head as NonNullable<typeof head>, at: T(11), statusCode: 500, error: 'HTTP 500', durationMs: 3 };
  t.ok(await hooks.record({ ...outcome, result: { kind: 'retry', retryAt: T(20), retryInMs: 9000 } }));
  t.notOk(await hooks.record({ ...outcome, result: { kind: 'delivered' } }), 'the same attempt settled twice: refused');
  t.same(
    (await hooks.due(T(15), 10, [])).filter((d) => d.webhookId === p0.id),
    [],
    'waiting for its retry, with its game behind it',
  );
  const retried = (await hooks.due(T(20), 10, [])).find((d) => d.webhookId === p0.id);
  t.equal(retried?.attempts, 1);
  await hooks.record({
    ...outcome,
    delivery: retried as NonNullable<typeof retried>,
    statusCode: 500,
    result: { kind: 'failed' },
    disable: 'it failed',
  });
  t.same((await hooks.get(p0.id))?.disabledReason, 'it failed', 'disabled with the reason');
  t.same(
    (await hooks.due(T(30), 10, [])).filter((d) => d.webhookId === p0.id),
    [],
    'a disabled webhook gets nothing',
  );
  const log = await hooks.deliveries(p0.id, 10, null);
  t.same(
    log.items.map((d) => [d.status, d.attempts.map((a) => [a.statusCode, a.retryInMs])]),
    [
      ['pending', []],
      [
        'failed',
        [
          [500, 9000],
          [500, null],
        ],
      ],
    ],
    'the log: newest first, every attempt with its status and drawn backoff',
  );
  t.ok(await hooks.delete(p0.id));
  t.equal(await hooks.get(p0.id), null);
});

t.test('ids past 9 keep their numeric order in every read (they are read as text)', async (t) => {
  const db = await server.create();
  t.teardown(() => db.close());
  const outbox = new PostgresNoticeOutbox(db.sql);
  await outbox.commit({ notices: Array.from({ length: 12 }, (_, i) => turn(0, i, [P0])), clocks: [] }, 'start', at(1n));
  t.same(
    (await feedPage(db.sql, P0, 20, null)).items.map((n) => n.revision),
    [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
  );
  t.same(
    (await feedAfter(db.sql, P0, 8n, 20)).map((n) => n.revision),
    [8, 9, 10, 11],
  );
  t.same((await feedNews(db.sql, 8n, 2)).last, 10n, 'a page of news ends at its last id');
});
