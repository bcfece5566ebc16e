// Random raids to the end in every difficulty and seat count, through the kernel's pipeline, with the contract checks
// and the raid's invariants after every event: cards conserved, the Dungeon acting only on its turn and in its order,
// no hidden card in anyone's view or events, legal commands exact and the same when built from the seat's view.
import t, { type Test } from 'tap';
import { randomFor, RuleViolation, type Random, type Seat, type Viewer } from '@delve/kernel';
import { moduleContract, playout, type PlayoutStep } from '@delve/kernel/testing';
import {
  DIFFICULTIES,
  everyCard,
  heuristicBot,
  HIDDEN,
  raid,
  RAW_CONTENT,
  stateFromView,
  type RaidCommand,
  type RaidEvent,
  type RaidState,
} from '../src/index';
import { hasKeyword } from '../src/rules/board';
import { setup } from '../src/setup';
import { profileFromOptions } from '../src/rules/profile';
import { seated } from './support';

const CARD_ID = /^(?:d\d+|r\d-\d+)$/;
const TREASURE_IDS = RAW_CONTENT.treasure;

/** Card instances `seat` (null: a spectator) may know in `s`: everything face up, plus its own hand and resources. */
function knowable(s: RaidState, seat: Seat | null): Set<string> {
  const out = new Set<string>([...s.destroyed, ...s.resolving, ...s.dungeon.knownTop]);
  if (s.dturn?.revealed) out.add(s.dturn.revealed);
  for (const side of [s.dungeon, ...s.raiders]) {
    side.graveyard.forEach((id) => out.add(id));
    side.allies.forEach((a) => out.add(a.id));
    if (side.weapon) out.add(side.weapon.id);
    if (side.armor) out.add(side.armor.id);
  }
  for (const r of s.raiders) {
    if (r.talent) out.add(r.talent);
    if (r.seat === seat) [...r.hand, ...r.resources.map((g) => g.id)].forEach((id) => out.add(id));
  }
  return out;
}

/** Cards an event shows to `seat` that need not be knowable before or after it (a bounced ally goes to a hand). */
function shown(e: RaidEvent, seat: Seat | null): string[] {
  if (e.type === 'CardReturned') return [e.card.id];
  if ((e.type === 'CardsDrawn' || e.type === 'ResourcePlaced') && e.seat === seat)
    return e.type === 'CardsDrawn' ? e.cards.map((c) => c.id) : [e.card.id];
  return [];
}

/** Every card id in a value, and every `{ id: "?" }` that still names its card (a leak by definition). */
function cardIdsIn(value: unknown): { ids: string[]; halfHidden: number } {
  const ids: string[] = [];
  let halfHidden = 0;
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (CARD_ID.test(v)) ids.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as { id?: unknown; card?: unknown };
      if (o.id === HIDDEN && o.card !== undefined && o.card !== HIDDEN) halfHidden++;
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  return { ids, halfHidden };
}

/** A well-formed command of any kind, from ids that may or may not make sense now: probes that decide refuses what legalCommands leaves out. */
function probeCommand(s: RaidState, seat: Seat, r: Random): RaidCommand {
  const mine = s.raiders[seat];
  const ids = [
    ...(mine?.hand ?? []),
    ...(mine?.allies.map((a) => a.id) ?? []),
    ...s.dungeon.allies.map((a) => a.id),
    'dh',
    'h0',
    'h1',
    'h2',
    'd1',
    'r0-1',
  ];
  const id = () => r.pick(ids);
  const options: (() => RaidCommand)[] = [
    () => ({ type: 'Mulligan' }),
    () => ({ type: 'KeepHand' }),
    () => ({ type: 'PlaceResource', card: id() }),
    () => ({ type: 'PlayCard', card: id() }),
    () => ({ type: 'PlayCard', card: id(), target: id() }),
    () => ({ type: 'Attack', attacker: id(), target: id() }),
    () => ({ type: 'Protect', ally: id() }),
    () => ({ type: 'Pass' }),
    () => ({ type: 'EndTurn' }),
    () => ({ type: 'Discard', card: id() }),
    () => ({ type: 'Concede' }),
  ];
  return r.pick(options)();
}

