// Test support: deal a game and drive it with bots to the end, checking hooks after every event.
import { randomFor, type Random, type Seat } from '@delve/kernel';
import {
  dungeon,
  type DungeonCommand,
  type DungeonEvent,
  type DungeonOptionsInput,
  type DungeonState,
  type DungeonView,
} from '../src/index';

/** A bot sees only its seat's view. */
export type Bot = (view: DungeonView, seat: Seat, random: Random) => DungeonCommand | null;

export interface Playout {
  readonly state: DungeonState;
  readonly events: DungeonEvent[];
  readonly steps: number;
}

/** Deal with `seed` and let `bots[seat]` play until someone wins or `maxSteps` commands have been decided. */
export function playout(
  options: DungeonOptionsInput,
  seats: number,
  seed: string,
  bots: readonly Bot[],
  maxSteps = 5000,
  onEvents: (
    before: DungeonState,
    events: DungeonEvent[],
    after: DungeonState,
    command: DungeonCommand | null,
    seat: Seat | null,
  ) => void = () => {},
): Playout {
  let state = dungeon.initialState(options, seats);
  const events: DungeonEvent[] = [];
  const setupEvents = dungeon.setup(state, randomFor(seed, 0));
  const afterSetup = setupEvents.reduce(dungeon.evolve, state);
  onEvents(state, setupEvents, afterSetup, null, null);
  state = afterSetup;
  events.push(...setupEvents);
  let steps = 0;
  const chooser = randomFor(`${seed}:choose`, 0);
  while (!dungeon.status(state).winners && steps < maxSteps) {
    const waiting = dungeon.status(state).awaiting;
    if (waiting.length === 0) throw new Error('nobody is awaited');
    const seat = chooser.pick(waiting);
    const bot = bots[seat % bots.length];
    const command = bot?.(dungeon.view(state, { kind: 'seat', seat }), seat, randomFor(`${seed}:bot`, steps));
    if (!command) throw new Error(`seat ${seat} is awaited but has nothing to do`);
    const produced = dungeon.decide(command, state, { actor: { kind: 'seat', seat }, random: randomFor(seed, events.length) });
    const next = produced.reduce(dungeon.evolve, state);
    onEvents(state, produced, next, command, seat);
    state = next;
    events.push(...produced);
    steps++;
  }
  return { state, events, steps };
}

/** Every variant and option combination the random-playout tests cover, with the seat counts tried. */
export const PLAYOUT_CONFIGS: { name: string; options: DungeonOptionsInput; seats: number[] }[] = [
  { name: 'standard', options: { variant: 'standard' }, seats: [2, 3, 4] },
  { name: 'standard, two decks, Suicide Queen', options: { variant: 'standard', decks: 2, suicideQueen: true }, seats: [3, 5] },
  { name: 'jokers-wild, Counter Attack 3', options: { variant: 'jokers-wild', counterAttack: 3 }, seats: [2, 3] },
  { name: 'almost-black, Counter Attack 1', options: { variant: 'almost-black', counterAttack: 1 }, seats: [2, 3] },
  {
    name: 'pitch-black, Counter Attack 2, Suicide Queen',
    options: { variant: 'pitch-black', counterAttack: 2, suicideQueen: true },
    seats: [2, 4],
  },
];
