// Who is calling: a seat (bearer seat token), the operator (X-Admin-Key), or an anonymous spectator.
import { timingSafeEqual } from 'node:crypto';
import { sha256, type Seat, type Viewer } from '@delve/kernel';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problems';
import type { PlatformPort } from './platform';
import type { GamesPort } from './ports';

/** The credentials a caller presented, from HTTP headers or a WebSocket connection_init payload. */
export interface Credentials {
  readonly authorization?: string | undefined;
  readonly adminKey?: string | undefined;
}

// Seat tokens are base64url; anything else is malformed before we ask the service.
const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/;

export function credentialsOf(request: FastifyRequest): Credentials {
  const admin = request.headers['x-admin-key'];
  return { authorization: request.headers.authorization, adminKey: typeof admin === 'string' ? admin : undefined };
}

/** The bearer token of an Authorization value, null when absent; 401 when present but malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header === '') return null;
  const match = BEARER.exec(header);
  if (!match) throw new HttpProblem(401, 'auth/malformed-token', 'Authorization must be "Bearer <seat token>"');
  return match[1] as string;
}

/** True when the caller presented the configured admin key (compared in constant time); 403 for a wrong one. */
export function isAdmin(credentials: Credentials, adminKey: string | null): boolean {
  const given = credentials.adminKey;
  if (given === undefined || given === '') return false;
  if (adminKey === null) throw new HttpProblem(403, 'auth/admin-disabled', 'this server has no admin key configured');
  const a = sha256(given, 'buffer');
  const b = sha256(adminKey, 'buffer');
  if (!timingSafeEqual(a, b)) throw new HttpProblem(403, 'auth/bad-admin-key', 'the admin key is not valid');
  return true;
}

/** The seat the caller's token acts for in this game; 401 without a token, 403 (from the service) for a wrong one. */
export async function requireSeat(games: GamesPort, credentials: Credentials, gameId: string): Promise<Seat> {
  const token = bearerToken(credentials.authorization);
  if (token === null) throw new HttpProblem(401, 'auth/missing-token', 'this needs a seat token: Authorization: Bearer <token>');
  return games.authenticate(gameId, token);
}

/** True when an Authorization header carries a player key rather than a seat token. */
export function hasPlayerKey(credentials: Credentials): boolean {
  return /^Bearer pk\./.test(credentials.authorization ?? '');
}

/** The player whose key the caller presented; 401 without one, 403 for a key that is not live. */
export async function requirePlayer(players: PlatformPort['players'], credentials: Credentials): Promise<string> {
  const token = bearerToken(credentials.authorization);
  if (token === null || !token.startsWith('pk.')) {
    throw new HttpProblem(401, 'auth/missing-player-key', 'this needs a player key: Authorization: Bearer <player key>');
  }
  return players.authenticate(token);
}

/** The player whose key the caller presented, which must be `playerId`'s own; 403 otherwise. */
export async function requireSelf(players: PlatformPort['players'], credentials: Credentials, playerId: string): Promise<string> {
  const player = await requirePlayer(players, credentials);
  if (player !== playerId) throw new HttpProblem(403, 'auth/not-your-account', "a player key acts for its own player's account only");
  return player;
}

/** The viewer for read paths: the admin's audit viewer, the token's seat, or a spectator when neither is given. */
export async function viewerFor(games: GamesPort, credentials: Credentials, gameId: string, adminKey: string | null): Promise<Viewer> {
  if (isAdmin(credentials, adminKey)) return { kind: 'audit' };
  const token = bearerToken(credentials.authorization);
  if (token === null) return { kind: 'spectator' };
  return { kind: 'seat', seat: await games.authenticate(gameId, token) };
}
