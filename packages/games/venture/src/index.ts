// @delve/game-venture: MTG dungeons, venture and the initiative as a rules-enforcing companion module.
import { RuleViolation, type GameModule, type Random } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { VentureCommandSchema, type VentureCommand } from './commands';
import { decide } from './decide';
import { VentureEventSchema, type VentureEvent } from './events';
import { evolve } from './evolve';
import { legalCommands } from './rules/legal';
import { status } from './rules/status';
import { DEFAULT_STARTING_LIFE, initialState, type VentureOptions, type VentureState } from './state';
import { redact, view, type VentureView } from './view';
import { VentureViewSchema } from './viewSchema';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 16;

export const VentureOptionsSchema = Type.Object(
  { startingLife: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: DEFAULT_STARTING_LIFE })) },
  { additionalProperties: false },
);

function checkSeats(options: VentureOptions, seats: number): void {
  if (!Number.isInteger(seats) || seats < MIN_PLAYERS || seats > MAX_PLAYERS)
    throw new RuleViolation('venture/bad-seat-count', `a venture table seats ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  const life = options.startingLife;
  if (life !== undefined && (!Number.isInteger(life) || life < 1))
    throw new RuleViolation('venture/bad-starting-life', 'starting life is a positive whole number');
}

/** The starting table: life totals and a random first player, recorded in the event. */
function setup(state: VentureState, random: Random): VentureEvent[] {
  return [{ type: 'TableSet', seats: state.seats, startingLife: state.startingLife, firstPlayer: random.int(state.seats) }];
}

/** The venture module. */
export const venture: GameModule<VentureCommand, VentureEvent, VentureState, VentureView, VentureOptions> = {
  name: 'venture',
  rulesVersion: '1',
  info: {
    title: 'Magic: The Gathering dungeons (venture and the initiative)',
    summary:
      'A rules-enforcing companion for a Magic table: players venture into dungeons, move their markers room by ' +
      'room, resolve room abilities from the stack, complete dungeons, and take or steal the initiative. Life and ' +
      'tokens the rooms create are tracked; everything else stays on the physical table.',
    seats: { min: 2, max: 16 },
    notation: 'docs/rulings/venture.md',
  },
  optionsSchema: VentureOptionsSchema,
  commandSchema: VentureCommandSchema,
  eventSchema: VentureEventSchema,
  viewSchema: VentureViewSchema,
  checkSeats,
  initialState,
  setup,
  decide,
  evolve,
  view,
  redact,
  legalCommands,
  status,
};

export { VentureCommandSchema, type VentureCommand } from './commands';
export { VentureEventSchema, type VentureEvent } from './events';
export type { VentureState, VentureOptions, PlayerState, StackItem, Token, Step } from './state';
export type { VentureView, PlayerView, StackEntryView } from './view';
export { VentureViewSchema } from './viewSchema';
export { DUNGEONS, DUNGEON_IDS, TOKENS, allPaths, isBottommost, nextRooms, topmostRoom } from './dungeons';
export type { Dungeon, DungeonId, Effect, Room, TokenKind } from './dungeons';
export { completedByDungeon, completedCount, distinctCompleted, hasCompleted, hasCompletedAny } from './rules/completed';
