// The dungeon's bots: the random and heuristic players as functions of a seat's view, and as the server bots that hold
// a seat, each deciding from exactly what a client playing the seat gets, with its strength as the bench measured it.
import { randomBotFor, randomTurn, type Bot, type ModuleBot } from '@delve/kernel';
import type { DungeonCommand } from '../commands';
import { legalCommands } from '../legal';
import type { DungeonView } from '../viewSchema';
import { heuristicBot } from './heuristic';
import { stateFromView } from './seen';

/** A bot plays on: conceding is for the person whose seat it holds, never the bot's own idea. */
const playsOn = (c: DungeonCommand): boolean => c.type !== 'Concede';

/** The random bot: a random kind of what the seat may send to play on, as its view shows it, then one of that kind. */
export const randomBot: Bot<DungeonView, DungeonCommand> = randomBotFor(
  { legalCommands: (s, seat) => legalCommands(s, seat).filter(playsOn) },
  stateFromView,
);

/**
 * The server bots, the default first. Strength: the share of two-player standard games won against the other bot,
 * seats alternating, as `npx tsx packages/games/dungeon/bench/winrate.ts 200 standard` measured it (README, Bots).
 */
export const dungeonBots: readonly ModuleBot<DungeonView, DungeonCommand>[] = [
  {
    name: 'heuristic',
    description:
      'Plays to win: escapes when it can, digs its deepest passage, caves in and attacks the player closest to ' +
      'escaping, fights off creatures cheaply and plays its Aces.',
    strength: { winRate: 0.965, against: 'random', games: 200, seats: 2 },
    play: (turn, random) => heuristicBot(turn.view, turn.seat, random),
  },
  {
    name: 'random',
    description: 'Picks a random kind of legal command, then one of that kind; it never concedes.',
    strength: { winRate: 0.035, against: 'heuristic', games: 200, seats: 2 },
    play: (turn, random) => randomTurn({ ...turn, legal: turn.legal.filter(playsOn) }, random),
  },
];
