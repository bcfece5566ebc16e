// Measures the heuristic bot against the random bot over two-player seeds (seats alternate), the strength the server bots
// publish. Run: npx tsx packages/games/venture/bench/winrate.ts [seeds]
import { playout, serverBotsChoose } from '@delve/kernel/testing';
import { venture, ventureBots } from '../src/index';

export function winRate(seeds: number): { wins: number; losses: number; games: number; unfinished: number } {
  const [heuristic, random] = ventureBots;
  if (!heuristic || !random) throw new Error('venture has two bots');
  let wins = 0;
  let losses = 0;
  let unfinished = 0;
  for (let i = 0; i < seeds; i++) {
    const heuristicSeat = i % 2;
    const { state } = playout(venture, {
      options: {},
      seats: 2,
      seed: `winrate:${i}`,
      choose: serverBotsChoose(venture, heuristicSeat === 0 ? [heuristic, random] : [random, heuristic]),
      maxSteps: 4000,
    });
    const winners = venture.status(state).winners;
    if (!winners) unfinished++;
    else if (winners.includes(heuristicSeat)) wins++;
    else if (winners.length > 0) losses++;
  }
  return { wins, losses, games: seeds, unfinished };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = winRate(Number(process.argv[2] ?? 200));
  console.log(
    `${r.games} two-player games: heuristic won ${r.wins} (winRate ${(r.wins / r.games).toFixed(3)} against random), ` +
      `random won ${r.losses} (winRate ${(r.losses / r.games).toFixed(3)} against heuristic), ` +
      `nobody ${r.games - r.wins - r.losses - r.unfinished}, unfinished ${r.unfinished}`,
  );
}
