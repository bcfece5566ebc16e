// @delve/game-venture: MTG dungeons, venture and the initiative as a rules-enforcing companion module.
import type { GameModule } from '@delve/kernel';
import { commandSchema, type VentureCommand } from './commands';
import { decide } from './decide';
import { describe } from './describe';
import { eventSchema, type VentureEvent } from './events';
import { evolve } from './evolve';
import { commandTemplates, concession, legalCommands, timeoutCommand } from './legal';
import { checkSeats, MAX_PLAYERS, MIN_PLAYERS, optionsSchema, type VentureOptions } from './options';
import { setup } from './setup';
import { initialState, type VentureState } from './state';
import { status } from './status';
import { redact, view } from './view';
import { viewSchema, type VentureView } from './viewSchema';
import { ventureBots } from './bots';
import { content } from './content/items';
import { VENTURE_CODES } from './rules/codes';

/** The venture module: MTG dungeons (309), venture (701.49) and the initiative (725) for a table that plays elsewhere. */
export const venture: GameModule<VentureCommand, VentureEvent, VentureState, VentureView, VentureOptions> = {
  name: 'venture',
  // 3: a life change or combat damage report is at most 999, a revealed total mana value at most 64.
  rulesVersion: '3',
  info: {
    title: 'Magic: The Gathering dungeons (venture and the initiative)',
    summary:
      'A rules-enforcing companion for a Magic table: players venture into dungeons, move their markers room by ' +
      'room, resolve room abilities from the stack, complete dungeons, and take or steal the initiative. Life and ' +
      'tokens the rooms create are tracked; everything else stays on the physical table.',
    seats: { min: MIN_PLAYERS, max: MAX_PLAYERS },
    notation: 'packages/games/venture/README.md',
  },
  optionsSchema,
  commandSchema,
  eventSchema,
  viewSchema,
  checkSeats,
  initialState,
  setup,
  decide,
  evolve,
  view,
  redact,
  describe,
  legalCommands,
  commandTemplates,
  timeoutCommand,
  concession,
  bots: ventureBots,
  codes: Object.fromEntries(Object.entries(VENTURE_CODES).map(([code, meaning]) => [`venture/${code}`, meaning])),
  content,
  status,
};

export { commandSchema, type CommandOf, type VentureCommand } from './commands';
export { eventSchema, type EventOf, type VentureEvent } from './events';
export { optionsSchema, type VentureOptions } from './options';
export type { VentureState, PlayerState, StackItem, Token } from './state';
export type { Step } from './events';
export { viewSchema, type VentureView, type PlayerView, type StackEntryView } from './viewSchema';
export { DUNGEONS, DUNGEON_IDS, TOKENS, allPaths, isBottommost, nextRooms, topmostRoom } from './content';
export type { Dungeon, DungeonId, Effect, Room, TokenKind } from './content';
export { ventureBots } from './bots';
export { heuristicBot } from './bots/heuristic';
export { completedByDungeon, completedCount, distinctCompleted, hasCompleted, hasCompletedAny } from './rules/completed';
