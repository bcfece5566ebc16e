// The lobby: create and list games, read a summary, claim seats (anonymously or as a player bringing a character),
// take another token for a seat, start and abandon.
import { ClockOptions, GameLifecycle, GameSummary, RuleViolation, TimeoutPolicy, ValidationError } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { explained } from '../explain';
import { HttpProblem } from '../problems';
import { awaitReadModel, LogPosition } from '../positions';
import { playerOf } from './access';
import { operation } from './operation';
import type { OperationContext } from './context';
import { BotName, GameId, GameList, ModuleName, Name, Options, SeatClaimed, Uuid } from './schemas';

export const createGame = operation({
  name: 'createGame',
  group: 'games',
  summary: 'Create a game of a module with options and a seat count.',
  budget: 'write',
  auth: ['anonymous'],
  input: Type.Object(
    {
      module: ModuleName('The rules module (GET /modules lists them).'),
      options: Type.Optional(Options("The module's options; defaults fill the rest.")),
      seats: Type.Integer({ minimum: 1, maximum: 16, description: 'How many seats the table has.', examples: [2] }),
      clock: Type.Optional(ClockOptions),
      onTimeout: Type.Optional(TimeoutPolicy),
    },
    { additionalProperties: false },
  ),
  output: GameSummary,
  problems: [413, 415, 422],
  async run({ games, modules }, _caller, { module, options = {}, seats, clock, onTimeout }) {
    const timing = { ...(clock !== undefined && { clock }), ...(onTimeout !== undefined && { onTimeout }) };
    // A bad option is explained against the module's own schema.
    const created = await games.lobby.createGame({ module, options, seats, ...timing }).catch((error: unknown) => {
      throw explained(error, modules[module], { options });
    });
    return created.summary;
  },
});

export const listGames = operation({
  name: 'listGames',
  group: 'games',
  summary: 'List games from the games read model, newest first, paginated by cursor.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object(
    {
      module: Type.Optional(ModuleName('Only games of this module.')),
      status: Type.Optional(GameLifecycle),
      open: Type.Optional(Type.Boolean({ description: 'Only tables still open with a free seat (the lobby).' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size.', examples: [20] })),
      cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "Opaque cursor from a previous page's nextCursor." })),
      after: Type.Optional(LogPosition),
    },
    { additionalProperties: false },
  ),
  output: GameList,
  problems: [],
  async run({ config, reads }, _caller, { module, status, open, limit = 20, cursor, after }) {
    await awaitReadModel(reads, 'games-list', after, config.readWaitMs);
    const page = await reads.games({ module, status, open, limit, cursor });
    return { items: [...page.items], nextCursor: page.nextCursor };
  },
});

export const getGame = operation({
  name: 'getGame',
  group: 'games',
  summary: "The game's public summary (ETag: the revision; If-None-Match answers 304).",
  budget: 'read',
  auth: ['anonymous'],
  gameField: 'id',
  input: Type.Object({ id: GameId }, { additionalProperties: false }),
  output: GameSummary,
  problems: [404],
  run: async ({ games, presence }, _caller, { id }) => {
    const summary = await games.reads.summary(id);
    return { ...summary, connected: await presence.connected(id, summary.seats.length) };
  },
});

