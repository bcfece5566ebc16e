// Test support: stacked deals (setup with scripted shuffles) and scenarios played through real commands, with the
// Dungeon's automaton run after each command exactly as the kernel's decideBatch runs it.
import type { Random, Seat, Seating } from '@delve/kernel';
import { deepFreeze, scriptedRandom, specFor } from '@delve/kernel/testing';
import type { Test } from 'tap';
import { classDef, dungeonDef } from '../src/content/index';
import {
  raid,
  raidProgression,
  type RaidCharacterCommand,
  type RaidCharacterEvent,
  type RaidCharacterOptions,
  type RaidCharacterState,
  type RaidCommand,
  type RaidEvent,
  type RaidOptionsInput,
  type RaidOutcome,
  type RaidSheet,
  type RaidState,
} from '../src/index';
import type { RaiderProfile } from '../src/rules/profile';
import { resolveOptions } from '../src/options';
import { setup } from '../src/setup';

export const AUTOMATON = { kind: 'automaton' } as const;

/** `full` (card ids, one per copy) reordered with `top` first: a permutation the scripted shuffle accepts. */
export function stack(full: readonly string[], top: readonly string[]): string[] {
  const rest = [...full];
  for (const card of top) {
    const at = rest.indexOf(card);
    if (at < 0) throw new Error(`cannot stack ${card}: not (or no longer) in the deck`);
    rest.splice(at, 1);
  }
  return [...top, ...rest];
}

const expand = (list: readonly { card: string; count: number }[]) => list.flatMap((e) => Array.from({ length: e.count }, () => e.card));

export interface Deal {
  readonly options?: RaidOptionsInput;
  readonly seats?: number;
  /** The Dungeon deck's top cards, top first (the rest follow in deck-list order). */
  readonly dungeon?: readonly string[];
  /** Each raider's opening hand (its deck's top cards); the next cards of `decks` follow. */
  readonly hands?: readonly (readonly string[])[];
  /** Each raider's deck after the hand, top first. */
  readonly decks?: readonly (readonly string[])[];
  /** Profiles instead of the class starter decks (the character issue's third setup argument). */
  readonly profiles?: readonly RaiderProfile[];
}

/** The deal's events, with every shuffle stated. */
export function dealt(deal: Deal): RaidEvent[] {
  const seats = deal.seats ?? 1;
  const state = raid.initialState(deal.options ?? {}, seats);
  const options = resolveOptions(deal.options, seats);
  const orders = [
    { order: stack(expand(dungeonDef(options.dungeon).deck), deal.dungeon ?? []) },
    ...Array.from({ length: seats }, (_, seat) => {
      const full = deal.profiles?.[seat]?.deck ?? expand(classDef(options.classes[seat] ?? '').deck);
      const size = deal.profiles?.[seat]?.handSize ?? 7;
      const given = [...(deal.hands?.[seat] ?? []), ...(deal.decks?.[seat] ?? [])];
      // A short hand is filled from the rest of the deck (in deck-list order), so `decks` really follows the hand.
      const rest = stack(full, given).slice(given.length);
      const handCards = deal.hands?.[seat] ?? [];
      const fill = rest.slice(0, Math.max(0, size - handCards.length));
      return { order: stack(full, [...handCards, ...fill, ...(deal.decks?.[seat] ?? [])]) };
    }),
  ];
  return setup(state, scriptedRandom(...orders), deal.profiles && seated(deal.profiles));
}

/**
 * The random source of scenarios: dice show what `rolls` says in turn (1 when it runs out: the first living raider is
 * MARKED), shuffles keep their order, and random discards take the first card.
 */
export function tableRandom(rolls: number[]): Random {
  return {
    int: (n) => Math.min(n - 1, Math.max(0, (rolls.shift() ?? 1) - 1)),
    shuffle: (items) => [...items],
    pick: (items) => {
      if (items.length === 0) throw new RangeError('empty');
      return items[0] as never;
    },
  };
}

/** A position reached by deciding real commands from a stacked deal; its events feed specFor().given(). */
export class Scenario {
  events: RaidEvent[];
  state: RaidState;
  readonly options: RaidOptionsInput;
  readonly seats: number;
  /** Dice the Dungeon rolls next (MARKED hero), in order. */
  readonly rolls: number[] = [];

