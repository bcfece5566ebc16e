// The game half of the kernel: the lobby, commands, reads and audit, sharing one handler of game streams (one cache).
import type { AnyGameModule } from '../module';
import type { EventStore } from '../store';
import { GameAudit } from './gameAudit';
import { GameCommands } from './gameCommands';
import { GameLobby } from './gameLobby';
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
  /** While this process is the store's only writer, its epoch (ADR 0060): games folded in it are read from memory. */
  readonly soleEpoch?: () => number | null;
}

/**
 * The command pipeline every API node runs for games, as its parts: callers use the part they need
 * (`games.lobby.claimSeat`, `games.commands.execute`, `games.reads.view`) rather than a facade forwarding to them.
 * Stateless apart from a cache re-validated against the store.
 */
export interface GameServices {
  readonly streams: GameStreams;
  readonly lobby: GameLobby;
  readonly commands: GameCommands;
  readonly reads: GameReads;
  readonly audit: GameAudit;
}

export function gameServices(deps: GameServiceDeps): GameServices {
  const streams = new GameStreams(deps);
  const reads = new GameReads(streams);
  return {
    streams,
    lobby: new GameLobby(streams, deps.newSecret),
    commands: new GameCommands(streams, reads),
    reads,
    audit: new GameAudit(streams),
  };
}
