// The shapes the kernel hands to the API, declared once as TypeBox schemas: the kernel's types, the REST contract
// (openapi.yaml), the server's validation and serialisation and the GraphQL types are all derived from these.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ClockOptions, TimeoutPolicy } from './clock';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });

/**
 * Names people give (players, characters, campaigns, seats): no control characters (Unicode's Cc: U+0000-U+001F and
 * U+007F-U+009F), no surrounding spaces. Written without \\p{…} so that validators compiling it without the u flag
 * (TypeBox's) read it as validators with it do.
 */
export const DISPLAY_NAME = '^[^\\s\\x00-\\x1f\\x7f-\\x9f]([^\\x00-\\x1f\\x7f-\\x9f]{0,62}[^\\s\\x00-\\x1f\\x7f-\\x9f])?$';
const displayName = new RegExp(DISPLAY_NAME, 'u');
export const isDisplayName = (name: string): boolean => displayName.test(name);

export const SeatNumber = Type.Integer({ minimum: 0, description: 'A seat at the table, 0-based in clockwise order.' });

export const GameLifecycle = Type.Union(
  [Type.Literal('open'), Type.Literal('active'), Type.Literal('finished'), Type.Literal('abandoned')],
  {
    title: 'GameStatus',
    description: 'Where a game is in its life: open (seats being claimed), active (being played), finished or abandoned.',
  },
);
export type GameLifecycle = Static<typeof GameLifecycle>;

export const SeatInfo = Type.Object(
  {
    seat: SeatNumber,
    claimed: Type.Boolean({ description: 'Whether someone holds the seat.' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'The name given when the seat was claimed.' }),
    player: Type.Union([Uuid('The player account holding the seat.'), Type.Null()], {
      description: 'The player account that claimed the seat; null for an anonymous claim.',
    }),
    character: Type.Union([Uuid('The character playing at the seat.'), Type.Null()], {
      description: 'The character seated here; null when the seat was claimed without one.',
    }),
    bot: Type.Union([Type.String(), Type.Null()], {
      description: "The server bot holding the seat (a module's bot name); null for a person.",
    }),
    autopilot: Type.Boolean({ description: "True while a server bot plays the seat for its person, since the seat's time ran out." }),
  },
  { title: 'SeatInfo', description: 'One seat of a game as everyone may see it.' },
);
export type SeatInfo = Static<typeof SeatInfo>;

export const ClockState = Type.Object(
  {
    options: ClockOptions,
    onTimeout: TimeoutPolicy,
    deadlines: Type.Array(
      Type.Object(
        {
          seat: SeatNumber,
          at: Type.String({ description: "When the seat's time runs out (ISO 8601); compare with the response's Date." }),
        },
        { title: 'SeatDeadline', description: 'A deadline in force.' },
      ),
      { description: 'Each awaited seat’s deadline while the game is active.' },
    ),
    banks: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0 }), {
        description: "Time banks: milliseconds left in each seat's bank, not counting the deadline running now.",
      }),
    ),
  },
  { title: 'ClockState', description: 'A game’s turn clock as it stands.' },
);

export const GameSummary = Type.Object(
  {
    id: Uuid('The game id.'),
    module: Type.String({ description: 'The rules module the game is played under.' }),
    rulesVersion: Type.String({ description: 'The version of the module rules the game was created under.' }),
    status: GameLifecycle,
    phase: Type.String({ description: "The module's name for where the game stands (lobby, play, a prompt…)." }),
    seats: Type.Array(SeatInfo, { description: 'Every seat of the table, in seat order.' }),
    awaiting: Type.Array(SeatNumber, { description: 'Seats that must act before the game can go on.' }),
    winners: Type.Union([Type.Array(SeatNumber), Type.Null()], {
      description: 'The winning seats once the game is finished (empty when nobody won); null before.',
    }),
    revision: Type.Integer({ minimum: 0, description: "Revision of the game stream's last event." }),
    seedHash: Type.String({ description: 'SHA-256 of the secret seed, published at creation; the seed is revealed at the end.' }),
    campaign: Type.Union([Uuid('The campaign.'), Type.Null()], { description: 'The campaign the game was scheduled for, if any.' }),
    clock: Type.Union([ClockState, Type.Null()], { description: 'The turn clock; null for a game without one.' }),
    connected: Type.Optional(
      Type.Array(SeatNumber, {
        description:
          'Seats connected now, on any node: an open subscription, or a request within PRESENCE_SECONDS. Given by ' +
          'GET /games/{id} (GraphQL game); not part of the game’s log.',
      }),
    ),
  },
  { title: 'GameSummary', description: "A game's public summary." },
);
export type GameSummary = Static<typeof GameSummary>;

