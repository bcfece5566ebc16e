// The schemas operations share (TypeBox): their fields and results validate input, serialise output, type the
// operations and, through their titles, name the components of openapi.yaml and the GraphQL types. Shapes the kernel
// returns are the kernel's own; a read model's document is its read model's.
import {
  AuditResult,
  CommandTemplate,
  CampaignDocument,
  CampaignSeat,
  ClockState,
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
import { GameListItem } from '@delve/projections';
import { Type, type TSchema } from '@sinclair/typebox';

export { AuditResult as Audit, CampaignDocument as Campaign, CharacterDocument as Character, GameSummary, PlayerSummary };
export { CommandTemplate, GameLifecycle as GameStatus, GameListItem, SeatNumber as Seat };

export const Uuid = (description: string) => Type.String({ format: 'uuid', description });
/** A name people give: the kernel's rule (no control characters, no surrounding spaces). */
export const Name = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: DISPLAY_NAME, description });
/** A module's name. */
export const ModuleName = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** Which of a module's own schemas a generic field stands for (the `x-delve-module` keyword). */
export type ModuleSchemaKind = 'command' | 'view' | 'options';
export const MODULE_SCHEMA = 'x-delve-module';

/**
 * A field (or schema) whose real shape is one of the modules' own schemas: the contract narrows it to the union of
 * the modules' named schemas, and GraphQL types it per module. The server checks it against the module's schema.
 */
export function moduleSchema<T extends TSchema>(kind: ModuleSchemaKind, schema: T): T {
  return { ...schema, [MODULE_SCHEMA]: kind };
}

/** A module's server bot, by name. */
export const BotName = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** A seat token's game: every operation about one game names it `id`. */
export const GameId = Uuid('The game id.');
/** An idempotency key, as REST's Idempotency-Key header and GraphQL's idempotencyKey argument take it. */
export const IdempotencyKey = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[\\x21-\\x7e]+$',
  description: 'Send a command again with the same key and get the first answer back, with nothing appended.',
});

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

export const Options = (description: string) => moduleSchema('options', Type.Object({}, { additionalProperties: true, description }));

export const GameList = Type.Object(
  {
    items: Type.Array(GameListItem, { description: 'The games on this page.' }),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as cursor for the next page; null on the last.' }),
  },
  { title: 'GameList', description: 'One page of games, newest first.' },
);

export const SeatClaimed = Type.Object(
  {
    seat: SeatNumber,
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'The seat token, shown once: send it as Authorization: Bearer <token>. Null for a bot’s seat: the server plays it.',
    }),
    recoverySecret: Type.Union([Type.String(), Type.Null()], {
      description:
        'An anonymous seat’s recovery secret, shown once: keep it to take the seat back if the token is lost ' +
        '(POST /games/{id}/seats/{seat}/recovery). Null for a player’s seat (the player key recovers it) and a bot’s.',
    }),
    revision: Type.Integer({ minimum: 0, description: "The game's revision after the claim." }),
  },
  { title: 'SeatClaimed', description: 'A claimed seat and the token that acts for it.' },
);

export const Command = moduleSchema(
  'command',
  Type.Object(
    { type: Type.String({ minLength: 1, maxLength: 100, description: "The command type; the other fields are the module's." }) },
    { additionalProperties: true, title: 'Command', description: "A module's command (see the module's command schemas)." },
  ),
);

/** The caller's view: the module's view schema, as the viewer may see it. */
const ViewField = moduleSchema('view', Type.Unknown({ description: "The module's view for the caller." }));

export const CommandResult = Type.Object(
  { ...ExecuteResult.properties, view: moduleSchema('view', ExecuteResult.properties.view) },
  { title: 'CommandResult', description: 'The outcome of a command.' },
);

export const ViewResult = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, description: 'The stream revision the view is taken at.' }),
    clock: Type.Union([ClockState, Type.Null()], { description: 'The turn clock now; null for a game without one.' }),
    connected: Type.Array(SeatNumber, {
      description: 'Seats connected now, on any node: an open subscription, or a request within PRESENCE_SECONDS.',
    }),
    view: ViewField,
  },
  { title: 'ViewResult', description: "The caller's view of a game, now or at an earlier revision." },
);

export const LegalCommands = Type.Object(
  {
    seat: SeatNumber,
    commands: Type.Array(Command, { description: 'Each command the seat may send now; each is accepted exactly as listed.' }),
    templates: Type.Array(CommandTemplate, {
      description:
        'Commands with a free parameter (an amount, a declared value), listed once with the JSON Schema of each parameter ' +
        'instead of one sample value: `{ type, ...fixed, ...params }` is accepted for every value the schemas allow.',
    }),
  },
  {
    title: 'LegalCommands',
    description:
      'Everything the caller’s seat may send now, awaited or not. Exact in both directions: every listed command and ' +
      'every template instance is accepted, and any other command is refused with a rule violation.',
  },
);

export const EventPage = Type.Object(
  {
    items: Type.Array(VisibleEvent, { description: 'The events the caller may see, in stream order.' }),
    nextFrom: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'from for the next page; null at the end.' }),
  },
  { title: 'EventPage', description: "A page of a game's event log, redacted for the caller." },
);

// --- Players ---------------------------------------------------------------------------------------------------

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
    name: Type.String({ description: 'The name others see.' }),
    registeredAt: Type.String({ description: 'When the player registered (ISO 8601).' }),
    keyId: Uuid('The first key’s id.'),
    key: Type.String({ description: 'The first API key, shown once: send it as Authorization: Bearer <key>.' }),
  },
  { title: 'PlayerRegistered', description: 'The new player and its first key.' },
);

