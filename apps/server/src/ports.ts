// What the API needs from the rest of Delve: the kernel's game service, the games read model, and a readiness probe.
import type { Message, Seat, Viewer } from '@delve/kernel';

/** Lifecycle of a game as the lobby sees it. */
export type GameLifecycle = 'open' | 'active' | 'finished' | 'abandoned';

/** An event as a given viewer may see it. */
export interface VisibleEvent {
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly at: string;
}

export interface GameSummary {
  readonly id: string;
  readonly module: string;
  readonly status: GameLifecycle;
  readonly seats: readonly { readonly seat: Seat; readonly claimed: boolean; readonly name: string | null }[];
  readonly awaiting: readonly Seat[];
  readonly winners: readonly Seat[] | null;
  readonly revision: number;
  readonly seedHash: string;
}

export interface ExecuteResult {
  readonly revision: number;
  readonly events: readonly VisibleEvent[];
  readonly view: unknown;
  readonly replayed: boolean;
}

/** The audit of a finished game: the revealed seed, the command log, and whether re-running them reproduces the stream. */
export type AuditResult =
  | { readonly verified: true; readonly seed: string; readonly commands: readonly AuditCommand[] }
  | {
      readonly verified: false;
      readonly seed: string;
      readonly commands: readonly AuditCommand[];
      readonly divergence: { readonly revision: number; readonly reason: string; readonly expected: unknown; readonly actual: unknown };
    };

/** One recorded input of the audit log. */
export interface AuditCommand {
  readonly revision: number;
  readonly actor: string;
  readonly input: unknown;
}

/**
 * The kernel's command pipeline (GameService in @delve/kernel), as the routes use it. Errors are the kernel's typed
 * errors (ValidationError, RuleViolation, ForbiddenError, NotFoundError, ConflictError), mapped to HTTP once.
 */
export interface GamesPort {
  /** The new game's id and its summary (no read needed: the creating node knows it). */
  createGame(input: { module: string; options: unknown; seats: number }): Promise<{ gameId: string; summary: GameSummary }>;
  claimSeat(gameId: string, input: { seat?: Seat; name?: string }): Promise<{ seat: Seat; token: string; revision: number }>;
  startGame(gameId: string): Promise<unknown>;
  abandonGame(gameId: string, by?: Seat | null): Promise<unknown>;
  authenticate(gameId: string, token: string): Promise<Seat>;
  execute(gameId: string, command: unknown, options: { seat: Seat; idempotencyKey?: string }): Promise<ExecuteResult>;
  summary(gameId: string): Promise<GameSummary>;
  view(gameId: string, viewer: Viewer, atRevision?: number): Promise<unknown>;
  legalCommands(gameId: string, seat: Seat): Promise<readonly Message[]>;
  events(gameId: string, viewer: Viewer, range: { from: number; limit: number }): Promise<readonly VisibleEvent[]>;
  audit(gameId: string): Promise<AuditResult>;
}

export interface GameListItem {
  readonly id: string;
  readonly module: string;
  readonly status: GameLifecycle;
  readonly seats: number;
  readonly openSeats: number;
  readonly revision: number;
  readonly createdAt: string;
}

/** The games list read model (packages/projections), newest first, paginated by an opaque cursor. */
export interface GamesListReader {
  list(query: {
    module?: string;
    status?: GameLifecycle;
    limit: number;
    cursor?: string;
  }): Promise<{ items: readonly GameListItem[]; nextCursor: string | null }>;
}

/** Readiness: resolves when the store is reachable and migrations are applied, rejects otherwise. */
export type ReadinessProbe = () => Promise<void>;
