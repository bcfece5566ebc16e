// Playing over REST: send a command, read the caller's view, legal commands, the redacted log and the audit.
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { credentialsOf, requireSeat, viewerFor, type Credentials } from '../auth';
import { auditBody, eventBody } from '../bodies';
import { notModified, viewerTag } from '../etag';
import { explained } from '../explain';
import { HttpProblem } from '../problems';
import {
  Audit,
  Command,
  CommandHeaders,
  CommandResult,
  EventPage,
  EventsQuery,
  GameIdParams,
  LegalCommands,
  ViewQuery,
  ViewResult,
  problems,
} from '../schemas';

/**
 * Send a command for the seat whose token is presented (REST and GraphQL alike). Idempotency keys are scoped to the
 * seat, so one player's key can never swallow another player's command; a malformed command is explained against the
 * module's own schema.
 */
export async function sendCommand(app: FastifyInstance, credentials: Credentials, id: string, command: unknown, key?: string) {
  const seat = await requireSeat(app.games, credentials, id);
  return app.games
    .execute(id, command, { seat, ...(key !== undefined && { idempotencyKey: `seat:${seat}:${key}` }) })
    .catch(async (error: unknown) => {
      throw explained(error, app.modules[(await app.games.summary(id)).module], { command });
    });
}

/** What a seat may send now: each command as is, and templates for commands with free parameters. */
export async function legalFor(app: FastifyInstance, credentials: Credentials, id: string) {
  const seat = await requireSeat(app.games, credentials, id);
  const [commands, templates] = await Promise.all([app.games.legalCommands(id, seat), app.games.commandTemplates(id, seat)]);
  return {
    seat,
    commands: [...commands],
    templates: templates.map((t) => ({ type: t.type, fixed: { ...t.fixed }, params: { ...t.params } })),
  };
}

const play: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/games/:id/commands',
    {
      schema: {
        operationId: 'sendCommand',
        tags: ['play'],
        summary: "Send one of the module's commands for the caller's seat.",
        description:
          'The command is checked against the module’s command schema and rules; its events (with the deal, the ' +
          'automaton’s follow-up and the end of the game when they follow) land atomically. With Idempotency-Key, a ' +
          'retry returns the first answer and appends nothing.',
        auth: ['seatToken'],
        params: GameIdParams,
        headers: CommandHeaders,
        body: Command,
        response: { 200: CommandResult, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
        responseHeaders: {
          200: { 'Idempotent-Replayed': '"true" when this is the stored answer of an earlier request with the same key.' },
        },
      },
    },
    async (request, reply) => {
      const result = await sendCommand(app, credentialsOf(request), request.params.id, request.body, request.headers['idempotency-key']);
      reply.header('idempotent-replayed', String(result.replayed));
      return { revision: result.revision, events: result.events.map(eventBody), view: result.view, replayed: result.replayed };
    },
  );

  app.get(
    '/games/:id/view',
    {
      schema: {
        operationId: 'getView',
        tags: ['play'],
        summary: "The caller's view: a seat's with its token, the spectator's without, everything with the admin key.",
        auth: ['seatToken', 'adminKey', 'anonymous'],
        params: GameIdParams,
        querystring: ViewQuery,
        response: { 200: ViewResult, 304: Type.Null(), ...problems(400, 401, 403, 404, 429) },
        responseHeaders: { 200: { ETag: 'A weak tag of the revision, status and viewer.' } },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const viewer = await viewerFor(app.games, credentialsOf(request), id, app.config.adminKey);
      const { revision: current, status } = await app.games.summary(id);
      const at = request.query.revision ?? current;
      if (at > current) throw new HttpProblem(404, 'replay/no-such-revision', `the game has revisions 0..${current}`);
      // After the end every viewer sees everything, so the status is part of what the view depends on.
      if (notModified(request, reply, `${at}-${status}-${viewerTag(viewer)}`)) return reply.code(304).send(null);
      return { revision: at, view: await app.games.view(id, viewer, at) };
    },
  );

  app.get(
    '/games/:id/legal-commands',
    {
      schema: {
        operationId: 'getLegalCommands',
        tags: ['play'],
        summary: "Everything the caller's seat may send now, awaited or not; each listed command is accepted as is.",
        auth: ['seatToken'],
        params: GameIdParams,
        response: { 200: LegalCommands, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => legalFor(app, credentialsOf(request), request.params.id),
  );

  app.get(
    '/games/:id/events',
    {
      schema: {
        operationId: 'getEvents',
        tags: ['play'],
        summary: 'The event log redacted for the caller (seat, spectator, or everything once the game has ended).',
        auth: ['seatToken', 'adminKey', 'anonymous'],
        params: GameIdParams,
        querystring: EventsQuery,
        response: { 200: EventPage, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { from, limit } = request.query;
      // The service shows everything to everyone once the game is over; before that it redacts for this viewer.
      const viewer = await viewerFor(app.games, credentialsOf(request), id, app.config.adminKey);
      const { revision } = await app.games.summary(id);
      // Redaction folds from the nearest record the node keeps (one every 64 events), so a page anywhere in a long
      // game costs what a page of a new one does.
      const items = await app.games.events(id, viewer, { from, limit });
      // `limit` counts stream revisions, not visible events (redaction may drop some), so pages never skip any.
      return { items: items.map(eventBody), nextFrom: from + limit <= revision ? from + limit : null };
    },
  );

  app.get(
    '/games/:id/audit',
    {
      schema: {
        operationId: 'getAudit',
        tags: ['play'],
        summary: 'Once the game has ended: the revealed seed, the command log, and a re-run under the rules it was played under.',
        params: GameIdParams,
        response: { 200: Audit, ...problems(400, 404, 409, 429) },
      },
    },
    async (request) => auditBody(await app.games.audit(request.params.id)),
  );
};

export default play;
