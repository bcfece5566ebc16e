// Playouts through the real pipeline (claims, the deal, automaton steps, GameFinished) and the checks every module owes.
import type { Test } from 'tap';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { Bot } from '../bots';
import { decideBatch, sameJson, type GameInput } from '../batch';
import { RuleViolation } from '../errors';
import { createdRecord, isLobbyEvent, type GameRecord } from '../lobby';
import type { GameModule, Message, Seat, Viewer } from '../module';
import { randomFor, type Random } from '../random';

/** One step of a playout: the input a seat sent (null for the claims that start the game) and what it caused. */
export interface PlayoutStep<C, E, S> {
  readonly seat: Seat | null;
  readonly command: C | null;
  /** Module events only, in order, each with the state just before it. */
  readonly events: readonly { readonly event: E; readonly before: S; readonly actor: string }[];
  readonly before: S;
  readonly after: S;
}

export interface PlayoutOptions<C, E, S, O> {
  readonly options: O;
  readonly seats: number;
  /** Seed of the game (its shuffles and rolls) and of the default chooser. */
  readonly seed: string;
  /**
   * The next command and who sends it, or null to stop early. Default: a random awaited seat sends a random one of
   * its legal commands.
   */
  readonly choose?: (state: S, random: Random) => { seat: Seat; command: C } | null;
  /** Stop after this many commands even if the game goes on (default 5,000). */
  readonly maxSteps?: number;
  /** Called after every input with what it caused; throw (or t.fail) to report a broken invariant. */
  readonly onStep?: (step: PlayoutStep<C, E, S>) => void;
}

export interface PlayoutResult<E, S> {
  readonly record: GameRecord<S>;
  readonly state: S;
  /** Every module event of the game in order (lobby events left out). */
  readonly events: readonly E[];
  readonly steps: number;
  readonly finished: boolean;
  /** Every input in order (the claims, then the seats' commands): what the audit's command log holds. */
  readonly inputs: readonly GameInput[];
  /** Every event the inputs caused, lobby events included, in stream order after GameCreated. */
  readonly stream: readonly Message[];
}

/** A random awaited seat sends a random legal command: the default chooser. */
export function randomLegal<C extends Message, E extends Message, S, V, O>(module: GameModule<C, E, S, V, O>) {
  return (state: S, random: Random): { seat: Seat; command: C } | null => {
    const awaiting = module.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const legal = module.legalCommands(state, seat);
    if (legal.length === 0) throw new Error(`${module.name}: seat ${seat} is awaited but has no legal command`);
    return { seat, command: random.pick(legal) };
  };
}

/**
 * A chooser where a random awaited seat asks its bot (`bots[seat % bots.length]`), which sees only that seat's view.
 * A bot with nothing to say for an awaited seat is a bug, reported by throwing.
 */
export function botsChoose<C extends Message, E extends Message, S, V, O>(module: GameModule<C, E, S, V, O>, bots: readonly Bot<V, C>[]) {
  return (state: S, random: Random): { seat: Seat; command: C } | null => {
    const awaiting = module.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const command = bots[seat % bots.length]?.(module.view(state, { kind: 'seat', seat }), seat, random);
    if (!command) throw new Error(`${module.name}: seat ${seat} is awaited but its bot has nothing to do`);
    return { seat, command };
  };
}

/**
 * Create a game, claim every seat (which deals), and play it through `decideBatch` exactly as the server does, so
 * automaton steps and GameFinished happen as they would live.
 */
export function playout<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  opts: PlayoutOptions<C, E, S, O>,
): PlayoutResult<E, S> {
  let record = createdRecord(
    {
      type: 'GameCreated',
      gameId: '00000000-0000-4000-8000-000000000000',
      module: module.name,
      rulesVersion: module.rulesVersion,
      options: opts.options,
      seats: opts.seats,
      seedHash: '',
      seed: opts.seed,
    },
    module,
  ) as GameRecord<S>;
  const events: E[] = [];
  const inputs: GameInput[] = [];
  const stream: Message[] = [];
  const run = (input: GameInput, seat: Seat | null, command: C | null): void => {
    const before = record.state;
    const { events: produced, record: after } = decideBatch(record, module, input);
    inputs.push(input);
    stream.push(...produced.map(({ event }) => event));
    const moduleEvents = produced
      .filter(({ event }) => !isLobbyEvent(event))
      .map(({ event, actor, stateBefore }) => ({ event: event as E, actor, before: stateBefore as S }));
    record = after as GameRecord<S>;
    events.push(...moduleEvents.map((e) => e.event));
    opts.onStep?.({ seat, command, events: moduleEvents, before, after: record.state });
  };
  for (let seat = 0; seat < opts.seats; seat++) run({ kind: 'claim', seat, name: `seat ${seat}`, tokenHash: `h${seat}` }, null, null);
  const choose = opts.choose ?? randomLegal(module);
  const maxSteps = opts.maxSteps ?? 5000;
  let steps = 0;
  while (record.status === 'active' && steps < maxSteps) {
    const next = choose(record.state, randomFor(`${opts.seed}:choose`, steps));
    if (!next) break;
    run({ kind: 'play', seat: next.seat, command: next.command }, next.seat, next.command);
    steps++;
  }
  return { record, state: record.state, events, steps, finished: record.status === 'finished', inputs, stream };
}

