// Who is calling: the one check of an operation's declared credentials against what the caller presented (a seat
// token, a player key, the operator's admin key, or nothing), for REST and GraphQL alike.
import { timingSafeEqual } from 'node:crypto';
import { sha256, type Freshness, type GameServices, type Seat, type Viewer } from '@delve/kernel';
import { HttpProblem } from '../problems';
import type { OperationContext } from './context';
import type { AnyOperation, Caller, Credentials } from './operation';

// Tokens and keys are base64url (player keys start with "pk."); anything else is malformed before we look it up.
const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;

/** The bearer token of an Authorization value, null when absent; 401 when present but malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  const match = BEARER.exec(header);
  if (!match) throw new HttpProblem(401, 'auth/malformed-token', 'Authorization must be "Bearer <seat token or player key>"');
  return match[1] as string;
}

export const isPlayerKey = (token: string): boolean => token.startsWith('pk.');

/** True when the caller presented the configured admin key (compared in constant time); 403 for a wrong one. */
function isAdmin(credentials: Credentials, adminKey: string | null): boolean {
  const given = credentials.adminKey;
  if (given === undefined || given === '') return false;
  if (adminKey === null) throw new HttpProblem(403, 'auth/admin-disabled', 'this server has no admin key configured');
  if (!timingSafeEqual(sha256(given, 'buffer'), sha256(adminKey, 'buffer'))) {
    throw new HttpProblem(403, 'auth/bad-admin-key', 'the admin key is not valid');
  }
  return true;
}

const missingToken = () => new HttpProblem(401, 'auth/missing-token', 'this needs a seat token: Authorization: Bearer <token>');
const missingPlayerKey = () =>
  new HttpProblem(401, 'auth/missing-player-key', 'this needs a player key: Authorization: Bearer <player key>');

/**
 * The caller of `op`, from the credentials it declares it accepts: the admin key, then a player key, then a seat
 * token for the game its `gameField` names, else anonymous when it allows that. A credential the operation does not
 * take is ignored (a seat token on a public read); a wrong one it does take is refused (403), a missing one 401.
 */
export async function authorize(op: AnyOperation, credentials: Credentials, input: object, context: OperationContext): Promise<Caller> {
  const accepts = op.auth;
  // An operation anyone may call takes no credential: whatever Authorization says is not its business.
  if (accepts.length === 1 && accepts[0] === 'anonymous') return { kind: 'anonymous' };
  if (accepts.includes('adminKey') && isAdmin(credentials, context.config.adminKey)) return { kind: 'admin' };
  const token = bearerToken(credentials.authorization);
  if (token !== null) {
    if (isPlayerKey(token) && accepts.includes('playerKey')) {
      return { kind: 'player', player: await context.platform.players.authenticate(token) };
    }
    if (accepts.includes('seatToken')) {
      const gameId = String((input as Record<string, unknown>)[op.gameField as string]);
      // A write may trust this node's cached game: the command checks the token again where it is decided.
      const since = context.games.streams.mark();
      const seat = await context.games.reads.authenticate(gameId, token, { cached: op.budget === 'write' });
      return { kind: 'seat', gameId, seat, tokenHash: sha256(token, 'hex'), since };
    }
    if (accepts.includes('playerKey') && !accepts.includes('anonymous')) throw missingPlayerKey();
  }
  if (accepts.includes('anonymous')) return { kind: 'anonymous' };
  if (accepts.includes('seatToken')) throw missingToken();
  if (accepts.includes('playerKey')) throw missingPlayerKey();
  throw new HttpProblem(401, 'auth/missing-admin-key', 'this needs the admin key: X-Admin-Key');
}

/** The player a caller acts as (operations that take player keys only: `authorize` already made sure). */
export function playerOf(caller: Caller): string {
  if (caller.kind !== 'player') throw missingPlayerKey();
  return caller.player;
}

/** The player a caller acts as; 403 unless it is `player` itself (a key acts for its own account only). */
export function requireSelf(caller: Caller, player: string): string {
  if (playerOf(caller) !== player)
    throw new HttpProblem(403, 'auth/not-your-account', "a player key acts for its own player's account only");
  return player;
}

/** The seat a caller plays (operations that take seat tokens only: `authorize` already made sure). */
export function seatOf(caller: Caller): Seat {
  if (caller.kind !== 'seat') throw missingToken();
  return caller.seat;
}

/**
 * How fresh a request's reads of its game must be: caught up since the request began (for a seat, since before its
 * token was checked on the game), so the request's reads share one catch-up and still see every write made before it.
 */
export function freshness(caller: Caller, games: GameServices): Freshness {
  return { freshAfter: caller.kind === 'seat' && caller.since !== undefined ? caller.since : games.streams.mark() };
}

/** Whose eyes a read uses: the operator sees everything, a seat its own, anyone else what spectators see. */
export function viewerOf(caller: Caller): Viewer {
  if (caller.kind === 'admin') return { kind: 'audit' };
  if (caller.kind === 'seat') return { kind: 'seat', seat: caller.seat };
  return { kind: 'spectator' };
}
