// What the player, character and campaign routes need: the kernel's services and the platform's read models.
import type { CampaignService, CharacterService, PlayerService } from '@delve/kernel';
import type { PostgresReadModels } from '@delve/projections';
import { HttpProblem } from './problems';

/** The kernel's services for state that outlives a game. */
export interface PlatformPort {
  readonly players: Pick<PlayerService, 'register' | 'authenticate' | 'issueKey' | 'revokeKey' | 'summary' | 'keys'>;
  readonly characters: Pick<CharacterService, 'create' | 'get' | 'command' | 'claimSeat'>;
  readonly campaigns: Pick<CampaignService, 'create' | 'join' | 'get' | 'schedule'>;
}

/** The read models the API serves lists and profiles from (PostgreSQL's; eventually consistent with the streams). */
export type PlatformReads = Pick<PostgresReadModels, 'playerProfile' | 'charactersOf' | 'characterSheet' | 'campaign'>;

/**
 * For an app built without the platform (a games-only node in tests and benches): the routes exist, as the contract
 * says, and answer 503 with a stable code.
 */
export function platformUnavailable(): { platform: PlatformPort; platformReads: PlatformReads } {
  const refuse = async (): Promise<never> => {
    throw new HttpProblem(503, 'platform/unavailable', 'this node serves games only: players, characters and campaigns are off');
  };
  return {
    platform: {
      players: { register: refuse, authenticate: refuse, issueKey: refuse, revokeKey: refuse, summary: refuse, keys: refuse },
      characters: { create: refuse, get: refuse, command: refuse, claimSeat: refuse },
      campaigns: { create: refuse, join: refuse, get: refuse, schedule: refuse },
    },
    platformReads: { playerProfile: refuse, charactersOf: refuse, characterSheet: refuse, campaign: refuse },
  };
}
