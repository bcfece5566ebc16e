// Measures the heuristic bot against the random bot over two-player seeds (seats alternate), the strength the server bots
// publish. Run: npx tsx packages/games/dungeon/bench/winrate.ts [seeds] [variant]
import { botsChoose, playout } from '@delve/kernel/testing';
import { dungeon, heuristicBot, randomBot, type Variant } from '../src/index';

export function winRate(seeds: number, variant: Variant = 'standard'): { wins: number; games: number; unfinished: number } {
  let wins = 0;
  let unfinished = 0;
  for (let i = 0; i < seeds; i++) {
    const heuristicSeat = i % 2;
    const bots = heuristicSeat === 0 ? [heuristicBot, randomBot] : [randomBot, heuristicBot];
    const { state } = playout(dungeon, {
      options: { variant },
      seats: 2,
      seed: `winrate:${variant}:${i}`,
      choose: botsChoose(dungeon, bots),
      maxSteps: 6000,
    });
    if (!state.winners) unfinished++;
    else if (state.winners[0] === heuristicSeat) wins++;
  }
  return { wins, games: seeds, unfinished };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = Number(process.argv[2] ?? 200);
  const variants = (process.argv[3] ? [process.argv[3]] : ['standard', 'jokers-wild', 'almost-black', 'pitch-black']) as Variant[];
  for (const variant of variants) {
    const r = winRate(seeds, variant);
    const lost = r.games - r.wins - r.unfinished;
    console.log(
      `${variant}, ${r.games} two-player games: heuristic won ${r.wins} (winRate ${(r.wins / r.games).toFixed(3)} against random), ` +
        `random won ${lost} (winRate ${(lost / r.games).toFixed(3)} against heuristic), unfinished ${r.unfinished}`,
    );
  }
}
