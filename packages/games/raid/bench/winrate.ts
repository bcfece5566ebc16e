// Heuristic raiders against the Dungeon: the raiders' win rate per difficulty, three raiders (one of each class),
// the dungeons in turn. Run: npx tsx packages/games/raid/bench/winrate.ts [seeds per difficulty] [difficulty] [seats]
import { randomFor } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { DIFFICULTIES, DUNGEON_IDS, heuristicBot, raid, type Difficulty, type RaidCommand, type RaidState } from '../src/index';

export interface WinRate {
  readonly difficulty: Difficulty;
  readonly games: number;
  readonly wins: number;
  readonly unfinished: number;
  /** Wins per dungeon id. */
  readonly byDungeon: Readonly<Record<string, { wins: number; games: number }>>;
  /** Mean share of the Dungeon hero's health dealt to it, over all games. */
  readonly meanDamage: number;
}

/** Every awaited raider answers with the heuristic bot, from its own view. */
export function heuristicChooser(seed: string) {
  return (state: RaidState): { seat: number; command: RaidCommand } | null => {
    const seat = raid.status(state).awaiting[0];
    if (seat === undefined) return null;
    const command = heuristicBot(raid.view(state, { kind: 'seat', seat }), seat, randomFor(`${seed}:bot`, 0));
    return command ? { seat, command } : null;
  };
}

export function winRate(seeds: number, difficulty: Difficulty, seats = 3): WinRate {
  let wins = 0;
  let unfinished = 0;
  let damage = 0;
  const byDungeon: Record<string, { wins: number; games: number }> = {};
  for (let i = 0; i < seeds; i++) {
    const dungeon = DUNGEON_IDS[i % DUNGEON_IDS.length] ?? 'drowned-crypt';
    const seed = `winrate:${difficulty}:${i}`;
    const { state, finished } = playout(raid, {
      options: { difficulty, dungeon },
      seats,
      seed,
      choose: heuristicChooser(seed),
      maxSteps: 5000,
    });
    const entry = (byDungeon[dungeon] ??= { wins: 0, games: 0 });
    entry.games++;
    if (!finished || !state.result) unfinished++;
    else {
      damage += Math.min(1, state.result.damageDealt / state.result.health);
      if (state.result.outcome === 'raiders') {
        wins++;
        entry.wins++;
      }
    }
  }
  return { difficulty, games: seeds, wins, unfinished, byDungeon, meanDamage: damage / seeds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seeds = Number(process.argv[2] ?? 200);
  const only = process.argv[3] && process.argv[3] !== 'all' ? [process.argv[3] as Difficulty] : [...DIFFICULTIES];
  const seats = Number(process.argv[4] ?? 3);
  console.log(`| difficulty | raiders won | ${DUNGEON_IDS.join(' | ')} | mean damage to the Dungeon hero | unfinished |`);
  console.log(`| --- | --- | ${DUNGEON_IDS.map(() => '---').join(' | ')} | --- | --- |`);
  for (const difficulty of only) {
    const r = winRate(seeds, difficulty, seats);
    const pct = (w: number, g: number) => `${w}/${g} (${((100 * w) / Math.max(1, g)).toFixed(1)}%)`;
    const per = DUNGEON_IDS.map((id) => pct(r.byDungeon[id]?.wins ?? 0, r.byDungeon[id]?.games ?? 0));
    console.log(
      `| ${difficulty} | ${pct(r.wins, r.games)} | ${per.join(' | ')} | ${(100 * r.meanDamage).toFixed(0)}% of its health | ${r.unfinished} |`,
    );
  }
}
