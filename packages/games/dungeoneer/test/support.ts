// Test support: a stacked deal run through the real setup (scripted shuffles and rolls), a scenario builder that
// reaches positions through real commands (each die stated by the test), and games between bots.
import { randomFor, type Bot, type Random, type Seat } from '@delve/kernel';
import {
  botsChoose,
  playout,
  scriptedRandom,
  specFor,
  type PlayoutOptions,
  type PlayoutResult,
  type ScriptedDraw,
} from '@delve/kernel/testing';
import {
  ALL_ADVENTURE,
  dungeoneer,
  gameCards,
  mapCard,
  STARTER,
  type Decks,
  type DungeoneerCommand,
  type DungeoneerEvent,
  type DungeoneerOptions,
  type DungeoneerState,
  type DungeoneerView,
} from '../src/index';
import { legalPlacements } from '../src/rules/map';
import type { HeroProfile } from '../src/rules/stats';
import { setup } from '../src/setup';
import type { Direction, Placed } from '../src/state';

export interface Deal {
  /** Game options (the optional rules, a campaign); default: the standard game. */
  readonly options?: DungeoneerOptions;
  readonly seats?: number;
  /** Initiative dice in the order rolled (seat 0 first, then re-rolls of the tied). Default: seat 0 rolls 6, others 1. */
  readonly initiative?: readonly number[];
  /** Each hero seat's hero, in seat order (a campaign's Dungeonlord has none). Default: brannoc, ysolde, tamsin, oskar. */
  readonly heroes?: readonly string[];
  /**
   * Each hero seat's personal quests (two; one in a campaign), then the Global Quest(s) (one; two in a campaign).
   * Default: quests with no effect in play.
   */
  readonly quests?: readonly string[];
  /** The passages on the N, E, S and W sides of the entrance. */
  readonly passages?: readonly [string, string, string, string];
  /** The Map deck from the top (Revealed Map: the order the whole deck is dealt in, seat 0 first). */
  readonly mapDeck?: readonly string[];
  /** Each seat's starting cards (five; in a campaign one Glory card per hero, 5 + heroes Peril cards for the Dungeonlord). */
  readonly hands?: readonly (readonly string[])[];
  /** The Adventure deck (a campaign's Glory deck) after the deal, from the top. */
  readonly deck?: readonly string[];
  /** A campaign's Peril deck after the deal, from the top. */
  readonly perilDeck?: readonly string[];
  /** Character profiles handed to setup (a hero's level and life). */
  readonly profiles?: readonly (HeroProfile | null)[];
  /** Replace the starting map with these cards (a hand-stacked map for unit tests; the cards it leaves out vanish). */
  readonly mapStart?: readonly Placed[];
}

const DEFAULT_HEROES = ['brannoc', 'ysolde', 'tamsin', 'oskar'];
// Quests with no effect while in play, so scores are as printed unless a test asks otherwise.
const DEFAULT_QUESTS = [
  'gamblers-mirror',
  'knucklebones',
  'blood-tithe',
  'oath-of-ash',
  'hidden-codex',
  'wardens-key',
  'pale-matron',
  'stair-gnawer',
];
const DEFAULT_PASSAGES = ['dripping-crossway', 'narrow-fork', 'buttressed-way', 'mossy-passage'] as const;

/** `preferred` first, in order, then every other item in its original order. */
function stack<T>(items: readonly T[], key: (x: T) => string, preferred: readonly string[]): T[] {
  const first = preferred.map((id) => {
    const found = items.find((x) => key(x) === id);
    if (found === undefined) throw new Error(`stacked deal: ${id} is not among the items`);
    return found;
  });
  return [...first, ...items.filter((x) => !preferred.includes(key(x)))];
}
const ids = (items: readonly string[], preferred: readonly string[]) => stack(items, (id) => id, preferred);

