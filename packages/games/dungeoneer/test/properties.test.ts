// Random games through the real pipeline — the standard game, every combination of the optional rules the text allows,
// and campaign adventures — with the kernel's contract checks and Dungeoneer's invariants: cards conserved, the map
// connected and open, nothing hidden leaks (secret quests and Map cards in hand included), legal commands exact.
import t, { type Test } from 'tap';
import { randomFor, type Random, type Seat, type Viewer } from '@delve/kernel';
import { moduleContract, playout, refusalOf, type PlayoutStep } from '@delve/kernel/testing';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  dungeoneer,
  eventSchema,
  gameCards,
  heuristicBot,
  OPTIONAL_RULES,
  resolveOptions,
  stateFromView,
  type DungeoneerCommand,
  type DungeoneerEvent,
  type DungeoneerOptions,
  type DungeoneerState,
} from '../src/index';
import { connected, open } from '../src/rules/map';
import { anyCommand, multiSetDecks } from './support';

const MULTI_SET = multiSetDecks(2);

type S = DungeoneerState;
const sorted = (xs: readonly string[]) => [...xs].sort().join();

/** Every card of the game, by kind, as the options put them in play. */
function universe(options: DungeoneerOptions) {
  const cards = gameCards(resolveOptions(options));
  return {
    adventure: sorted([...cards.adventure, ...cards.peril]),
    maps: sorted(cards.maps),
    quests: sorted(cards.quests),
    heroes: sorted(cards.heroes),
    all: new Set([...cards.adventure, ...cards.peril, ...cards.maps, ...cards.quests]),
  };
}

/** Where every card is; each must be in exactly one place. */
function zones(s: S) {
  const adventure = [
    ...s.deck,
    ...s.perilDeck,
    ...s.discard,
    ...s.perilDiscard,
    ...s.loot.map((l) => l.card),
    ...s.players.flatMap((p) => [
      ...p.hand,
      ...p.pack.map((m) => m.card),
      ...(p.hero ? [...p.hero.boons, ...p.hero.treasures, ...p.hero.curses] : []),
    ]),
    ...(s.combat?.encounters.filter((e) => !e.gone).map((e) => e.card) ?? []),
    ...(s.prompt?.kind === 'respond' && s.prompt.bane ? [s.prompt.bane.card] : []),
  ];
  const prompted = s.prompt?.kind === 'place-map' ? [s.prompt.card] : s.prompt?.kind === 'build' ? s.prompt.cards : [];
  const maps = [...s.mapDeck, ...s.map.map((p) => p.card), ...prompted, ...s.players.flatMap((p) => p.mapHand)];
  const quests = [
    ...s.questDeck,
    ...s.questDiscard,
    ...s.questsBuried,
    ...s.globalQuests,
    ...s.players.flatMap((p) => [...p.quests, ...p.secretQuests, ...p.completed]),
  ];
  const heroes = [...s.heroPool, ...s.players.flatMap((p) => (p.hero ? [p.hero.id] : []))];
  return { adventure, maps, quests, heroes };
}

/** Card ids anyone may know in `s`: every card that is in no deck, no hand and no secret place. */
function publicCards(s: S): Set<string> {
  const z = zones(s);
  const hidden = new Set([
    ...s.deck,
    ...s.perilDeck,
    ...s.mapDeck,
    ...s.questDeck,
    ...s.questsBuried,
    ...s.players.flatMap((p) => [...p.hand, ...p.mapHand, ...p.secretQuests]),
  ]);
  const out = new Set([...z.adventure, ...z.maps, ...z.quests].filter((c) => !hidden.has(c)));
  // Encounters of this Dungeonlord Phase were played face up, even those gone back to hand since; so were the cards a
  // hero used this turn (a potion used, then taken back from the discard pile into the hand, is named in `used`).
  for (const e of s.combat?.encounters ?? []) out.add(e.card);
  for (const p of s.players) for (const used of p.hero?.used ?? []) out.add(used);
  return out;
}

/** What `seat` (null: a spectator) may know in `s`: the public cards, its own hand, Map cards and secret quests, and a deck it searches. */
function knowable(s: S, seat: Seat | null, open: Set<string>): Set<string> {
  const p = s.players[seat ?? -1];
  const own = p ? [...p.hand, ...p.mapHand, ...p.secretQuests] : [];
  const searching = s.prompt?.kind === 'reward' && s.prompt.reward === 'deck' && s.prompt.seat === seat;
  return own.length === 0 && !searching ? open : new Set([...open, ...own, ...(searching ? s.deck : [])]);
}

/** Cards an event puts in front of everyone as it happens. */
const shown = (e: DungeoneerEvent): string[] =>
  e.type === 'MapCardDrawn' || e.type === 'MapCardSetAside' || e.type === 'BanePlayed' ? [e.card] : [];

function cardsIn(value: unknown, every: Set<string>): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (every.has(v)) found.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

const key = (c: DungeoneerCommand) => JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

const accepted = (s: S, seat: Seat, c: DungeoneerCommand): boolean => refusalOf(dungeoneer, s, seat, c) === null;

