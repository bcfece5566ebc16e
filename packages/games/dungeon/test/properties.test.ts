// Random playouts to the end in every variant through the kernel's pipeline: its module contract, and the dungeon's
// own invariants after every step (STYLE §7).
import t from 'tap';
import fc from 'fast-check';
import { randomFor, RuleViolation, type Random, type Seat, type Viewer } from '@delve/kernel';
import { botsChoose, moduleContract, playout, type PlayoutStep } from '@delve/kernel/testing';
import {
  allCards,
  commandKey,
  dungeon,
  everyCard,
  heuristicBot,
  HIDDEN,
  randomBot,
  stateFromView,
  type DungeonCommand,
  type DungeonEvent,
  type DungeonState,
} from '../src/index';
import { darkDiscards } from '../src/options';
import { timeoutCommand } from '../src/legal';
import { PLAYOUT_CONFIGS, randomCommand } from './support';

/**
 * Cards `seat` (null: a spectator) may know in `s`, worked out from the zones alone: its hand, face-up cells and
 * passages, its own passages, the discard pile when face up (or while it searches it), and cards on the table.
 */
function knowable(s: DungeonState, seat: Seat | null): Set<string> {
  // Spare Jokers lie aside face up.
  const out = new Set<string>(s.setAside);
  for (const p of s.players) {
    if (p.seat === seat) p.hand.forEach((c) => out.add(c));
    if (p.cellFaceUp && p.cell) out.add(p.cell);
    for (const n of p.dungeon) if (!n.faceDown || p.seat === seat) out.add(n.card);
  }
  const searching = s.prompt?.kind === 'pick' && s.prompt.seat === seat;
  if (!darkDiscards(s.options) || searching) s.discard.forEach((c) => out.add(c));
  for (const c of [s.combat?.card, s.power?.card, s.collapse?.card, ...s.limbo]) if (c) out.add(c);
  for (const x of [...(s.window?.aces ?? []), ...(s.window?.interrupts ?? [])]) out.add(x.card);
  if (s.playoff && seat !== null) {
    const own = s.playoff.chosen[seat];
    if (own) out.add(own);
  }
  return out;
}

/** Cards an event shows openly at the table, whoever looks. */
function revealed(e: DungeonEvent, seat: Seat | null): string[] {
  switch (e.type) {
    case 'PlayOffRevealed':
      return e.cards.map((c) => c.card);
    case 'DungeonRevealed':
      return e.passages.map((p) => p.card);
    case 'CreatureDefeated':
      return [e.creature, ...e.cards.map((c) => c.card)];
    case 'HandRevealed':
      return e.to === seat ? e.cards : [];
    case 'CardGiven':
      return e.from === seat || e.to === seat ? [e.card] : [];
    default:
      return [];
  }
}

const cardsIn = (value: unknown, all: Set<string>): string[] => {
  const found: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (all.has(v)) found.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return found;
};

