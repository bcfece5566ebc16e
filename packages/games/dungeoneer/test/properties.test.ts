// Random 2-, 3- and 4-player games played to the end through the real pipeline, with the kernel's contract checks and
// Dungeoneer's invariants after every step: cards conserved, the map connected and open, nothing hidden leaks,
// legal commands exact (listed ones accepted, others refused, the same when rebuilt from the seat's view).
import t from 'tap';
import { randomFor, RuleViolation, type Seat, type Viewer } from '@delve/kernel';
import { moduleContract, playout, type PlayoutStep } from '@delve/kernel/testing';
import {
  ALL_ADVENTURE,
  dungeoneer,
  STARTER,
  stateFromView,
  type DungeoneerCommand,
  type DungeoneerEvent,
  type DungeoneerState,
} from '../src/index';
import { connected, open } from '../src/rules/map';

type S = DungeoneerState;
const sorted = (xs: readonly string[]) => [...xs].sort().join();
const ADVENTURE = sorted(ALL_ADVENTURE);
const MAPS = sorted(STARTER.map.map((c) => c.id));
const QUESTS = sorted(STARTER.quests.map((q) => q.id));
const HEROES = sorted(STARTER.heroes.map((h) => h.id));
const UNIVERSE = new Set([...ALL_ADVENTURE, ...STARTER.map.map((c) => c.id), ...STARTER.quests.map((q) => q.id)]);

/** Where every card is; each must be in exactly one place. */
function zones(s: S) {
  const adventure = [
    ...s.deck,
    ...s.discard,
    ...s.players.flatMap((p) => [
      ...p.hand,
      ...p.pack.map((m) => m.card),
      ...(p.hero ? [...p.hero.boons, ...p.hero.treasures, ...p.hero.curses] : []),
    ]),
    ...(s.combat?.encounters.filter((e) => !e.gone).map((e) => e.card) ?? []),
    ...(s.prompt?.kind === 'respond' && s.prompt.bane ? [s.prompt.bane.card] : []),
  ];
  const maps = [...s.mapDeck, ...s.map.map((p) => p.card), ...(s.prompt?.kind === 'place-map' ? [s.prompt.card] : [])];
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

/** Card ids anyone may know in `s`: every card that is neither in a deck nor in a hand. */
function publicCards(s: S): Set<string> {
  const z = zones(s);
  const hidden = new Set([...s.deck, ...s.mapDeck, ...s.questDeck, ...s.players.flatMap((p) => p.hand)]);
  const out = new Set([...z.adventure, ...z.maps, ...z.quests].filter((c) => !hidden.has(c)));
  // Encounters of this Dungeonlord Phase were played face up, even those gone back to hand since.
  for (const e of s.combat?.encounters ?? []) out.add(e.card);
  return out;
}

/** What `seat` (null: a spectator) may know in `s`: the public cards, its own hand, and a deck it is searching. */
function knowable(s: S, seat: Seat | null, open: Set<string>): Set<string> {
  const own = s.players[seat ?? -1]?.hand ?? [];
  const searching = s.prompt?.kind === 'reward' && s.prompt.reward === 'deck' && s.prompt.seat === seat;
  return own.length === 0 && !searching ? open : new Set([...open, ...own, ...(searching ? s.deck : [])]);
}

/** Cards an event puts in front of everyone as it happens. */
const shown = (e: DungeoneerEvent): string[] =>
  e.type === 'MapCardDrawn' || e.type === 'MapCardSetAside' || e.type === 'BanePlayed' ? [e.card] : [];

function cardsIn(value: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (UNIVERSE.has(v)) found.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
}

/** A well-formed command built from whatever ids and numbers are around: mostly nonsense, sometimes legal. */
function anyCommand(s: S, seat: Seat, r: ReturnType<typeof randomFor>): DungeoneerCommand {
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
  ];
  return r.pick(makers)();
}

const key = (c: DungeoneerCommand) => JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

function accepted(s: S, seat: Seat, c: DungeoneerCommand): boolean {
  try {
    dungeoneer.decide(c, s, { actor: { kind: 'seat', seat }, random: randomFor('probe', 0) });
    return true;
  } catch (error) {
    if (error instanceof RuleViolation) return false;
    throw error;
  }
}

/** Dungeoneer's own invariants for one step; returns what broke. */
function invariants(step: PlayoutStep<DungeoneerCommand, DungeoneerEvent, S>, probe: ReturnType<typeof randomFor>): string[] {
  const out: string[] = [];
  const s = step.after;
  if (!s.started) return out;
  const z = zones(s);
  if (sorted(z.adventure) !== ADVENTURE) out.push('Adventure cards not conserved');
  if (sorted(z.maps) !== MAPS) out.push('Map cards not conserved');
  if (sorted(z.quests) !== QUESTS) out.push('Quest cards not conserved');
  if (sorted(z.heroes) !== HEROES) out.push('hero cards not conserved');
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
      for (const c of cardsIn(dungeoneer.redact(event, viewer, before)))
        if (!ok.has(c)) out.push(`${event.type} shows ${c} to ${viewer.kind} ${seat}`);
    }
  }
  const now = publicCards(s);
  for (const [viewer, seat] of viewers) {
    const view = dungeoneer.view(s, viewer);
    const ok = knowable(s, seat, now);
    for (const c of cardsIn(view)) if (!ok.has(c)) out.push(`the view shows ${c} to ${viewer.kind} ${seat}`);
    if (seat === null) continue;
    const legal = dungeoneer.legalCommands(s, seat);
    if (key(legal as never) !== key(dungeoneer.legalCommands(stateFromView(view), seat) as never))
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

// A fixed handful of seeded games keeps the run short on shared machines; PROPERTY_GAMES=n adds n more of each size.
const extra = Number(process.env.PROPERTY_GAMES ?? 0);
for (const [seats, seeds] of [
  [2, ['p2-a']],
  [3, ['p3-a']],
  [4, ['p4-a']],
] as const) {
  t.test(`properties: random ${seats}-player games end, keeping every invariant after every step`, async (t) => {
    for (const seed of [...seeds, ...Array.from({ length: extra }, (_, i) => `p${seats}-extra-${i}`)]) {
      const contract = moduleContract(t, dungeoneer, { options: {}, seats });
      const probe = randomFor(`${seed}:probe`, 0);
      const broken: string[] = [];
      const result = playout(dungeoneer, {
        options: {},
        seats,
        seed,
        maxSteps: 4000,
        onStep: (step) => {
          contract.onStep(step);
          if (broken.length < 40) broken.push(...invariants(step, probe));
        },
      });
      contract.assertReplay(result);
      t.same([...new Set(broken)], [], `${seed}: invariants hold`);
      t.ok(
        result.finished,
        `${seed}: the game ends after ${result.steps} commands (${dungeoneer.status(result.state).winners?.join() ?? 'no'} won)`,
      );
      t.equal(contract.failures, 0, `${seed}: contract checks pass`);
    }
  });
}
