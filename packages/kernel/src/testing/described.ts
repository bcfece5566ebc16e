// The log in words over a whole playout: what a module's describe says of every event, for each viewer, given the event
// as that viewer is given it (redacted), so a module's tests check its sentences and what they may name.
import type { GameModule, Message, Viewer } from '../module';
import { playout, type PlayoutOptions } from './playout';

/** One sentence: the event's type, who reads it, and what describe said. */
export interface Described {
  readonly type: string;
  readonly viewer: Viewer;
  readonly text: string;
}

/** Play out a game and describe each event for each viewer that may see it, in order (viewers in the order given). */
export function describedPlayout<C extends Message, E extends Message, S, V, O>(
  module: GameModule<C, E, S, V, O>,
  options: PlayoutOptions<C, E, S, O>,
  viewers: readonly Viewer[],
): Described[] {
  const describe = module.describe;
  if (!describe) throw new Error(`${module.name} has no describe`);
  const lines: Described[] = [];
  playout(module, {
    ...options,
    onStep: (step) => {
      options.onStep?.(step);
      for (const { event, before } of step.events)
        for (const viewer of viewers) {
          const given = module.redact(event, viewer, before);
          if (given !== null) lines.push({ type: given.type, viewer, text: describe(given, viewer) });
        }
    },
  });
  return lines;
}
