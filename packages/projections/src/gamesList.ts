// The games list read model: one document per game, folded from the lobby events of game streams.
import type { RecordedEvent } from '@delve/kernel';
import type { Projection } from './projection';

export type GameListStatus = 'open' | 'active' | 'finished' | 'abandoned';

export interface GameListDoc {
  readonly id: string;
  readonly module: string;
  readonly status: GameListStatus;
  readonly seats: number;
  readonly openSeats: number;
  readonly revision: number;
  readonly createdAt: string;
}

const STATUS_AFTER: Readonly<Record<string, GameListStatus>> = {
  GameStarted: 'active',
  GameFinished: 'finished',
  GameAbandoned: 'abandoned',
};

export const gamesList: Projection<GameListDoc> = {
  name: 'games-list-v1',
  streamPrefixes: ['game-'],
  idsOf: (event) => (event.streamId.startsWith('game-') ? [event.streamId.slice('game-'.length)] : []),
  apply(doc, event: RecordedEvent) {
    const data = event.data as { type?: string; module?: unknown; seats?: unknown };
    if (data.type === 'GameCreated') {
      const seats = Number(data.seats);
      return {
        id: event.streamId.slice('game-'.length),
        module: String(data.module),
        status: 'open',
        seats,
        openSeats: seats,
        revision: event.revision,
        createdAt: event.created,
      };
    }
    if (!doc) return null; // events of a game whose creation this projection never saw: nothing to list
    return {
      ...doc,
      revision: event.revision,
      status: (data.type && STATUS_AFTER[data.type]) || doc.status,
      openSeats: data.type === 'SeatClaimed' ? Math.max(0, doc.openSeats - 1) : doc.openSeats,
    };
  },
};
