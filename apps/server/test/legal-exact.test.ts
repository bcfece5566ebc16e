// Legal commands are exact in both directions, for every module the server loads: whatever the legal list or a
// template offers is accepted, and a command the list and templates do not offer is refused. Checked at sampled
// positions of seeded random playouts through the kernel's pipeline, against candidates a client might send: every
// seat's listed commands, one-field mutations of them, template instances inside and just outside their parameters'
// range, and a schema-default instance of every command type.
import { randomFor, sameJson, type AnyGameModule, type CommandTemplate, type Message, type Random } from '@delve/kernel';
import { playout, refusalOf } from '@delve/kernel/testing';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { variantsByType } from '../src/catalog';
import { loadModules } from '../src/modules';

type Json = Record<string, unknown>;

/** Values to try for a parameter: its bounds, a middle value, and one step beyond each bound. */
function probe(schema: Json): { inside: unknown[]; outside: unknown[] } {
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
    const max = typeof schema.maximum === 'number' ? schema.maximum : min + 20;
    return {
      inside: [min, Math.floor((min + max) / 2), max],
      outside: [min - 1, ...(typeof schema.maximum === 'number' ? [max + 1] : [])],
    };
  }
  if (schema.type === 'boolean') return { inside: [true, false], outside: ['yes'] };
  return { inside: [], outside: [null] };
}

/** A template with its parameters set: `{ type, ...fixed, ...values }`. */
const instance = (template: CommandTemplate, values: Json): Message => ({ type: template.type, ...template.fixed, ...values }) as Message;

/** True when `command` is what `template` offers: same type and fixed fields, every parameter within its schema. */
function offeredBy(template: CommandTemplate, command: Json): boolean {
  if (command.type !== template.type) return false;
  const keys = new Set(['type', ...Object.keys(template.fixed), ...Object.keys(template.params)]);
  if (Object.keys(command).some((k) => !keys.has(k))) return false;
  if (!Object.entries(template.fixed).every(([k, v]) => sameJson(command[k], v))) return false;
  return Object.entries(template.params).every(([k, schema]) => k in command && Value.Check(schema, command[k]));
}

/** Commands a client might send: listed ones of every seat, their one-field mutations, and a default of every type. */
function candidates(module: AnyGameModule, listed: readonly Message[]): Json[] {
  const out: Json[] = [];
  for (const command of listed) {
    out.push({ ...command });
    for (const [key, value] of Object.entries(command)) {
      if (typeof value === 'number') out.push({ ...command, [key]: value + 1 }, { ...command, [key]: value - 1 });
      if (typeof value === 'boolean') out.push({ ...command, [key]: !value });
      if (typeof value === 'string' && key !== 'type') {
        for (const other of listed) {
          const alternative = (other as unknown as Json)[key];
          if (typeof alternative === 'string' && alternative !== value) out.push({ ...command, [key]: alternative });
        }
      }
    }
  }
  for (const variant of variantsByType(module.commandSchema as unknown as Json).values()) {
    out.push(Value.Create(variant as unknown as TSchema) as Json);
  }
  const seen = new Set<string>();
  return out.filter((c) => !seen.has(JSON.stringify(c)) && seen.add(JSON.stringify(c)));
}

const accepts = (module: AnyGameModule, state: unknown, seat: number, command: unknown): boolean | 'malformed' => {
  if (!Value.Check(module.commandSchema, command)) return 'malformed';
  return refusalOf(module, state, seat, command as Message, 'exact') === null;
};

/**
 * A random awaited seat sends a random legal command of `driver`, preferring one that does not end the game at once
 * (a concession, say), so games last long enough to reach many positions.
 */
function keepPlaying(driver: AnyGameModule) {
  return (state: unknown, random: Random): { seat: number; command: Message } | null => {
    const awaiting = driver.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const legal = driver.legalCommands(state, seat) as Message[];
    for (let tries = 0; tries < 3; tries++) {
      const command = random.pick(legal);
      const events = driver.decide(command, state, { actor: { kind: 'seat', seat }, random: randomFor('ahead', tries) });
      if (!driver.status(events.reduce((s: unknown, e: unknown) => driver.evolve(s, e), state)).winners) return { seat, command };
    }
    return { seat, command: random.pick(legal) };
  };
}

/** Play seeded random games (up to 400 commands each) until `wanted` positions are checked; the problems found. */
function exactness(module: AnyGameModule, wanted: number, driver: AnyGameModule = module): { positions: number; problems: string[] } {
  const seats = Math.min(Math.max(module.info.seats.min, 2), module.info.seats.max);
  const options = Value.Default(module.optionsSchema, {});
  let steps = 0;
  let positions = 0;
  const problems: string[] = [];
  for (let seed = 0; seed < 30 && positions < wanted; seed++) {
    playout(module, {
      options,
      seats,
      seed: `exact-${seed}`,
      maxSteps: 400,
      choose: keepPlaying(driver),
      onStep: (step) => {
        // Sample positions: a check decides dozens of candidates for every seat.
        if (steps++ % 7 !== 0 || module.status(step.after).winners) return;
        positions++;
        checkPosition(module, step.after, seats, problems);
      },
    });
  }
  return { positions, problems: [...new Set(problems)].slice(0, 10) };
}

