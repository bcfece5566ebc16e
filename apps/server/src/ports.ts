// What the API needs from the rest of Delve: the kernel's game service, the games read model, and a readiness probe.
import type {
  AuditResult,
  ClaimRequest,
  CommandTemplate,
  ExecuteResult,
  GameLifecycle,
  GameSummary,
  Message,
  Seat,
  Viewer,
  VisibleEvent,
} from '@delve/kernel';

export type { AuditResult, ExecuteResult, GameLifecycle, GameSummary, VisibleEvent };

/**
 * The kernel's command pipeline (GameService in @delve/kernel), as the routes use it. Errors are the kernel's typed
 * errors (ValidationError, RuleViolation, ForbiddenError, NotFoundError, ConflictError), mapped to HTTP once.
 */
export interface GamesPort {
  /** The new game's id and its summary (no read needed: the creating node knows it). */
  createGame(input: { module: string; options: unknown; seats: number }): Promise<{ gameId: string; summary: GameSummary }>;
  claimSeat(gameId: string, input: ClaimRequest): Promise<{ seat: Seat; token: string; revision: number }>;
  issueSeatToken(gameId: string, seat: Seat, player: string): Promise<{ seat: Seat; token: string; revision: number }>;
  startGame(gameId: string): Promise<unknown>;
  abandonGame(gameId: string, by?: Seat | null): Promise<unknown>;
  authenticate(gameId: string, token: string): Promise<Seat>;
  execute(gameId: string, command: unknown, options: { seat: Seat; idempotencyKey?: string }): Promise<ExecuteResult>;
  summary(gameId: string): Promise<GameSummary>;
  view(gameId: string, viewer: Viewer, atRevision?: number): Promise<unknown>;
  legalCommands(gameId: string, seat: Seat): Promise<readonly Message[]>;
  commandTemplates(gameId: string, seat: Seat): Promise<readonly CommandTemplate[]>;
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
