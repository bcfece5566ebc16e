// Full Dungeoneer games over HTTP on a real PostgreSQL: random legal play and the module's bots, every command
// accepted, games finished, replays equal to the live views, and the audit re-running the rules to the same stream.
import { dungeoneer, heuristicBot, randomBot, type DungeoneerView } from '@delve/game-dungeoneer';
import { randomFor } from '@delve/kernel';
import t, { type Test } from 'tap';
import { clientOf, newTable, playWith } from './support/bots';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Create a game and claim every seat; returns the game id and the seat tokens. */
async function table(t: Test, ctx: TestApp, seats: number): Promise<{ id: string; tokens: string[] }> {
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'dungeoneer', options: {}, seats } });
  t.equal(created.status, 201, 'created');
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: {} })).body.token);
  return { id, tokens };
}

/** The game is over, its audit verifies, and sampled live views replay identically. */
async function finished(t: Test, ctx: TestApp, id: string, token: string, live: Map<number, unknown>, label: string) {
  const end = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
  t.equal(end.status, 'finished', `${label}: the game ends`);
  t.ok(Array.isArray(end.winners) && end.winners.length <= 1, `${label}: one winner, or nobody left`);
  // After the end every view is omniscient, so replays are compared for earlier revisions only.
  for (const [revision, view] of [...live].filter(([r]) => r < end.revision - 1).slice(0, 4)) {
    const replay = await call(t, ctx.app, 'GET', `/games/${id}/view?revision=${revision}`, { token });
    t.same(replay.body.view, view, `${label}: replay at ${revision} equals the live view`);
  }
  const audit = await call(t, ctx.app, 'GET', `/games/${id}/audit`);
  t.equal(audit.body.verified, true, `${label}: the audit verifies`);
}

t.test('Dungeoneer over HTTP: random legal commands from /legal-commands play a 2-player game to the end', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { dungeoneer }, 'dungeoneer');
  t.teardown(ctx.close);
  const { id, tokens } = await table(t, ctx, 2);
  const pick = randomFor('http-random', 0);
  const live = new Map<number, unknown>();
  for (let step = 0; step < 3000; step++) {
    const summary = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
    if (summary.status !== 'active') break;
    const seat = pick.pick(summary.awaiting as number[]);
    const legal = (await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { token: tokens[seat] as string })).body.commands as Json[];
    if (legal.length === 0) {
      t.fail(`seat ${seat} is awaited but has no legal command`, { summary });
      break;
    }
    const command = pick.pick(legal);
    const sent = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[seat] as string, payload: command });
    if (sent.status !== 200) {
      t.fail('a legal command was refused', { command, problem: sent.body });
      break;
    }
    if (step % 9 === 0) {
      const view = (await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string })).body;
      live.set(view.revision, view.view);
    }
  }
  await finished(t, ctx, id, tokens[0] as string, live, 'random play');
});

t.test('Dungeoneer over HTTP: the bots play a 4-player game from their own views, through the typed client', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { dungeoneer });
  t.teardown(ctx.close);
  const client = await clientOf(t, ctx);
  // 2 players: the random game above and bots-e2e; 3 players: the campaign test and the property tests.
  const seats = 4;
  const game = await newTable(client, 'dungeoneer', seats);
  // Seat 0 plays to win; the others play at random.
  const { live } = await playWith(
    t,
    client,
    game,
    (seat, view, step) =>
      (seat.seat === 0 ? heuristicBot : randomBot)(view as DungeoneerView, seat.seat, randomFor(`http-bots-${seats}`, step)),
    4000,
  );
  await finished(t, ctx, game.id, game.seats[0]!.token, live, `${seats} players`);
});
