// A tiny card game for the API tests: secret running totals, random draws, turns, busts and a finish.
import { Type } from '@sinclair/typebox';
import { RuleViolation, type GameModule, type Seat, type Viewer } from '@delve/kernel';

export type ToyCommand = { type: 'Draw' } | { type: 'Stop' };
export type ToyEvent =
  { type: 'Drew'; seat: Seat; value: number | null } | { type: 'Stopped'; seat: Seat } | { type: 'Busted'; seat: Seat };

export interface ToyState {
  readonly totals: readonly number[];
  readonly draws: readonly number[];
  readonly out: readonly boolean[];
  readonly turn: Seat;
  readonly started: boolean;
}

export interface ToyView {
  readonly turn: Seat;
  /** Your own total; other seats' totals only for the audit viewer. */
  readonly totals: readonly (number | null)[];
  readonly draws: readonly number[];
  readonly out: readonly boolean[];
}

export const LIMIT = 15;

const next = (s: ToyState, from: Seat): Seat => {
  for (let i = 1; i <= s.out.length; i++) {
    const seat = (from + i) % s.out.length;
    if (!s.out[seat]) return seat;
  }
  return from;
};
const over = (s: ToyState): boolean => s.out.every(Boolean);
const sees = (viewer: Viewer, seat: Seat): boolean => viewer.kind === 'audit' || (viewer.kind === 'seat' && viewer.seat === seat);

/** Each seat in turn draws 1..6 into a secret total or stops; over 15 busts; the highest total at most 15 wins. */
export const toy: GameModule<ToyCommand, ToyEvent, ToyState, ToyView, { seats?: number }> = {
  name: 'toy',
  rulesVersion: '1',
  info: {
    title: 'Push your luck (test toy)',
    summary: 'Each seat in turn draws 1..6 into a secret total or stops; over 15 busts; the highest total at most 15 wins.',
    seats: { min: 2, max: 4 },
    notation: 'apps/server/test/support/toy.ts',
  },
  optionsSchema: Type.Object({}, { additionalProperties: false }),
  commandSchema: Type.Union([
    Type.Object({ type: Type.Literal('Draw') }, { additionalProperties: false }),
    Type.Object({ type: Type.Literal('Stop') }, { additionalProperties: false }),
  ]),
  eventSchema: Type.Object({ type: Type.String() }, { additionalProperties: true }),
  checkSeats(_options, seats) {
    if (seats < 2 || seats > 4) throw new RuleViolation('toy/seats', 'toy needs 2 to 4 seats');
  },
  initialState(_options, seats) {
    return { totals: Array(seats).fill(0), draws: Array(seats).fill(0), out: Array(seats).fill(false), turn: 0, started: false };
  },
  setup() {
    return [];
  },
  decide(command, state, ctx) {
    if (ctx.actor.kind !== 'seat' || ctx.actor.seat !== state.turn || over(state)) {
      throw new RuleViolation('toy/not-your-turn', 'it is not your turn');
    }
    const seat = ctx.actor.seat;
    switch (command.type) {
      case 'Draw': {
        const value = 1 + ctx.random.int(6);
        const events: ToyEvent[] = [{ type: 'Drew', seat, value }];
        if ((state.totals[seat] ?? 0) + value > LIMIT) events.push({ type: 'Busted', seat });
        return events;
      }
      case 'Stop':
        return [{ type: 'Stopped', seat }];
      default: {
        const _exhaustive: never = command;
        throw new RuleViolation('toy/unknown-command', `unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
  evolve(state, event) {
    const set = <T>(xs: readonly T[], i: number, v: T): T[] => xs.map((x, j) => (j === i ? v : x));
    switch (event.type) {
      case 'Drew': {
        const totals = set(state.totals, event.seat, (state.totals[event.seat] ?? 0) + (event.value ?? 0));
        const s = { ...state, totals, draws: set(state.draws, event.seat, (state.draws[event.seat] ?? 0) + 1) };
        return { ...s, turn: next(s, event.seat) };
      }
      case 'Stopped':
      case 'Busted': {
        const s = { ...state, out: set(state.out, event.seat, true) };
        return { ...s, turn: next(s, event.seat) };
      }
    }
  },
  view(state, viewer) {
    return {
      turn: state.turn,
      totals: state.totals.map((t, seat) => (sees(viewer, seat) ? t : null)),
      draws: [...state.draws],
      out: [...state.out],
    };
  },
  redact(event, viewer) {
    return event.type === 'Drew' && !sees(viewer, event.seat) ? { ...event, value: null } : event;
  },
  legalCommands(state, seat) {
    return over(state) || seat !== state.turn ? [] : [{ type: 'Draw' }, { type: 'Stop' }];
  },
  status(state) {
    if (!over(state)) return { phase: 'play', awaiting: [state.turn] };
    const best = Math.max(-1, ...state.totals.filter((t) => t <= LIMIT));
    return { phase: 'finished', awaiting: [], winners: state.totals.flatMap((t, seat) => (t === best ? [seat] : [])) };
  },
};

/** The toy's view schema, published next to the module so GraphQL can type its view (see src/graphql/viewTypes.ts). */
export const toyViewSchema = Type.Object({
  turn: Type.Integer(),
  totals: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
  draws: Type.Array(Type.Integer()),
  out: Type.Array(Type.Boolean()),
});
Object.assign(toy, { viewSchema: toyViewSchema });
