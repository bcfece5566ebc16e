// Bots decide from their seat's view alone; the random bot every module offers is built here from the module's lists.
import type { TSchema } from '@sinclair/typebox';
import type { BotTurn, GameModule, Message, Seat } from './module';
import type { CommandTemplate } from './schemas';
import type { Random } from './random';

/** A bot: the command `seat` sends, decided from the seat's own view; null when it has nothing to do. */
export type Bot<V, C> = (view: V, seat: Seat, random: Random) => C | null;

/** One thing a seat may send: a command as it is, or a template whose parameters the bot fills. */
type Option<C> = { readonly type: string; readonly command: C } | { readonly type: string; readonly template: CommandTemplate };

/**
 * The random bot of a module. It rebuilds a state from the seat's view (`stateFromView`, which leaves hidden
 * information hidden), lists what the seat may send there (`legalCommands` and `commandTemplates`), picks a kind of
 * command uniformly, then one of that kind uniformly, so rare moves come up as often as common ones. A template's
 * parameters get random values their schemas allow.
 */
export function randomBotFor<C extends Message, S, V>(
  module: Pick<GameModule<C, Message, S, V>, 'legalCommands' | 'commandTemplates'>,
  stateFromView: (view: V) => S,
): Bot<V, C> {
  return (view, seat, random) => {
    const state = stateFromView(view);
    return pickAtRandom(module.legalCommands(state, seat), module.commandTemplates?.(state, seat) ?? [], random);
  };
}

/**
 * What the random bot picks from a seat's turn as a server bot sees it (its legal commands and templates, the same
 * lists a client gets): a server module's `random` bot plays this.
 */
export function randomTurn<C extends Message>(turn: BotTurn<unknown, C>, random: Random): C | null {
  return pickAtRandom(turn.legal, turn.templates, random);
}

/** A kind of command uniformly, then one of that kind: rare moves come up as often as common ones. */
function pickAtRandom<C extends Message>(legal: readonly C[], templates: readonly CommandTemplate[], random: Random): C | null {
  const options: Option<C>[] = [
    ...legal.map((command) => ({ type: command.type, command })),
    ...templates.map((template) => ({ type: template.type, template })),
  ];
  if (options.length === 0) return null;
  const kind = random.pick([...new Set(options.map((o) => o.type))]);
  const chosen = random.pick(options.filter((o) => o.type === kind));
  if ('command' in chosen) return chosen.command;
  const { type, fixed, params } = chosen.template;
  const values = Object.entries(params).map(([name, schema]) => [name, valueOf(schema as TSchema, random)]);
  return { type, ...fixed, ...Object.fromEntries(values) } as C;
}

/**
 * A uniformly random value of a template parameter's schema: a branch of a union, a literal, a boolean, or an integer
 * in its bounds. Throws on any other schema, so a module offering a parameter no bot can fill is seen in its tests.
 */
function valueOf(schema: TSchema, random: Random): unknown {
  const s = schema as { anyOf?: TSchema[]; const?: unknown; type?: string; minimum?: number; maximum?: number };
  if (s.anyOf) return valueOf(random.pick(s.anyOf), random);
  if (s.const !== undefined) return s.const;
  if (s.type === 'boolean') return random.int(2) === 1;
  if (s.type === 'integer' && Number.isInteger(s.minimum) && Number.isInteger(s.maximum))
    return (s.minimum as number) + random.int((s.maximum as number) - (s.minimum as number) + 1);
  throw new Error(`random bot: no value for parameter schema ${JSON.stringify(schema)}`);
}
