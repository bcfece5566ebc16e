// Issue 28: a Dungeoneer table of one person and server bots, over HTTP with the scheduler running, played to the end.
// The test plays seat 0 from its legal commands alone (the module's heuristic, run on its own view, picks among them);
// the scheduler plays the bots' seats, and the audit verifies.
import { dungeoneer, heuristicBot, type DungeoneerView } from '@delve/game-dungeoneer';
import { randomFor } from '@delve/kernel';
import t from 'tap';
import { testApp } from './support/app';
import { playWithBots } from './support/personAndBots';

t.test('a Dungeoneer table of one person and two bots plays to the end over HTTP, and its audit verifies', async (t) => {
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, { dungeoneer }, 'dungeoneer-bots', undefined, {
    scheduler: true,
  });
  t.teardown(ctx.close);
  const played = await playWithBots(t, ctx, {
    module: 'dungeoneer',
    seats: 3,
    choose: (view: DungeoneerView, legal, step) => heuristicBot(view, 0, randomFor('dungeoneer-bots', step)) ?? legal[0],
  });
  t.ok(played.sent > 5, `the person played its hero (${played.sent} commands)`);
  t.type(played.summary.winners, Array, 'the game has its winners');
  t.same(
    played.summary.seats.map((s: { bot: string | null }) => s.bot),
    [null, 'heuristic', 'heuristic'],
    'the bots are the module’s default, the heuristic player',
  );
});
