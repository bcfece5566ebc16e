// Issue 28: a raid of one person and two server bots, over HTTP with the scheduler running, played to the end. The
// test plays raider seat 0 from its legal commands alone (the module's heuristic, run on its own view, picks among
// them); the scheduler plays the bots' seats, and the audit verifies.
import { heuristicBot, raid, type RaidView } from '@delve/game-raid';
import { randomFor } from '@delve/kernel';
import t from 'tap';
import { testApp } from './support/app';
import { playWithBots } from './support/personAndBots';

t.test('a raid with one person and two bots plays to the end over HTTP, and its audit verifies', async (t) => {
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, { raid }, 'raid-bots', undefined, {
    scheduler: true,
  });
  t.teardown(ctx.close);
  const played = await playWithBots(t, ctx, {
    module: 'raid',
    seats: 3,
    options: { difficulty: 'novice' },
    choose: (view: RaidView, legal, step) => heuristicBot(view, 0, randomFor('raid-bots', step)) ?? legal[0],
  });
  t.ok(played.sent > 5, `the person played its raider (${played.sent} commands)`);
  t.type(played.summary.winners, Array, 'the raid has its winners: every raider, or nobody');
  t.same(
    played.summary.seats.map((s: { bot: string | null }) => s.bot),
    [null, 'heuristic', 'heuristic'],
    'the bots are the module’s default, the heuristic raider',
  );
});