/** The deal's events: the real setup with every shuffle and roll scripted so the named cards land where asked. */
export function dealt(deal: Deal = {}): DungeoneerEvent[] {
  const seats = deal.seats ?? 2;
  const state = dungeoneer.initialState(deal.options ?? {}, seats);
  const o = state.options;
  const campaign = o.campaign;
  const dl = campaign?.dungeonlord ?? -1;
  const heroSeats = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => seat !== dl);
  const cards = gameCards(o);
  const draws: ScriptedDraw[] = [];
  if (!campaign && !o.revealedMap) draws.push(...(deal.initiative ?? heroSeats.map((i) => (i === 0 ? 6 : 1))).map((roll) => ({ roll })));
  const wanted = new Set((deal.profiles ?? []).flatMap((p) => (p?.hero ? [p.hero] : [])));
  draws.push({ order: ids(cards.heroes, (deal.heroes ?? DEFAULT_HEROES).slice(0, heroSeats.length)).filter((h) => !wanted.has(h)) });
  const each = campaign ? 1 : 2;
  const quests = deal.quests ?? [
    ...DEFAULT_QUESTS.slice(0, heroSeats.length * each),
    'stolen-reliquary',
    ...(campaign ? ['cinder-crown'] : []),
  ];
  draws.push({ order: ids(cards.quests, quests) });
  const passages = deal.passages ?? DEFAULT_PASSAGES;
  if (o.revealedMap) draws.push({ order: ids(cards.maps, deal.mapDeck ?? []) });
  else if (campaign)
    draws.push({
      order: ids(
        cards.maps.filter((id) => id !== 'entrance'),
        deal.mapDeck ?? [],
      ),
    });
  else {
    draws.push({
      order: ids(
        cards.maps.filter((id) => mapCard(id)?.kind === 'passage'),
        passages,
      ),
    });
    const used = new Set(['entrance', ...passages]);
    draws.push({
      order: ids(
        cards.maps.filter((id) => !used.has(id)),
        deal.mapDeck ?? [],
      ),
    });
  }
  // Hands short of their size (or missing) are topped up with cards no hand or deck names.
  const named = new Set([...(deal.hands ?? []).flat(), ...(deal.deck ?? []), ...(deal.perilDeck ?? [])]);
  const spareGlory = cards.adventure.filter((id) => !named.has(id));
  const sparePeril = cards.peril.filter((id) => !named.has(id));
  const hands = Array.from({ length: seats }, (_, seat) => {
    const given = deal.hands?.[seat] ?? [];
    const size = !campaign ? 5 : seat === dl ? 5 + heroSeats.length : 1;
    return [...given, ...(seat === dl ? sparePeril : spareGlory).splice(0, size - given.length)];
  });
  const glory = heroSeats.flatMap((seat) => hands[seat] ?? []);
  draws.push({ order: ids(cards.adventure, [...glory, ...(deal.deck ?? [])]) });
  if (campaign) draws.push({ order: ids(cards.peril, [...(hands[dl] ?? []), ...(deal.perilDeck ?? [])]) });
  // As the kernel hands them over: each seat's character (a stand-in id) with its recorded profile.
  const seating = (deal.profiles ?? []).map((profile, seat) => (profile ? { id: `character-${seat}`, revision: 0, profile } : null));
  const events = setup(state, scriptedRandom(...draws), seating);
  const start = deal.mapStart;
  return start ? events.map((e) => (e.type === 'MapStarted' ? { ...e, placed: [...start] } : e)) : events;
}

/**
 * CAMPAIGN ADVENTURES, Multiple-Set Campaigns: a Peril and a Glory deck for `heroes` hero players meeting every
 * limit (four copies of each design: four starter sets).
 */
export function multiSetDecks(heroes: number): Decks {
  const rooms = STARTER.map.filter((m) => m.kind === 'room').map((m) => m.id);
  const passages = STARTER.map.filter((m) => m.kind === 'passage').map((m) => m.id);
  const maps = [...rooms.slice(0, 3 * heroes), ...passages.slice(0, 3 * heroes)];
  const quests = STARTER.quests.filter((q) => [q.space, q.from ?? 'entrance'].every((m) => m === 'entrance' || maps.includes(m)));
  const lines = (kinds: string[]) => STARTER.adventure.filter((d) => kinds.includes(d.kind)).map((d) => ({ card: d.id, copies: 4 }));
  return {
    peril: { maps, quests: quests.slice(0, 3 * heroes).map((q) => q.id), cards: lines(['monster', 'threat', 'bane']) },
    glory: { heroes: STARTER.heroes.slice(0, heroes).map((h) => h.id), cards: lines(['boon', 'treasure']) },
  };
}