export const CommandTemplate = Type.Object(
  {
    type: Type.String({ description: 'The command type.' }),
    fixed: Type.Object({}, { additionalProperties: true, description: 'Fields the command must carry as given.' }),
    params: Type.Object(
      {},
      { additionalProperties: true, description: 'JSON Schema of each free field: any value it allows is accepted.' },
    ),
  },
  {
    title: 'CommandTemplate',
    description:
      'A legal command with free parameters (an amount, a declared value): `{ type, ...fixed, ...values }` is accepted ' +
      'for every value each parameter schema allows. Listed instead of one sample value, so the legal list is exactly ' +
      'what the rules accept.',
  },
);
/** The schema's type, with its open objects typed as what modules put in them. */
export type CommandTemplate = Omit<Static<typeof CommandTemplate>, 'fixed' | 'params'> & {
  readonly fixed: Readonly<Record<string, unknown>>;
  readonly params: Readonly<Record<string, TSchema>>;
};

export const VisibleEvent = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, description: 'The event’s revision in the game stream.' }),
    type: Type.String({ description: 'The event type (lobby events, then the module’s).' }),
    data: Type.Unknown({ description: 'The event as the caller may see it (hidden information removed).' }),
    at: Type.String({ description: 'When the command that caused it was decided (ISO 8601).' }),
  },
  { title: 'Event', description: 'One event of a game’s log, redacted for the caller.' },
);
export type VisibleEvent = Static<typeof VisibleEvent>;

export const ExecuteResult = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, description: 'The game’s revision after the command.' }),
    events: Type.Array(VisibleEvent, { description: 'What the command caused, redacted for the caller.' }),
    view: Type.Unknown({ description: "The caller's view after the command." }),
    replayed: Type.Boolean({ description: 'True when the Idempotency-Key was seen before: the first outcome, nothing appended.' }),
  },
  { title: 'CommandResult', description: 'The outcome of a command.' },
);
export type ExecuteResult = Static<typeof ExecuteResult>;

export const AuditCommand = Type.Object(
  {
    revision: Type.Integer({ minimum: 0, description: 'Revision of the first event the input wrote.' }),
    actor: Type.String({ description: "Who sent it: 'seat:<n>', 'lobby'." }),
    input: Type.Unknown({ description: 'The recorded input (claim, start, abandon, or a seat’s command).' }),
  },
  { title: 'AuditCommand', description: 'One recorded input of the audit log.' },
);
export type AuditCommand = Static<typeof AuditCommand>;

export const AuditVerdict = Type.Union([Type.Literal('verified'), Type.Literal('diverged'), Type.Literal('rules-unavailable')], {
  description:
    'verified: re-running the inputs reproduced every event; diverged: it did not (see divergence); rules-unavailable: ' +
    'the game was played under a rules version this server no longer runs, so it cannot be re-run here.',
});

export const AuditResult = Type.Object(
  {
    verdict: AuditVerdict,
    verified: Type.Boolean({ description: 'True exactly when the verdict is verified.' }),
    seed: Type.String({ description: 'The revealed seed; its SHA-256 is the seedHash published at creation.' }),
    rulesVersion: Type.Object(
      {
        played: Type.String({ description: 'The rules version the game was played under.' }),
        running: Type.Union([Type.String(), Type.Null()], { description: 'The version this server runs; null for an unknown module.' }),
      },
      { description: 'The rules the game was played under and the rules available for re-running it.' },
    ),
    commands: Type.Array(AuditCommand, { description: 'Every recorded input, in the order it was decided.' }),
    divergence: Type.Optional(
      Type.Object(
        {
          revision: Type.Integer({ minimum: 0, description: 'The first revision where the re-run differs.' }),
          reason: Type.String({ description: 'How it differs, for humans.' }),
          expected: Type.Unknown({ description: 'The stored event.' }),
          actual: Type.Unknown({ description: 'What the re-run produced.' }),
        },
        { description: 'The first place the re-run departs from the stored stream.' },
      ),
    ),
  },
  { title: 'Audit', description: "A finished game's audit: the seed, the command log, and whether re-running it reproduces the stream." },
);
export type AuditResult = Static<typeof AuditResult>;

// --- Players, characters, campaigns ---------------------------------------------------------------------------

export const PlayerSummary = Type.Object(
  {
    id: Uuid('The player id.'),
    name: Type.String({ description: 'The name the player registered with.' }),
    registeredAt: Type.String({ description: 'When the player registered (ISO 8601).' }),
  },
  { title: 'Player', description: 'A player account as everyone may see it (keys are never shown).' },
);
export type PlayerSummary = Static<typeof PlayerSummary>;