export const PlayerKeyList = Type.Object(
  { items: Type.Array(PlayerKeyInfo, { description: 'Every live key, oldest first.' }) },
  { title: 'PlayerKeyList', description: "A player's live keys." },
);

export { PlayerProfileDoc as PlayerProfile } from '@delve/projections';

// --- Characters ------------------------------------------------------------------------------------------------

export const CharacterList = Type.Object(
  { items: Type.Array(CharacterDocument, { description: 'The characters, oldest first.' }) },
  { title: 'CharacterList', description: "A player's characters." },
);

export const CharacterCommandResult = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, description: "The character stream's revision after the command." }),
    events: Type.Array(Type.Unknown(), { description: 'The events the command caused on the character.' }),
    character: CharacterDocument,
    replayed: Type.Boolean({ description: 'True when the Idempotency-Key was seen before.' }),
  },
  { title: 'CharacterCommandResult', description: "The outcome of an owner's command to a character." },
);

// --- Campaigns -------------------------------------------------------------------------------------------------

export const ScheduledGame = Type.Object(
  {
    gameId: Uuid('The new game.'),
    seat: SeatNumber,
    token: Type.String({ description: "The caller's seat token; other members take theirs with POST /games/{id}/seats/{seat}/tokens." }),
    seats: Type.Array(CampaignSeat, { description: 'Who sits where: every member, with the character they bring.' }),
  },
  { title: 'ScheduledGame', description: 'A campaign game with every member seated.' },
);

// --- Discovery -------------------------------------------------------------------------------------------------

export const ModuleOption = Type.Object(
  {
    name: Type.String({ description: 'The field of the options object.' }),
    description: Type.String({ description: 'What the option changes.' }),
    default: Type.Unknown({ description: 'The value used when the option is left out (null when there is none).' }),
    schema: Type.Object({}, { additionalProperties: true, description: 'JSON Schema of the values it takes.' }),
  },
  { title: 'ModuleOption', description: 'One option a game of the module can be created with.' },
);

export const ModuleInfo = Type.Object(
  {
    name: Type.String({ description: 'The module name to give POST /games.' }),
    title: Type.String({ description: 'The game as players know it.' }),
    rulesVersion: Type.String({ description: 'The version of the rules this server runs for it (recorded in every game).' }),
    summary: Type.String({ description: 'How the game goes, in a few sentences.' }),
    seats: Type.Object(
      {
        min: Type.Integer({ minimum: 1, description: 'Fewest seats.' }),
        max: Type.Integer({ minimum: 1, description: 'Most seats (some options allow fewer).' }),
      },
      { description: 'The seat counts the module accepts.' },
    ),
    notation: Type.Object(
      {
        path: Type.String({ description: 'The file inside the repository that explains cards, rooms and coordinates.' }),
        url: Type.String({ description: 'Where this server serves that file as Markdown.' }),
      },
      { description: "Where the module's notation (cards, rooms, coordinates) is explained." },
    ),
    options: Type.Array(ModuleOption, { description: 'Every option, with its default and description.' }),
    commands: Type.Array(Type.String(), { description: 'The command types (each a named schema in openapi.yaml).' }),
    events: Type.Array(Type.String(), { description: 'The event types (each a named schema in openapi.yaml).' }),
    schemas: Type.Object(
      {
        options: Type.String({ description: 'The named schema of the options.' }),
        command: Type.String({ description: 'The named schema of the command union.' }),
        event: Type.String({ description: 'The named schema of the event union.' }),
        view: Type.Union([Type.String(), Type.Null()], { description: 'The named schema of the view; null when it is served as JSON.' }),
      },
      { description: 'The names of its schemas under components.schemas of openapi.yaml (at /docs/json).' },
    ),
    characters: Type.Boolean({ description: 'True when characters of the module can be created and brought to its games.' }),
    bots: Type.Array(
      Type.Object(
        {
          name: Type.String({ description: 'Its name, as POST /games/{id}/seats { bot } takes it.' }),
          description: Type.String({ description: 'How it plays.' }),
          strength: Type.Object(
            {
              winRate: Type.Number({ minimum: 0, maximum: 1, description: 'Share of games it won in the measuring run.' }),
              against: Type.String({ description: 'Whom it played against.' }),
              games: Type.Integer({ minimum: 0, description: 'Games in the measuring run.' }),
              seats: Type.Integer({ minimum: 0, description: 'Seats at each table of the run.' }),
            },
            { description: "How strong it is, as the module's own win-rate bench measured it." },
          ),
        },
        { title: 'ModuleBot', description: 'A server bot that can hold or play a seat.' },
      ),
      { description: 'The server bots that can hold a seat (the first also plays for people whose time ran out).' },
    ),
  },
  { title: 'ModuleInfo', description: 'A game module this server runs: what a client needs before it creates a game.' },
);

export const ModuleList = Type.Object(
  { items: Type.Array(ModuleInfo, { description: 'Every module this server runs, by name.' }) },
  { title: 'ModuleList', description: 'The game modules this server runs.' },
);

export const ModuleNotation = Type.Object(
  {
    module: Type.String({ description: 'The module name.' }),
    path: Type.String({ description: 'The file inside the repository.' }),
    markdown: Type.String({ description: 'Its text: the rules Delve enforces and the notation of cards, rooms and coordinates.' }),
  },
  { title: 'ModuleNotation', description: "A module's rules and notation as its README explains them." },
);