/**
 * Whole seeded games, to their end: at every position, each listed command of every seat has the shape the module's
 * command schema accepts (a cheap check, so it reaches the late positions the sampled check does not).
 */
function shapes(module: AnyGameModule, games: number): { positions: number; problems: string[] } {
  const seats = Math.min(Math.max(module.info.seats.min, 2), module.info.seats.max);
  const options = Value.Default(module.optionsSchema, {});
  let positions = 0;
  const problems = new Set<string>();
  for (let seed = 0; seed < games; seed++) {
    playout(module, {
      options,
      seats,
      seed: `shapes-${seed}`,
      maxSteps: 3000,
      // Plain random play, as a client that picks any listed command would.
      choose: (state, random) => {
        const awaiting = module.status(state).awaiting;
        if (awaiting.length === 0) return null;
        const seat = random.pick(awaiting);
        return { seat, command: random.pick(module.legalCommands(state, seat) as Message[]) };
      },
      onStep: (step) => {
        positions++;
        for (let seat = 0; seat < seats; seat++)
          for (const command of module.legalCommands(step.after, seat) as Message[])
            if (!Value.Check(module.commandSchema, command)) problems.add(JSON.stringify(command));
      },
    });
  }
  return { positions, problems: [...problems].slice(0, 5) };
}

function checkPosition(module: AnyGameModule, state: unknown, seats: number, problems: string[]): void {
  const perSeat = Array.from({ length: seats }, (_, seat) => ({
    seat,
    legal: module.legalCommands(state, seat) as Message[],
    templates: module.commandTemplates?.(state, seat) ?? [],
  }));
  const everyListed = perSeat.flatMap((s) => [...s.legal, ...s.templates.map((tp) => instance(tp, {}))]);
  for (const { seat, legal, templates } of perSeat) {
    for (const template of templates) {
      const bounds = Object.entries(template.params).map(([name, schema]) => [name, probe(schema as unknown as Json)] as const);
      for (const [name, { inside, outside }] of bounds) {
        const rest = Object.fromEntries(bounds.filter(([n]) => n !== name).map(([n, p]) => [n, p.inside[0]]));
        for (const value of inside)
          if (accepts(module, state, seat, instance(template, { ...rest, [name]: value })) !== true)
            problems.push(`seat ${seat}: template ${template.type} with ${name}=${JSON.stringify(value)} is refused`);
        for (const value of outside)
          if (accepts(module, state, seat, instance(template, { ...rest, [name]: value })) === true)
            problems.push(`seat ${seat}: template ${template.type} with ${name}=${JSON.stringify(value)}, outside its schema, is accepted`);
      }
    }
    for (const candidate of candidates(module, everyListed)) {
      const offered = legal.some((c) => sameJson(c, candidate)) || templates.some((tp) => offeredBy(tp, candidate));
      const verdict = accepts(module, state, seat, candidate);
      if (offered && verdict !== true) problems.push(`seat ${seat}: listed ${JSON.stringify(candidate)} is refused`);
      if (!offered && verdict === true) problems.push(`seat ${seat}: ${JSON.stringify(candidate)} is accepted but not listed`);
    }
  }
}

const modules = await loadModules();
for (const module of Object.values(modules)) {
  t.test(`${module.name}: the legal list and templates are exactly what decide accepts`, async (t) => {
    const { positions, problems } = exactness(module, 60);
    t.ok(positions >= 60, `${positions} positions checked`);
    t.same(problems, [], 'no command is listed and refused, or accepted and not listed');
  });
  t.test(`${module.name}: every listed command fits the command schema, to the end of whole games`, async (t) => {
    const { positions, problems } = shapes(module, 8);
    t.ok(positions > 0, `${positions} positions of 8 games`);
    t.same(problems, [], 'no listed command is malformed');
  });
}

t.test('the check can fail: a module whose list leaves a command out, or lists one it refuses', async (t) => {
  const dungeon = modules.dungeon!;
  const short = { ...dungeon, legalCommands: (state: unknown, seat: number) => dungeon.legalCommands(state, seat).slice(1) };
  t.match(exactness(short, 5, dungeon).problems[0], /is accepted but not listed/);
  const extra = {
    ...dungeon,
    legalCommands: (state: unknown, seat: number) => [...dungeon.legalCommands(state, seat), { type: 'EndTurn' }],
  };
  t.match(exactness(extra, 5, dungeon).problems.join('\n'), /listed \{"type":"EndTurn"\} is refused/);
});