/** A position reached from a stacked deal by deciding real commands; its events feed specFor().given(). */
export class Scenario {
  events: DungeoneerEvent[];
  state: DungeoneerState;
  readonly seats: number;

  readonly options: DungeoneerOptions;

  constructor(deal: Deal = {}) {
    this.seats = deal.seats ?? 2;
    this.options = deal.options ?? {};
    this.events = dealt(deal);
    this.state = this.events.reduce(dungeoneer.evolve, dungeoneer.initialState(this.options, this.seats));
  }

  /** Decide `command` for `seat`, the dice and shuffles stated by `draws` (a seeded source when none are given). */
  do(seat: Seat, command: DungeoneerCommand, ...draws: ScriptedDraw[]): DungeoneerEvent[] {
    const random = draws.length > 0 ? scriptedRandom(...draws) : randomFor('scenario', this.events.length);
    const produced = dungeoneer.decide(command, this.state, { actor: { kind: 'seat', seat }, random });
    this.events = [...this.events, ...produced];
    this.state = produced.reduce(dungeoneer.evolve, this.state);
    return produced;
  }

  /** The active player ends its current phase. */
  endPhase(): this {
    this.do(this.active, { type: 'EndPhase' });
    return this;
  }

  /** Place the drawn Map card. */
  place(x: number, y: number, rotation: 0 | 180 = 0): this {
    this.do(this.active, { type: 'PlaceMap', x, y, rotation });
    return this;
  }

  /** The active hero moves; `draws` answer any door, pit or spikes roll. */
  move(direction: Direction, ...draws: ScriptedDraw[]): this {
    this.do(this.active, { type: 'Move', direction }, ...draws);
    return this;
  }

  /** From the Dungeonlord Phase with no encounters to the Hero Phase, placing the drawn Map card at (x, y) (default: its first legal place). */
  toHeroPhase(x?: number, y?: number, rotation: 0 | 180 = 0): this {
    this.endPhase();
    const p = this.state.prompt;
    if (p?.kind !== 'place-map') return this;
    if (x !== undefined && y !== undefined) return this.place(x, y, rotation);
    const first = legalPlacements(this.state.map, mapCard(p.card)!)[0];
    if (!first) throw new Error(`no legal place for ${p.card}`);
    return this.place(first.x, first.y, first.rotation);
  }

  /** Finish the active turn: end the Hero Phase if in it, discard the newest card in hand (or skip), pass the turn. */
  finishTurn(): this {
    if (this.state.turn?.phase === 'hero') this.endPhase();
    const seat = this.active;
    const card = this.player(seat).hand.at(-1);
    this.do(seat, card === undefined ? { type: 'EndPhase' } : { type: 'Discard', card });
    return this;
  }

  get active(): Seat {
    return this.state.turn?.seat ?? 0;
  }

  get spec() {
    return specFor(dungeoneer, { options: this.options, seats: this.seats }).given(this.events);
  }

  player(seat: Seat) {
    const p = this.state.players[seat];
    if (!p) throw new Error(`no seat ${seat}`);
    return p;
  }

  hero(seat: Seat) {
    const h = this.player(seat).hero;
    if (!h) throw new Error(`seat ${seat} has no hero`);
    return h;
  }

  legal(seat: Seat): DungeoneerCommand[] {
    return dungeoneer.legalCommands(this.state, seat);
  }
}

export const scenario = (deal: Deal = {}) => new Scenario(deal);

/** Events of one type out of a list, for assertions on the part that matters. */
export function only<T extends DungeoneerEvent['type']>(
  events: readonly DungeoneerEvent[],
  type: T,
): Extract<DungeoneerEvent, { type: T }>[] {
  return events.filter((e): e is Extract<DungeoneerEvent, { type: T }> => e.type === type);
}

