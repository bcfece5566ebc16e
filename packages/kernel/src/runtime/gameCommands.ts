// Playing: a seat's command through the module's rules, answered with the events it caused and the caller's view.
import { ValidationError } from '../errors';
import { summarize } from '../lobby';
import type { Message, Seat, Viewer } from '../module';
import { sha256Hex } from '../random';
import type { ExecuteResult } from '../schemas';
import { schemaProblems } from '../validation';
import { checkSeatToken, type GameReads } from './gameReads';
import type { GameStreams } from './gameStreams';
import { canonicalJson } from './handler';

export class GameCommands {
  constructor(
    private readonly games: GameStreams,
    private readonly reads: GameReads,
  ) {}

  /**
   * Run a player's command. Validates it against the module's commandSchema, decides, appends atomically with the
   * automaton's follow-up and GameFinished. A repeated idempotency key returns the first answer (the revision, events
   * and view as they were then) and appends nothing; the same key with a different command is refused.
   */
  async execute(
    gameId: string,
    command: unknown,
    options: {
      seat: Seat;
      idempotencyKey?: string;
      /** The server bot that chose the command. */
      bot?: string;
      /** The hash of the token the command came with: checked on the record decided on, so a revoked one is refused. */
      tokenHash?: string;
    },
  ): Promise<ExecuteResult> {
    const viewer: Viewer = { kind: 'seat', seat: options.seat };
    const { idempotencyKey } = options;
    const { folded, written, replayed } = await this.games.run(
      gameId,
      (record) => {
        if (options.tokenHash !== undefined) checkSeatToken(record, options.seat, options.tokenHash);
        const module = this.games.module(record);
        const problems = schemaProblems(module.commandSchema, command);
        if (problems.length > 0) throw new ValidationError('command/malformed', `not a valid ${module.name} command`, problems);
        return { kind: 'play', seat: options.seat, command: command as Message, ...(options.bot !== undefined && { bot: options.bot }) };
      },
      idempotencyKey === undefined ? {} : { idempotencyKey, fingerprint: sha256Hex(canonicalJson(command)) },
    );
    // A replayed key answers as the game stood right after the first request: a replay at the revision it wrote.
    const record = replayed ? await this.games.loadAt(gameId, written.to) : folded.state;
    // A fresh outcome is redacted from the states the batch went through (kept by the streams), a replayed one is read
    // back; its view is the one its pushes share. Once the game is over the effective viewer sees everything.
    const events = await this.reads.visibleRange(record, viewer, written.from, written.to);
    return {
      revision: record.revision,
      events,
      view: this.reads.viewOf(record, viewer),
      game: summarize(record, this.games.module(record)),
      replayed,
    };
  }

  /**
   * A seat's deadline ran out: apply the game's timeout policy, through the same handler as any command. Refused
   * (RuleViolation clock/moot) when that deadline is no longer in force: the seat moved, or another node fired it.
   */
  async timeout(gameId: string, seat: Seat, deadline: string): Promise<{ revision: number }> {
    const { folded } = await this.games.run(gameId, () => ({ kind: 'timeout', seat, deadline }), {
      // One key per deadline: a retried firing of the same deadline is answered, not applied twice.
      idempotencyKey: `clock:${seat}:${deadline}`,
    });
    return { revision: folded.revision };
  }
}
