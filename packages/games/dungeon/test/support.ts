// Test support: stacked deals, a scenario builder that reaches a position through real commands, and bot choosers.
import { randomFor, type Random, type Seat } from '@delve/kernel';
import { specFor } from '@delve/kernel/testing';
import { allCards, dungeon, type DungeonCommand, type DungeonEvent, type DungeonOptions, type DungeonState } from '../src/index';
import { jokersWild, resolveOptions } from '../src/options';
import { buildCards, type Card } from '../src/rules/cards';

export interface Deal {
  /** Each seat's five (or more) cards. */
  readonly hands: readonly (readonly Card[])[];
  /** Top of the deck after the deal, top first; the remaining cards follow in a fixed order. */
  readonly deck?: readonly Card[];
  /** Cell cards for seats that do not get a Joker (random cells); default: taken from the unused cards. */
  readonly cells?: readonly Card[];
  readonly first?: Seat;
  /** Leave every other card out of the game (unit tests only: it breaks conservation), e.g. to reach an empty deck. */
  readonly deckOnly?: boolean;
  /** Stop in the play-off for the first turn, every seat a contender, instead of skipping it. */
  readonly inPlayOff?: boolean;
}

/** The events of a deal with known cards, skipping the play-off (unless `inPlayOff`): `first` starts and draws the top card. */
export function dealt(input: DungeonOptions, seats: number, deal: Deal): DungeonEvent[] {
  const options = resolveOptions(input);
  const { plain, jokers } = buildCards(options.decks);
  const wild = jokersWild(options);
  const jokerCells = wild ? [] : jokers.slice(0, seats);
  const used = new Set<Card>([...deal.hands.flat(), ...(deal.deck ?? []), ...(deal.cells ?? [])]);
  const spare = (wild ? [...plain, ...jokers] : plain).filter((c) => !used.has(c));
  const cells: { seat: Seat; card: Card; faceUp: boolean }[] = [];
  let explicit = 0;
  for (let seat = 0; seat < seats; seat++) {
    const joker = jokerCells[seat];
    if (joker !== undefined) cells.push({ seat, card: joker, faceUp: true });
    else cells.push({ seat, card: deal.cells?.[explicit++] ?? (spare.shift() as Card), faceUp: false });
  }
  const rest = deal.deckOnly ? [] : spare;
  const order = [...cells.filter((c) => !c.faceUp).map((c) => c.card), ...deal.hands.flat(), ...(deal.deck ?? []), ...rest];
  const first = deal.first ?? 0;
  const events: DungeonEvent[] = [
    { type: 'DeckShuffled', reason: 'setup', order },
    { type: 'CellsAssigned', cells, setAside: wild ? [] : jokers.slice(jokerCells.length) },
    ...deal.hands.map((cards, seat): DungeonEvent => ({ type: 'CardsDrawn', seat, cards: [...cards], reason: 'deal' })),
  ];
  events.push({ type: 'PlayOffStarted', contenders: Array.from({ length: seats }, (_, i) => i) });
  if (deal.inPlayOff) return events;
  events.push({ type: 'FirstPlayerChosen', seat: first }, { type: 'TurnStarted', seat: first });
  const top = deal.deck?.[0];
  if (top !== undefined) events.push({ type: 'CardsDrawn', seat: first, cards: [top], reason: 'turn' });
  return events;
}

/** A position reached by deciding real commands from a deal; its events feed specFor().given(). */
export class Scenario {
  events: DungeonEvent[];
  state: DungeonState;
  constructor(
    readonly options: DungeonOptions,
    readonly seats: number,
    deal: Deal,
  ) {
    this.events = dealt(options, seats, deal);
    this.state = this.events.reduce(dungeon.evolve, dungeon.initialState(options, seats));
  }
  /** Decide `command` for `seat` and apply its events; `random` scripts a reshuffle. */
  do(seat: Seat, command: DungeonCommand, random: Random = randomFor('scenario', this.events.length)): this {
    const produced = dungeon.decide(command, this.state, { actor: { kind: 'seat', seat }, random });
    this.events = [...this.events, ...produced];
    this.state = produced.reduce(dungeon.evolve, this.state);
    return this;
  }
  /** Every awaited seat passes until the open response window closes. */
  settle(): this {
    while (this.state.window) {
      const [seat] = dungeon.status(this.state).awaiting;
      if (seat === undefined) break;
      this.do(seat, { type: 'Pass' });
    }
    return this;
  }
  /** Play a command and let the window it opens close. */
  play(seat: Seat, command: DungeonCommand): this {
    return this.do(seat, command).settle();
  }
  /** End the current turn, discarding the most recently drawn cards if over the limit. */
  endTurn(): this {
    const seat = this.state.turn?.seat ?? 0;
    this.do(seat, { type: 'EndTurn' });
    while (this.state.prompt?.kind === 'discard') this.do(seat, { type: 'Discard', card: this.player(seat).hand.at(-1) ?? '' });
    return this;
  }
  get spec() {
    return specFor(dungeon, { options: this.options, seats: this.seats }).given(this.events);
  }
  player(seat: Seat) {
    const p = this.state.players[seat];
    if (!p) throw new Error(`no seat ${seat}`);
    return p;
  }
}