export const claimSeat = operation({
  name: 'claimSeat',
  group: 'games',
  summary: 'Claim a seat (a given one, or the lowest free one) and receive its token.',
  description:
    'Anonymously, or as a player with your player key, optionally bringing one of your characters of the ' +
    "game's module: the character's profile is recorded with the claim, and a character sits in one active " +
    'game at a time. The game starts by itself once every seat is claimed.',
  budget: 'write',
  auth: ['anonymous', 'playerKey'],
  gameField: 'id',
  input: Type.Object(
    {
      id: GameId,
      seat: Type.Optional(Type.Integer({ minimum: 0, description: 'The seat to claim (default: the lowest free one).', examples: [0] })),
      name: Type.Optional(Name('A display name for the seat (default: the character’s name, if one is brought).')),
      character: Type.Optional(
        Uuid('Bring one of your characters (needs your player key); its profile is recorded with the claim for the deal.'),
      ),
      bot: Type.Optional(BotName('Seat one of the module’s server bots instead (GET /modules lists them); no token is given.')),
    },
    { additionalProperties: false },
  ),
  output: SeatClaimed,
  problems: [401, 403, 404, 409, 413, 415, 422],
  async run(context, caller, { id, seat, name, character, bot }) {
    const { games, platform } = context;
    if (bot !== undefined) {
      if (character !== undefined) throw new HttpProblem(400, 'game/bot-with-character', 'a bot brings no character');
      await refuseBotOnlyTable(context, id, seat === undefined ? 1 : [seat]);
      const seated = await games.lobby.seatBots(id, bot, seat === undefined ? undefined : [seat]).catch((error: unknown) => {
        throw explainedBot(error, context, id, bot);
      });
      return { seat: seated.seats[0] as number, token: null, recoverySecret: null, revision: seated.revision };
    }
    const where = { ...(seat !== undefined && { seat }), ...(name !== undefined && { name }) };
    if (caller.kind === 'player') {
      const claimed = await platform.characters.claimSeat(id, caller.player, { ...where, ...(character !== undefined && { character }) });
      return { ...claimed, recoverySecret: null };
    }
    if (character !== undefined) throw new HttpProblem(401, 'auth/missing-player-key', 'bringing a character needs your player key');
    return games.lobby.claimSeat(id, where);
  },
  issues: ({ id }, { seat, token }) => ({ token, caller: { kind: 'seat', gameId: id, seat } }),
});

