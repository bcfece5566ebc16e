// The golden corpus: a handful of recorded games per module (seed, inputs, resulting events) re-run in the test
// suite, so any change that alters a game's outcome fails until the module's rules version is bumped (and a corpus
// for the new version is recorded with `npm run golden`).
import { Value } from '@sinclair/typebox/value';
import { decideBatch, sameJson, type GameInput } from '../batch';
import { createdRecord, type GameRecord } from '../lobby';
import type { AnyGameModule, Message } from '../module';
import { playout } from './playout';

/** One recorded game. */
export interface GoldenGame {
  readonly options: unknown;
  readonly seats: number;
  readonly seed: string;
  readonly inputs: readonly GameInput[];
  /** Every event after GameCreated, lobby events included, as the pipeline produced them. */
  readonly events: readonly Message[];
}

export interface GoldenCorpus {
  readonly module: string;
  readonly rulesVersion: string;
  readonly games: readonly GoldenGame[];
}

/** A table to record: options as a client would send them, seat count and seed. */
export interface GoldenTable {
  readonly options: unknown;
  readonly seats: number;
  readonly seed: string;
  /** Stop after this many commands (default 400) so the corpus stays small. */
  readonly maxSteps?: number;
  /** Command types the random player sends only when it has nothing else (a concession would end the game at once). */
  readonly avoid?: readonly string[];
}

/** Record games at these tables with random legal play, through the real pipeline. */
export function recordGolden(module: AnyGameModule, tables: readonly GoldenTable[]): GoldenCorpus {
  const games = tables.map((table) => {
    const options = Value.Default(module.optionsSchema, structuredClone(table.options ?? {}));
    const avoid = new Set(table.avoid ?? []);
    const result = playout(module, {
      options,
      seats: table.seats,
      seed: table.seed,
      maxSteps: table.maxSteps ?? 400,
      choose: (state, random) => {
        const awaiting = module.status(state).awaiting;
        if (awaiting.length === 0) return null;
        const seat = random.pick(awaiting);
        const legal = module.legalCommands(state, seat) as Message[];
        const preferred = legal.filter((c) => !avoid.has(c.type));
        return { seat, command: random.pick(preferred.length > 0 ? preferred : legal) };
      },
    });
    return { options, seats: table.seats, seed: table.seed, inputs: result.inputs, events: result.stream };
  });
  return { module: module.name, rulesVersion: module.rulesVersion, games };
}

/** Where a re-run first departs from a recorded game, or null when it reproduces it exactly. */
export function replayGolden(module: AnyGameModule, game: GoldenGame): { input: number; event: number; reason: string } | null {
  let record: GameRecord = createdRecord(
    {
      type: 'GameCreated',
      gameId: '00000000-0000-4000-8000-000000000000',
      module: module.name,
      rulesVersion: module.rulesVersion,
      options: game.options,
      seats: game.seats,
      seedHash: '',
      seed: game.seed,
    },
    module,
  );
  let at = 0;
  for (const [index, input] of game.inputs.entries()) {
    let produced;
    try {
      produced = decideBatch(record, module, input);
    } catch (error) {
      return { input: index, event: at, reason: `refused on re-run: ${(error as Error).message}` };
    }
    for (const { event } of produced.events) {
      const expected = game.events[at];
      if (!sameJson(JSON.parse(JSON.stringify(event)), expected)) {
        return { input: index, event: at, reason: `${event.type} differs from the recorded ${expected?.type ?? 'end of the game'}` };
      }
      at++;
    }
    record = produced.record;
  }
  return at === game.events.length ? null : { input: game.inputs.length, event: at, reason: 'the re-run produced fewer events' };
}
