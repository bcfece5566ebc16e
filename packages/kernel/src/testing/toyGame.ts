// A tiny card game for testing the kernel and the API: hidden draws, a shuffled deck and an automaton scorer.
import { Type, type Static } from '@sinclair/typebox';
import { RuleViolation } from '../errors';
import type { GameModule, GameResult, Seat, Viewer } from '../module';

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
  /** Only when characters are seated: each seat's character level as the deal saw it (null: no character). */
  Type.Object({ type: Type.Literal('VeteransSeated'), levels: Type.Array(Type.Union([Type.Integer(), Type.Null()])) }),
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
  readonly levels?: readonly (number | null)[];
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

// --- A small progression, so the platform's characters can be tested end to end with the toy -------------------

const characterCommand = Type.Union([
  Type.Object({ type: Type.Literal('ChangeMotto'), motto: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('SpendPoint'), perk: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
]);
const characterEvent = Type.Union([
  Type.Object({ type: Type.Literal('ToyCharacterBegun'), motto: Type.String() }),
  Type.Object({ type: Type.Literal('ToyGameScored'), gameId: Type.String(), xp: Type.Integer(), total: Type.Integer() }),
  Type.Object({ type: Type.Literal('ToyLevelReached'), level: Type.Integer() }),
  Type.Object({ type: Type.Literal('MottoChanged'), motto: Type.String() }),
  Type.Object({ type: Type.Literal('PointSpent'), perk: Type.String() }),
]);
const sheet = Type.Object({
  motto: Type.String(),
  xp: Type.Integer(),
  level: Type.Integer(),
  xpToNextLevel: Type.Integer(),
  points: Type.Integer(),
  perks: Type.Array(Type.String()),
  games: Type.Array(Type.Object({ gameId: Type.String(), xp: Type.Integer(), total: Type.Integer() })),
});

export type ToyCharacterCommand = Static<typeof characterCommand>;
export type ToyCharacterEvent = Static<typeof characterEvent>;
export type ToySheet = Static<typeof sheet>;
/** What the toy's deal sees of a seated character. */
export interface ToyProfile {
  readonly level: number;
  readonly perks: readonly string[];
}
/** What one seat earns from one toy game. */
export interface ToyOutcome {
  readonly total: number;
}
const XP_PER_LEVEL = 5;

/** Toy characters: 3 XP for a win and 1 for a loss, a level every 5 XP, a point to spend on a perk per level. */
function toyProgression() {
  return {
    createSchema: Type.Object({ motto: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) }, { additionalProperties: false }),
    commandSchema: characterCommand,
    eventSchema: characterEvent,
    sheetSchema: sheet,
    initialState: (): ToySheet => ({ motto: '', xp: 0, level: 1, xpToNextLevel: XP_PER_LEVEL, points: 0, perks: [], games: [] }),
    create: (options: { motto?: string }): ToyCharacterEvent[] => [{ type: 'ToyCharacterBegun', motto: options.motto ?? 'onwards' }],
    decide(command: ToyCharacterCommand, state: ToySheet): ToyCharacterEvent[] {
      switch (command.type) {
        case 'ChangeMotto':
          return [{ type: 'MottoChanged', motto: command.motto }];
        case 'SpendPoint':
          if (state.points < 1) throw new RuleViolation('toy/no-points', 'no level-up point to spend');
          if (state.perks.includes(command.perk)) throw new RuleViolation('toy/perk-taken', 'that perk is already taken');
          return [{ type: 'PointSpent', perk: command.perk }];
      }
    },
    evolve(state: ToySheet, e: ToyCharacterEvent): ToySheet {
      switch (e.type) {
        case 'ToyCharacterBegun':
        case 'MottoChanged':
          return { ...state, motto: e.motto };
        case 'ToyGameScored': {
          const xp = state.xp + e.xp;
          return {
            ...state,
            xp,
            xpToNextLevel: XP_PER_LEVEL - (xp % XP_PER_LEVEL),
            games: [...state.games, { gameId: e.gameId, xp: e.xp, total: e.total }],
          };
        }
        case 'ToyLevelReached':
          return { ...state, level: e.level, points: state.points + 1 };
        case 'PointSpent':
          return { ...state, points: state.points - 1, perks: [...state.perks, e.perk] };
      }
    },
    outcome: (state: ToyState, seat: Seat): ToyOutcome => ({ total: total(state.hands[seat] ?? []) }),
    record(result: GameResult<ToyOutcome>, state: ToySheet): ToyCharacterEvent[] {
      const xp = result.won ? 3 : 1;
      const level = Math.floor((state.xp + xp) / XP_PER_LEVEL) + 1;
      const levels: ToyCharacterEvent[] = [];
      for (let l = state.level + 1; l <= level; l++) levels.push({ type: 'ToyLevelReached', level: l });
      return [{ type: 'ToyGameScored', gameId: result.gameId, xp, total: result.outcome.total }, ...levels];
    },
    profile: (state: ToySheet): ToyProfile => ({ level: state.level, perks: state.perks }),
    sheet: (state: ToySheet): ToySheet => state,
  };
}

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
  setup: (_state, random, seating = []) => [
    { type: 'DeckShuffled', order: random.shuffle(Array.from({ length: 20 }, (_, i) => i + 1)) },
    ...(seating.some((c) => c !== null)
      ? [{ type: 'VeteransSeated' as const, levels: seating.map((c) => (c ? (c.profile as ToyProfile).level : null)) }]
      : []),
  ],
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
      case 'VeteransSeated':
        return { ...state, levels: e.levels };
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
  // Standing is both the least harmful move and the way out: a seat that stands draws no more.
  timeoutCommand: (state, seat) => (state.winners || seat !== state.turn || state.stood[seat] ? null : { type: 'Stand' }),
  concession: (state, seat) => (state.winners || seat !== state.turn || state.stood[seat] ? null : { type: 'Stand' }),
  bots: [
    {
      name: 'fifteen',
      description: 'Draws while its visible total is under 15, then stands.',
      strength: { winRate: 0, against: 'nobody: the toy has no bench', games: 0, seats: 2 },
      play: ({ view, seat, legal }) => {
        const hand = view.hands[seat] ?? [];
        const sum = hand.reduce<number>((a, b) => a + (b ?? 0), 0);
        return legal.find((c) => c.type === (sum < 15 ? 'Draw' : 'Stand')) ?? legal[0] ?? null;
      },
    },
  ],
  progression: toyProgression(),
};