  constructor(deal: Deal) {
    this.options = deal.options ?? {};
    this.seats = deal.seats ?? 1;
    this.events = dealt(deal);
    this.state = this.events.reduce(raid.evolve, raid.initialState(this.options, this.seats));
  }

  private apply(events: readonly RaidEvent[]): void {
    this.events = [...this.events, ...events];
    this.state = events.reduce(raid.evolve, this.state);
  }

  /** Decide `command` for `seat`, then let the Dungeon act until it has nothing to do (as the kernel does). */
  do(seat: Seat, command: RaidCommand): this {
    this.apply(raid.decide(command, this.state, { actor: { kind: 'seat', seat }, random: tableRandom(this.rolls) }));
    return this.auto();
  }

  /** Decide `command` for `seat` without letting the Dungeon act afterwards (to look at its steps one by one). */
  send(seat: Seat, command: RaidCommand): this {
    this.apply(raid.decide(command, this.state, { actor: { kind: 'seat', seat }, random: tableRandom(this.rolls) }));
    return this;
  }

  /** Let the automaton take one step; returns its command. */
  step(): RaidCommand {
    const command = raid.automaton?.(this.state);
    if (!command) throw new Error('the Dungeon has nothing to do');
    this.apply(raid.decide(command, this.state, { actor: AUTOMATON, random: tableRandom(this.rolls) }));
    return command;
  }

  /** Run the automaton until it returns null. */
  auto(): this {
    for (let step = 0; step < 1000; step++) {
      const command = raid.automaton?.(this.state);
      if (!command) return this;
      this.apply(raid.decide(command, this.state, { actor: AUTOMATON, random: tableRandom(this.rolls) }));
    }
    throw new Error('the automaton did not settle');
  }

  /** The Dungeon will roll these next (one die per MARK). */
  roll(...values: number[]): this {
    this.rolls.push(...values);
    return this;
  }

  /** Every raider keeps its opening hand. */
  keep(): this {
    for (const r of this.state.raiders) if (r.mulligan === 'pending') this.do(r.seat, { type: 'KeepHand' });
    return this;
  }

  /** Every raider the open window waits for passes, until no window is open. */
  passAll(): this {
    while (this.state.window) {
      const [seat] = raid.status(this.state).awaiting;
      if (seat === undefined) break;
      this.do(seat, { type: 'Pass' });
    }
    return this;
  }

  /** End the turn of the raider on turn, discarding its last cards if over the hand size, and pass every window. */
  endTurn(): this {
    const seat = this.state.turn?.seat;
    if (seat === null || seat === undefined) throw new Error('not a raider turn');
    this.do(seat, { type: 'EndTurn' });
    while (this.state.prompt) this.do(seat, { type: 'Discard', card: this.state.raiders[seat]?.hand.at(-1) ?? '' });
    return this.passAll();
  }

  /** End the turn of the raider on turn (discarding its last cards if over the hand size) without letting the Dungeon act. */
  closeTurn(): this {
    const seat = this.state.turn?.seat;
    if (seat === null || seat === undefined) throw new Error('not a raider turn');
    this.send(seat, { type: 'EndTurn' });
    while (this.state.prompt) this.send(seat, { type: 'Discard', card: this.state.raiders[seat]?.hand.at(-1) ?? '' });
    return this;
  }

  /**
   * Play on (every raider places a resource each turn, never a card named in `keep`, and ends its turn; the Dungeon
   * plays its turns) until it is `seat`'s turn with at least `n` resources.
   */
  resourcesUp(seat: Seat, n: number, keep: readonly string[] = []): this {
    for (let guard = 0; guard < 100; guard++) {
      const on = this.state.turn?.seat;
      if (on === null || on === undefined) throw new Error('the Dungeon is stuck');
      const r = this.raider(on);
      if (on === seat && r.resources.length >= n) return this;
      const spare = r.hand.find((id) => !keep.includes(this.state.cards[id] ?? ''));
      if (!this.state.turn?.resourcePlaced && spare && r.resources.length < (on === seat ? n : 99))
        this.do(on, { type: 'PlaceResource', card: spare });
      if (on === seat && this.raider(seat).resources.length >= n) return this;
      this.endTurn();
    }
    throw new Error('no turn for the resources');
  }

  /** The instance id of the first card with this definition in `seat`'s hand. */
  hand(seat: Seat, card: string): string {
    const id = this.state.raiders[seat]?.hand.find((x) => this.state.cards[x] === card);
    if (!id) throw new Error(`no ${card} in raider ${seat}'s hand`);
    return id;
  }

