// Measures how fast evolve folds long bot games (events/s). Run: npx tsx packages/games/dungeon/bench/fold.ts [games] [rounds]
import { randomFor } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { dungeon, heuristicBot, randomBot, type DungeonEvent, type DungeonOptions } from '../src/index';

const TABLES: { options: DungeonOptions; seats: number }[] = [
  { options: {}, seats: 2 },
  { options: { decks: 2, counterAttack: 3 }, seats: 4 },
  { options: { variant: 'pitch-black', suicideQueen: true }, seats: 3 },
  { options: { variant: 'jokers-wild', counterAttack: 3 }, seats: 3 },
];

/** Play `games` bot games (random bots, which make long games, with one heuristic seat) and keep their events. */
export function botGames(games: number): { options: DungeonOptions; seats: number; events: readonly DungeonEvent[] }[] {
  return Array.from({ length: games }, (_, i) => {
    const { options, seats } = TABLES[i % TABLES.length]!;
    const seed = `fold:${i}`;
    const result = playout(dungeon, {
      options,
      seats,
      seed,
      maxSteps: 20_000,
      choose: (state, random) => {
        const awaiting = dungeon.status(state).awaiting;
        if (awaiting.length === 0) return null;
        const seat = random.pick(awaiting);
        const bot = seat === 0 ? heuristicBot : randomBot;
        const command = bot(dungeon.view(state, { kind: 'seat', seat }), seat, randomFor(seed, random.int(1 << 30)));
        return command && { seat, command };
      },
    });
    return { options, seats, events: result.events };
  });
}

/** Fold every game `rounds` times from its initial state; events per second of folding alone. */
export function foldRate(games: ReturnType<typeof botGames>, rounds: number): { events: number; perSecond: number } {
  let events = 0;
  const start = performance.now();
  for (let r = 0; r < rounds; r++)
    for (const game of games) {
      game.events.reduce(dungeon.evolve, dungeon.initialState(game.options, game.seats));
      events += game.events.length;
    }
  const seconds = (performance.now() - start) / 1000;
  return { events, perSecond: events / seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const games = botGames(Number(process.argv[2] ?? 40));
  const rounds = Number(process.argv[3] ?? 5);
  const lengths = games.map((g) => g.events.length);
  foldRate(games, 1); // warm up the JIT
  const { events, perSecond } = foldRate(games, rounds);
  console.log(
    `${games.length} games, ${Math.min(...lengths)}..${Math.max(...lengths)} events each; folded ${events} events: ` +
      `${Math.round(perSecond).toLocaleString('en')} events/s`,
  );
}
