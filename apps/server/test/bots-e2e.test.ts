// What a client developer can do with only /docs, /modules and the typed client: a bot that plays every module the
// server runs to the end. Nothing here imports a game package: options come from /modules, commands from the legal
// list and the templates' parameter schemas, all typed by @delve/client.
import type { DelveClient } from '@delve/client';
import { DelveError, type CommandTemplate, type ModuleInfo, type ModuleName, type SeatClient } from '@delve/client';
import { randomFor, type Random } from '@delve/kernel';
import t from 'tap';
import { loadModules } from '../src/modules';
import { testApp } from './support/app';
import { clientOf } from './support/bots';

type JsonSchema = { type?: string; minimum?: number; maximum?: number; const?: unknown; anyOf?: JsonSchema[]; enum?: unknown[] };

/** A value the parameter's JSON Schema allows, as a developer reading /docs would pick one (small amounts). */
function valueFor(schema: JsonSchema, random: Random): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.anyOf) return valueFor(random.pick(schema.anyOf), random);
  if (schema.type === 'boolean') return random.int(2) === 1;
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? 0;
    const max = Math.min(schema.maximum ?? min + 3, min + 3);
    return min + random.int(max - min + 1);
  }
  throw new Error(`no value for ${JSON.stringify(schema)}`);
}

/** Fill a template's free parameters: a command the server accepts for any allowed values. */
function fill(template: CommandTemplate, random: Random): { type: string } {
  const params = Object.fromEntries(
    Object.entries(template.params).map(([name, schema]) => [name, valueFor(schema as JsonSchema, random)]),
  );
  return { type: template.type, ...template.fixed, ...params };
}

/**
 * The command schemas whose description in /docs says the command concedes: a bot that means to play a game to its
 * end sends one only when nothing else is legal.
 */
async function concessions(client: DelveClient): Promise<Set<string>> {
  const document = (await (await fetch(`${client.baseUrl}/docs/json`)).json()) as {
    components: { schemas: Record<string, { description?: string }> };
  };
  const named = Object.entries(document.components.schemas).filter(([, schema]) => /\bconcede/i.test(schema.description ?? ''));
  return new Set(named.map(([name]) => name));
}

/** Create a game with the module's defaults, claim every seat, and let each awaited seat send a random legal command. */
async function playToTheEnd(client: DelveClient, info: ModuleInfo, seats: number, seed: string, avoid: Set<string>) {
  const module = info.name as ModuleName;
  const game = await client.createGame(module, seats);
  const table: SeatClient<ModuleName>[] = [];
  for (let i = 0; i < seats; i++) table.push(await client.claimSeat(module, game.id, { name: `bot ${i}` }));
  for (let step = 0; step < 4000; step++) {
    const summary = await client.game(game.id);
    if (summary.status !== 'active') return { summary, steps: step };
    const random = randomFor(seed, step);
    const seat = table[random.pick(summary.awaiting)]!;
    const legal = await seat.legal();
    // Mostly listed commands; now and then a template, when the seat has one (venture's combat damage, say).
    const useTemplate = legal.templates.length > 0 && (legal.commands.length === 0 || random.int(10) === 0);
    const playOn = legal.commands.filter((c) => !avoid.has(`${info.schemas.command}.${c.type}`));
    const command = useTemplate ? fill(random.pick(legal.templates), random) : random.pick(playOn.length > 0 ? playOn : legal.commands);
    await seat.send(command as never);
  }
  return { summary: await client.game(game.id), steps: 4000 };
}

t.test('a bot written against /modules and the typed client plays every module to the end', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, await loadModules(), 'bots-e2e');
  t.teardown(ctx.close);
  const client = await clientOf(t, ctx);
  const modules = await client.modules();
  t.same(
    modules.map((m) => m.name),
    ['dungeon', 'dungeoneer', 'raid', 'venture'],
  );
  const avoid = await concessions(client);
  t.ok(avoid.has('VentureCommand.LeaveGame'), `concessions found in /docs: ${[...avoid].join(', ')}`);
  for (const info of modules) {
    const seats = Math.min(Math.max(info.seats.min, 2), info.seats.max);
    const { summary, steps } = await playToTheEnd(client, info, seats, info.name, avoid);
    t.equal(summary.status, 'finished', `${info.name}: ${seats} bots play to the end (${steps} commands)`);
    t.type(summary.winners, Array, `${info.name}: winners are known`);
    const audit = await client.audit(summary.id);
    t.equal(audit.verified, true, `${info.name}: the audit re-runs the game to the same events`);
  }
  const refused = await client.createGame('dungeon', 2, { variant: 'dark' as never }).catch((e: unknown) => e);
  t.type(refused, DelveError, 'a refusal is a DelveError');
  t.equal((refused as DelveError).code, 'game/bad-options');
});
