// Every problem code the server itself answers with (HTTP, auth, the lobby, players, characters, campaigns, GraphQL),
// its HTTP status and what it means: the one place a code's status is decided, for REST and GraphQL alike. Modules'
// own refusal codes (`GameModule.codes`) are always 422.
import { Type } from '@sinclair/typebox';

/** A code the server answers with: its status and its meaning, for clients that branch on it. */
export interface ServerCode {
  readonly status: number;
  readonly meaning: string;
}

const code = (status: number, meaning: string): ServerCode => ({ status, meaning });

/**
 * The statuses follow one rule (ADR 0035): 400 the request is malformed; 401 a credential is missing or malformed;
 * 403 the credential is valid but does not act for that seat, character, account or campaign; 404 no such thing;
 * 409 the thing is not in a state that allows this now (its lifecycle, a membership, a limit it reached, a concurrent
 * change); 422 the rules refuse it; 429 and 503 retry later.
 */
export const SERVER_CODES = {
  // The request itself.
  'http/invalid-request': code(400, 'A parameter, header or body field fails its schema; `errors` names each field and what it expects.'),
  'http/malformed-json': code(400, 'The body is not JSON.'),
  'http/empty-body': code(400, 'The body is empty where JSON was declared.'),
  'http/bad-content-length': code(400, 'Content-Length does not match the body.'),
  'http/too-deep': code(400, 'The JSON body nests arrays or objects deeper than 32.'),
  'http/nul-character': code(400, 'The URL or a GraphQL string carries a NUL character.'),
  'http/unsupported-text': code(400, 'The request carries text that cannot be stored (a NUL character).'),
  'http/bad-url': code(400, 'The URL is malformed.'),
  'http/bad-request': code(400, 'The HTTP request is malformed in another way the detail names.'),
  'http/not-found': code(404, 'No route (or GraphiQL asset) has this path.'),
  'http/request-timeout': code(408, 'The request was not received within REQUEST_TIMEOUT_MS.'),
  'http/payload-too-large': code(413, 'The body is larger than BODY_LIMIT.'),
  'http/uri-too-long': code(414, 'A path parameter is longer than any id.'),
  'http/unsupported-media-type': code(415, 'The body is not application/json.'),
  'http/rate-limited': code(429, 'The caller spent its read or write budget; retry after Retry-After seconds.'),
  internal: code(500, 'An unexpected failure; the server log has it under the request id.'),
  'ops/not-ready': code(503, 'GET /ready: the event store is unreachable or migrations are not applied.'),
  'store/unavailable': code(503, 'The database is unreachable or restarting; retry after Retry-After seconds.'),
  'platform/unavailable': code(503, 'This node serves games only: players, characters and campaigns are off here.'),
  'read-model/behind': code(
    503,
    'The read model did not reach the log position given in `after` in time; retry after Retry-After seconds.',
  ),

  // Credentials.
  'auth/malformed-token': code(401, 'Authorization is not "Bearer <seat token or player key>".'),
  'auth/missing-token': code(401, 'This needs a seat token.'),
  'auth/missing-player-key': code(401, 'This needs a player key.'),
  'auth/missing-admin-key': code(401, 'This needs the admin key (X-Admin-Key).'),
  'auth/bad-token': code(403, 'The seat token holds no seat in this game.'),
  'auth/bad-player-key': code(403, 'The player key is unknown or revoked.'),
  'auth/bad-admin-key': code(403, 'The admin key is wrong.'),
  'auth/admin-disabled': code(403, 'This server has no admin key configured.'),
  'auth/not-your-account': code(403, "A player key acts for its own player's account only."),

  // Games: creating, seating, starting, playing, reading.
  'game/unknown-module': code(400, 'No module of this name runs here (GET /modules lists them).'),
  'game/bad-options': code(400, "The options fail the module's options schema; `errors` names each field."),
  'game/bad-seats': code(400, 'The module does not play with this many seats under these options.'),
  'game/bad-clock': code(400, 'The clock options are not valid.'),
  'game/unknown-bot': code(400, "No bot of this name plays the game's module."),
  'game/bot-with-character': code(400, 'A bot brings no character.'),
  'game/not-found': code(404, 'No game has this id.'),
  'game/not-your-seat': code(403, 'The player does not hold this seat.'),
  'game/not-open': code(409, 'Seats are claimed only before the game starts.'),
  'game/not-active': code(409, 'The game is not being played.'),
  'game/over': code(409, 'The game is finished or abandoned.'),
  'game/seat-taken': code(409, 'Someone holds this seat already.'),
  'game/full': code(409, 'Every seat is claimed.'),
  'game/seats-empty': code(409, 'A seat is empty: the game cannot start until every seat is held.'),
  'game/rules-retired': code(409, 'The game was played under a rules version this server no longer runs.'),
  'game/not-over': code(409, 'The seed and the command log are revealed once the game ends.'),
  'game/bot-only-limit': code(409, 'The server runs as many games of bots alone as BOT_ONLY_GAMES allows.'),
  'game/concurrency': code(409, 'The game kept changing under the request; retry.'),
  'game/no-such-seat': code(422, 'The table has no seat of this number.'),
  'game/character-seated': code(422, 'This character already holds a seat in this game.'),
  'game/no-players': code(422, 'Nobody holds a seat yet.'),
  'game/not-a-bot-seat': code(422, 'No bot of this name holds this seat.'),
  'game/no-bots': code(422, 'The module has no server bots.'),
  'games/bad-cursor': code(400, 'The cursor is not one this server issued.'),
  'command/malformed': code(
    400,
    "The command fails its module's command schema; `errors` names the command type, each field and what it expects.",
  ),
  'request/idempotency-key-reused': code(422, 'This Idempotency-Key was used for a different request.'),
  'replay/bad-revision': code(400, 'The revision is not a non-negative integer.'),
  'replay/no-such-revision': code(404, 'The game has no such revision yet.'),
  'module/not-found': code(404, 'No module of this name runs here.'),
  'module/no-notation': code(404, "The module's notation file is not installed on this server."),

  // Players.
  'player/bad-name': code(400, 'A name is 1 to 64 characters, with no control characters and no surrounding spaces.'),
  'player/not-found': code(404, 'No player has this id.'),
  'player/no-such-key': code(404, 'The player has no live key with this id.'),
  'player/last-key': code(409, 'The last live key cannot be revoked; issue another first.'),
  'player/too-many-keys': code(409, 'The player holds as many live keys as allowed; revoke one first.'),
  'player/concurrency': code(409, "The player's account kept changing under the request; retry."),

  // Characters.
  'character/unknown-module': code(400, 'No module of this name runs here.'),
  'character/bad-name': code(400, 'A name is 1 to 64 characters, with no control characters and no surrounding spaces.'),
  'character/bad-options': code(400, "The options fail the module's character options schema; `errors` names each field."),
  'character/malformed-command': code(400, "The command fails the module's character command schema; `errors` names each field."),
  'character/not-found': code(404, 'No character has this id.'),
  'character/not-owner': code(403, "The player key is not its owner's."),
  'character/busy': code(409, 'The character plays another game; a character sits in one active game at a time.'),
  'character/already-seated': code(409, 'The character already sits in this game.'),
  'character/concurrency': code(409, 'The character kept changing under the request; retry.'),
  'character/no-progression': code(422, 'The module has no characters.'),
  'character/wrong-module': code(422, "The character is of another module than the game's or the campaign's."),

  // Campaigns.
  'campaign/unknown-module': code(400, 'No module of this name runs here.'),
  'campaign/bad-name': code(400, 'A name is 1 to 64 characters, with no control characters and no surrounding spaces.'),
  'campaign/not-found': code(404, 'No campaign has this id.'),
  'campaign/not-member': code(403, 'Only members schedule games of a campaign.'),
  'campaign/already-member': code(409, 'The player is a member already.'),
  'campaign/full': code(409, 'The campaign has as many members as its module seats.'),
  'campaign/concurrency': code(409, 'The campaign kept changing under the request; retry.'),

  // Keeping a seat, and matchmaking.
  'seat/secret-required': code(400, "Recovering a seat needs the seat's player key, or the recovery secret its claim answered."),
  'ticket/bad-fill': code(400, 'fillWithBotsAfter is whole seconds from 0 to 86400.'),
  'ticket/not-found': code(404, 'No ticket has this id.'),
  'ticket/not-yours': code(403, 'A ticket is cancelled by its own player.'),
  'ticket/not-open': code(409, 'The ticket is placed or failed, or its game has started: it cannot be cancelled now.'),
  'ticket/concurrency': code(409, 'The ticket kept changing under the request; retry.'),

  // Being told: feeds and webhooks.
  'notifications/unavailable': code(503, 'This node serves games only: feeds and webhooks are off here.'),
  'webhook/bad-url': code(400, 'The webhook URL is not an absolute URL, or it carries a fragment.'),
  'webhook/not-https': code(400, 'The webhook URL is not https (http only where WEBHOOKS_ALLOW_PRIVATE is on).'),
  'webhook/credentials-in-url': code(400, 'The webhook URL carries a user name or password.'),
  'webhook/private-target': code(400, 'The webhook URL names a private, loopback or link-local address, or a local name.'),
  'webhook/not-found': code(404, 'No webhook of yours has this id.'),
  'webhook/too-many': code(409, 'You hold as many webhooks as allowed (10 a player, 100 the operator); delete one first.'),

  // Operators.
  'metrics/unauthorized': code(401, 'GET /metrics needs METRICS_TOKEN as a bearer token.'),

  // GraphQL documents.
  'graphql/invalid-query': code(400, 'The document does not parse or validate against the schema.'),
  'graphql/too-costly': code(400, 'The document would read the store or select fields beyond its budget; split it.'),
  'graphql/too-deep': code(400, 'The document nests brackets, or selects fields, deeper than allowed.'),
  'graphql/bad-argument': code(400, 'An argument is out of range.'),
  'graphql/subscription-needs-websocket': code(400, 'Subscriptions are served over WebSocket (graphql-transport-ws on /graphql).'),
} as const satisfies Readonly<Record<string, ServerCode>>;

export type ServerCodeName = keyof typeof SERVER_CODES;

/** The status of a server code, or undefined for a code the server does not own (a module's). */
export function statusOf(code: string): number | undefined {
  return Object.hasOwn(SERVER_CODES, code) ? SERVER_CODES[code as ServerCodeName].status : undefined;
}

/** One published code, as discovery lists it. */
export const RefusalCode = Type.Object(
  {
    code: Type.String({ description: 'The stable code, as problems carry it in `code` (GraphQL errors in `extensions.code`).' }),
    meaning: Type.String({ description: 'What it means, for people and for clients deciding what to do.' }),
  },
  { title: 'RefusalCode', description: 'A problem code with its meaning.' },
);

/** The server's codes as a contract schema: a string that is one of them, each described with its status. */
export function serverCodeSchema(): Record<string, unknown> {
  return {
    type: 'string',
    description: 'Every code the server itself answers with (HTTP, auth, the lobby, players, characters, campaigns, GraphQL).',
    oneOf: Object.entries(SERVER_CODES).map(([name, { status, meaning }]) => ({ const: name, description: `${status}: ${meaning}` })),
  };
}