/**
 * Dungeoneer's own invariants for one step; returns what broke. Cards conserved, the map connected and open, and no
 * view or redacted event showing a card its viewer may not know — every step; with `thorough`, also legal commands
 * exact (the same rebuilt from the seat's view, and a few unlisted commands refused).
 */
function invariants(
  step: PlayoutStep<DungeoneerCommand, DungeoneerEvent, S>,
  every: ReturnType<typeof universe>,
  probe: ReturnType<typeof randomFor>,
  thorough: boolean,
): string[] {
  const out: string[] = [];
  const s = step.after;
  if (!s.started) return out;
  const z = zones(s);
  if (sorted(z.adventure) !== every.adventure) out.push('Adventure cards not conserved');
  if (sorted(z.maps) !== every.maps) out.push('Map cards not conserved');
  if (sorted(z.quests) !== every.quests) out.push('Quest cards not conserved');
  if (sorted(z.heroes) !== every.heroes) out.push('hero cards not conserved');
  if (!connected(s.map)) out.push('the map has a stranded space');
  if (!open(s.map)) out.push('the map is closed');
  const viewers: [Viewer, Seat | null][] = [
    [{ kind: 'spectator' }, null],
    ...s.players.map((p): [Viewer, Seat] => [{ kind: 'seat', seat: p.seat }, p.seat]),
  ];
  for (const { event, before } of step.events) {
    const next = dungeoneer.evolve(before, event);
    const [was, is] = [publicCards(before), publicCards(next)];
    for (const [viewer, seat] of viewers) {
      const ok = new Set([...knowable(before, seat, was), ...knowable(next, seat, is), ...shown(event)]);
      for (const c of cardsIn(dungeoneer.redact(event, viewer, before), every.all))
        if (!ok.has(c)) out.push(`${event.type} shows ${c} to ${viewer.kind} ${seat}`);
    }
  }
  if (!thorough) return out;
  const now = publicCards(s);
  for (const [viewer, seat] of viewers) {
    // The options are public (a multiple-set campaign's deck lists name cards, not where they are).
    const { options: _options, ...view } = dungeoneer.view(s, viewer);
    const ok = knowable(s, seat, now);
    for (const c of cardsIn(view, every.all)) if (!ok.has(c)) out.push(`the view shows ${c} to ${viewer.kind} ${seat}`);
    if (seat === null) continue;
    const legal = dungeoneer.legalCommands(s, seat);
    if (key(legal as never) !== key(dungeoneer.legalCommands(stateFromView(dungeoneer.view(s, viewer)), seat) as never))
      out.push(`seat ${seat}: legal commands differ from its view's`);
    const listed = new Set(legal.map(key));
    for (let i = 0; i < 4; i++) {
      const c = anyCommand(s, seat, probe);
      if (!listed.has(key(c)) && accepted(s, seat, c)) out.push(`unlisted ${JSON.stringify(c)} accepted for seat ${seat}`);
    }
  }
  if (dungeoneer.status(s).winners && !step.events.some((e) => e.event.type === 'GameWon') && !step.before.winners)
    out.push('winners without GameWon');
  return out;
}

/** A random legal command of `seat`; it concedes only now and then (1 in 300), or when it has nothing else. */
function playOn(state: S, seat: number, r: Random): DungeoneerCommand | null {
  const legal = dungeoneer.legalCommands(state, seat);
  const on = legal.filter((c) => c.type !== 'Concede');
  const concede = legal.find((c) => c.type === 'Concede');
  if (concede && (on.length === 0 || r.int(300) === 0)) return concede;
  return on.length > 0 ? r.pick(on) : null;
}

/** Play one game through the real pipeline, with the contract checks and the invariants; returns what it found. */
function checkedGame(
  t: Test,
  options: DungeoneerOptions,
  seats: number,
  seed: string,
  config: { maxSteps: number; every: number; chooser?: 'random' | 'mixed' },
) {
  const contract = moduleContract(t, dungeoneer, { options, seats });
  const compiled = TypeCompiler.Compile(eventSchema);
  const valid = (event: unknown): boolean => compiled.Check(event);
  const cards = universe(options);
  const probe = randomFor(`${seed}:probe`, 0);
  const broken: string[] = [];
  let n = 0;
  const result = playout(dungeoneer, {
    options,
    seats,
    seed,
    maxSteps: config.maxSteps,
    // Random legal play, conceding only now and then (1 in 300) so games go on; mixed: each move is the heuristic
    // bot's half the time, so games get somewhere.
    choose: (state: S, r: Random) => {
      const awaiting = dungeoneer.status(state).awaiting;
      if (awaiting.length === 0) return null;
      const seat = r.pick(awaiting);
      const bot = config.chooser === 'mixed' && r.int(2) === 0;
      const command = (bot ? heuristicBot(dungeoneer.view(state, { kind: 'seat', seat }), seat, r) : null) ?? playOn(state, seat, r);
      return command ? { seat, command } : null;
    },
    // Every step: events match their schema, cards are conserved, the map holds, no redacted event leaks. Every
    // `every` steps besides: the kernel's whole contract (views, legal commands accepted) and leak-free views.
    onStep: (step: PlayoutStep<DungeoneerCommand, DungeoneerEvent, S>) => {
      const full = n++ % config.every === 0;
      if (full) contract.onStep(step);
      else for (const { event } of step.events) if (!valid(event)) broken.push(`${event.type} does not match eventSchema`);
      if (broken.length < 40) broken.push(...invariants(step, cards, probe, full));
    },
  });
  contract.assertReplay(result);
  return { result, broken: [...new Set(broken)], failures: contract.failures };
}

