// The raid's bots: the random and heuristic raiders as functions of a seat's view, and as the server bots that hold a
// seat, each deciding from exactly what a client playing the seat gets, with its strength as the bench measured it.
import { randomBotFor, randomTurn, type Bot, type ModuleBot } from '@delve/kernel';
import type { RaidCommand } from '../commands';
import { legalCommands } from '../legal';
import type { RaidView } from '../viewSchema';
import { heuristicBot } from './heuristic';
import { stateFromView } from './seen';

/** A bot plays on: it concedes only when a person tells it to, never by itself. */
const playsOn = (c: RaidCommand): boolean => c.type !== 'Concede';

/** The random bot: a random kind of what the seat may send to play on, as its view shows it, then one of that kind. */
export const randomBot: Bot<RaidView, RaidCommand> = randomBotFor(
  { legalCommands: (s, seat) => legalCommands(s, seat).filter(playsOn) },
  stateFromView,
);

/**
 * The server bots, the default first. Strength: the share of raids won by three raiders all played by the bot, against
 * the Dungeon on Novice with the dungeons in turn, measured by
 * `npx tsx packages/games/raid/bench/winrate.ts 200 novice 3 <bot>` (README, Bots and the win-rate bench).
 */
export const raidBots: readonly ModuleBot<RaidView, RaidCommand>[] = [
  {
    name: 'heuristic',
    description:
      'Plays to win: builds resources, plays the card worth most now, trades attacks well and goes for Bosses first, ' +
      'protects, heals and cancels dangerous flips.',
    strength: { winRate: 0.72, against: 'the Dungeon on Novice (three raiders of this bot)', games: 200, seats: 3 },
    play: (turn, random) => heuristicBot(turn.view, turn.seat, random),
  },
  {
    name: 'random',
    description: 'Picks a random kind of legal command, then one of that kind; it never concedes.',
    strength: { winRate: 0, against: 'the Dungeon on Novice (three raiders of this bot)', games: 200, seats: 3 },
    play: (turn, random) => randomTurn({ ...turn, legal: turn.legal.filter(playsOn) }, random),
  },
];