/** Play a game where an awaited seat (chosen at random) asks its bot; `bots[seat % bots.length]` plays each seat. */
export function botGame(
  seats: number,
  seed: string,
  bots: readonly Bot<DungeoneerView, DungeoneerCommand>[],
  extra: Partial<PlayoutOptions<DungeoneerCommand, DungeoneerEvent, DungeoneerState, DungeoneerOptions>> = {},
): PlayoutResult<DungeoneerEvent, DungeoneerState> {
  return playout(dungeoneer, {
    options: {},
    seats,
    seed,
    maxSteps: 6000,
    choose: botsChoose(dungeoneer, bots),
    ...extra,
  });
}

/** A well-formed command built from whatever ids and numbers are around: mostly nonsense, sometimes legal. */
export function anyCommand(s: DungeoneerState, seat: Seat, r: Random): DungeoneerCommand {
  const p = s.players[seat];
  const cards = [...(p?.hand ?? []), ...(p?.hero?.treasures ?? []), ...s.discard.slice(-2), r.pick(ALL_ADVENTURE)];
  const card = () => r.pick(cards);
  const quest = () => r.pick(STARTER.quests).id;
  const target = () => r.int(s.seats);
  const form = () => r.pick(['melee', 'magic', 'speed'] as const);
  const direction = () => r.pick(['N', 'E', 'S', 'W'] as const);
  const makers: (() => DungeoneerCommand)[] = [
    () => ({ type: 'Upkeep', card: card(), pay: r.int(2) === 0 }),
    () => ({ type: 'PlayEncounter', card: card(), target: target(), form: form() }),
    () => ({ type: 'PlayBane', card: card(), target: target() }),
    () => ({ type: 'ResolveEncounters' }),
    () => ({ type: 'PlayBoon', card: card() }),
    () => ({ type: 'ReadyTreasure', card: card(), use: r.int(2) === 0 }),
    () => ({ type: 'Activate', card: card() }),
    () => ({ type: 'UseAbility' }),
    () => ({ type: 'Pass' }),
    () => ({ type: 'ChallengeHero', seat: target(), form: form() }),
    () => ({ type: 'ChallengeMonster', form: form() }),
    () => ({ type: 'ChallengeQuestMonster', quest: quest(), form: form() }),
    () => ({ type: 'Stow', card: card(), to: r.int(2) === 0 ? 'hand' : 'pack' }),
    () => ({ type: 'Discard', card: card() }),
    () => ({ type: 'AssignPeril', seat: target() }),
    () => ({ type: 'EndPhase' }),
    () => ({ type: 'PlaceMap', x: r.int(7) - 3, y: r.int(7) - 3, rotation: r.int(2) === 0 ? 0 : 180 }),
    () => ({ type: 'Move', direction: direction() }),
    () => ({ type: 'OpenDoor', direction: direction() }),
    () => ({ type: 'ClimbOut' }),
    () => ({ type: 'Explore' }),
    () => ({ type: 'AttemptQuest', quest: quest(), boost: r.int(3) }),
    () => ({ type: 'PickUpComponent', quest: quest() }),
    () => ({ type: 'DropComponent', quest: quest() }),
    () => ({ type: 'TakeCard', card: card() }),
    () => ({ type: 'KeepSecret', quest: quest() }),
    () => ({ type: 'Loot', card: card() }),
    () => ({ type: 'MovePack', direction: direction() }),
    () => ({ type: 'Defend', index: r.int(3) }),
    () => ({ type: 'ChallengePack', seat: target(), card: card(), form: form() }),
    () => ({ type: 'BuyCard' }),
    () => ({ type: 'Concede' }),
    () => ({ type: 'PlaceMap', x: r.int(7) - 3, y: r.int(7) - 3, rotation: r.int(2) === 0 ? 0 : 180, card: r.pick(STARTER.map).id }),
  ];
  return r.pick(makers)();
}