export const seatBots = operation({
  name: 'seatBots',
  group: 'games',
  summary: 'Seat server bots in every empty seat of the game (or in the seats named); the game starts once all are taken.',
  description:
    'A seated player fills the rest of the table, for a game of one person and bots. Bots play through the same rules ' +
    'as anyone, deciding from their seat’s view and legal commands, at the pace the operator sets.',
  budget: 'write',
  auth: ['seatToken'],
  gameField: 'id',
  input: Type.Object(
    {
      id: GameId,
      bot: Type.Optional(BotName("The bot (default: the module's first; GET /modules lists them).")),
      seats: Type.Optional(
        Type.Array(Type.Integer({ minimum: 0, maximum: 15 }), {
          minItems: 1,
          maxItems: 16,
          uniqueItems: true,
          description: 'Only these seats (default: every empty one).',
          examples: [[1]],
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: GameSummary,
  problems: [401, 403, 404, 409, 413, 415, 422],
  async run(context, _caller, { id, bot, seats }) {
    const { games, modules } = context;
    const { module } = await games.reads.summary(id);
    const name = bot ?? modules[module]?.bots?.[0]?.name;
    if (name === undefined) throw new HttpProblem(422, 'game/no-bots', `${module} has no server bots`);
    await games.lobby.seatBots(id, name, seats).catch((error: unknown) => {
      throw explainedBot(error, context, id, name);
    });
    return games.reads.summary(id);
  },
});

export const issueSeatToken = operation({
  name: 'issueSeatToken',
  group: 'games',
  summary: 'Take another token for a seat you hold as a player (a lost token, another device, a campaign game).',
  description: 'Earlier tokens of the seat keep working.',
  budget: 'write',
  auth: ['playerKey'],
  gameField: 'id',
  input: Type.Object(
    { id: GameId, seat: Type.Integer({ minimum: 0, maximum: 15, description: 'The seat.', examples: [0] }) },
    { additionalProperties: false },
  ),
  output: SeatClaimed,
  // No 422: a seat number the table lacks is a seat the player does not hold (403).
  problems: [401, 403, 404, 409],
  async run({ games }, caller, { id, seat }) {
    return { ...(await games.lobby.issueSeatToken(id, seat, playerOf(caller))), recoverySecret: null };
  },
  issues: ({ id }, { seat, token }) => ({ token, caller: { kind: 'seat', gameId: id, seat } }),
});

export const recoverSeat = operation({
  name: 'recoverSeat',
  group: 'games',
  summary: 'Take a seat back with a new token; every earlier token of the seat stops working.',
  description:
    'With the player key of the player who claimed it, or (for a seat claimed anonymously) with the recovery secret ' +
    'its claim answered; that secret is used up and the answer carries the next one. For a second device that keeps ' +
    'the first working, take another token instead (POST /games/{id}/seats/{seat}/tokens).',
  budget: 'write',
  auth: ['anonymous', 'playerKey'],
  gameField: 'id',
  input: Type.Object(
    {
      id: GameId,
      seat: Type.Integer({ minimum: 0, maximum: 15, description: 'The seat.', examples: [0] }),
      secret: Type.Optional(
        Type.String({ minLength: 1, maxLength: 100, description: 'The recovery secret of a seat claimed anonymously.' }),
      ),
    },
    // The contract's request example: without a player key, the secret is what recovers the seat.
    { additionalProperties: false, examples: [{ secret: 'rV3bq0n8YxL2c5HfJ7tKpWm9sD4gZa1E6uQyNoTiXkA' }] },
  ),
  output: SeatClaimed,
  problems: [400, 401, 403, 404, 409, 413, 415, 422],
  async run({ games }, caller, { id, seat, secret }) {
    if (caller.kind === 'player') return games.lobby.recoverSeat(id, seat, { player: caller.player });
    if (secret === undefined) {
      throw new ValidationError('seat/secret-required', "recovering a seat needs the seat's player key, or its recovery secret", [
        { path: '/secret', message: 'the recovery secret the claim answered (or send the player key)' },
      ]);
    }
    return games.lobby.recoverSeat(id, seat, { secret });
  },
  issues: ({ id }, { seat, token }) => ({ token, caller: { kind: 'seat', gameId: id, seat } }),
});

export const startGame = operation({
  name: 'startGame',
  group: 'games',
  summary: 'Ask to start the game (any seated player may); the claim of the last seat starts it by itself.',
  description:
    'Refused with 409 game/seats-empty while a seat is empty: no module can fill or skip a seat nobody holds, ' +
    'so such a game would wait forever. The problem names the empty seats and the table to create instead. Once ' +
    'every seat is held the game has started already (409 game/not-open), so today no call of this succeeds; it ' +
    'stays for clients written against it.',
  budget: 'write',
  auth: ['seatToken'],
  gameField: 'id',
  input: Type.Object({ id: GameId }, { additionalProperties: false }),
  output: GameSummary,
  // No 422: a seat token means a seat is held, so a game with no players is never started by one.
  problems: [401, 403, 404, 409],
  async run({ games }, _caller, { id }) {
    await games.lobby.startGame(id);
    return games.reads.summary(id);
  },
});

export const abandonGame = operation({
  name: 'abandonGame',
  group: 'games',
  summary: 'Abandon the game (a seated player, or the operator with the admin key).',
  budget: 'write',
  auth: ['seatToken', 'adminKey'],
  gameField: 'id',
  input: Type.Object({ id: GameId }, { additionalProperties: false }),
  output: GameSummary,
  problems: [401, 403, 404, 409],
  async run({ games }, caller, { id }) {
    await games.lobby.abandonGame(id, caller.kind === 'seat' ? caller.seat : null);
    return games.reads.summary(id);
  },
});

/** The bot-only tables the operator allows at once (BOT_ONLY_GAMES): a claim that would make one past it is refused. */
async function refuseBotOnlyTable(context: OperationContext, gameId: string, seating: 1 | readonly number[]): Promise<void> {
  const summary = await context.games.reads.summary(gameId);
  const people = summary.seats.filter((s) => s.claimed && s.bot === null).length;
  const empty = summary.seats.filter((s) => !s.claimed).length;
  const filled = seating === 1 ? 1 : seating.length;
  if (people > 0 || filled < empty) return; // someone plays, or seats stay for people
  const allowed = context.config.tables.botOnlyGames;
  if (allowed === 0 || (await context.reads.botOnlyGames()) >= allowed) {
    throw new HttpProblem(409, 'game/bot-only-limit', `this server runs at most ${allowed} games of bots alone at once; seat a person`);
  }
}

/** An unknown bot is named with the module's bots. */
function explainedBot(error: unknown, context: OperationContext, gameId: string, bot: string): unknown {
  if (!(error instanceof RuleViolation) || error.code !== 'game/unknown-bot') return error;
  const module = context.games.streams.cachedRecord(gameId)?.module;
  const names = (module ? (context.modules[module]?.bots ?? []) : []).map((b) => b.name);
  return new ValidationError(
    'game/unknown-bot',
    `no bot ${JSON.stringify(bot)} plays this game; its bots are ${names.join(', ') || 'none'}`,
    [{ path: '/bot', message: `must be one of ${names.map((n) => JSON.stringify(n)).join(', ') || 'nothing: the module has no bots'}` }],
  );
}