const refusal = (s: DungeonState, seat: Seat, command: DungeonCommand, rev: number): RuleViolation | null => {
  try {
    dungeon.decide(command, s, { actor: { kind: 'seat', seat }, random: randomFor('probe', rev) });
    return null;
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
};

/**
 * The dungeon's own invariants for one step: cards conserved, a sane status, no card shown to a viewer who may not
 * know it (views and redacted events), prompts and windows only ever opened by an event that says so (decide decides
 * who acts, evolve only applies), what a seat may do depends only on its view, and `legalCommands` is exact: the
 * kernel's contract decides every listed command, and here a sample of unlisted ones must be refused.
 */
function dungeonInvariants(seats: number, all: Set<string>, probe: ReturnType<typeof randomFor>, failures: string[]) {
  let step = 0;
  const viewers = [...Array.from({ length: seats }, (_, i) => i), null];
  return ({ events, after }: PlayoutStep<DungeonCommand, DungeonEvent, DungeonState>): void => {
    step++;
    if (after.phase === 'lobby') return; // the claims before the deal
    if (everyCard(after).slice().sort().join() !== [...all].sort().join()) failures.push(`cards not conserved at step ${step}`);
    const status = dungeon.status(after);
    if (status.winners ? status.winners.length !== 1 : status.awaiting.length === 0) failures.push(`bad status at step ${step}`);
    for (const { event: e, before: prior } of events) {
      const next = dungeon.evolve(prior, e);
      for (const seat of viewers) {
        const viewer: Viewer = seat === null ? { kind: 'spectator' } : { kind: 'seat', seat };
        const ok = new Set([...knowable(prior, seat), ...knowable(next, seat), ...revealed(e, seat)]);
        for (const card of cardsIn(dungeon.redact(e, viewer, prior), all))
          if (!ok.has(card)) failures.push(`${e.type} shows ${card} to ${seat}`);
      }
      const prompted = next.prompt && JSON.stringify(next.prompt) !== JSON.stringify(prior.prompt);
      if (prompted && e.type !== 'PromptOpened' && e.type !== 'HandLimitReached') failures.push(`${e.type} set a prompt by itself`);
      if (next.window && !prior.window && e.type !== 'WindowOpened') failures.push(`${e.type} opened a window by itself`);
    }
    for (const seat of viewers) {
      const v = dungeon.view(after, seat === null ? { kind: 'spectator' } : { kind: 'seat', seat });
      const ok = knowable(after, seat);
      for (const card of cardsIn(v, all)) if (!ok.has(card)) failures.push(`view shows ${card} to ${seat}`);
    }
    for (let seat = 0; seat < seats; seat++) {
      const legal = dungeon.legalCommands(after, seat);
      const fromView = dungeon.legalCommands(stateFromView(dungeon.view(after, { kind: 'seat', seat })), seat);
      if (JSON.stringify(fromView) !== JSON.stringify(legal)) failures.push(`seat ${seat}: legal commands differ when built from its view`);
      const keys = new Set(legal.map(commandKey));
      // Timeouts ruling: an awaited seat always has a least harmful move, one of its legal commands; others have none.
      const fallback = timeoutCommand(after, seat);
      if (status.awaiting.includes(seat) !== (fallback !== null)) failures.push(`seat ${seat}: timeoutCommand ${JSON.stringify(fallback)}`);
      if (fallback && !keys.has(commandKey(fallback)))
        failures.push(`seat ${seat}: timeoutCommand ${JSON.stringify(fallback)} is not legal`);
      for (let i = 0; i < 4; i++) {
        const c = randomCommand(after, seat, probe);
        if (!keys.has(commandKey(c)) && !refusal(after, seat, c, step)) failures.push(`unlisted ${JSON.stringify(c)} accepted`);
      }
    }
  };
}

/**
 * Conceding ruling: now and then, at a table of three or more living players, a random living seat (awaited or not)
 * concedes instead of the bots' move, so the playouts also cover games that go on without a leaver.
 */
type Chooser = (state: DungeonState, random: Random) => { seat: Seat; command: DungeonCommand } | null;
function withConcessions(choose: Chooser): Chooser {
  return (state, random) => {
    const living = state.players.filter((p) => p.alive).map((p) => p.seat);
    if (state.phase !== 'lobby' && living.length >= 3 && random.int(250) === 0)
      return { seat: random.pick(living), command: { type: 'Concede' } };
    return choose(state, random);
  };
}

for (const config of PLAYOUT_CONFIGS) {
  t.test(`properties: random playouts end with one winner and keep every invariant (${config.name})`, async (t) => {
    let games = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.constantFrom(...config.seats), fc.boolean(), (n, seats, heuristic) => {
        const failures: string[] = [];
        const seed = `${config.name}:${n}`;
        const all = new Set(allCards(dungeon.initialState(config.options, seats).options));
        const contract = moduleContract(t, dungeon, {
          options: config.options,
          seats,
        });
        const invariants = dungeonInvariants(seats, all, randomFor(`${seed}:probe`, 0), failures);
        const result = playout(dungeon, {
          options: config.options,
          seats,
          seed,
          // Bots of both kinds reach different positions (the heuristic bot fights, asks and digs more).
          choose: withConcessions(botsChoose(dungeon, heuristic ? [heuristicBot, randomBot] : [randomBot])),
          maxSteps: 4000,
          onStep: (step) => {
            contract.onStep(step);
            invariants(step);
          },
        });
        contract.assertReplay(result);
        games++;
        if (!result.finished) failures.push(`no winner after ${result.steps} commands`);
        if (failures.length > 0 || contract.failures > 0)
          throw new Error(`${seed} (${seats} seats): ${[...failures.slice(0, 5), `${contract.failures} contract failures`].join('; ')}`);
      }),
      { numRuns: 5, seed: 20261121 },
    );
    t.equal(games, 5, `${games} games played to the end`);
  });
}

t.test('properties: the recorded shuffle is hidden from every seat and spectator, and shown to the audit', async (t) => {
  const state = dungeon.initialState({}, 3);
  const [shuffle] = dungeon.setup(state, randomFor('audit', 0));
  t.equal(shuffle?.type, 'DeckShuffled');
  for (const viewer of [{ kind: 'seat', seat: 0 }, { kind: 'spectator' }] as const)
    t.ok((dungeon.redact(shuffle!, viewer, state) as { order: string[] }).order.every((c) => c === HIDDEN));
  t.same(dungeon.redact(shuffle!, { kind: 'audit' }, state), shuffle);
});
