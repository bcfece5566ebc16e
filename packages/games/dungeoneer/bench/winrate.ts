// Dungeoneer's server bots against each other: two-player games, the seats alternating, every seed fixed so a run is
// reproducible. Each bot's win rate against the other is its strength in src/bots/index.ts.
// Run: npx tsx packages/games/dungeoneer/bench/winrate.ts [seeds] [seats]
import type { ModuleBot, Random } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { dungeoneer, type DungeoneerCommand, type DungeoneerState, type DungeoneerView } from '../src/index';

type DungeoneerBot = ModuleBot<DungeoneerView, DungeoneerCommand>;

const named = (name: string): DungeoneerBot => {
  const bot = dungeoneer.bots?.find((b) => b.name === name);
  if (!bot) throw new Error(`no dungeoneer bot ${name}`);
  return bot;
};

/** A random awaited seat is played by its bot from exactly what a client playing the seat gets. */
function chooser(bots: readonly DungeoneerBot[]) {
  return (state: DungeoneerState, random: Random): { seat: number; command: DungeoneerCommand } | null => {
    const awaiting = dungeoneer.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const turn = {
      seat,
      view: dungeoneer.view(state, { kind: 'seat', seat }),
      legal: dungeoneer.legalCommands(state, seat),
      templates: [],
    };
    const command = bots[seat]?.play(turn, random) ?? null;
    if (!command) throw new Error(`seat ${seat} is awaited but its bot has nothing to do`);
    return { seat, command };
  };
}

/** `bot` in one seat (it moves round with the seed), `other` in the rest: how many games `bot` won. */
export function winRate(seeds: number, seats = 2, bot = named('heuristic'), other = named('random')) {
  let wins = 0;
  let unfinished = 0;
  let steps = 0;
  for (let i = 0; i < seeds; i++) {
    const mine = i % seats;
    const bots = Array.from({ length: seats }, (_, seat) => (seat === mine ? bot : other));
    const result = playout(dungeoneer, { options: {}, seats, seed: `winrate:${seats}:${i}`, maxSteps: 6000, choose: chooser(bots) });
    steps += result.steps;
    if (!result.finished) unfinished++;
    else if (result.state.winners?.includes(mine)) wins++;
  }
  return { wins, games: seeds, unfinished, steps };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = Number(process.argv[2] ?? 200);
  const seats = Number(process.argv[3] ?? 2);
  for (const [bot, other] of [
    ['heuristic', 'random'],
    ['random', 'heuristic'],
  ] as const) {
    const r = winRate(seeds, seats, named(bot), named(other));
    const pct = ((100 * r.wins) / r.games).toFixed(1);
    console.log(`${seats} players, ${bot} in one seat against ${other}: won ${r.wins}/${r.games} (${pct}%), unfinished ${r.unfinished}`);
    console.log(
      `strength of ${bot}: ${JSON.stringify({ winRate: Number((r.wins / r.games).toFixed(3)), against: other, games: r.games, seats })}`,
    );
  }
}
