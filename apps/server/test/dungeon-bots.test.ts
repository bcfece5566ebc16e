// Issue 28: a Dungeon table of one person and server bots, over HTTP with the scheduler running, played to the end.
// The test plays seat 0 from its legal commands alone (the module's heuristic, run on its own view, picks among them);
// the scheduler plays the bots' seats, and the audit verifies.
import { dungeon, heuristicBot, type DungeonView } from '@delve/game-dungeon';
import { randomFor } from '@delve/kernel';
import t from 'tap';
import { testApp } from './support/app';
import { playWithBots } from './support/personAndBots';

t.test('a Dungeon game of one person and server bots plays to the end over HTTP, and its audit verifies', async (t) => {
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, { dungeon }, 'dungeon-bots', undefined, {
    scheduler: true,
  });
  t.teardown(ctx.close);
  for (const [seats, options] of [
    [2, {}],
    [3, { variant: 'jokers-wild', counterAttack: 3 }],
  ] as const) {
    const played = await playWithBots(t, ctx, {
      module: 'dungeon',
      seats,
      options,
      choose: (view: DungeonView, legal, step) => heuristicBot(view, 0, randomFor(`dungeon-bots:${seats}`, step)) ?? legal[0],
    });
    t.ok(played.sent > 3, `${seats} seats: the person played its seat (${played.sent} commands)`);
    t.equal(played.summary.winners.length, 1, `${seats} seats: one player escaped or was the last one alive`);
    t.same(
      played.summary.seats.map((s: { bot: string | null }) => s.bot),
      [null, ...Array.from({ length: seats - 1 }, () => 'heuristic')],
      `${seats} seats: the bots are the module’s default, the heuristic player`,
    );
  }
});
