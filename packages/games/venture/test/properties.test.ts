// Random playouts to the end through the kernel's playout(), with moduleContract and venture's own invariants after every step.
import { randomFor, sameJson, type Random, type Seat, type Viewer } from '@delve/kernel';
import { everyViewer, moduleContract, playout, refusalOf, type PlayoutStep } from '@delve/kernel/testing';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import t from 'tap';
import {
  DUNGEON_IDS,
  DUNGEONS,
  eventSchema,
  venture,
  type VentureCommand,
  type VentureEvent,
  type VentureOptions,
  type VentureView,
} from '../src/index';
import { legendsToChoose } from '../src/rules/legend';
import type { VentureState } from '../src/state';
import { chooseCommand, instances, matchesTemplate } from './support';
import { timeoutCommand } from '../src/legal';

type Step = PlayoutStep<VentureCommand, VentureEvent, VentureState>;

/** Tables the playouts cover: small and large, short and long life totals. */
const TABLES: { seats: number; options: VentureOptions }[] = [
  { seats: 2, options: {} },
  { seats: 3, options: { startingLife: 40 } },
  { seats: 4, options: { startingLife: 8 } },
  { seats: 5, options: {} },
  { seats: 2, options: { startingLife: 40, baldursGateWilderness: true } },
  { seats: 4, options: { baldursGateWilderness: true } },
];
const SEEDS_PER_TABLE = 4;

const commandCheck = TypeCompiler.Compile(venture.commandSchema);

/** Whether decide accepts `command` from `seat`. */
const accepted = (state: VentureState, seat: Seat, command: VentureCommand): boolean =>
  refusalOf(venture, state, seat, command, 'exact') === null;

/** A sacrifice is a set of tokens: its order carries no meaning, and the legal list gives each set once. */
const canonical = (command: VentureCommand): VentureCommand =>
  command.type === 'ResolveTop' && command.sacrifice ? { ...command, sacrifice: [...command.sacrifice].sort((a, b) => a - b) } : command;

/** Whether `command` from `seat` is among its legal commands or stands for one of its templates. */
function listed(state: VentureState, seat: Seat, command: VentureCommand): boolean {
  const wanted = canonical(command);
  return (
    venture.legalCommands(state, seat).some((c) => sameJson(canonical(c), wanted)) ||
    (venture.commandTemplates?.(state, seat) ?? []).some((template) => matchesTemplate(command, template))
  );
}

/** Well-formed commands of every kind, made of seats, tokens, dungeons and rooms that may or may not fit now. */
function candidates(state: VentureState): VentureCommand[] {
  const seats = [...state.players.map((p) => p.seat), state.seats];
  const tokens = [...state.tokens.map((tk) => tk.id), 999];
  const rooms = [...(state.pending?.kind === 'room' ? state.pending.options : []), 'oubliette', 'forge', 'cradle-of-the-death-god'];
  const all: VentureCommand[] = [
    { type: 'Venture' },
    { type: 'Venture', undercity: true },
    ...DUNGEON_IDS.map((dungeon): VentureCommand => ({ type: 'ChooseDungeon', dungeon })),
    ...rooms.map((room): VentureCommand => ({ type: 'ChooseRoom', room })),
    ...tokens.map((keep): VentureCommand => ({ type: 'ChooseLegend', keep })),
    { type: 'ResolveTop' },
    ...seats.map((targetPlayer): VentureCommand => ({ type: 'ResolveTop', targetPlayer })),
    ...tokens.map((targetToken): VentureCommand => ({ type: 'ResolveTop', targetToken })),
    ...tokens.map((id): VentureCommand => ({ type: 'ResolveTop', sacrifice: [id] })),
    { type: 'ResolveTop', sacrifice: [] },
    { type: 'ResolveTop', sacrifice: tokens.slice(0, 2) },
    { type: 'ResolveTop', sacrifice: tokens.slice(0, 3).reverse() },
    ...tokens.map((id): VentureCommand => ({ type: 'ResolveTop', distribute: { [id]: 1 + (id % 3) } })),
    { type: 'ResolveTop', distribute: Object.fromEntries(tokens.slice(0, 2).map((id) => [id, 1])) },
    { type: 'ResolveTop', revealedManaValue: 5 },
    { type: 'ResolveTop', revealedManaValue: 0 },
    { type: 'AnswerUnless', pay: true },
    { type: 'AnswerUnless', pay: false },
    ...tokens.map((token): VentureCommand => ({ type: 'AnswerUnless', pay: true, token })),
    { type: 'AnswerUnless', pay: false, token: tokens[0] ?? 1 },
    { type: 'TakeInitiative' },
    { type: 'AdvanceStep' },
    { type: 'PassTurn' },
    { type: 'LeaveGame' },
    ...seats.flatMap((player): VentureCommand[] => [
      { type: 'ReportCombatDamage', player, amount: 1 },
      { type: 'ReportCombatDamage', player, amount: 6, firstStrike: true },
      { type: 'AdjustLife', player, amount: -3 },
      { type: 'AdjustLife', player, amount: 2 },
    ]),
    ...tokens.map((token): VentureCommand => ({ type: 'RemoveToken', token })),
  ];
  return all.filter((command) => commandCheck.Check(command));
}

