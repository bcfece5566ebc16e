// TypeBox schemas of the REST bodies: they validate requests, serialise responses, type the handlers and, through
// their titles, name the components of the generated openapi.yaml. Shapes the kernel returns are the kernel's own.
import {
  AuditResult,
  CampaignDocument,
  CharacterDocument,
  DISPLAY_NAME,
  ExecuteResult,
  GameLifecycle,
  GameSummary,
  PlayerKeyInfo,
  PlayerSummary,
  SeatNumber,
  VisibleEvent,
} from '@delve/kernel';
import { Type } from '@fastify/type-provider-typebox';

export { AuditResult as Audit, CampaignDocument as Campaign, CharacterDocument as Character, GameSummary, PlayerSummary };
export const CommandResult = ExecuteResult;
export const Seat = SeatNumber;
export const GameStatus = GameLifecycle;

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
/** A name people give: the kernel's rule (no control characters, no surrounding spaces). */
const Name = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: DISPLAY_NAME, description });

export const Problem = Type.Object(
  {
    type: Type.String({ description: 'A URN naming the problem: urn:delve:problem:<code>.' }),
    title: Type.String({ description: 'The HTTP status text.' }),
    status: Type.Integer({ description: 'The HTTP status.' }),
    code: Type.String({ description: 'Stable machine-readable code, e.g. dungeon/not-your-turn or http/invalid-request.' }),
    detail: Type.String({ description: 'What went wrong, for humans.' }),
    instance: Type.Optional(Type.String({ description: 'The path of the request.' })),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          path: Type.String({ description: 'Where in the request: body/..., querystring/..., params/...' }),
          message: Type.String({ description: 'What is expected there.' }),
        }),
        { description: 'For malformed requests: each field that failed and why.' },
      ),
    ),
  },
  { title: 'Problem', description: 'RFC 9457 problem details with a stable code.' },
);

export const Health = Type.Object(
  { status: Type.Union([Type.Literal('ok'), Type.Literal('ready')], { description: 'ok: the process is up; ready: it can serve.' }) },
  { title: 'Health' },
);

export const GameIdParams = Type.Object({ id: Uuid('The game id.') });
export const SeatParams = Type.Object({
  id: Uuid('The game id.'),
  seat: Type.Integer({ minimum: 0, maximum: 15, description: 'The seat.' }),
});
export const PlayerIdParams = Type.Object({ id: Uuid('The player id.') });
export const PlayerKeyParams = Type.Object({ id: Uuid('The player id.'), keyId: Uuid('The key id.') });
export const CharacterIdParams = Type.Object({ id: Uuid('The character id.') });
export const CampaignIdParams = Type.Object({ id: Uuid('The campaign id.') });

export const CreateGameRequest = Type.Object(
  {
    module: Type.String({ minLength: 1, maxLength: 64, description: 'The rules module (GET /modules lists them).' }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The module's options; defaults fill the rest." })),
    seats: Type.Integer({ minimum: 1, maximum: 16, description: 'How many seats the table has.' }),
  },
  { additionalProperties: false, title: 'CreateGameRequest' },
);

export const ListGamesQuery = Type.Object({
  module: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only games of this module.' })),
  status: Type.Optional(GameLifecycle),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size.' }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Opaque cursor from a previous page's nextCursor." })),
});

export const GameListItem = Type.Object(
  {
    id: Uuid('The game id.'),
    module: Type.String(),
    status: GameLifecycle,
    seats: Type.Integer({ minimum: 1 }),
    openSeats: Type.Integer({ minimum: 0, description: 'Seats nobody has claimed yet.' }),
    revision: Type.Integer({ minimum: 0 }),
    createdAt: Type.String(),
  },
  { title: 'GameListItem', description: 'A game as the games list shows it.' },
);

export const GameList = Type.Object(
  {
    items: Type.Array(GameListItem),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' }),
  },
  { title: 'GameList', description: 'One page of games, newest first.' },
);

export const ClaimSeatRequest = Type.Object(
  {
    seat: Type.Optional(Type.Integer({ minimum: 0, description: 'The seat to claim (default: the lowest free one).' })),
    name: Type.Optional(Name('A display name for the seat (default: the character’s name, if one is brought).')),
    character: Type.Optional(
      Uuid('Bring one of your characters (needs your player key); its profile is recorded with the claim for the deal.'),
    ),
  },
  { additionalProperties: false, title: 'ClaimSeatRequest' },
);

export const SeatClaimed = Type.Object(
  {
    seat: SeatNumber,
    token: Type.String({ description: 'The seat token, shown once: send it as Authorization: Bearer <token>.' }),
    revision: Type.Integer({ minimum: 0 }),
  },
  { title: 'SeatClaimed', description: 'A claimed seat and the token that acts for it.' },
);

export const Command = Type.Object(
  { type: Type.String({ minLength: 1, maxLength: 100, description: "The command type; the other fields are the module's." }) },
  { additionalProperties: true, title: 'Command', description: "A module's command (see the module's command schemas)." },
);

export const CommandHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Send a command again with the same key and get the first answer back, with nothing appended.',
    }),
  ),
});

