// Test support: a table set up by the real setup and moved on by real commands, whose events feed specFor().given().
import { randomFor, sameJson, type CommandTemplate, type Random, type Seat, type Viewer } from '@delve/kernel';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { deepFreeze, scriptedRandom, specFor } from '@delve/kernel/testing';
import {
  venture,
  type DungeonId,
  type Step,
  type VentureCommand,
  type VentureEvent,
  type VentureOptions,
  type VentureView,
} from '../src/index';
import type { VentureState } from '../src/state';

/** Paths the scenarios walk often: Tomb of Annihilation's short way, and Mad Mage's way past the Skeletons and the Treasure. */
export const PATHS = {
  tombShort: ['trapped-entry', 'oubliette', 'cradle-of-the-death-god'],
  madMage: ['yawning-portal', 'dungeon-level', 'goblin-bazaar', 'lost-level', 'muirals-graveyard', 'deep-mines', 'mad-wizards-lair'],
} as const;

/** The setup events of a table with `seats` players where `first` takes the first turn (setup's draw, scripted). */
export function tableSet(seats = 2, first: Seat = 0, options: VentureOptions = {}): VentureEvent[] {
  return venture.setup(venture.initialState(options, seats), scriptedRandom({ int: first }));
}

/**
 * Values a parameter's schema allows, to instantiate a command template: both ends and a random inside value of each
 * integer range, each literal, both booleans. Throws on a schema it does not know, so a new kind of parameter is seen.
 */
export function valuesOf(schema: TSchema, random: Random): unknown[] {
  const s = schema as { anyOf?: TSchema[]; const?: unknown; type?: string; minimum?: number; maximum?: number };
  if (s.anyOf) return s.anyOf.flatMap((branch) => valuesOf(branch, random));
  if (s.const !== undefined) return [s.const];
  if (s.type === 'boolean') return [false, true];
  if (s.type === 'integer' && s.minimum !== undefined && s.maximum !== undefined)
    return [...new Set([s.minimum, s.maximum, s.minimum + random.int(s.maximum - s.minimum + 1)])];
  throw new Error(`valuesOf: no values for ${JSON.stringify(schema)}`);
}

/** Commands a template stands for, one per combination of sampled parameter values. */
export function instances(template: CommandTemplate, random: Random): VentureCommand[] {
  let out: Record<string, unknown>[] = [{ type: template.type, ...template.fixed }];
  for (const [name, schema] of Object.entries(template.params))
    out = out.flatMap((partial) => valuesOf(schema, random).map((value) => ({ ...partial, [name]: value })));
  return out as VentureCommand[];
}

/** Whether `command` is one a template stands for: same type and fixed fields, and every other field a value its schema allows. */
export function matchesTemplate(command: VentureCommand, template: CommandTemplate): boolean {
  const fields = Object.entries(command).filter(([key]) => key !== 'type');
  if (command.type !== template.type) return false;
  if (Object.keys(template.fixed).some((key) => !sameJson((command as Record<string, unknown>)[key], template.fixed[key]))) return false;
  const free = fields.filter(([key]) => !(key in template.fixed));
  const params = Object.keys(template.params);
  return (
    free.length === params.length &&
    free.every(([key, value]) => template.params[key] !== undefined && Value.Check(template.params[key], value))
  );
}

/** The event types of a list, for compact assertions on what a command caused. */
export const types = (events: readonly VentureEvent[]): string[] => events.map((e) => e.type);

/**
 * A position reached through real commands. `send` decides and folds; `when` states what the next command does
 * from here, through the kernel's specFor:
 *
 *   const table = new Table(3);
 *   table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
 *   table.when(0, { type: 'ResolveTop' }).then(t, [...]);
 */
export class Table {
  readonly events: VentureEvent[] = [];
  private current: VentureState;
  private readonly spec;

  constructor(
    readonly seats = 2,
    first: Seat = 0,
    readonly options: VentureOptions = {},
  ) {
    this.spec = specFor(venture, { options, seats });
    this.current = venture.initialState(options, seats);
    this.apply(tableSet(seats, first, options));
  }

  /** The folded state, for the few checks that no view or event shows (the legend rule's bookkeeping, replay). */
  get state(): VentureState {
    return this.current;
  }

  private apply(events: readonly VentureEvent[]): void {
    for (const e of events) {
      this.current = venture.evolve(deepFreeze(this.current), e);
      this.events.push(e);
    }
  }

  /** Decide `command` for `seat` and fold its events; throws what decide throws. */
  send(seat: Seat, command: VentureCommand, random?: Random): VentureEvent[] {
    const events = venture.decide(command, deepFreeze(this.current), {
      actor: { kind: 'seat', seat },
      random: random ?? randomFor('table', this.events.length),
    });
    this.apply(events);
    return events;
  }

  /** What `command` from `seat` does from here: `.then(t, events)`, `.thenViolates(t, code)` or `.events()`. */
  when(seat: Seat, command: VentureCommand, random?: Random) {
    return this.spec.given(this.events).when(command, { seat, ...(random ? { random } : {}) });
  }

  view(viewer: Viewer = { kind: 'spectator' }): VentureView {
    return venture.view(this.current, viewer);
  }