  /** The instance id of the first Dungeon card in play with this definition. */
  dungeonAlly(card: string): string {
    const id = this.state.dungeon.allies.find((a) => this.state.cards[a.id] === card)?.id;
    if (!id) throw new Error(`no ${card} in the Dungeon party`);
    return id;
  }

  /** Play `card` (an instance id) at `target`. */
  play(seat: Seat, card: string, target?: string): this {
    return this.do(seat, target === undefined ? { type: 'PlayCard', card } : { type: 'PlayCard', card, target });
  }

  get spec() {
    return specFor(raid, { options: this.options, seats: this.seats }).given(this.events);
  }

  /** The events the next Dungeon step produces (it must be what the automaton would do), with scripted dice. */
  dungeonStep(rolls: number[] = []) {
    const command = raid.automaton?.(this.state);
    if (!command) throw new Error('the Dungeon has nothing to do');
    return { command, events: raid.decide(command, this.state, { actor: AUTOMATON, random: tableRandom([...rolls]) }) };
  }

  raider(seat: Seat) {
    const r = this.state.raiders[seat];
    if (!r) throw new Error(`no raider ${seat}`);
    return r;
  }

  /** Events of these types since `from` (an index into `events`). */
  since(from: number, ...types: RaidEvent['type'][]): RaidEvent[] {
    return this.events.slice(from).filter((e) => types.length === 0 || types.includes(e.type));
  }
}

export const scenario = (deal: Deal) => new Scenario(deal);

/** Profiles as the kernel hands them to setup: each seat's character (a stand-in id) with its recorded profile. */
export function seated(profiles: readonly (RaiderProfile | undefined)[]): Seating {
  return profiles.map((profile, seat) => (profile ? { id: `character-${seat}`, revision: 0, profile } : null));
}

// --- Characters: raiders built through the progression's own deciders ------------------------------------------

/** An outcome as a finished raid hands it to the progression: a Novice defeat at the Drowned Crypt unless told. */
export function outcome(o: Partial<RaidOutcome> = {}): RaidOutcome {
  return {
    dungeon: 'drowned-crypt',
    difficulty: 'novice',
    victory: false,
    survived: false,
    damageDealt: 0,
    health: 50,
    bossesDestroyed: [],
    achievements: [],
    ...o,
  };
}

/** A raid character reached through real creation, recorded runs and spent unlocks, never by setting its state. */
export class Raider {
  events: RaidCharacterEvent[] = [];
  state: RaidCharacterState = raidProgression.initialState();

  constructor(cls: RaidCharacterOptions['class'] = 'guardian') {
    this.apply(raidProgression.create({ class: cls }));
  }

  private apply(events: readonly RaidCharacterEvent[]): RaidCharacterEvent[] {
    this.events = [...this.events, ...events];
    this.state = events.reduce(raidProgression.evolve, this.state);
    return [...events];
  }

  /** Record one finished raid with this outcome; its events. */
  run(o: Partial<RaidOutcome> = {}, at = `2025-01-01T00:00:${String(this.state.runs.length).padStart(2, '0')}.000Z`): RaidCharacterEvent[] {
    const result = { gameId: `game-${this.state.runs.length + 1}`, seat: 0, won: o.victory ?? false, at, outcome: outcome(o) };
    return this.apply(raidProgression.record(result, this.state));
  }

  /** Record later defeats at the Drowned Crypt (2 XP each after the first run's 5) until the raider has `xp` XP. */
  reach(xp: number): this {
    while (this.state.xp < xp) this.run();
    return this;
  }

  /** The owner's command, applied; its events. */
  send(command: RaidCharacterCommand): RaidCharacterEvent[] {
    return this.apply(raidProgression.decide(command, this.state));
  }

  /** The owner's command against the raider as it stands, not applied: its events or its violation. */
  when(command: RaidCharacterCommand) {
    const run = () => raidProgression.decide(command, deepFreeze(this.state));
    return {
      events: run,
      thenViolates(t: Test, code: string) {
        t.throws(run, { code }, `is rejected with ${code}`);
      },
    };
  }

  get sheet(): RaidSheet {
    return raidProgression.sheet(this.state) as RaidSheet;
  }

  get profile(): RaiderProfile {
    return raidProgression.profile(this.state);
  }
}
