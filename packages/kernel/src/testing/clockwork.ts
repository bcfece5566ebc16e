// A game that never ends, for measuring clocks: the seats pass a token around forever, and a timed-out seat's default
// move is to pass it on. Each seat is awaited in turn, so with a move clock a deadline falls due every few seconds in
// every game, for as long as the run lasts.
import { Type, type Static } from '@sinclair/typebox';
import { RuleViolation } from '../errors';
import type { GameModule } from '../module';

const command = Type.Union([Type.Object({ type: Type.Literal('Pass') }, { additionalProperties: false })]);
const event = Type.Union([Type.Object({ type: Type.Literal('Passed'), to: Type.Integer({ minimum: 0 }) })]);

export type ClockworkCommand = Static<typeof command>;
export type ClockworkEvent = Static<typeof event>;
export interface ClockworkState {
  readonly seats: number;
  readonly holder: number;
}

export const clockwork: GameModule<ClockworkCommand, ClockworkEvent, ClockworkState, ClockworkState> = {
  name: 'clockwork',
  rulesVersion: '1',
  info: {
    title: 'Clockwork (bench)',
    summary: 'The seats pass a token around forever: a game for measuring turn clocks.',
    seats: { min: 1, max: 16 },
    notation: 'packages/kernel/src/testing/clockwork.ts',
  },
  optionsSchema: Type.Object({}, { additionalProperties: false }),
  commandSchema: command,
  eventSchema: event,
  checkSeats: () => undefined,
  initialState: (_options, seats) => ({ seats, holder: 0 }),
  setup: () => [],
  decide(_command, state, ctx) {
    if (ctx.actor.kind !== 'seat' || ctx.actor.seat !== state.holder)
      throw new RuleViolation('clockwork/not-yours', 'pass when you hold it');
    return [{ type: 'Passed', to: (state.holder + 1) % state.seats }];
  },
  evolve: (state, event) => ({ ...state, holder: event.to }),
  view: (state) => state,
  redact: (event) => event,
  legalCommands: (state, seat) => (seat === state.holder ? [{ type: 'Pass' }] : []),
  status: (state) => ({ phase: 'passing', awaiting: [state.holder] }),
  timeoutCommand: (state, seat) => (seat === state.holder ? { type: 'Pass' } : null),
  concession: (state, seat) => (seat === state.holder ? { type: 'Pass' } : null),
  bots: [
    {
      name: 'passer',
      description: 'Passes the token on.',
      strength: { winRate: 0, against: 'nobody: nobody wins clockwork', games: 0, seats: 2 },
      play: ({ legal }) => legal[0] ?? null,
    },
  ],
};