/** The raid's invariants, checked after every event of every step; failures are collected, not thrown mid-game. */
function raidInvariants(seats: number, seed: string) {
  const failures: string[] = [];
  const probe = randomFor(`${seed}:probe`, 0);
  let attacked: string[] = [];
  let attacking = false;
  let step = 0;
  const viewers: (Seat | null)[] = [...Array.from({ length: seats }, (_, i) => i), null];
  const asViewer = (seat: Seat | null): Viewer => (seat === null ? { kind: 'spectator' } : { kind: 'seat', seat });
  return {
    failures,
    onStep(s: PlayoutStep<RaidCommand, RaidEvent, RaidState>): void {
      step++;
      let state = s.before;
      // Ending its turn, the Dungeon hands over: the next raider's turn starts in the same decision (ready, draw).
      let handover = false;
      for (const { event: e, actor } of s.events) {
        if (actor !== 'automaton') handover = false;
        const next = raid.evolve(state, e);
        // Cards conserved: every instance dealt is in exactly one place.
        const where = everyCard(next).sort().join();
        if (where !== Object.keys(next.cards).sort().join()) failures.push(`step ${step}: ${e.type} loses or copies a card`);
        // The Dungeon acts only on its turn, never while raiders have a window open, and in its order.
        if (actor === 'automaton' && !handover) {
          if (state.turn?.seat !== null) failures.push(`step ${step}: the automaton acted (${e.type}) outside the Dungeon's turn`);
          if (state.window || state.prompt) failures.push(`step ${step}: the automaton acted (${e.type}) while raiders were asked`);
        }
        if (actor === 'automaton' && e.type === 'TurnEnded') handover = true;
        if (e.type === 'TurnStarted' && e.seat === null) {
          attacked = [];
          attacking = false;
        }
        if (e.type === 'CardFlipped') {
          if (attacking) failures.push(`step ${step}: a card was flipped after the Dungeon's attacks began`);
          if (state.dungeon.deck[0] !== e.card.id) failures.push(`step ${step}: ${e.card.id} was not the top card`);
        }
        if (e.type === 'AttackDeclared' && e.by === null) {
          attacking = true;
          // Hero first, then allies in the order they entered: nobody ready and able is skipped, nobody attacks twice.
          const order = ['dh', ...state.dungeon.allies.map((a) => a.id)];
          const at = order.indexOf(e.attacker);
          const able = (ref: string) => {
            if (ref === 'dh') return !state.dungeon.hero.exhausted;
            const a = state.dungeon.allies.find((x) => x.id === ref);
            return !!a && !a.exhausted && (a.enteredTurn < (state.turn?.number ?? 0) || hasKeyword(state, ref, 'ferocity'));
          };
          const skipped = order.slice(0, Math.max(0, at)).filter((ref) => !attacked.includes(ref) && able(ref));
          if (at < 0 || attacked.includes(e.attacker) || skipped.length > 0)
            failures.push(`step ${step}: ${e.attacker} attacked out of order (skipping ${skipped.join(', ')})`);
          attacked.push(e.attacker);
          if (e.target !== `h${state.marked}`) failures.push(`step ${step}: the Dungeon attacked ${e.target}, not the MARKED hero`);
          const ally = state.dungeon.allies.find((a) => a.id === e.attacker);
          if (ally && ally.enteredTurn >= (state.turn?.number ?? 0) && !hasKeyword(state, ally.id, 'ferocity'))
            failures.push(`step ${step}: ${e.attacker} attacked the turn it entered without Ferocity`);
        }
        // No hidden card in what any seat or a spectator is told of the event.
        for (const seat of viewers) {
          const seen = cardIdsIn(raid.redact(e, asViewer(seat), state));
          const ok = new Set([...knowable(state, seat), ...knowable(next, seat), ...shown(e, seat)]);
          for (const id of seen.ids) if (!ok.has(id)) failures.push(`step ${step}: ${e.type} shows ${id} to ${seat}`);
          if (seen.halfHidden > 0) failures.push(`step ${step}: ${e.type} hides an id but names its card to ${seat}`);
        }
        state = next;
      }
      const after = s.after;
      for (const seat of viewers) {
        const view = raid.view(after, asViewer(seat));
        const seen = cardIdsIn(view);
        const ok = knowable(after, seat);
        for (const id of seen.ids) if (!ok.has(id)) failures.push(`step ${step}: the view shows ${id} to ${seat}`);
        if (seat === null) continue;
        // What a seat may do depends only on what it may see (the bots build on this).
        const legal = raid.legalCommands(after, seat);
        if (JSON.stringify(raid.legalCommands(stateFromView(view), seat)) !== JSON.stringify(legal))
          failures.push(`step ${step}: seat ${seat}'s legal commands differ when built from its view`);
        // Exact: a sample of commands not listed is refused.
        const listed = new Set(legal.map((c) => JSON.stringify(c)));
        for (let i = 0; i < 3; i++) {
          const c = probeCommand(after, seat, probe);
          if (listed.has(JSON.stringify(c))) continue;
          try {
            raid.decide(c, after, { actor: { kind: 'seat', seat }, random: randomFor('probe', step) });
            failures.push(`step ${step}: unlisted ${JSON.stringify(c)} accepted for seat ${seat}`);
          } catch (error) {
            if (!(error instanceof RuleViolation)) throw error;
          }
        }
      }
    },
  };
}