export const ViewQuery = Type.Object({
  revision: Type.Optional(Type.Integer({ minimum: 0, description: 'Replay the view as it was at this stream revision (default: now).' })),
});
export const ViewResult = Type.Object(
  { revision: Type.Integer({ minimum: 0 }), view: Type.Unknown({ description: "The module's view for the caller." }) },
  { title: 'ViewResult' },
);

export const CommandTemplate = Type.Object(
  {
    type: Type.String(),
    fixed: Type.Object({}, { additionalProperties: true, description: 'Fields the command must carry as given.' }),
    params: Type.Object(
      {},
      { additionalProperties: true, description: 'JSON Schema of each free field: any value it allows is accepted.' },
    ),
  },
  { title: 'CommandTemplate', description: 'A legal command with free parameters.' },
);

export const LegalCommands = Type.Object(
  {
    seat: SeatNumber,
    commands: Type.Array(Command, { description: 'Each command the seat may send now; each is accepted as listed.' }),
    templates: Type.Array(CommandTemplate, { description: 'Commands with free parameters, with the schema of each.' }),
  },
  { title: 'LegalCommands', description: 'Everything the caller’s seat may send now, awaited or not.' },
);

export const EventsQuery = Type.Object({
  from: Type.Integer({ minimum: 0, default: 0, description: 'First stream revision to return (inclusive).' }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'How many revisions to cover.' }),
});
export const EventPage = Type.Object(
  {
    items: Type.Array(VisibleEvent),
    nextFrom: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'from for the next page; null at the end.' }),
  },
  { title: 'EventPage' },
);

// --- Players ---------------------------------------------------------------------------------------------------

export const RegisterPlayerRequest = Type.Object(
  { name: Name('The name others see.') },
  { additionalProperties: false, title: 'RegisterPlayerRequest' },
);

export const NewPlayerKey = Type.Object(
  {
    keyId: Uuid('The key id, to revoke it later.'),
    key: Type.String({ description: 'The API key, shown once: send it as Authorization: Bearer <key>.' }),
  },
  { title: 'NewPlayerKey', description: 'A new player key.' },
);

export const PlayerRegistered = Type.Object(
  {
    id: Uuid('The player id.'),
    name: Type.String(),
    registeredAt: Type.String(),
    keyId: Uuid('The first key’s id.'),
    key: Type.String({ description: 'The first API key, shown once: send it as Authorization: Bearer <key>.' }),
  },
  { title: 'PlayerRegistered', description: 'The new player and its first key.' },
);

export const PlayerKeyList = Type.Object({ items: Type.Array(PlayerKeyInfo) }, { title: 'PlayerKeyList' });

export { PlayerProfileDoc as PlayerProfile } from '@delve/projections';

// --- Characters ------------------------------------------------------------------------------------------------

export const CreateCharacterRequest = Type.Object(
  {
    module: Type.String({ minLength: 1, maxLength: 64, description: 'A module with characters (GET /modules says which).' }),
    name: Name("The character's name."),
    options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The module's character creation options." })),
  },
  { additionalProperties: false, title: 'CreateCharacterRequest' },
);

export const CharactersQuery = Type.Object({
  owner: Uuid('Only characters of this player.'),
  module: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only characters of this module.' })),
});

export const CharacterList = Type.Object({ items: Type.Array(CharacterDocument) }, { title: 'CharacterList' });

export const CharacterCommandResult = Type.Object(
  {
    revision: Type.Integer({ minimum: 0 }),
    events: Type.Array(Type.Unknown(), { description: 'The events the command caused on the character.' }),
    character: CharacterDocument,
    replayed: Type.Boolean({ description: 'True when the Idempotency-Key was seen before.' }),
  },
  { title: 'CharacterCommandResult' },
);

// --- Campaigns -------------------------------------------------------------------------------------------------

export const CreateCampaignRequest = Type.Object(
  {
    name: Name("The campaign's name."),
    module: Type.String({ minLength: 1, maxLength: 64, description: 'The module its games are played under.' }),
    character: Type.Optional(Uuid('The character the creator brings.')),
  },
  { additionalProperties: false, title: 'CreateCampaignRequest' },
);

export const JoinCampaignRequest = Type.Object(
  { character: Type.Optional(Uuid('The character the new member brings.')) },
  { additionalProperties: false, title: 'JoinCampaignRequest' },
);

export const ScheduleGameRequest = Type.Object(
  { options: Type.Optional(Type.Object({}, { additionalProperties: true, description: "The game's module options." })) },
  { additionalProperties: false, title: 'ScheduleGameRequest' },
);

export const ScheduledGame = Type.Object(
  {
    gameId: Uuid('The new game.'),
    seat: SeatNumber,
    token: Type.String({ description: "The caller's seat token; other members take theirs with POST /games/{id}/seats/{seat}/tokens." }),
    seats: Type.Array(
      Type.Object({
        seat: SeatNumber,
        player: Type.Union([Uuid('The player.'), Type.Null()]),
        character: Type.Union([Uuid('The character.'), Type.Null()]),
      }),
    ),
  },
  { title: 'ScheduledGame', description: 'A campaign game with every member seated.' },
);

/** Error responses shared by the routes. */
export const problems = (...statuses: number[]): Record<number, typeof Problem> => Object.fromEntries(statuses.map((s) => [s, Problem]));
