// Player accounts (`player-<uuid>` streams): registration and API keys, as a pure decider and fold.
import { RuleViolation } from './errors';

export const playerStream = (id: string): string => `player-${id}`;

/** Events of a player stream. Key hashes never leave the server. */
export type PlayerEvent =
  | { type: 'PlayerRegistered'; playerId: string; name: string }
  | { type: 'PlayerKeyIssued'; keyId: string; /** SHA-256 of the whole key; never served. */ keyHash: string }
  | { type: 'PlayerKeyRevoked'; keyId: string };

export const PLAYER_EVENT_TYPES: ReadonlySet<string> = new Set(['PlayerRegistered', 'PlayerKeyIssued', 'PlayerKeyRevoked']);

export interface PlayerKey {
  readonly keyId: string;
  readonly keyHash: string;
  readonly issuedAt: string;
}

export interface PlayerState {
  readonly id: string;
  readonly name: string;
  readonly registeredAt: string;
  /** Keys that act for the player now (revoked ones are gone). */
  readonly keys: readonly PlayerKey[];
}

export type PlayerCommand =
  | { kind: 'register'; playerId: string; name: string; keyId: string; keyHash: string }
  | { kind: 'issue-key'; keyId: string; keyHash: string }
  | { kind: 'revoke-key'; keyId: string };

/** At most this many live keys per player (one per device or bot is plenty; revoke old ones). */
export const MAX_PLAYER_KEYS = 10;

/**
 * Decide a player command. Registration starts the stream with its first key; a key can be issued up to the limit;
 * revoking refuses the last live key, so an account can never lock itself out.
 */
export function decidePlayer(command: PlayerCommand, state: PlayerState | null): PlayerEvent[] {
  if (command.kind === 'register') {
    if (state) throw new RuleViolation('player/exists', 'this player is already registered');
    return [
      { type: 'PlayerRegistered', playerId: command.playerId, name: command.name },
      { type: 'PlayerKeyIssued', keyId: command.keyId, keyHash: command.keyHash },
    ];
  }
  if (!state) throw new RuleViolation('player/not-found', 'no such player');
  switch (command.kind) {
    case 'issue-key':
      if (state.keys.length >= MAX_PLAYER_KEYS) {
        throw new RuleViolation('player/too-many-keys', `a player holds at most ${MAX_PLAYER_KEYS} keys; revoke one first`);
      }
      return [{ type: 'PlayerKeyIssued', keyId: command.keyId, keyHash: command.keyHash }];
    case 'revoke-key':
      if (!state.keys.some((k) => k.keyId === command.keyId)) throw new RuleViolation('player/no-such-key', 'no live key has that id');
      if (state.keys.length === 1) throw new RuleViolation('player/last-key', 'the last key cannot be revoked; issue another one first');
      return [{ type: 'PlayerKeyRevoked', keyId: command.keyId }];
  }
}

/** Fold one player event (`at`: when it was recorded). Total: a stored event never throws. */
export function evolvePlayer(state: PlayerState | undefined, event: PlayerEvent, at: string): PlayerState {
  const s: PlayerState = state ?? { id: '', name: '', registeredAt: at, keys: [] };
  switch (event.type) {
    case 'PlayerRegistered':
      return { ...s, id: event.playerId, name: event.name, registeredAt: at };
    case 'PlayerKeyIssued':
      return { ...s, keys: [...s.keys, { keyId: event.keyId, keyHash: event.keyHash, issuedAt: at }] };
    case 'PlayerKeyRevoked':
      return { ...s, keys: s.keys.filter((k) => k.keyId !== event.keyId) };
    default:
      return s;
  }
}

/** A player key is `pk.<playerId>.<keyId>.<secret>`: the ids say which stream and key to check, the secret proves it. */
export function parsePlayerKey(key: string): { playerId: string; keyId: string } | null {
  const match = /^pk\.([0-9a-f-]{36})\.([0-9a-f-]{36})\.[A-Za-z0-9_-]{20,128}$/.exec(key);
  return match ? { playerId: match[1] as string, keyId: match[2] as string } : null;
}

export function formatPlayerKey(playerId: string, keyId: string, secret: string): string {
  return `pk.${playerId}.${keyId}.${secret}`;
}