export const scenario = (options: DungeonOptions, seats: number, deal: Deal) => new Scenario(options, seats, deal);

/** Cards written out in a line, `'10H 9H KS'`, as a hand or a deck. */
export const cards = (line: string): Card[] => line.split(' ');

/**
 * Seat 1 plays first and lays its 10S on the cell; the turns then pass until seat 0's, so every opponent may attack
 * seat 1 (it has left the cell). `hands` are written as `cards` lines.
 */
export function tenLaid(options: DungeonOptions, hands: readonly string[], deck: readonly Card[]): Scenario {
  const sc = scenario(options, hands.length, { hands: hands.map(cards), deck, first: 1 });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 });
  while (sc.state.turn?.seat !== 0) sc.endTurn();
  return sc;
}

/** Jokers Wild: seat 1 lays 10S, then its Joker X2 as a 9 (its last passage); seat 0 holds a 9 to collapse it. */
export function jokerPassage(options: DungeonOptions, hand1 = '10S X2 9D 7S 6S', deck = cards('2C 3C 4C 5C 6C 7C 8C 9C 10C')): Scenario {
  const sc = tenLaid(options, ['9H 8H 7H 6H 5H', hand1], deck).endTurn();
  return sc.play(1, { type: 'PlayPassage', card: 'X2', parent: 1 }).endTurn();
}

/**
 * Most rule tests reach their position by letting players skip turns, which §On your turn 2 forbids whenever a card
 * could be played; they play with the optionalPlay option. The duty to play has its own tests in turn.test.ts.
 */
export const SKIPPING = { optionalPlay: true } as const;

/** Every variant and option combination the playout tests cover, with the seat counts tried. */
export const PLAYOUT_CONFIGS: { name: string; options: DungeonOptions; seats: number[] }[] = [
  { name: 'standard', options: { variant: 'standard' }, seats: [2, 3, 4] },
  { name: 'standard, two decks, Suicide Queen', options: { variant: 'standard', decks: 2, suicideQueen: true }, seats: [3, 5] },
  { name: 'jokers-wild, Counter Attack 3', options: { variant: 'jokers-wild', counterAttack: 3 }, seats: [2, 3] },
  {
    name: 'almost-black, Counter Attack 1, optional play',
    options: { variant: 'almost-black', counterAttack: 1, optionalPlay: true },
    seats: [2, 3],
  },
  {
    name: 'pitch-black, Counter Attack 2, Suicide Queen',
    options: { variant: 'pitch-black', counterAttack: 2, suicideQueen: true },
    seats: [2, 4],
  },
];

/** A well-formed command of any kind, built from cards and seats that may or may not make sense now. */
export function randomCommand(s: DungeonState, seat: Seat, r: Random): DungeonCommand {
  const pool = [...(s.players[seat]?.hand ?? []), ...s.discard.slice(-3), r.pick(allCards(s.options))];
  const card = () => r.pick(pool);
  const target = () => r.int(s.seats);
  const rank = () => r.int(14);
  const maybeAs = () => (r.int(3) === 0 ? { as: 1 + r.int(13) } : {});
  const options: (() => DungeonCommand)[] = [
    () => ({ type: 'PlayOffCard', card: card() }),
    () => ({ type: 'PlayPassage', card: card(), parent: r.int((s.players[seat]?.nextNode ?? 1) + 1) }),
    () => ({ type: 'CaveIn', card: card(), target: target() }),
    () => ({ type: 'Attack', card: card(), target: target(), ...maybeAs() }),
    () => ({ type: 'UseGraverobber', card: card() }),
    () => ({ type: 'UseMyrmiddon', card: card(), target: target(), ask: rank() }),
    () => ({ type: 'PlayAce', card: card() }),
    () => ({ type: 'Pass' }),
    () => ({ type: 'Interrupt', card: card() }),
    () => ({ type: 'Accuse', target: target() }),
    () => ({ type: 'Fight', cards: Array.from({ length: 1 + r.int(3) }, () => ({ card: card(), ...maybeAs() })) }),
    () => ({ type: 'Retreat' }),
    () => ({ type: 'GiveCard', card: card() }),
    () => ({ type: 'DenyCard' }),
    () => ({ type: 'DemandLook' }),
    () => ({ type: 'AcceptAnswer' }),
    () => ({ type: 'ResolveLie', handOver: r.int(2) === 0 }),
    () => ({ type: 'SaveJoker', card: card() }),
    () => ({ type: 'LoseJoker' }),
    () => ({ type: 'TakeFromDiscard', card: card() }),
    () => ({ type: 'Discard', card: card() }),
    () => ({ type: 'EndTurn' }),
    () => ({ type: 'Concede' }),
  ];
  return r.pick(options)();
}