export const PlayerKeyInfo = Type.Object(
  {
    keyId: Uuid('The key id (the second part of the key).'),
    issuedAt: Type.String({ description: 'When the key was issued (ISO 8601).' }),
  },
  { title: 'PlayerKeyInfo', description: 'A live key of a player, as its owner may list it: never the key itself.' },
);
export type PlayerKeyInfo = Static<typeof PlayerKeyInfo>;

export const CharacterGame = Type.Object(
  {
    gameId: Uuid('The game.'),
    seat: SeatNumber,
    won: Type.Boolean({ description: 'Whether the seat was among the winners.' }),
    at: Type.String({ description: 'When the game ended (ISO 8601).' }),
  },
  { title: 'CharacterGame', description: 'A finished game recorded on a character (each game once).' },
);
export type CharacterGame = Static<typeof CharacterGame>;

export const CharacterDocument = Type.Object(
  {
    id: Uuid('The character id.'),
    owner: Uuid('The player who owns the character.'),
    module: Type.String({ description: 'The module the character belongs to.' }),
    name: Type.String({ description: 'The character’s name.' }),
    createdAt: Type.String({ description: 'When it was created (ISO 8601).' }),
    revision: Type.Integer({ minimum: 0, description: 'Revision of the character stream this document reflects.' }),
    seatedIn: Type.Union(
      [
        Type.Object(
          {
            gameId: Uuid('The game.'),
            since: Type.String({ description: 'When the seat was taken (ISO 8601).' }),
          },
          { title: 'CharacterSeat', description: 'Where a character sits now.' },
        ),
        Type.Null(),
      ],
      { description: 'The game the character sits in now (a character plays one active game at a time); null when free.' },
    ),
    games: Type.Array(CharacterGame, { description: 'Every finished game recorded on the character, oldest first.' }),
    sheet: Type.Unknown({ description: "The module's character sheet (its shape is the module's sheet schema)." }),
  },
  { title: 'Character', description: 'A character: who owns it, where it sits and its sheet.' },
);
export type CharacterDocument = Static<typeof CharacterDocument>;

export const CampaignMember = Type.Object(
  {
    player: Uuid('The member.'),
    name: Type.String({ description: "The member's player name when they joined." }),
    character: Type.Union([Uuid('The character they play.'), Type.Null()], { description: 'The character they bring, if any.' }),
  },
  { title: 'CampaignMember', description: 'A member of a campaign.' },
);
export type CampaignMember = Static<typeof CampaignMember>;

export const CampaignSeat = Type.Object(
  {
    seat: SeatNumber,
    player: Type.Union([Uuid('The player.'), Type.Null()], { description: 'The player account seated; null for none.' }),
    character: Type.Union([Uuid('The character.'), Type.Null()], { description: 'The character seated; null for none.' }),
    won: Type.Optional(Type.Boolean({ description: 'Whether the seat won (once the game ended).' })),
    outcome: Type.Optional(Type.Unknown({ description: "What the module's progression says the seat earned (once the game ended)." })),
  },
  { title: 'CampaignSeat', description: 'Who sat where in a campaign game, and what they earned.' },
);
/** A seat as scheduled (won and outcome come when the game ends). */
export type CampaignSeat = Static<typeof CampaignSeat>;
/** A seat of an ended game. */
export type CampaignSeatResult = CampaignSeat & { won: boolean; outcome: unknown };

/**
 * What a module's progression may put in a seat's outcome as `tally`, for the campaign to add up: the side the seat
 * played (null: no sides), whether that side reached its goal, and counts by name (quests, heroes defeated, ...).
 */
export const CampaignTally = Type.Object(
  {
    side: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
      description: 'The side the seat played; null in a game without sides.',
    }),
    goal: Type.Boolean({ description: 'Whether the seat’s side reached its goal.' }),
    counts: Type.Record(Type.String({ maxLength: 64 }), Type.Integer(), { description: 'What the seat achieved, by name.' }),
  },
  { title: 'CampaignTally', description: "A seat's contribution to its campaign's standing." },
);
export type CampaignTally = Static<typeof CampaignTally>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const CampaignCount = Type.Object(
  { name: Type.String({ description: 'What is counted (the module names it).' }), total: Type.Integer({ description: 'The sum.' }) },
  { title: 'CampaignCount', description: 'One named count summed over a campaign’s finished games.' },
);
export type CampaignCount = Static<typeof CampaignCount>;

export const CampaignSideStanding = Type.Object(
  {
    side: Type.String({ description: 'The side, as the module names it.' }),
    games: Count('Finished games in which someone played this side.'),
    goals: Count('Of those, the games in which the side reached its goal.'),
  },
  { title: 'CampaignSideStanding', description: 'How one side has fared over the campaign.' },
);

