// The lobby over game streams: create a game, claim seats (anonymously or as a player with a character), take a fresh
// seat token, start and abandon.
import { Value } from '@sinclair/typebox/value';
import { refuseEmptySeats } from '../batch';
import { ConflictError, RuleViolation, ValidationError } from '../errors';
import { ClockOptions, TimeoutPolicy } from '../clock';
import type { TableWish } from '../matchmaking';
import type { AnyGameModule } from '../module';
import { summarize, type LobbyEvent } from '../lobby';
import type { Seat, SeatedCharacter } from '../module';
import { sha256Hex } from '../random';
import type { GameSummary } from '../schemas';
import { schemaProblems } from '../validation';
import { gameEventMetadata, gameStream, LOBBY_EVENT_VERSION, type GameStreams } from './gameStreams';

/** Who claims a seat: a name, and for a player account its id and the character it brings. */
export interface ClaimRequest {
  readonly seat?: Seat;
  readonly name?: string;
  readonly player?: string;
  readonly character?: SeatedCharacter;
  /** A server bot of the module takes the seat. */
  readonly bot?: string;
}

export class GameLobby {
  constructor(
    private readonly games: GameStreams,
    /** A fresh unguessable secret (seeds, seat tokens), from a CSPRNG. */
    private readonly newSecret: () => string,
  ) {}

  /** Create a game: validates the module, options (defaults applied) and seat count; commits to a secret seed. */
  async createGame(input: {
    module: string;
    options?: unknown;
    seats: number;
    campaign?: string;
    /** The turn clock (default: none) and what a timeout does (default: the module's default move). */
    clock?: ClockOptions;
    onTimeout?: TimeoutPolicy;
    /** The game's id, when the caller decided it already (a matchmaking pool does); a fresh one otherwise. */
    gameId?: string;
    /** The matchmaking pool the game is a table of. */
    pool?: string;
  }): Promise<{ gameId: string; revision: number; summary: GameSummary }> {
    const { modules } = this.games.deps;
    const table = tableOf(modules, input);
    const { clock } = table;
    const module = modules[table.module] as AnyGameModule;
    const options = table.options;
    const gameId = input.gameId ?? this.games.deps.newId();
    const seed = this.newSecret();
    const created: LobbyEvent = {
      type: 'GameCreated',
      gameId,
      module: module.name,
      rulesVersion: module.rulesVersion,
      options,
      seats: input.seats,
      seedHash: sha256Hex(seed),
      seed,
      ...(input.campaign !== undefined && { campaign: input.campaign }),
      // A game without a clock is recorded exactly as before clocks existed.
      ...(clock.kind !== 'none' && { clock, onTimeout: table.onTimeout }),
      ...(input.pool !== undefined && { pool: input.pool }),
    };
    // The handler caches the new record as the store will return it, so neither the summary nor the first claim reads.
    const { folded } = await this.games.handler.handle(
      gameStream(gameId),
      (current, stamp) => {
        if (current) throw new ConflictError('game/exists', `game ${gameId} already exists`);
        const metadata = gameEventMetadata(stamp, 'lobby', module.name, module.rulesVersion, LOBBY_EVENT_VERSION, { kind: 'create' });
        return { events: [{ type: created.type, data: created, metadata }] };
      },
      { newStream: input.gameId === undefined },
    );
    return { gameId, revision: folded.revision, summary: summarize(folded.state, module) };
  }

  /**
   * Claim a seat (the first free one when none is named). The token is returned once; only its hash is stored. An
   * anonymous claim also gets a recovery secret, once: the only way back into the seat if its token is lost.
   */
  async claimSeat(
    gameId: string,
    request: ClaimRequest = {},
  ): Promise<{ seat: Seat; token: string; recoverySecret: string | null; revision: number }> {
    const token = this.newSecret();
    const tokenHash = sha256Hex(token);
    const anonymous = request.player === undefined && request.bot === undefined;
    const recoverySecret = anonymous ? this.newSecret() : null;
    let seat: Seat = -1;
    const { folded } = await this.games.run(gameId, (record) => {
      seat = request.seat ?? record.seats.findIndex((s) => !s.claimed);
      if (seat < 0) throw new RuleViolation('game/full', 'every seat is already claimed');
      return {
        kind: 'claim',
        seat,
        name: request.name ?? null,
        tokenHash,
        ...(request.player !== undefined && { player: request.player, character: request.character ?? null }),
        ...(request.bot !== undefined && { bot: request.bot }),
        ...(recoverySecret !== null && { recoveryHash: sha256Hex(recoverySecret) }),
      };
    });
    return { seat, token, recoverySecret, revision: folded.revision };
  }