  life(seat: Seat): number | undefined {
    return this.view().players[seat]?.life;
  }

  /** The room `seat`'s marker is on, or null. */
  room(seat: Seat): string | null {
    return this.view().players[seat]?.dungeon?.room ?? null;
  }

  /** The seat the game waits for first. */
  get awaited(): Seat | undefined {
    return venture.status(this.current).awaiting[0];
  }

  /** Resolve the whole stack: abilities with no choices, "unless" costs declined. Stops at a venture choice. */
  drain(): this {
    for (let guard = 0; guard < 100; guard++) {
      const view = this.view();
      const seat = view.awaiting[0];
      if (seat === undefined || view.pending !== null || view.stack.length === 0) return this;
      this.send(seat, view.phase === 'answer-unless' ? { type: 'AnswerUnless', pay: false } : { type: 'ResolveTop' });
    }
    throw new Error('drain: the stack did not empty');
  }

  /**
   * `seat` ventures into `dungeon` and on along `path` (room ids from the topmost room), resolving every room ability
   * on the way except the last one's, which stays on the stack.
   */
  walk(seat: Seat, dungeon: DungeonId, path: readonly string[]): this {
    const undercity = dungeon === 'undercity';
    for (const [i, room] of path.entries()) {
      if (i > 0) this.drain();
      this.send(seat, undercity ? { type: 'Venture', undercity } : { type: 'Venture' });
      const pending = this.view().pending;
      if (pending?.kind === 'dungeon') this.send(seat, { type: 'ChooseDungeon', dungeon });
      if (pending?.kind === 'room') this.send(seat, { type: 'ChooseRoom', room });
      if (this.room(seat) !== room) throw new Error(`walk: seat ${seat} is in ${this.room(seat)}, not ${room}`);
    }
    return this;
  }

  /** Move the turn on (resolving the stack first) until the active player is in `step`. */
  stepTo(step: Step): this {
    for (let guard = 0; guard < 20; guard++) {
      this.drain();
      const view = this.view();
      if (view.step === step) return this;
      this.send(view.active, { type: 'AdvanceStep' });
    }
    throw new Error(`stepTo: never reached ${step}`);
  }
}

const WEIGHTS: Partial<Record<VentureCommand['type'], number>> = {
  ResolveTop: 8,
  AdvanceStep: 6,
  PassTurn: 1,
  TakeInitiative: 1,
  ReportCombatDamage: 6,
};

/**
 * Someone at the table acts: mostly an awaited seat, sometimes another one (any seat may venture, take the
 * initiative or adjust life at any time). A command type is picked first, then one of its listings, so rare moves come
 * up as often as common ones; conceding stays rare so that games run long, but every game ends.
 */
export function chooseCommand(state: VentureState, random: Random): { seat: Seat; command: VentureCommand } | null {
  const awaiting = venture.status(state).awaiting;
  if (awaiting.length === 0) return null;
  const others = state.players.filter((p) => p.inGame && !awaiting.includes(p.seat)).map((p) => p.seat);
  const seat = others.length > 0 && random.int(4) === 0 ? random.pick(others) : random.pick(awaiting);
  // Templates are played with amounts a table would see: a few points of damage or life, a handful of mana value.
  const value = (type: string, name: string): number =>
    name === 'revealedManaValue' ? random.int(13) : (type === 'AdjustLife' && random.int(2) === 0 ? -1 : 1) * (1 + random.int(6));
  const options = [
    ...venture.legalCommands(state, seat),
    ...(venture.commandTemplates?.(state, seat) ?? []).map(
      (template) =>
        ({
          type: template.type,
          ...template.fixed,
          ...Object.fromEntries(Object.keys(template.params).map((name) => [name, value(template.type, name)])),
        }) as VentureCommand,
    ),
  ];
  const rest = options.filter((c) => c.type !== 'LeaveGame');
  if (rest.length === 0 && !awaiting.includes(seat)) return chooseCommand(state, random);
  if (rest.length === 0 || random.int(250) === 0) return { seat, command: { type: 'LeaveGame' } };
  // Tomb of Annihilation is chosen often, so a player completes it twice and meets the legend rule.
  const tomb = rest.find((c) => c.type === 'ChooseDungeon' && c.dungeon === 'tomb-of-annihilation');
  if (tomb && random.int(2) === 0) return { seat, command: tomb };
  // An attacker deals damage more often than not, mostly to the initiative's holder, so its trigger comes up.
  const damage = rest.filter((c) => c.type === 'ReportCombatDamage');
  const steal = damage.filter((c) => c.type === 'ReportCombatDamage' && c.player === state.initiative);
  if (damage.length > 0 && random.int(3) > 0) return { seat, command: random.pick(steal.length > 0 ? steal : damage) };
  // The turn moves on often enough to reach combat; taking the initiative would otherwise crowd everything out.
  const kinds = [...new Set(rest.map((c) => c.type))].flatMap((type) => Array<string>(WEIGHTS[type] ?? 2).fill(type));
  const kind = random.pick(kinds);
  return { seat, command: random.pick(rest.filter((c) => c.type === kind)) };
}