export const CampaignMemberStanding = Type.Object(
  {
    player: Uuid('The member.'),
    character: Type.Union([Uuid('The character it played last.'), Type.Null()], { description: 'The character it played last, if any.' }),
    games: Count('Finished games it sat in.'),
    wins: Count('Games it won.'),
    goals: Count('Games in which its side reached its goal.'),
    counts: Type.Array(CampaignCount, { description: 'Its tallies summed, by name.' }),
  },
  { title: 'CampaignMemberStanding', description: 'How one member has fared over the campaign.' },
);

export const CampaignStanding = Type.Object(
  {
    sides: Type.Array(CampaignSideStanding, { description: 'Per side (modules whose games have sides), in order of first appearance.' }),
    members: Type.Array(CampaignMemberStanding, { description: 'Per member who finished a game, in order of first appearance.' }),
  },
  { title: 'CampaignStanding', description: "The campaign at a glance: its finished games' tallies added up." },
);
export type CampaignStanding = Static<typeof CampaignStanding>;

export const CampaignGame = Type.Object(
  {
    gameId: Uuid('The game.'),
    status: Type.Union([Type.Literal('scheduled'), Type.Literal('finished'), Type.Literal('abandoned')], {
      description: 'scheduled until the game ends.',
    }),
    scheduledAt: Type.Union([Type.String(), Type.Null()], { description: 'When it was scheduled (null: created outside the campaign).' }),
    endedAt: Type.Union([Type.String(), Type.Null()], { description: 'When it ended (ISO 8601); null until then.' }),
    winners: Type.Array(SeatNumber, { description: 'The winning seats once it finished (empty until then, or when nobody won).' }),
    goals: Type.Optional(
      Type.Array(Type.String(), { description: 'The sides that reached their goal, from the seats’ tallies (once the game ended).' }),
    ),
    seats: Type.Array(CampaignSeat, { description: 'Who sat where.' }),
  },
  { title: 'CampaignGame', description: 'A game played in a campaign’s name.' },
);
export type CampaignGame = Static<typeof CampaignGame>;

export const CampaignDocument = Type.Object(
  {
    id: Uuid('The campaign id.'),
    name: Type.String({ description: "The campaign's name." }),
    module: Type.String({ description: 'The module every game of the campaign is played under.' }),
    owner: Uuid('The player who created it.'),
    createdAt: Type.String({ description: 'When it was created (ISO 8601).' }),
    revision: Type.Integer({ minimum: 0, description: 'Revision of the campaign stream this document reflects.' }),
    members: Type.Array(CampaignMember, { description: 'Its members, in the order they joined.' }),
    games: Type.Array(CampaignGame, { description: 'Every game scheduled or recorded, in order.' }),
    standing: Type.Optional(CampaignStanding),
  },
  { title: 'Campaign', description: "A campaign's members and the games played in its name, with their results." },
);
export type CampaignDocument = Static<typeof CampaignDocument>;

export const TicketDocument = Type.Object(
  {
    id: Uuid('The ticket id.'),
    player: Uuid('The player who asked for a seat.'),
    status: Type.Union(
      [Type.Literal('open'), Type.Literal('placed'), Type.Literal('seated'), Type.Literal('cancelled'), Type.Literal('failed')],
      {
        title: 'TicketStatus',
        description:
          'open: waiting for a seat; placed: a seat is assigned and being claimed; seated: the seat (gameId, seat) is the ' +
          "player's; cancelled by its player; failed (see failure).",
      },
    ),
    module: Type.String({ description: 'The module of the table it asks for.' }),
    seats: Type.Integer({ minimum: 1, description: 'The seat count of the table it asks for.' }),
    character: Type.Union([Uuid('The character it brings.'), Type.Null()], { description: 'The character it brings, if any.' }),
    fillWithBotsAfter: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description: 'Seconds after which the rest of its table is filled with server bots; null: never.',
    }),
    gameId: Type.Union([Uuid('The game.'), Type.Null()], { description: 'The game it got a seat in, once placed.' }),
    seat: Type.Union([SeatNumber, Type.Null()], { description: 'The seat it got, once placed.' }),
    openedAt: Type.String({ description: 'When it was opened (ISO 8601).' }),
    endedAt: Type.Union([Type.String(), Type.Null()], { description: 'When it was placed, cancelled or failed (ISO 8601).' }),
    failure: Type.Union(
      [
        Type.Object(
          {
            code: Type.String({ description: 'The stable code of why.' }),
            reason: Type.String({ description: 'Why, for humans.' }),
          },
          { title: 'TicketFailure', description: 'Why a ticket could not be placed.' },
        ),
        Type.Null(),
      ],
      { description: 'Why it failed; null otherwise.' },
    ),
  },
  { title: 'Ticket', description: "A player's ticket for a seat at a kind of table, and where it ended." },
);
export type TicketDocument = Static<typeof TicketDocument>;
