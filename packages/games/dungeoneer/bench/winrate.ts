// Measures the heuristic bot against random bots over 200 two-player seeds (seats alternate).
// Run: npx tsx packages/games/dungeoneer/bench/winrate.ts [seeds] [seats]
import { heuristicBot, randomBot } from '../src/index';
import { botGame } from '../test/support';

export function winRate(seeds: number, seats = 2): { wins: number; games: number; unfinished: number; steps: number } {
  let wins = 0;
  let unfinished = 0;
  let steps = 0;
  for (let i = 0; i < seeds; i++) {
    const heuristicSeat = i % seats;
    const bots = Array.from({ length: seats }, (_, seat) => (seat === heuristicSeat ? heuristicBot : randomBot));
    const result = botGame(seats, `winrate:${seats}:${i}`, bots);
    steps += result.steps;
    if (!result.finished) unfinished++;
    else if (result.state.winners?.includes(heuristicSeat)) wins++;
  }
  return { wins, games: seeds, unfinished, steps };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = Number(process.argv[2] ?? 200);
  const seats = Number(process.argv[3] ?? 2);
  const r = winRate(seeds, seats);
  const pct = ((100 * r.wins) / r.games).toFixed(1);
  console.log(`${seats} players: heuristic won ${r.wins}/${r.games} (${pct}%), unfinished ${r.unfinished}, ${r.steps} commands in all`);
}
