// One server process holding its database as the only writer (ADR 0060): the reads that follow a move are served from
// the games it folded, without asking the store, and are what a fresh read gives; another writer's appends are refused
// with 503 while it runs.
import t from 'tap';
import { liveGames } from '../src/liveGames';
import { storeUnavailable } from '../src/storeErrors';
import { PostgresEventStore } from '@delve/store-postgres';
import { toy } from './support/toy';
import { call } from './support/http';
import { testApp } from './support/app';

t.test('after a move, the legal commands, the view and the summary are served from memory and are current', async (t) => {
  const ctx = await testApp({}, { toy }, undefined, undefined, { soleWriter: true });
  t.teardown(() => ctx.close());
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', options: {}, seats: 2 } });
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: {} })).body.token);
  const moved = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[0] as string, payload: { type: 'Draw' } });
  t.equal(moved.status, 200, 'a move');

  const reads = ctx.service.streams.mark();
  const legal = await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { token: tokens[1] as string });
  const view = await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[1] as string });
  const summary = await call(t, ctx.app, 'GET', `/games/${id}`);
  t.equal(ctx.service.streams.mark(), reads, 'no stream was read');

  // What a process that holds nothing folded reads from the store.
  const fresh = liveGames(new PostgresEventStore(ctx.sql), { toy });
  t.same(legal.body.commands, (await fresh.reads.legal(id, 1)).commands, 'the legal commands are current');
  t.equal(view.body.revision, summary.body.revision, 'the view and the summary are at one revision');
  t.equal(summary.body.revision, (await fresh.reads.summary(id)).revision, 'the revision a fresh read finds');
});

t.test("another writer's command is refused while the process holds the database, as the store being away is", async (t) => {
  const ctx = await testApp({}, { toy }, undefined, undefined, { soleWriter: true });
  t.teardown(() => ctx.close());
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', options: {}, seats: 2 } });
  const other = liveGames(new PostgresEventStore(ctx.sql), { toy });
  const refused = await other.lobby.claimSeat(created.body.id as string, {}).then(
    () => null,
    (error: unknown) => error,
  );
  t.ok(refused !== null && storeUnavailable(refused), 'refused: the server answers it 503 with Retry-After');
  t.equal((await call(t, ctx.app, 'POST', `/games/${created.body.id}/seats`, { payload: {} })).status, 201, 'the process itself goes on');
});
