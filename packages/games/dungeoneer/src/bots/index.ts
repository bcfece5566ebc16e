// Dungeoneer's bots: the random and heuristic players as functions of a seat's view, and as the server bots that hold
// a seat, each deciding from exactly what a client playing the seat gets, with its strength as the bench measured it.
import { randomBotFor, randomTurn, type Bot, type ModuleBot } from '@delve/kernel';
import type { DungeoneerCommand } from '../commands';
import { legalCommands } from '../legal';
import type { DungeoneerView } from '../viewSchema';
import { heuristicBot } from './heuristic';
import { stateFromView } from './seen';

/** A bot plays on: it concedes only when a person tells it to, never by itself. */
const playsOn = (c: DungeoneerCommand): boolean => c.type !== 'Concede';

/** The random bot: a random kind of what the seat may send to play on, as its view shows it, then one of that kind. */
export const randomBot: Bot<DungeoneerView, DungeoneerCommand> = randomBotFor(
  { legalCommands: (s, seat) => legalCommands(s, seat).filter(playsOn) },
  stateFromView,
);

/**
 * The server bots, the default first. Strength: the share of two-player games the bot won against the other bot, the
 * seats alternating, measured by `npx tsx packages/games/dungeoneer/bench/winrate.ts 200` (README, Bots and the
 * win-rate bench).
 */
export const dungeoneerBots: readonly ModuleBot<DungeoneerView, DungeoneerCommand>[] = [
  {
    name: 'heuristic',
    description:
      'Heads for its quests and completes them, readies Treasures and Boons, heals when low, challenges weaker heroes, ' +
      'and as Dungeonlord sends its best-matched monsters and its Banes at the leader.',
    strength: { winRate: 0.945, against: 'random', games: 200, seats: 2 },
    play: (turn, random) => heuristicBot(turn.view, turn.seat, random),
  },
  {
    name: 'random',
    description: 'Picks a random kind of legal command, then one of that kind; it never concedes.',
    strength: { winRate: 0.025, against: 'heuristic', games: 200, seats: 2 },
    play: (turn, random) => randomTurn({ ...turn, legal: turn.legal.filter(playsOn) }, random),
  },
];
