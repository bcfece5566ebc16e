// Playing: a seat's command through the module's rules, answered with the events it caused and the caller's view.
import { ValidationError } from '../errors';
import { effectiveViewer, redactGameEvent } from '../lobby';
import type { Message, Seat, Viewer } from '../module';
import type { ExecuteResult } from '../schemas';
import { schemaProblems } from '../validation';
import type { GameReads } from './gameReads';
import type { GameStreams } from './gameStreams';

export class GameCommands {
  constructor(
    private readonly games: GameStreams,
    private readonly reads: GameReads,
  ) {}

  /**
   * Run a player's command. Validates it against the module's commandSchema, decides, appends atomically with the
   * automaton's follow-up and GameFinished; a repeated idempotency key returns the first outcome.
   */
  async execute(gameId: string, command: unknown, options: { seat: Seat; idempotencyKey?: string }): Promise<ExecuteResult> {
    const viewer: Viewer = { kind: 'seat', seat: options.seat };
    const { folded, written, replayed, decision, stamp } = await this.games.run(
      gameId,
      (record) => {
        const module = this.games.module(record);
        const problems = schemaProblems(module.commandSchema, command);
        if (problems.length > 0) throw new ValidationError('command/malformed', `not a valid ${module.name} command`, problems);
        return { kind: 'play', seat: options.seat, command: command as Message };
      },
      options,
    );
    const record = folded.state;
    const module = this.games.module(record);
    // A fresh outcome is redacted from the states the batch went through; a replayed one is read back. Once the game
    // is over the effective viewer sees everything, in the events and the view alike (as GET view does).
    const effective = effectiveViewer(record, viewer);
    const events = decision
      ? decision.batch.flatMap(({ event, stateBefore }, i) => {
          const shown = redactGameEvent(module, event, effective, stateBefore);
          return shown ? [{ revision: written.from + i, type: event.type, data: shown, at: stamp?.at ?? '' }] : [];
        })
      : await this.reads.visibleRange(record, viewer, written.from, written.to);
    return { revision: record.revision, events, view: module.view(record.state, effective), replayed };
  }
}
