// Players, characters and campaigns as operations use them: the kernel's services, or, on a node that serves games
// only, the same routes answering 503 with a stable code.
import type { CampaignService, CharacterService, MatchmakingService, PlayerService } from '@delve/kernel';
import { HttpProblem } from '../problems';

/** The kernel's services for state that outlives a game. */
export interface Platform {
  readonly players: Pick<PlayerService, 'register' | 'authenticate' | 'issueKey' | 'revokeKey' | 'summary' | 'keys'>;
  readonly characters: Pick<CharacterService, 'create' | 'get' | 'command' | 'claimSeat'>;
  readonly campaigns: Pick<CampaignService, 'create' | 'join' | 'get' | 'schedule'>;
  readonly matchmaking: Pick<MatchmakingService, 'open' | 'get' | 'cancel' | 'place'>;
}

/** For an app built without the platform (a games-only node in tests and benches): every call answers 503. */
export function platformUnavailable(): Platform {
  const refuse = async (): Promise<never> => {
    throw new HttpProblem(503, 'platform/unavailable', 'this node serves games only: players, characters and campaigns are off');
  };
  return {
    players: { register: refuse, authenticate: refuse, issueKey: refuse, revokeKey: refuse, summary: refuse, keys: refuse },
    characters: { create: refuse, get: refuse, command: refuse, claimSeat: refuse },
    campaigns: { create: refuse, join: refuse, get: refuse, schedule: refuse },
    matchmaking: { open: refuse, get: refuse, cancel: refuse, place: refuse },
  };
}
