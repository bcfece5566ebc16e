// Remembers which seat a token holds, so authenticating a request needs no store read after the first one.
import { sha256, type Seat } from '@delve/kernel';
import type { GamesPort } from './ports';

/** The service with cached authentication, and a way to ask whether a token has authenticated recently. */
export interface SeatCachedGames extends GamesPort {
  /** The seat the token holds in this game when it authenticated recently (the rate limiter's bucket), else null. */
  knownSeat(gameId: string, token: string): Seat | null;
}

/**
 * Wraps the service so successful authentications are cached (bounded, least recently used first out). Safe because a
 * seat's token never changes once claimed; failures are never cached, and every command is still checked by the rules.
 */
export function withSeatCache(games: GamesPort, size = 10_000): SeatCachedGames {
  const seats = new Map<string, Seat>();
  // The rate limiter and then the route hash the same token within one request: the last hash is kept for the
  // second ask. Only that one token is held, and only until the next request's token replaces it.
  let last = { token: '', hash: '' };
  const hashOf = (token: string): string => {
    if (token !== last.token) last = { token, hash: sha256(token, 'base64url') };
    return last.hash;
  };
  const authenticate = async (gameId: string, token: string): Promise<Seat> => {
    // Keyed by a hash so raw tokens do not sit in memory longer than the request.
    const hash = hashOf(token);
    const key = `${gameId}:${hash}`;
    const hit = seats.get(key);
    if (hit !== undefined) {
      seats.delete(key);
      seats.set(key, hit);
      return hit;
    }
    const seat = await games.authenticate(gameId, token);
    remember(gameId, hash, seat);
    return seat;
  };
  const remember = (gameId: string, hash: string, seat: Seat): void => {
    seats.set(`${gameId}:${hash}`, seat);
    if (seats.size > size) seats.delete(seats.keys().next().value as string);
  };
  return {
    // A peek: asking on behalf of the rate limiter does not count as a use.
    knownSeat: (gameId: string, token: string) => seats.get(`${gameId}:${hashOf(token)}`) ?? null,
    createGame: (...args: Parameters<GamesPort['createGame']>) => games.createGame(...args),
    // A claim hands out the token, so its first use needs no lookup either.
    claimSeat: async (...args: Parameters<GamesPort['claimSeat']>) => {
      const claimed = await games.claimSeat(...args);
      remember(args[0], hashOf(claimed.token), claimed.seat);
      return claimed;
    },
    issueSeatToken: async (...args: Parameters<GamesPort['issueSeatToken']>) => {
      const issued = await games.issueSeatToken(...args);
      remember(args[0], hashOf(issued.token), issued.seat);
      return issued;
    },
    startGame: (...args: Parameters<GamesPort['startGame']>) => games.startGame(...args),
    abandonGame: (...args: Parameters<GamesPort['abandonGame']>) => games.abandonGame(...args),
    authenticate,
    execute: (...args: Parameters<GamesPort['execute']>) => games.execute(...args),
    summary: (...args: Parameters<GamesPort['summary']>) => games.summary(...args),
    view: (...args: Parameters<GamesPort['view']>) => games.view(...args),
    legalCommands: (...args: Parameters<GamesPort['legalCommands']>) => games.legalCommands(...args),
    commandTemplates: (...args: Parameters<GamesPort['commandTemplates']>) => games.commandTemplates(...args),
    events: (...args: Parameters<GamesPort['events']>) => games.events(...args),
    audit: (...args: Parameters<GamesPort['audit']>) => games.audit(...args),
  };
}
