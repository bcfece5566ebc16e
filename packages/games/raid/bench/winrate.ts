// Raiders played by one server bot against the Dungeon: the raiders' win rate per difficulty, three raiders (one of
// each class), the dungeons in turn, every seed fixed so a run is reproducible.
// Run: npx tsx packages/games/raid/bench/winrate.ts [seeds per difficulty] [difficulty|all] [seats] [bot|all]
import type { ModuleBot } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { DIFFICULTIES, DUNGEON_IDS, raid, type Difficulty, type RaidCommand, type RaidState, type RaidView } from '../src/index';

type RaidBot = ModuleBot<RaidView, RaidCommand>;

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

const named = (name: string): RaidBot => {
  const bot = raid.bots?.find((b) => b.name === name);
  if (!bot) throw new Error(`no raid bot ${name}: ${raid.bots?.map((b) => b.name).join(', ')}`);
  return bot;
};

/** Every awaited raider is played by `bot` from exactly what a client playing the seat gets (view and legal list). */
export function botChooser(bot: RaidBot) {
  return (state: RaidState, random: Parameters<RaidBot['play']>[1]): { seat: number; command: RaidCommand } | null => {
    const seat = raid.status(state).awaiting[0];
    if (seat === undefined) return null;
    const turn = { seat, view: raid.view(state, { kind: 'seat', seat }), legal: raid.legalCommands(state, seat), templates: [] };
    const command = bot.play(turn, random);
    return command ? { seat, command } : null;
  };
}

export function winRate(seeds: number, difficulty: Difficulty, seats = 3, bot: RaidBot = named('heuristic')): WinRate {
  let wins = 0;
  let unfinished = 0;
  let damage = 0;
  const byDungeon: Record<string, { wins: number; games: number }> = {};
  for (let i = 0; i < seeds; i++) {
    const dungeon = DUNGEON_IDS[i % DUNGEON_IDS.length] ?? 'drowned-crypt';
    const seed = `winrate:${difficulty}:${i}`;
    const { state, finished } = playout(raid, { options: { difficulty, dungeon }, seats, seed, choose: botChooser(bot), maxSteps: 5000 });
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
  const bots = process.argv[5] && process.argv[5] !== 'all' ? [named(process.argv[5])] : [...(raid.bots ?? [])];
  for (const bot of bots) {
    console.log(`\n${bot.name}: ${seats} raiders played by the bot, ${seeds} seeds per difficulty`);
    console.log(`| difficulty | raiders won | ${DUNGEON_IDS.join(' | ')} | mean damage to the Dungeon hero | unfinished |`);
    console.log(`| --- | --- | ${DUNGEON_IDS.map(() => '---').join(' | ')} | --- | --- |`);
    for (const difficulty of only) {
      const r = winRate(seeds, difficulty, seats, bot);
      const pct = (w: number, g: number) => `${w}/${g} (${((100 * w) / Math.max(1, g)).toFixed(1)}%)`;
      const per = DUNGEON_IDS.map((id) => pct(r.byDungeon[id]?.wins ?? 0, r.byDungeon[id]?.games ?? 0));
      console.log(
        `| ${difficulty} | ${pct(r.wins, r.games)} | ${per.join(' | ')} | ${(100 * r.meanDamage).toFixed(0)}% of its health | ${r.unfinished} |`,
      );
      if (difficulty === 'novice')
        console.log(
          `strength of ${bot.name}: ${JSON.stringify({ winRate: Number((r.wins / r.games).toFixed(3)), games: r.games, seats })}`,
        );
    }
  }
}
