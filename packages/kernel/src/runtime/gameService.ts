// GameService: the game half of the API in one object, composed of the lobby, commands, reads and audit, which share
// one handler of game streams (and so one cache).
import type { AnyGameModule, CommandTemplate, Message, Seat, Viewer } from '../module';
import type { AuditResult, ExecuteResult, GameSummary, VisibleEvent } from '../schemas';
import type { EventStore } from '../store';
import { GameAudit } from './gameAudit';
import { GameCommands } from './gameCommands';
import { GameLobby, type ClaimRequest } from './gameLobby';
import { GameReads } from './gameReads';
import { GameStreams } from './gameStreams';
import type { SnapshotOptions } from './snapshots';

export interface GameServiceDeps {
  readonly store: EventStore;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
  /** The clock, injected: the kernel never reads it itself. */
  readonly clock: () => Date;
  /** A fresh UUID (event ids, game ids, command ids). */
  readonly newId: () => string;
  /** A fresh unguessable secret (seeds, seat tokens), from a CSPRNG. */
  readonly newSecret: () => string;
  /** Re-decide this many times when another writer got in first (default 5). */
  readonly maxRetries?: number;
  /** Game records kept in memory (default 1000). */
  readonly cacheSize?: number;
  /** Records kept for replays every N events of a game (default: every 64 events, 256 games). */
  readonly snapshots?: SnapshotOptions;
}

/** The command pipeline every API node runs for games. Stateless apart from a cache re-validated against the store. */
export class GameService {
  readonly streams: GameStreams;
  readonly lobby: GameLobby;
  readonly reads: GameReads;
  readonly commands: GameCommands;
  readonly auditor: GameAudit;

  constructor(deps: GameServiceDeps) {
    this.streams = new GameStreams(deps);
    this.lobby = new GameLobby(this.streams, deps.newSecret);
    this.reads = new GameReads(this.streams);
    this.commands = new GameCommands(this.streams, this.reads);
    this.auditor = new GameAudit(this.streams);
  }

  createGame(input: { module: string; options?: unknown; seats: number; campaign?: string }) {
    return this.lobby.createGame(input);
  }
  claimSeat(gameId: string, request?: ClaimRequest): Promise<{ seat: Seat; token: string; revision: number }> {
    return this.lobby.claimSeat(gameId, request);
  }
  issueSeatToken(gameId: string, seat: Seat, player: string): Promise<{ seat: Seat; token: string; revision: number }> {
    return this.lobby.issueSeatToken(gameId, seat, player);
  }
  startGame(gameId: string): Promise<{ revision: number }> {
    return this.lobby.startGame(gameId);
  }
  abandonGame(gameId: string, by: Seat | null = null): Promise<{ revision: number }> {
    return this.lobby.abandonGame(gameId, by);
  }
  authenticate(gameId: string, token: string): Promise<Seat> {
    return this.reads.authenticate(gameId, token);
  }
  execute(gameId: string, command: unknown, options: { seat: Seat; idempotencyKey?: string }): Promise<ExecuteResult> {
    return this.commands.execute(gameId, command, options);
  }
  summary(gameId: string): Promise<GameSummary> {
    return this.reads.summary(gameId);
  }
  view(gameId: string, viewer: Viewer, atRevision?: number): Promise<unknown> {
    return this.reads.view(gameId, viewer, atRevision);
  }
  legalCommands(gameId: string, seat: Seat): Promise<Message[]> {
    return this.reads.legalCommands(gameId, seat);
  }
  commandTemplates(gameId: string, seat: Seat): Promise<CommandTemplate[]> {
    return this.reads.commandTemplates(gameId, seat);
  }
  events(gameId: string, viewer: Viewer, range: { from?: number; limit?: number } = {}): Promise<VisibleEvent[]> {
    return this.reads.events(gameId, viewer, range);
  }
  audit(gameId: string): Promise<AuditResult> {
    return this.auditor.audit(gameId);
  }
}