/** The viewers whose views and redactions a contract check looks at. */
export function everyViewer(seats: number): Viewer[] {
  return [{ kind: 'spectator' }, { kind: 'audit' }, ...Array.from({ length: seats }, (_, seat): Viewer => ({ kind: 'seat', seat }))];
}

/**
 * Why the module's `decide` refuses `command` from `seat` in `state`: the RuleViolation, or null when it accepts the
 * command. Any other error is thrown. Randomness comes from `seed` (revision 0), so a probe is repeatable.
 */
export function refusalOf<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  state: S,
  seat: Seat,
  command: C,
  seed = 'probe',
): RuleViolation | null {
  try {
    module.decide(command, state, { actor: { kind: 'seat', seat }, random: randomFor(seed, 0) });
    return null;
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
}

/**
 * The checks every module owes after every step of a playout (STYLE §7), as one onStep hook:
 * - each event matches `eventSchema`, and the audit viewer's redaction keeps it whole;
 * - every view matches `viewSchema` (when published) for every viewer;
 * - every legal command of every seat matches `commandSchema` and is accepted by `decide` (when `checkLegal`);
 * - every awaited seat has something to do;
 * - folding the events so far from the initial state gives the live state (replay equals live), checked at the end
 *   by `assertReplay`.
 */
export function moduleContract<C extends Message, E extends Message, S, V, O>(
  t: Test,
  module: GameModule<C, E, S, V, O>,
  config: { options: O; seats: number; checkLegal?: boolean },
) {
  // Plain predicates: TypeBox's type guards would narrow the module's own types to never on failure.
  const checker = (schema: TSchema) => {
    const check = TypeCompiler.Compile(schema);
    return { ok: (value: unknown): boolean => check.Check(value), errors: (value: unknown) => [...check.Errors(value)].slice(0, 3) };
  };
  const eventCheck = checker(module.eventSchema);
  const commandCheck = checker(module.commandSchema);
  const viewCheck = module.viewSchema ? checker(module.viewSchema) : null;
  const viewers = everyViewer(config.seats);
  let failures = 0;
  const fail = (message: string, extra?: unknown) => {
    // Report the first few only: one broken rule in a long playout would otherwise print thousands of lines.
    if (failures++ < 5) t.fail(message, extra === undefined ? {} : { extra });
  };
  return {
    get failures() {
      return failures;
    },
    onStep(step: PlayoutStep<C, E, S>): void {
      for (const { event, before } of step.events) {
        if (!eventCheck.ok(event)) fail(`${event.type} does not match eventSchema`, { event, errors: eventCheck.errors(event) });
        const audited = module.redact(event, { kind: 'audit' }, before);
        if (!audited || !sameJson(audited, event)) fail(`the audit viewer does not see all of ${event.type}`);
      }
      const state = step.after;
      if (viewCheck) {
        for (const viewer of viewers) {
          const view = module.view(state, viewer);
          if (!viewCheck.ok(view)) fail(`the view for ${JSON.stringify(viewer)} does not match viewSchema`, viewCheck.errors(view));
        }
      }
      const status = module.status(state);
      if (status.winners) return;
      for (const seat of status.awaiting) {
        if (module.legalCommands(state, seat).length === 0 && (module.commandTemplates?.(state, seat).length ?? 0) === 0) {
          fail(`seat ${seat} is awaited but has no legal command`);
        }
      }
      if (config.checkLegal === false) return;
      for (let seat = 0; seat < config.seats; seat++) {
        for (const command of module.legalCommands(state, seat)) {
          if (!commandCheck.ok(command)) fail(`legal ${command.type} for seat ${seat} does not match commandSchema`, command);
          const refusal = refusalOf(module, state, seat, command, 'contract');
          if (refusal) fail(`legal ${JSON.stringify(command)} for seat ${seat} is refused: ${refusal.code}`);
        }
      }
    },
    /** Replay equals live: fold the game's module events from the initial state and compare with the live state. */
    assertReplay(result: PlayoutResult<E, S>): void {
      const replayed = result.events.reduce((s, e) => module.evolve(s, e), module.initialState(config.options, config.seats));
      if (!sameJson(JSON.parse(JSON.stringify(replayed)), JSON.parse(JSON.stringify(result.state))))
        fail('replay differs from the live state');
    },
  };
}
