// The venture table's server bots: each decides from exactly what a client playing the seat gets (its view, legal
// commands and templates), with its strength as the module's win-rate bench measured it.
import { randomTurn, type ModuleBot } from '@delve/kernel';
import type { VentureCommand } from '../commands';
import type { VentureView } from '../viewSchema';
import { heuristicBot } from './heuristic';

/** A bot plays on: conceding is for the person whose seat it holds, never the bot's own idea. */
const playsOn = (c: VentureCommand): boolean => c.type !== 'LeaveGame';

/**
 * The server bots, the default first. Strength: the share of two-player games won against the other bot, seats
 * alternating, as `npx tsx packages/games/venture/bench/winrate.ts 200` measured it (README, Bots). The random bot's
 * life reports (up to 999 either way, at random) decide most of those games, so the two are about even; the heuristic
 * bot is the default because it plays as a table does.
 */
export const ventureBots: readonly ModuleBot<VentureView, VentureCommand>[] = [
  {
    name: 'heuristic',
    description:
      'Plays a table to its end: ventures and takes the initiative now and then, avoids rooms that cost it, targets ' +
      'and hits the weakest opponent, and pays an "unless" cost only when the life loss would kill it.',
    strength: { winRate: 0.49, against: 'random', games: 200, seats: 2 },
    play: heuristicBot,
  },
  {
    name: 'random',
    description: 'Picks a random kind of legal command (or template, its amount at random), then one of that kind; it never concedes.',
    strength: { winRate: 0.51, against: 'heuristic', games: 200, seats: 2 },
    play: (turn, random) => randomTurn({ ...turn, legal: turn.legal.filter(playsOn) }, random),
  },
];
