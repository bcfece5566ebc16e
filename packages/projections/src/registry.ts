// Every read model Delve keeps, by name: what the server's read-model runner follows and `npm run rebuild` can rebuild.
import type { AnyGameModule } from '@delve/kernel';
import { campaignProgress } from './campaignProgress';
import { characterSheets } from './characterSheets';
import { gamesList } from './gamesList';
import { playerProfiles } from './playerProfiles';
import type { Projection } from './projection';
import { tickets } from './tickets';

export type ReadModelName = 'games-list' | 'character-sheets' | 'player-profiles' | 'campaign-progress' | 'tickets';

/** The read models over these modules, by their short names. */
export function readModels(modules: Readonly<Record<string, AnyGameModule>>): Record<ReadModelName, Projection<unknown>> {
  return {
    'games-list': gamesList as Projection<unknown>,
    'character-sheets': characterSheets(modules) as Projection<unknown>,
    'player-profiles': playerProfiles as Projection<unknown>,
    'campaign-progress': campaignProgress as Projection<unknown>,
    tickets: tickets as Projection<unknown>,
  };
}
