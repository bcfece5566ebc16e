// Player accounts over the store: register (with a first API key), authenticate a key, issue and revoke keys.
import { ForbiddenError, NotFoundError, StreamNotFoundError, ValidationError } from '../errors';
import {
  decidePlayer,
  evolvePlayer,
  formatPlayerKey,
  parsePlayerKey,
  playerStream,
  type PlayerCommand,
  type PlayerEvent,
  type PlayerState,
} from '../players';
import { sha256Hex } from '../random';
import { isDisplayName, type PlayerKeyInfo, type PlayerSummary } from '../schemas';
import type { EventStore } from '../store';
import { eventTime, isUuid } from './events';
import { stampedMetadata, StreamHandler, type Folded } from './handler';

export interface PlayerServiceDeps {
  readonly store: EventStore;
  readonly clock: () => Date;
  readonly newId: () => string;
  /** A fresh unguessable secret from a CSPRNG (the secret part of a key). */
  readonly newSecret: () => string;
}

export class PlayerService {
  private readonly handler: StreamHandler<PlayerState>;

  constructor(private readonly deps: PlayerServiceDeps) {
    this.handler = new StreamHandler<PlayerState>({
      store: deps.store,
      clock: deps.clock,
      newId: deps.newId,
      conflictCode: 'player/concurrency',
      fold: (state, event) => evolvePlayer(state, event.data as PlayerEvent, eventTime(event)),
    });
  }

  /** Register a player; the key is returned once (only its hash is stored). */
  async register(name: string): Promise<{ player: PlayerSummary; keyId: string; key: string }> {
    if (!isDisplayName(name))
      throw new ValidationError('player/bad-name', 'a name is 1 to 64 printable characters', [
        { path: '/name', message: '1..64 printable characters' },
      ]);
    const playerId = this.deps.newId();
    const { keyId, key, keyHash } = this.newKey(playerId);
    const { folded } = await this.run(playerId, { kind: 'register', playerId, name, keyId, keyHash }, { newStream: true });
    return { player: summaryOf(folded.state), keyId, key };
  }

  /** The player a key acts for; ForbiddenError for any key that is not live. */
  async authenticate(key: string): Promise<string> {
    const parsed = parsePlayerKey(key);
    const refuse = () => new ForbiddenError('auth/bad-player-key', 'this player key is not valid');
    if (!parsed) throw refuse();
    const folded = await this.load(parsed.playerId).catch((error: unknown) => {
      if (error instanceof NotFoundError) throw refuse();
      throw error;
    });
    const hash = sha256Hex(key);
    if (!folded.state.keys.some((k) => k.keyId === parsed.keyId && k.keyHash === hash)) throw refuse();
    return parsed.playerId;
  }

  async issueKey(playerId: string): Promise<{ keyId: string; key: string }> {
    const { keyId, key, keyHash } = this.newKey(playerId);
    await this.run(playerId, { kind: 'issue-key', keyId, keyHash });
    return { keyId, key };
  }

  async revokeKey(playerId: string, keyId: string): Promise<void> {
    await this.run(playerId, { kind: 'revoke-key', keyId });
  }

  async summary(playerId: string): Promise<PlayerSummary> {
    return summaryOf((await this.load(playerId)).state);
  }

  async keys(playerId: string): Promise<PlayerKeyInfo[]> {
    return (await this.load(playerId)).state.keys.map(({ keyId, issuedAt }) => ({ keyId, issuedAt }));
  }

  private newKey(playerId: string): { keyId: string; key: string; keyHash: string } {
    const keyId = this.deps.newId();
    const key = formatPlayerKey(playerId, keyId, this.deps.newSecret());
    return { keyId, key, keyHash: sha256Hex(key) };
  }

  private async load(playerId: string): Promise<Folded<PlayerState>> {
    if (!isUuid(playerId)) throw new NotFoundError('player/not-found', `no player ${playerId}`);
    try {
      return await this.handler.load(playerStream(playerId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) throw new NotFoundError('player/not-found', `no player ${playerId}`);
      throw error;
    }
  }

  private run(playerId: string, command: PlayerCommand, options: { newStream?: boolean } = {}) {
    return this.handler.handle(
      playerStream(playerId),
      (current, stamp) => {
        if (!current && command.kind !== 'register') throw new NotFoundError('player/not-found', `no player ${playerId}`);
        const actor = `player:${playerId}`;
        return {
          events: decidePlayer(command, current?.state ?? null).map((e) => ({
            type: e.type,
            data: e,
            metadata: stampedMetadata(stamp, { actor }),
          })),
        };
      },
      options,
    );
  }
}

function summaryOf(state: PlayerState): PlayerSummary {
  return { id: state.id, name: state.name, registeredAt: state.registeredAt };
}
