// The bots: every command they send is legal (the pipeline would refuse it), games between them end, and the
// heuristic bot beats the random one.
import t from 'tap';
import { heuristicBot, randomBot } from '../src/index';
import { botGame } from './support';
import { winRate } from '../bench/winrate';

t.test('bots: random and heuristic bots play 2-, 3- and 4-player games to the end with legal commands only', async (t) => {
  for (const [seats, bots] of [
    [2, [randomBot, heuristicBot]],
    [3, [heuristicBot, randomBot, randomBot]],
    [4, [heuristicBot]],
  ] as const) {
    const result = botGame(seats, `bots-${seats}`, bots);
    t.ok(result.finished, `${seats} players: finished after ${result.steps} commands, won by ${result.state.winners?.join() ?? 'nobody'}`);
  }
});

t.test('bots: the heuristic bot wins most two-player games against the random bot', async (t) => {
  const r = winRate(12);
  t.equal(r.unfinished, 0, 'every game ends');
  t.ok(r.wins >= 9, `heuristic won ${r.wins}/${r.games}`);
});
