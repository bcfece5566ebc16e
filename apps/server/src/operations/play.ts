// Playing: send a command for a seat, read the caller's view (now or at any revision), what the seat may send, the
// redacted event log, and the audit once the game is over.
import { AuditResult } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { explained } from '../explain';
import { HttpProblem } from '../problems';
import { freshness, seatOf, viewerOf } from './access';
import { operation } from './operation';
import { Command, CommandResult, EventPage, GameId, IdempotencyKey, LegalCommands, ViewResult } from './schemas';

export const sendCommand = operation({
  name: 'sendCommand',
  group: 'play',
  summary: "Send one of the module's commands for the caller's seat.",
  description:
    'The command is checked against the module’s command schema and rules; its events (with the deal, the ' +
    'automaton’s follow-up and the end of the game when they follow) land atomically. With Idempotency-Key, a ' +
    'retry returns the first answer and appends nothing.',
  budget: 'write',
  auth: ['seatToken'],
  gameField: 'id',
  input: Type.Object({ id: GameId, command: Command, idempotencyKey: Type.Optional(IdempotencyKey) }, { additionalProperties: false }),
  output: CommandResult,
  problems: [401, 403, 404, 409, 413, 415, 422],
  async run({ games, modules, presence }, caller, { id, command, idempotencyKey }) {
    const seat = seatOf(caller);
    // Keys are scoped to the seat, so one player's key can never swallow another player's command.
    const key = idempotencyKey === undefined ? {} : { idempotencyKey: `seat:${seat}:${idempotencyKey}` };
    const tokenHash = caller.kind === 'seat' ? caller.tokenHash : undefined;
    const result = await games.commands
      .execute(id, command, { seat, ...key, ...(tokenHash !== undefined && { tokenHash }) })
      .catch(async (error: unknown) => {
        // A malformed command is explained against the module's own schema.
        throw explained(error, modules[(await games.reads.summary(id)).module], { command });
      });
    // The summary as GET /games/{id} gives it, with who is connected now.
    return { ...result, game: { ...result.game, connected: await presence.connected(id, result.game.seats.length) } };
  },
});

export const getView = operation({
  name: 'getView',
  group: 'play',
  summary: "The caller's view: a seat's with its token, the spectator's without, everything with the admin key.",
  description: 'With `revision`, the view as it was then (a replay); once the game is over every viewer sees everything.',
  budget: 'read',
  auth: ['seatToken', 'adminKey', 'anonymous'],
  gameField: 'id',
  input: Type.Object(
    {
      id: GameId,
      revision: Type.Optional(
        Type.Integer({ minimum: 0, description: 'Replay the view as it was at this stream revision (default: now).', examples: [10] }),
      ),
    },
    { additionalProperties: false },
  ),
  output: ViewResult,
  problems: [401, 403, 404],
  async run({ games, presence }, caller, { id, revision }) {
    const { revision: current, clock, seats } = await games.reads.summary(id, freshness(caller, games));
    const at = revision ?? current;
    if (at > current) throw new HttpProblem(404, 'replay/no-such-revision', `the game has revisions 0..${current}`);
    return {
      revision: at,
      clock,
      connected: await presence.connected(id, seats.length),
      view: await games.reads.view(id, viewerOf(caller), at),
    };
  },
});

export const getLegalCommands = operation({
  name: 'getLegalCommands',
  group: 'play',
  summary: "Everything the caller's seat may send now, awaited or not; each listed command is accepted as is.",
  budget: 'read',
  auth: ['seatToken'],
  gameField: 'id',
  input: Type.Object({ id: GameId }, { additionalProperties: false }),
  output: LegalCommands,
  problems: [401, 403, 404],
  async run({ games }, caller, { id }) {
    const seat = seatOf(caller);
    return { seat, ...(await games.reads.legal(id, seat, freshness(caller, games))) };
  },
});

export const getEvents = operation({
  name: 'getEvents',
  group: 'play',
  summary: 'The event log redacted for the caller (seat, spectator, or everything once the game has ended).',
  budget: 'read',
  auth: ['seatToken', 'adminKey', 'anonymous'],
  gameField: 'id',
  input: Type.Object(
    {
      id: GameId,
      from: Type.Optional(
        Type.Integer({ minimum: 0, default: 0, description: 'First stream revision to return (inclusive).', examples: [0] }),
      ),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'How many revisions to cover.', examples: [100] }),
      ),
    },
    { additionalProperties: false },
  ),
  output: EventPage,
  problems: [401, 403, 404],
  async run({ games }, caller, { id, from = 0, limit = 100 }) {
    const fresh = freshness(caller, games);
    const { revision } = await games.reads.summary(id, fresh);
    // Redaction folds from the nearest record the node keeps (one every 64 events), so a page anywhere in a long game
    // costs what a page of a new one does.
    const items = await games.reads.events(id, viewerOf(caller), { from, limit }, fresh);
    // `limit` counts stream revisions, not visible events (redaction may drop some), so pages never skip any.
    return { items, nextFrom: from + limit <= revision ? from + limit : null };
  },
});

export const getAudit = operation({
  name: 'getAudit',
  group: 'play',
  summary: 'Once the game has ended: the revealed seed, the command log, and a re-run under the rules it was played under.',
  budget: 'read',
  auth: ['anonymous'],
  gameField: 'id',
  input: Type.Object({ id: GameId }, { additionalProperties: false }),
  output: AuditResult,
  problems: [404, 409],
  run: ({ games }, _caller, { id }) => games.audit.audit(id),
});