// A fixed handful of seeded games keeps the run short on shared machines; PROPERTY_GAMES=n adds n more of each size.
const extra = Number(process.env.PROPERTY_GAMES ?? 0);
for (const [seats, seeds] of [
  [2, ['p2-a']],
  [3, ['p3-a']],
  [4, ['p4-a']],
] as const) {
  t.test(`properties: random ${seats}-player standard games end, keeping every invariant after every step`, async (t) => {
    for (const seed of [...seeds, ...Array.from({ length: extra }, (_, i) => `p${seats}-extra-${i}`)]) {
      const { result, broken, failures } = checkedGame(t, {}, seats, seed, { maxSteps: 4000, every: 1 });
      t.same(broken, [], `${seed}: invariants hold`);
      t.ok(
        result.finished,
        `${seed}: the game ends after ${result.steps} commands (${dungeoneer.status(result.state).winners?.join() ?? 'no'} won)`,
      );
      t.equal(failures, 0, `${seed}: contract checks pass`);
    }
  });
}

/** Every combination of the six optional rules the text allows (not Malevolent Force with Respawn). */
const COMBINATIONS = Array.from({ length: 64 }, (_, mask) =>
  Object.fromEntries(OPTIONAL_RULES.filter((_, i) => (mask & (1 << i)) !== 0).map((rule) => [rule, true])),
).filter((o) => !(o.malevolentForce && o.respawn)) as DungeoneerOptions[];

t.test('OPTIONAL ADVANCED RULES, Malevolent Force and Respawn: refused together, every other combination accepted', async (t) => {
  t.equal(COMBINATIONS.length, 48);
  t.throws(() => dungeoneer.checkSeats({ malevolentForce: true, respawn: true }, 3), { code: 'dungeoneer/bad-options' });
  for (const options of COMBINATIONS) dungeoneer.checkSeats(options, 2);
  t.pass('the other 48 are accepted');
});

const STEPS = Number(process.env.PROPERTY_STEPS ?? 70);
t.test(`properties: random games under every allowed combination of the optional rules (${STEPS} commands each)`, async (t) => {
  for (const [i, options] of COMBINATIONS.entries()) {
    const seats = 2 + (i % 3);
    const label = `${JSON.stringify(options)}, ${seats} players`;
    const { result, broken, failures } = checkedGame(t, options, seats, `combo-${i}`, { maxSteps: STEPS, every: 10, chooser: 'mixed' });
    if (broken.length > 0 || failures > 0) t.fail(label, { broken });
    t.ok(result.steps > 0, `${label}: ${result.finished ? 'finished' : 'played'} ${result.steps} commands`);
  }
});

t.test('properties: the two largest combinations of the optional rules, 3 and 4 players, played to the end', async (t) => {
  const everything = Object.fromEntries(OPTIONAL_RULES.map((rule) => [rule, true])) as DungeoneerOptions;
  const games: [DungeoneerOptions, number][] = [
    [{ ...everything, respawn: false }, 3],
    [{ ...everything, malevolentForce: false }, 4],
  ];
  for (const [i, [options, seats]] of games.entries()) {
    const { result, broken, failures } = checkedGame(t, options, seats, `all-rules-${i}`, { maxSteps: 2000, every: 20, chooser: 'mixed' });
    const label = `${JSON.stringify(options)}, ${seats} players`;
    t.same(broken, [], `${label}: invariants hold`);
    t.equal(failures, 0, `${label}: contract checks pass`);
    t.ok(
      result.finished,
      `${label}: ends after ${result.steps} commands, won by ${dungeoneer.status(result.state).winners?.join() ?? 'nobody'}`,
    );
  }
});

t.test('properties: campaign adventures of 2, 3 and 4 players, and a multiple-set campaign, played to the end', async (t) => {
  const games: [DungeoneerOptions, number][] = [
    [{ campaign: { carry: { level: true, treasures: true } } }, 2],
    [{ campaign: { dungeonlord: 1 } }, 3],
    [{ campaign: {} }, 4],
    [{ campaign: { sets: 4, decks: MULTI_SET } }, 3],
  ];
  for (const [i, [options, seats]] of games.entries()) {
    const { result, broken, failures } = checkedGame(t, options, seats, `campaign-${i}`, { maxSteps: 1500, every: 20, chooser: 'mixed' });
    const label = `${JSON.stringify(options).slice(0, 60)}…, ${seats} players`;
    t.same(broken, [], `${label}: invariants hold`);
    t.equal(failures, 0, `${label}: contract checks pass`);
    t.ok(
      result.finished,
      `${label}: ends after ${result.steps} commands, won by ${dungeoneer.status(result.state).winners?.join() ?? 'nobody'}`,
    );
  }
});