/**
 * The legal lists are exact, both ways: every template instantiated with values its schema allows is accepted, and
 * a command is accepted exactly when it is listed or stands for a template. Checked for one seat (any, in the game or
 * not) and a sample of candidate commands at each step, to keep the playouts fast.
 */
function exactness(state: VentureState, random: Random): string[] {
  const out: string[] = [];
  if (venture.status(state).winners) return out;
  const seat = random.int(state.seats);
  for (const template of venture.commandTemplates?.(state, seat) ?? [])
    for (const command of instances(template, random))
      if (!accepted(state, seat, command)) out.push(`template instance ${JSON.stringify(command)} for seat ${seat} is refused`);
  for (const command of random.shuffle(candidates(state)).slice(0, 12)) {
    const isListed = listed(state, seat, command);
    if (accepted(state, seat, command) !== isListed)
      out.push(`${JSON.stringify(command)} for seat ${seat} is ${isListed ? 'listed but refused' : 'accepted but not listed'}`);
  }
  return out;
}

/** What the views reached, so the checks are known to cover every optional and nullable part of the view. */
function noteView(reached: Set<string>, view: VentureView): void {
  reached.add(`phase:${view.phase}`);
  if (view.winners) reached.add('winners');
  if (view.pending) reached.add(`pending:${view.pending.kind}`);
  if (view.initiative !== null) reached.add('initiative');
  if (view.tokens.length > 0) reached.add('tokens');
  for (const entry of view.stack) reached.add(`stack:${entry.kind}`);
  if (view.stack.some((e) => e.effects?.some((effect) => effect.kind === 'unless'))) reached.add('unless');
  if (view.players.some((p) => p.dungeon)) reached.add('dungeon');
  if (view.players.some((p) => Object.keys(p.completed).length > 0)) reached.add('completed');
  if (view.players.some((p) => !p.inGame)) reached.add('left');
}

/** Venture's own invariants after a step; each returns a complaint or nothing. */
function invariants(step: Step, viewers: readonly Viewer[]): string[] {
  const { before, after } = step;
  const out: string[] = [];
  for (const p of after.players) {
    if (p.dungeon && !DUNGEONS[p.dungeon.dungeon].rooms.some((r) => r.id === p.dungeon?.room))
      out.push(`seat ${p.seat}: marker on ${p.dungeon.room}, not a room of ${p.dungeon.dungeon}`);
    const old = before.players[p.seat]?.completed ?? [];
    if (p.completed.length < old.length || old.some((d, i) => p.completed[i] !== d)) out.push(`seat ${p.seat}: completions shrank`);
    if (!p.inGame && (p.dungeon || after.tokens.some((tk) => tk.controller === p.seat) || after.stack.some((s) => s.controller === p.seat)))
      out.push(`seat ${p.seat} left but still owns objects`);
  }
  // 725.2, ruling 11: one report per defending player per damage step, the first-strike step before the regular one.
  const reports = after.combatDamage.map((r) => `${r.player}:${r.firstStrike}`);
  if (new Set(reports).size !== reports.length) out.push(`combat damage reported twice in one step: ${reports.join(', ')}`);
  if (after.combatDamage.some((r, i) => r.firstStrike && after.combatDamage.slice(0, i).some((e) => !e.firstStrike)))
    out.push('first-strike damage after regular damage');
  // 704.5j: nobody keeps two legendary tokens with the same name beyond the choice that removes one.
  const legends = legendsToChoose(after);
  if (legends && !(after.pending?.kind === 'legend' && after.pending.seat === legends.seat))
    out.push(`seat ${legends.seat} controls legendary tokens ${legends.tokens.join(', ')} with the same name`);
  // Ruling 24: an awaited player's least harmful move is one decide accepts; a player not awaited has none.
  const awaiting = venture.status(after).awaiting;
  for (const p of after.players) {
    const fallback = timeoutCommand(after, p.seat);
    if (awaiting.includes(p.seat) ? fallback === null || !accepted(after, p.seat, fallback) : fallback !== null)
      out.push(`seat ${p.seat}: timeout command ${JSON.stringify(fallback)}`);
  }
  const instances = after.players.flatMap((p) => (p.dungeon ? [p.dungeon.instance] : []));
  if (new Set(instances).size !== instances.length) out.push('a dungeon instance is in two command zones');
  if (after.initiative !== null && after.players[after.initiative]?.inGame !== true)
    out.push('the initiative is held by someone out of the game');
  // Nothing is hidden: every viewer sees the same table, apart from who they are.
  const views = viewers.map((viewer) => JSON.stringify({ ...venture.view(after, viewer), you: null }));
  if (views.some((v) => v !== views[0])) out.push('viewers see different tables');
  return out;
}