  /**
   * Take a seat back with a new token, revoking every earlier one: by the player who holds it, or by an anonymous
   * seat's recovery secret (which is used up: the answer carries the next one).
   */
  async recoverSeat(
    gameId: string,
    seat: Seat,
    by: { readonly player: string } | { readonly secret: string },
  ): Promise<{ seat: Seat; token: string; recoverySecret: string | null; revision: number }> {
    const token = this.newSecret();
    const next = 'secret' in by ? this.newSecret() : null;
    const { folded } = await this.games.run(gameId, () => ({
      kind: 'recover',
      seat,
      tokenHash: sha256Hex(token),
      ...('player' in by ? { player: by.player } : { secretHash: sha256Hex(by.secret) }),
      ...(next !== null && { recoveryHash: sha256Hex(next) }),
    }));
    return { seat, token, recoverySecret: next, revision: folded.revision };
  }

  /**
   * Seat server bots of the module: in the seats named, or in every empty one. Bot seats get no token anyone could
   * use (the server plays them). The last claim starts the game, as any claim does.
   */
  async seatBots(gameId: string, bot: string, seats?: readonly Seat[]): Promise<{ seats: Seat[]; revision: number }> {
    const { state: record } = await this.games.load(gameId);
    const wanted = [...(seats ?? record.seats.flatMap((s, i) => (s.claimed ? [] : [i])))];
    if (wanted.length === 0) throw new RuleViolation('game/full', 'every seat is already claimed');
    let revision = record.revision;
    // Each claim makes a token like any other, which nobody is given.
    for (const seat of wanted) revision = (await this.claimSeat(gameId, { seat, bot, name: bot })).revision;
    return { seats: wanted, revision };
  }

  /** The player leaves a seat they hold, before the game starts. */
  async leaveSeat(gameId: string, seat: Seat, player: string): Promise<{ revision: number }> {
    const { folded } = await this.games.run(gameId, () => ({ kind: 'leave', seat, player }));
    return { revision: folded.revision };
  }

  /** One more token for a seat the player holds (a lost token, another device); earlier tokens keep working. */
  async issueSeatToken(gameId: string, seat: Seat, player: string): Promise<{ seat: Seat; token: string; revision: number }> {
    const token = this.newSecret();
    const { folded } = await this.games.run(gameId, () => ({ kind: 'token', seat, player, tokenHash: sha256Hex(token) }));
    return { seat, token, revision: folded.revision };
  }

  /** Start before the last seat is claimed; refused while a seat is empty (see refuseEmptySeats). */
  async startGame(gameId: string): Promise<{ revision: number }> {
    const { folded } = await this.games.run(gameId, (record) => {
      if (record.status === 'open') refuseEmptySeats(record, this.games.module(record));
      return { kind: 'start' };
    });
    return { revision: folded.revision };
  }

  /** Abandon the game: by a seat, or by the server (`by` null), saying why when nobody chose to. */
  async abandonGame(gameId: string, by: Seat | null = null, reason?: 'idle' | 'unfilled'): Promise<{ revision: number }> {
    const { folded } = await this.games.run(gameId, () => ({ kind: 'abandon', by, ...(reason && { reason }) }));
    return { revision: folded.revision };
  }
}

/**
 * A table as a game is created with, checked and completed: the module is loaded, the options valid with defaults
 * filled in, the seat count one the module plays with those options, the clock and timeout policy valid (defaults:
 * none and the default move). ValidationError or RuleViolation otherwise.
 */
export function tableOf(
  modules: Readonly<Record<string, AnyGameModule>>,
  input: { module: string; options?: unknown; seats: number; clock?: ClockOptions; onTimeout?: TimeoutPolicy },
): TableWish {
  const module = modules[input.module];
  if (!module) {
    throw new ValidationError('game/unknown-module', `unknown module "${input.module}"`, [
      { path: '/module', message: `one of: ${Object.keys(modules).join(', ')}` },
    ]);
  }
  if (!Number.isInteger(input.seats) || input.seats < 1 || input.seats > 16) {
    throw new ValidationError('game/bad-seats', 'seats must be an integer from 1 to 16', [{ path: '/seats', message: 'integer 1..16' }]);
  }
  const options = Value.Default(module.optionsSchema, structuredClone(input.options ?? {}));
  const problems = schemaProblems(module.optionsSchema, options);
  if (problems.length > 0) {
    throw new ValidationError(
      'game/bad-options',
      `invalid options for ${module.name}`,
      problems.map((p) => ({ path: `/options${p.path === '/' ? '' : p.path}`, message: p.message })),
    );
  }
  module.checkSeats(options, input.seats);
  const clock = input.clock ?? { kind: 'none' as const };
  const onTimeout = input.onTimeout ?? 'default';
  const clockProblems = [...schemaProblems(ClockOptions, clock), ...schemaProblems(TimeoutPolicy, onTimeout)];
  if (clockProblems.length > 0) throw new ValidationError('game/bad-clock', 'invalid clock or onTimeout', clockProblems);
  return { module: module.name, options, seats: input.seats, clock, onTimeout };
}
