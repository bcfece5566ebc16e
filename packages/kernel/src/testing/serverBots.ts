// Server bots in playouts: each awaited seat's bot gets exactly what the scheduler gives it, the seat's turn as a client
// sees it (view, legal commands, templates), never the state.
import type { BotTurn, GameModule, Message, ModuleBot, Seat } from '../module';
import type { Random } from '../random';

/** What a client playing `seat` gets in `state`, the turn a server bot decides from. */
export function botTurn<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  state: S,
  seat: Seat,
): BotTurn<V, C> {
  return {
    seat,
    view: module.view(state, { kind: 'seat', seat }),
    legal: module.legalCommands(state, seat),
    templates: module.commandTemplates?.(state, seat) ?? [],
  };
}

/**
 * A chooser where a random awaited seat's server bot (`bots[seat % bots.length]`) plays from its turn alone. A bot with
 * nothing to say for an awaited seat is a bug, reported by throwing.
 */
export function serverBotsChoose<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  bots: readonly ModuleBot<V, C>[],
) {
  return (state: S, random: Random): { seat: Seat; command: C } | null => {
    const awaiting = module.status(state).awaiting;
    if (awaiting.length === 0) return null;
    const seat = random.pick(awaiting);
    const bot = bots[seat % bots.length];
    const command = bot?.play(botTurn(module, state, seat), random) ?? null;
    if (!command) throw new Error(`${module.name}: seat ${seat} is awaited but its bot ${bot?.name} has nothing to do`);
    return { seat, command };
  };
}
