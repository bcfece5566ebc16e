// The bots: both send only legal commands, from their seat's view; the heuristic raiders win Novice and lose Legendary.
import t from 'tap';
import { randomFor } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { heuristicBot, raid, randomBot, type RaidState } from '../src/index';
import { winRate } from '../bench/winrate';

t.test('bots: every command either bot sends is one of the seat’s legal commands', async (t) => {
  let checked = 0;
  for (const [difficulty, bots] of [
    ['novice', [heuristicBot, randomBot, heuristicBot]],
    ['heroic', [randomBot, heuristicBot, randomBot]],
  ] as const) {
    const result = playout(raid, {
      options: { difficulty },
      seats: 3,
      seed: `bots:${difficulty}`,
      choose: (state: RaidState, random) => {
        const seat = raid.status(state).awaiting[0];
        if (seat === undefined) return null;
        const command = bots[seat]?.(raid.view(state, { kind: 'seat', seat }), seat, random) ?? null;
        if (!command) throw new Error(`seat ${seat}'s bot has nothing to do while awaited`);
        if (!raid.legalCommands(state, seat).some((c) => JSON.stringify(c) === JSON.stringify(command)))
          t.fail(`not legal: ${JSON.stringify(command)}`);
        checked++;
        return { seat, command };
      },
    });
    t.ok(result.finished, `${difficulty}: the raid ends`);
  }
  t.ok(checked > 100, `${checked} commands checked`);
});

t.test('bots: they answer null when the seat has nothing to do', async (t) => {
  const state = raid.initialState({}, 2);
  const view = raid.view(state, { kind: 'seat', seat: 0 });
  t.equal(randomBot(view, 0, randomFor('x', 0)), null);
  t.equal(heuristicBot(view, 0, randomFor('x', 0)), null);
});

t.test('bots: heuristic raiders win Novice by sensible play and lose Legendary (measured; bench/winrate.ts for 200 seeds)', async (t) => {
  const novice = winRate(12, 'novice');
  const legendary = winRate(12, 'legendary');
  t.comment(`3 heuristic raiders, 12 seeds: Novice ${novice.wins}/12, Legendary ${legendary.wins}/12`);
  t.equal(novice.unfinished + legendary.unfinished, 0, 'every raid finished');
  t.ok(novice.wins >= 6, 'Novice is winnable');
  t.ok(novice.wins > legendary.wins, 'Legendary is harder');
});
