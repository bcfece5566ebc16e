// Test support: games between bots through the kernel's playout, each bot answering from its own seat's view.
import type { Random, Seat } from '@delve/kernel';
import { playout, type PlayoutOptions, type PlayoutResult } from '@delve/kernel/testing';
import {
  dungeoneer,
  type DungeoneerCommand,
  type DungeoneerEvent,
  type DungeoneerOptions,
  type DungeoneerState,
  type DungeoneerView,
} from '../src/index';

/** A bot sees only its seat's view. */
export type Bot = (view: DungeoneerView, seat: Seat, random: Random) => DungeoneerCommand | null;

/** Play a game where an awaited seat (chosen at random) asks its bot; `bots[seat % bots.length]` plays each seat. */
export function botGame(
  seats: number,
  seed: string,
  bots: readonly Bot[],
  extra: Partial<PlayoutOptions<DungeoneerCommand, DungeoneerEvent, DungeoneerState, DungeoneerOptions>> = {},
): PlayoutResult<DungeoneerEvent, DungeoneerState> {
  return playout(dungeoneer, {
    options: {},
    seats,
    seed,
    maxSteps: 6000,
    choose: (state, random) => {
      const awaiting = dungeoneer.status(state).awaiting;
      if (awaiting.length === 0) return null;
      const seat = random.pick(awaiting);
      const bot = bots[seat % bots.length] as Bot;
      const command = bot(dungeoneer.view(state, { kind: 'seat', seat }), seat, random);
      if (!command) throw new Error(`${seed}: seat ${seat} is awaited but its bot has nothing to do`);
      return { seat, command };
    },
    ...extra,
  });
}
