// Issue 28: a venture table of one person and server bots, over HTTP with the scheduler running, played to the end.
// The test plays seat 0 from its legal commands alone (the module's heuristic, run on its own turn, picks among them);
// the scheduler plays the bots' seats, and the audit verifies.
import { heuristicBot, venture, type VentureView } from '@delve/game-venture';
import { randomFor } from '@delve/kernel';
import t from 'tap';
import { testApp } from './support/app';
import { playWithBots } from './support/personAndBots';

t.test('a venture table of one person and server bots plays to the end over HTTP, and its audit verifies', async (t) => {
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, { venture }, 'venture-bots', undefined, {
    scheduler: true,
  });
  t.teardown(ctx.close);
  const played = await playWithBots(t, ctx, {
    module: 'venture',
    seats: 3,
    options: { baldursGateWilderness: true },
    // The person's pick among its legal commands: the heuristic's, which it never makes outside them (no templates here).
    choose: (view: VentureView, legal, step) => {
      const command = heuristicBot({ seat: 0, view, legal, templates: [] }, randomFor('venture-bots', step));
      return command !== null && legal.some((c) => JSON.stringify(c) === JSON.stringify(command)) ? command : legal[0];
    },
  });
  t.ok(played.sent > 3, `the person played its seat (${played.sent} commands)`);
  t.ok(played.summary.winners.length <= 1, 'the last player left wins (or nobody)');
  t.same(
    played.summary.seats.map((s: { bot: string | null }) => s.bot),
    [null, 'heuristic', 'heuristic'],
    'the bots are the module’s default, the heuristic player',
  );
});
