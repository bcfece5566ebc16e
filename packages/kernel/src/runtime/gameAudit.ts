// The audit: once a game has ended, re-run every recorded input with the revealed seed under the rules version the
// game was played under, and compare what comes out with the stored stream.
import { decideBatch, sameJson, type BatchEvent, type GameInput } from '../batch';
import { ConflictError } from '../errors';
import { createdRecord, evolveRecord, type GameEventMetadata, type GameRecord, type LobbyEvent } from '../lobby';
import { sha256Hex } from '../random';
import type { AuditCommand, AuditResult } from '../schemas';
import type { RecordedEvent } from '../store';
import type { GameStreams } from './gameStreams';

export class GameAudit {
  constructor(private readonly games: GameStreams) {}

  /**
   * Only once the game has ended (finished or abandoned): before that the seed is secret. A game played under a rules
   * version this server no longer runs is reported as such rather than as a divergence that is not one.
   */
  async audit(gameId: string): Promise<AuditResult> {
    const recorded = await this.games.read(gameId);
    const head = this.games.handler.foldAll(recorded).state;
    if (head.status !== 'finished' && head.status !== 'abandoned') {
      throw new ConflictError('game/not-over', 'the seed and command log are revealed when the game ends');
    }
    const module = this.games.deps.modules[head.module];
    const rulesVersion = { played: head.rulesVersion, running: module?.rulesVersion ?? null };
    const commands = commandLog(recorded);
    const result = (verdict: AuditResult['verdict'], divergence?: AuditResult['divergence']): AuditResult => ({
      verdict,
      verified: verdict === 'verified',
      seed: head.seed,
      rulesVersion,
      commands,
      ...(divergence && { divergence }),
    });
    if (!module || module.rulesVersion !== head.rulesVersion) return result('rules-unavailable');
    const fail = (revision: number, reason: string, expected: unknown, actual: unknown) =>
      result('diverged', { revision, reason, expected, actual });

    const created = recorded[0]?.data as Extract<LobbyEvent, { type: 'GameCreated' }>;
    if (sha256Hex(created.seed) !== created.seedHash)
      return fail(0, 'the seed does not match the published hash', created.seedHash, sha256Hex(created.seed));
    let record: GameRecord = createdRecord(created, module);
    let index = 1;
    while (index < recorded.length) {
      const first = recorded[index] as RecordedEvent;
      const meta = first.metadata as unknown as GameEventMetadata;
      const input = meta.command as GameInput | undefined;
      if (!input) return fail(first.revision, 'an event is not the first of a recorded command', null, first.type);
      let produced: BatchEvent[];
      try {
        ({ events: produced } = decideBatch(record, module, input, meta.at));
      } catch (error) {
        return fail(first.revision, `the recorded command is rejected on re-run: ${(error as Error).message}`, first.data, null);
      }
      for (const [offset, { event }] of produced.entries()) {
        const stored = recorded[index + offset];
        if (!stored || !sameJson(this.games.eventOf(stored, module, record), event)) {
          return fail(first.revision + offset, 'the re-run produced a different event', stored?.data ?? null, event);
        }
        record = evolveRecord(record, event, module, stored.revision);
      }
      index += produced.length;
      const next = recorded[index];
      if (next && (next.metadata as unknown as GameEventMetadata).commandId === meta.commandId) {
        return fail(next.revision, 'the stream holds events the re-run did not produce', next.data, null);
      }
    }
    return result('verified');
  }
}

/** Every recorded input (the first event of each command carries it), without token hashes. */
function commandLog(recorded: readonly RecordedEvent[]): AuditCommand[] {
  const out: AuditCommand[] = [];
  for (const e of recorded.slice(1)) {
    const meta = e.metadata as unknown as GameEventMetadata;
    const input = meta.command as GameInput | undefined;
    if (!input) continue;
    out.push({ revision: e.revision, actor: meta.actor, input: stripSecrets(input) });
  }
  return out;
}

function stripSecrets(input: GameInput): unknown {
  return input.kind === 'claim' || input.kind === 'token' ? { ...input, tokenHash: undefined } : input;
}
