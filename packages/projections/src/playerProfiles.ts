// The player-profile read model: a player's characters and games, from player, character and game streams. A game's
// end updates the profile of every player it seated (one event, several documents). And its query.
import { eventTime, SeatNumber, type CharacterKernelEvent, type LobbyEvent, type Message, type PlayerEvent } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';
import type { Sql } from 'postgres';
import { storable } from './documents';
import type { Projection } from './projection';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });

export const PlayerGameEntry = Type.Object(
  {
    gameId: Uuid('The game.'),
    module: Type.Union([Type.String(), Type.Null()], { description: "The game's module (null for a game this model never saw created)." }),
    seat: SeatNumber,
    character: Type.Union([Uuid('The character played.'), Type.Null()], { description: 'The character played; null without one.' }),
    status: Type.Union([Type.Literal('playing'), Type.Literal('finished'), Type.Literal('abandoned')], {
      description: 'Whether the game is still being played, finished or abandoned.',
    }),
    won: Type.Union([Type.Boolean(), Type.Null()], { description: 'Whether the seat won; null until the game ends.' }),
    joinedAt: Type.String({ description: 'When the player took the seat (ISO 8601).' }),
    endedAt: Type.Union([Type.String(), Type.Null()], { description: 'When the game ended (ISO 8601); null while it goes on.' }),
  },
  { title: 'PlayerGame', description: 'A game a player took a seat in as themselves.' },
);
export type PlayerGameEntry = Static<typeof PlayerGameEntry>;

export const PlayerProfileDoc = Type.Object(
  {
    id: Uuid('The player id.'),
    name: Type.String({ description: 'The name others see.' }),
    registeredAt: Type.String({ description: 'When the player registered (ISO 8601).' }),
    characters: Type.Array(
      Type.Object(
        {
          id: Uuid('The character.'),
          name: Type.String({ description: "The character's name." }),
          module: Type.String({ description: 'The module it belongs to.' }),
        },
        { title: 'PlayerCharacter', description: 'A character of the player.' },
      ),
      { description: "The player's characters, oldest first." },
    ),
    games: Type.Array(PlayerGameEntry, { description: 'The games the player took a seat in as themselves.' }),
  },
  { title: 'PlayerProfile', description: "A player's characters and games (from the player-profiles read model)." },
);
export type PlayerProfileDoc = Static<typeof PlayerProfileDoc>;

export const PLAYER_PROFILES = 'player-profiles-v1';

const after = (prefix: string, streamId: string) => streamId.slice(prefix.length);

export const playerProfiles: Projection<PlayerProfileDoc> = {
  name: PLAYER_PROFILES,
  streamPrefixes: ['player-', 'character-', 'game-'],
  idsOf(event) {
    const data = event.data as Message;
    if (event.streamId.startsWith('player-')) return data.type === 'PlayerRegistered' ? [after('player-', event.streamId)] : [];
    if (event.streamId.startsWith('character-')) {
      return data.type === 'CharacterCreated' ? [(data as Extract<CharacterKernelEvent, { type: 'CharacterCreated' }>).owner] : [];
    }
    const lobby = data as LobbyEvent;
    if (lobby.type === 'SeatClaimed' || lobby.type === 'SeatReleased') return lobby.player ? [lobby.player] : [];
    if (lobby.type === 'GameFinished' || lobby.type === 'GameAbandoned') {
      return [...new Set((lobby.roster ?? []).flatMap((r) => (r.player ? [r.player] : [])))];
    }
    return [];
  },
  apply(doc, event, id) {
    const data = event.data as Message;
    const at = eventTime(event);
    if (data.type === 'PlayerRegistered') {
      const e = data as Extract<PlayerEvent, { type: 'PlayerRegistered' }>;
      return { id, name: e.name, registeredAt: at, characters: doc?.characters ?? [], games: doc?.games ?? [] };
    }
    // Events of a player whose registration this projection has not seen cannot happen (it is the stream's first);
    // start an empty profile rather than lose them.
    const profile: PlayerProfileDoc = doc ?? { id, name: '', registeredAt: at, characters: [], games: [] };
    if (data.type === 'CharacterCreated') {
      const e = data as Extract<CharacterKernelEvent, { type: 'CharacterCreated' }>;
      return { ...profile, characters: [...profile.characters, { id: e.characterId, name: e.name, module: e.module }] };
    }
    const gameId = after('game-', event.streamId);
    const lobby = data as LobbyEvent;
    if (lobby.type === 'SeatClaimed') {
      const module = typeof event.metadata.module === 'string' ? event.metadata.module : null;
      const entry: PlayerGameEntry = {
        gameId,
        module,
        seat: lobby.seat,
        character: lobby.character?.id ?? null,
        status: 'playing',
        won: null,
        joinedAt: at,
        endedAt: null,
      };
      return { ...profile, games: [...profile.games, entry] };
    }
    if (lobby.type === 'SeatReleased') {
      // Left before the game started: it was never theirs to play.
      return { ...profile, games: profile.games.filter((g) => !(g.gameId === gameId && g.seat === lobby.seat)) };
    }
    if (lobby.type === 'GameFinished' || lobby.type === 'GameAbandoned') {
      const finished = lobby.type === 'GameFinished';
      const games = profile.games.map((g) =>
        g.gameId === gameId
          ? {
              ...g,
              status: finished ? ('finished' as const) : ('abandoned' as const),
              won: finished ? lobby.winners.includes(g.seat) : null,
              endedAt: at,
            }
          : g,
      );
      return { ...profile, games };
    }
    return profile;
  },
};

export async function playerProfile(sql: Sql, id: string): Promise<PlayerProfileDoc | null> {
  if (!storable(id)) return null;
  const [row] = await sql<{ doc: PlayerProfileDoc }[]>`select doc from read_models where projection = ${PLAYER_PROFILES} and id = ${id}`;
  return row?.doc ?? null;
}