t.test('random playouts play every table to the end; the contract and the invariants hold after every step', (t) => {
  const reachedViews = new Set<string>();
  const seenEvents = new Set<string>();
  const games: { seats: number; options: VentureOptions; events: readonly VentureEvent[] }[] = [];
  let completions = 0;
  let wildernessCompleted = 0;
  let initiativeChanges = 0;
  for (const { seats, options } of TABLES) {
    for (let n = 0; n < SEEDS_PER_TABLE; n++) {
      const seed = `venture-${seats}-${n}`;
      const contract = moduleContract(t, venture, { options, seats });
      const viewers = everyViewer(seats);
      let broken = 0;
      let stepIndex = 0;
      const result = playout(venture, {
        options,
        seats,
        seed,
        choose: chooseCommand,
        maxSteps: 3000,
        onStep: (step) => {
          contract.onStep(step);
          for (const { event } of step.events) seenEvents.add(event.type);
          if (step.after.initiative !== step.before.initiative) initiativeChanges++;
          noteView(reachedViews, venture.view(step.after, { kind: 'spectator' }));
          const exact = exactness(step.after, randomFor(`${seed}:exact`, stepIndex++));
          for (const complaint of [...invariants(step, viewers), ...exact]) if (broken++ < 5) t.fail(`${seed}: ${complaint}`);
        },
      });
      contract.assertReplay(result);
      if (!result.finished) t.fail(`${seed}: the game did not finish in ${result.steps} commands`);
      completions += result.state.players.reduce((sum, p) => sum + p.completed.length, 0);
      wildernessCompleted += result.state.players.reduce(
        (sum, p) => sum + p.completed.filter((d) => d === 'baldurs-gate-wilderness').length,
        0,
      );
      games.push({ seats, options, events: result.events });
    }
  }
  t.ok(completions > 0, `playouts complete dungeons (${completions})`);
  t.ok(wildernessCompleted > 0, `playouts complete Baldur’s Gate Wilderness (${wildernessCompleted})`);
  t.ok(initiativeChanges > 0, `the initiative changes hands (${initiativeChanges})`);
  const every = eventSchema.anyOf.map((schema) => schema.properties.type.const as string);
  t.same(
    every.filter((type) => !seenEvents.has(type)),
    [],
    'the playouts reach every kind of event',
  );
  t.same(
    [
      'phase:finished',
      'phase:choose-dungeon',
      'phase:choose-room',
      'phase:choose-legend',
      'phase:answer-unless',
      'phase:resolve',
      'phase:combat-damage',
      'winners',
      'pending:dungeon',
      'pending:room',
      'pending:legend',
      'initiative',
      'tokens',
      'stack:room',
      'stack:initiative-venture',
      'unless',
      'dungeon',
      'completed',
      'left',
    ].filter((part) => !reachedViews.has(part)),
    [],
    'the playouts reach every optional and nullable part of the view',
  );

  // Fold rate: replaying the recorded games, event by event, from their initial states.
  const fold = (): number => {
    let count = 0;
    for (const game of games) {
      let state = venture.initialState(game.options, game.seats);
      for (const event of game.events) state = venture.evolve(state, event);
      count += game.events.length;
    }
    return count;
  };
  // Measured in this process's CPU time, so other work on the machine does not count against it.
  const rates: number[] = [];
  for (let round = 0; round < 6; round++) {
    const started = process.cpuUsage();
    let folded = 0;
    while (folded < 100_000) folded += fold();
    const used = process.cpuUsage(started);
    rates.push(Math.round(folded / ((used.user + used.system) / 1e6)));
  }
  const best = Math.max(...rates.slice(1));
  t.comment(
    `fold rate: ${best.toLocaleString('en')} events per CPU second (best of ${rates.length - 1} rounds of 100,000 events after a warm-up)`,
  );
  t.ok(best >= 200_000, `evolve folds at least 200,000 events/s (${best.toLocaleString('en')})`);
  t.end();
});