/** A random awaited raider sends a random legal command; it concedes only now and then (1 in 300), so raids go on. */
function randomRaider(state: RaidState, random: Random): { seat: Seat; command: RaidCommand } | null {
  const awaiting = raid.status(state).awaiting;
  if (awaiting.length === 0) return null;
  const seat = random.pick(awaiting);
  const legal = raid.legalCommands(state, seat);
  const playOn = legal.filter((c) => c.type !== 'Concede');
  const concede = legal.find((c) => c.type === 'Concede');
  if (concede && (playOn.length === 0 || random.int(300) === 0)) return { seat, command: concede };
  return playOn.length > 0 ? { seat, command: random.pick(playOn) } : null;
}

function checkedRaid(
  t: Test,
  config: { difficulty: (typeof DIFFICULTIES)[number]; dungeon?: string; seats: number; seed: string },
  choose: (state: RaidState, random: Random) => { seat: Seat; command: RaidCommand } | null = randomRaider,
  module: typeof raid = raid,
) {
  const options = { difficulty: config.difficulty, ...(config.dungeon ? { dungeon: config.dungeon } : {}) };
  const contract = moduleContract(t, module, { options, seats: config.seats });
  const invariants = raidInvariants(config.seats, config.seed);
  const result = playout(module, {
    options,
    seats: config.seats,
    seed: config.seed,
    choose,
    onStep: (s) => {
      contract.onStep(s);
      invariants.onStep(s);
    },
  });
  contract.assertReplay(result);
  t.same(invariants.failures.slice(0, 5), [], `${config.seed}: every invariant holds after every event`);
  t.ok(result.finished, `${config.seed}: the raid ends (${result.steps} commands, ${result.state.result?.outcome ?? 'unfinished'} won)`);
  t.equal(contract.failures, 0, `${config.seed}: the module contract holds`);
  return result;
}

const DUNGEONS = ['drowned-crypt', 'emberforge-depths', 'thornwood-hollow'];

for (const difficulty of DIFFICULTIES) {
  t.test(`properties: random raids in ${difficulty}, one to three raiders, keep every invariant and end`, async (t) => {
    for (const seats of [1, 2, 3]) {
      const seed = `props:${difficulty}:${seats}`;
      checkedRaid(t, { difficulty, seats, dungeon: DUNGEONS[seats - 1] ?? 'drowned-crypt', seed });
    }
  });
}

/** Every awaited raider plays the heuristic bot from its own view. */
const heuristic = (seed: string) => (state: RaidState) => {
  const seat = raid.status(state).awaiting[0];
  if (seat === undefined) return null;
  const command = heuristicBot(raid.view(state, { kind: 'seat', seat }), seat, randomFor(seed, 0));
  return command ? { seat, command } : null;
};

t.test('properties: heuristic raids in every difficulty keep every invariant too', async (t) => {
  for (const [i, difficulty] of DIFFICULTIES.entries()) {
    const seed = `props:heuristic:${difficulty}`;
    checkedRaid(t, { difficulty, seats: 3, dungeon: DUNGEONS[i % 3] ?? 'drowned-crypt', seed }, heuristic(seed));
  }
});

t.test('properties: decks with treasure cards (the character issue’s upgrades) play by the same rules', async (t) => {
  // Every treasure card goes into some raider's deck, replacing starter cards.
  const withTreasure = {
    ...raid,
    setup: (state: RaidState, random: Random) =>
      setup(
        state,
        random,
        seated(
          state.raiders.map((r) => {
            const starter = profileFromOptions(state.options, r.seat);
            const mine = TREASURE_IDS.filter((_, i) => i % state.seats === r.seat);
            return { ...starter, deck: [...mine, ...starter.deck.slice(mine.length)], handSize: 8, heroHealthBonus: 10 };
          }),
        ),
      ),
  };
  for (const seed of ['treasure:1', 'treasure:2']) {
    const result = checkedRaid(t, { difficulty: 'heroic', seats: 3, seed }, undefined, withTreasure);
    const played = new Set(result.events.flatMap((e) => (e.type === 'CardPlayed' ? [e.card.card] : [])));
    t.ok(
      TREASURE_IDS.some((id) => played.has(id)),
      `${seed}: treasure cards were played`,
    );
  }
});
