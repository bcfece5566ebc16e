// A tiny card game for testing the kernel and the API: hidden draws, a shuffled deck and an automaton scorer.
import { Type, type Static } from '@sinclair/typebox';
import { RuleViolation } from '../errors';
import type { GameModule, Seat, Viewer } from '../module';

const options = Type.Object({ maxCards: Type.Integer({ minimum: 1, maximum: 10, default: 3 }) }, { additionalProperties: false });
const command = Type.Union([
  Type.Object({ type: Type.Literal('Draw') }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('Stand') }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('Score') }, { additionalProperties: false }),
]);
const event = Type.Union([
  Type.Object({ type: Type.Literal('DeckShuffled'), order: Type.Array(Type.Integer()) }),
  Type.Object({ type: Type.Literal('CardDrawn'), seat: Type.Integer(), card: Type.Union([Type.Integer(), Type.Null()]) }),
  Type.Object({ type: Type.Literal('Stood'), seat: Type.Integer() }),
  Type.Object({ type: Type.Literal('TurnPassed'), to: Type.Integer() }),
  Type.Object({ type: Type.Literal('GameScored'), winners: Type.Array(Type.Integer()) }),
]);

export type ToyOptions = Static<typeof options>;
export type ToyCommand = Static<typeof command>;
export type ToyEvent = Static<typeof event>;
export interface ToyState {
  readonly maxCards: number;
  readonly deck: readonly number[];
  readonly hands: readonly (readonly number[])[];
  readonly stood: readonly boolean[];
  readonly turn: Seat;
  readonly winners: readonly Seat[] | null;
}
export interface ToyView {
  readonly hands: readonly (readonly (number | null)[])[];
  readonly deckSize: number;
  readonly stood: readonly boolean[];
  readonly turn: Seat;
  readonly winners: readonly Seat[] | null;
}

const sees = (viewer: Viewer, seat: Seat) => viewer.kind === 'audit' || (viewer.kind === 'seat' && viewer.seat === seat);
const nextOpenSeat = (state: ToyState, stood: readonly boolean[]): Seat | null => {
  for (let step = 1; step <= stood.length; step++) {
    const seat = (state.turn + step) % stood.length;
    if (!stood[seat]) return seat;
  }
  return null;
};
const total = (hand: readonly number[]) => hand.reduce((a, b) => a + b, 0);
const mustBeTurn = (state: ToyState, seat: Seat | null) => {
  if (seat !== state.turn || state.stood[seat]) throw new RuleViolation('toy/not-your-turn', `it is seat ${state.turn}'s turn`);
};

/** "High card": on your turn draw (up to maxCards) or stand; when all stand the automaton scores the highest total. */
export const toyGame: GameModule<ToyCommand, ToyEvent, ToyState, ToyView, ToyOptions> = {
  name: 'toy',
  rulesVersion: '1',
  info: {
    title: 'High card (toy)',
    summary: 'On your turn draw a card (up to maxCards) or stand; when everyone stands, the dealer scores the highest total.',
    seats: { min: 1, max: 4 },
    notation: 'packages/kernel/src/testing/toyGame.ts',
  },
  optionsSchema: options,
  commandSchema: command,
  eventSchema: event,
  checkSeats(_options, seats) {
    if (seats < 1 || seats > 4) throw new RuleViolation('toy/seats', 'toy games take 1 to 4 seats');
  },
  initialState: (o, seats) => ({
    maxCards: o.maxCards,
    deck: [],
    hands: Array.from({ length: seats }, () => []),
    stood: Array.from({ length: seats }, () => false),
    turn: 0,
    winners: null,
  }),
  setup: (_state, random) => [{ type: 'DeckShuffled', order: random.shuffle(Array.from({ length: 20 }, (_, i) => i + 1)) }],
  decide(cmd, state, ctx) {
    const seat = ctx.actor.kind === 'seat' ? ctx.actor.seat : null;
    switch (cmd.type) {
      case 'Draw': {
        mustBeTurn(state, seat);
        const hand = state.hands[state.turn] ?? [];
        if (hand.length >= state.maxCards) throw new RuleViolation('toy/hand-full', `at most ${state.maxCards} cards`);
        const card = state.deck[0];
        if (card === undefined) throw new RuleViolation('toy/deck-empty', 'the deck is empty');
        const next = nextOpenSeat(state, state.stood);
        return [{ type: 'CardDrawn', seat: state.turn, card }, ...(next === null ? [] : [{ type: 'TurnPassed' as const, to: next }])];
      }
      case 'Stand': {
        mustBeTurn(state, seat);
        const stood = state.stood.map((s, i) => s || i === state.turn);
        const next = nextOpenSeat(state, stood);
        return [{ type: 'Stood', seat: state.turn }, ...(next === null ? [] : [{ type: 'TurnPassed' as const, to: next }])];
      }
      case 'Score': {
        if (seat !== null) throw new RuleViolation('toy/automaton-only', 'only the dealer scores');
        const best = Math.max(...state.hands.map(total));
        return [{ type: 'GameScored', winners: state.hands.flatMap((h, i) => (total(h) === best ? [i] : [])) }];
      }
    }
    const _exhaustive: never = cmd;
    return _exhaustive;
  },
  evolve(state, e) {
    switch (e.type) {
      case 'DeckShuffled':
        return { ...state, deck: e.order };
      case 'CardDrawn':
        return { ...state, deck: state.deck.slice(1), hands: state.hands.map((h, i) => (i === e.seat ? [...h, state.deck[0] ?? 0] : h)) };
      case 'Stood':
        return { ...state, stood: state.stood.map((s, i) => s || i === e.seat) };
      case 'TurnPassed':
        return { ...state, turn: e.to };
      case 'GameScored':
        return { ...state, winners: e.winners };
    }
  },
  view: (state, viewer) => ({
    hands: state.hands.map((h, seat) => h.map((card) => (sees(viewer, seat) ? card : null))),
    deckSize: state.deck.length,
    stood: state.stood,
    turn: state.turn,
    winners: state.winners,
  }),
  redact(e, viewer) {
    if (e.type === 'DeckShuffled') return viewer.kind === 'audit' ? e : null;
    if (e.type === 'CardDrawn' && !sees(viewer, e.seat)) return { ...e, card: null };
    return e;
  },
  legalCommands(state, seat) {
    if (state.winners || seat !== state.turn || state.stood[seat]) return [];
    const canDraw = (state.hands[seat]?.length ?? 0) < state.maxCards && state.deck.length > 0;
    return [...(canDraw ? [{ type: 'Draw' as const }] : []), { type: 'Stand' }];
  },
  automaton: (state) => (!state.winners && state.stood.every(Boolean) ? { type: 'Score' } : null),
  status: (state) => ({
    phase: state.winners ? 'scored' : 'play',
    awaiting: state.winners || state.stood[state.turn] ? [] : [state.turn],
    ...(state.winners ? { winners: state.winners } : {}),
  }),
};
