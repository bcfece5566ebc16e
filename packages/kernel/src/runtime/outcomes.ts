// The process manager that turns a finished game into progress: it follows the store from a checkpoint and, for each
// game that ends, records the result on every seated character and on the game's campaign. Every command it sends is
// keyed by (game, seat) and idempotent, and the checkpoint moves only after they all landed, so a crash at any point,
// a restart or a second node running it at once never records a result twice and never loses one.
import type { CampaignSeatResult } from '../campaigns';
import { isLobbyEvent, type GameRecord, type LobbyEvent, type RosterEntry } from '../lobby';
import type { Position, EventStore, RecordedEvent } from '../store';
import type { CampaignService } from './campaigns';
import type { CharacterService } from './characters';
import { eventTime } from './events';
import type { AnyGameModule } from '../module';
import type { GameStreams } from './gameStreams';
import { KeptCheckpoint } from './keptCheckpoint';

/** Where a process manager keeps its checkpoint (PostgreSQL's checkpoints table, beside the read models'). */
export interface CheckpointStore {
  checkpoint(name: string): Promise<Position | 'start'>;
  /** Move the checkpoint from `from` to `to` atomically; false when it was not at `from` (another node moved it). */
  advance(name: string, from: Position | 'start', to: Position): Promise<boolean>;
}

export interface OutcomeRecorderDeps {
  readonly store: EventStore;
  readonly checkpoints: CheckpointStore;
  /** Game records as they stood when each game ended. */
  readonly streams: Pick<GameStreams, 'loadAt'>;
  /** The loaded modules: whose progression says what each seat earned. */
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  readonly characters: CharacterService;
  readonly campaigns: CampaignService;
  /** Events read per step (default 500). */
  readonly batchSize?: number;
}

export const OUTCOME_RECORDER = 'process:game-outcomes';

export class OutcomeRecorder {
  /** Events read per step (a step that read this many may have more to read at once). */
  readonly batchSize: number;
  private readonly at: KeptCheckpoint;

  constructor(private readonly deps: OutcomeRecorderDeps) {
    this.batchSize = deps.batchSize ?? 500;
    this.at = new KeptCheckpoint(() => deps.checkpoints.checkpoint(OUTCOME_RECORDER));
  }

  /** Handle every game that ended since the checkpoint; returns how many events were looked at. */
  async catchUp(): Promise<number> {
    let total = 0;
    for (;;) {
      const seen = await this.step();
      if (seen === 0) return total;
      total += seen;
    }
  }

  /** One page: record the games that ended in it, then move the checkpoint past it. */
  async step(): Promise<number> {
    const from = await this.at.take();
    const page = await this.deps.store.readAll({ fromPosition: from, maxCount: this.batchSize });
    const last = page.at(-1);
    if (!last) {
      this.at.unchanged(from);
      return 0;
    }
    for (const event of page) {
      if (!event.streamId.startsWith('game-') || !isLobbyEvent(event.data as LobbyEvent)) continue;
      const data = event.data as LobbyEvent;
      if (data.type === 'GameFinished' || data.type === 'GameAbandoned') await this.gameEnded(event);
    }
    this.at.moved(await this.deps.checkpoints.advance(OUTCOME_RECORDER, from, last.position), last.position);
    return page.length;
  }

  /** Record one ended game on its characters and its campaign. */
  async gameEnded(event: RecordedEvent): Promise<void> {
    const gameId = event.streamId.slice('game-'.length);
    const record = await this.deps.streams.loadAt(gameId, event.revision);
    const data = event.data as Extract<LobbyEvent, { type: 'GameFinished' | 'GameAbandoned' }>;
    const roster: RosterEntry[] =
      data.roster ?? record.seats.map((s, seat) => ({ seat, player: s.player, character: s.character?.id ?? null }));
    const at = eventTime(event);
    const finished = data.type === 'GameFinished';
    const winners = finished ? data.winners : [];
    const results: CampaignSeatResult[] = [];
    for (const entry of roster) {
      const won = winners.includes(entry.seat);
      const outcome = finished ? this.outcome(record, entry.seat) : null;
      results.push({ ...entry, won, outcome });
      if (entry.character === null) continue;
      if (finished) await this.deps.characters.record(entry.character, { gameId, seat: entry.seat, won, at, outcome });
      else await this.deps.characters.release(entry.character, gameId, 'game-abandoned');
    }
    if (record.campaign !== null) {
      await this.deps.campaigns.record(record.campaign, {
        kind: 'record',
        gameId,
        status: finished ? 'finished' : 'abandoned',
        winners: [...winners],
        at,
        seats: results,
      });
    }
  }

  private outcome(record: GameRecord, seat: number): unknown {
    const progression = this.deps.modules[record.module]?.progression;
    return progression ? progression.outcome(record.state, seat) : null;
  }
}
