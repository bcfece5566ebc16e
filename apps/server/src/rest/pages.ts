// The pages for people (ADR 0050): the lobby at /, a game's log in words for the table, and the page at a character's,
// player's or campaign's own address when a browser asks for HTML. The pages call the API like any client.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { isLobbyEvent, type AnyGameModule, type LobbyEvent, type Message, type VisibleEvent } from '@delve/kernel';
import { operations as op, type Admitted, type Operations } from '../operations/index';
import { viewerOf } from '../operations/access';

const VIEWER = new URL('../../viewer/', import.meta.url);
/** Addresses that are an API resource and a page: a browser's navigation (HTML first in Accept) gets the page. */
const PAGE_OF_RESOURCE = /^\/(?:characters|players|campaigns)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;
const wantsPage = (accept: string | undefined): boolean => accept !== undefined && /^\s*text\/html/i.test(accept);

/** One sentence for a lobby event (the kernel's, on every game), in the words the modules' `describe` uses. */
function describeLobby(event: LobbyEvent): string {
  switch (event.type) {
    case 'GameCreated':
      return `A ${event.module} game for ${event.seats} seats was created${event.clock ? ` with a ${event.clock.kind} clock` : ''}.`;
    case 'SeatClaimed':
      return `Seat ${event.seat} was taken by ${event.bot ? `the ${event.bot} bot` : (event.name ?? 'a player')}.`;
    case 'SeatRecovered':
      return `Seat ${event.seat} was recovered by its player.`;
    case 'SeatTokenIssued':
      return `Seat ${event.seat}'s player joined from another device.`;
    case 'SeatReleased':
      return `Seat ${event.seat} is free again.`;
    case 'GameStarted':
      return 'The game started.';
    case 'ClockSet':
      return 'The clock was set.';
    case 'SeatTimedOut':
      return `Seat ${event.seat} ran out of time (${event.applied}).`;
    case 'AutopilotEngaged':
      return `The ${event.bot} bot plays seat ${event.seat} until its player is back.`;
    case 'AutopilotReleased':
      return `Seat ${event.seat}'s player is back.`;
    case 'GameAbandoned':
      return `The game was abandoned${event.reason === 'idle' ? ': nobody played' : event.reason === 'unfilled' ? ': the table never filled' : ''}.`;
    case 'GameFinished':
      return event.winners.length === 0
        ? 'The game is over: nobody won.'
        : `The game is over: ${event.winners.map((s) => `seat ${s}`).join(' and ')} won.`;
  }
}

export interface PagesOptions {
  readonly operations: Operations;
  readonly modules: Readonly<Record<string, AnyGameModule>>;
}

const pages: FastifyPluginAsync<PagesOptions> = async (app, { operations, modules }) => {
  // One shell for the lobby and the people pages: its script picks the page by the address.
  const shell = await readFile(new URL('page.html', VIEWER), 'utf8');
  const html = 'text/html; charset=utf-8';

  app.get('/', async (_request, reply) => reply.type(html).send(shell));

  // Before routing: the same address answers the API's JSON to clients and the page to a browser's navigation.
  // Synchronous, so that every other request pays one comparison and no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && PAGE_OF_RESOURCE.test(request.url.split('?')[0] ?? '')) {
      // Both answers of the address depend on Accept: caches must key them apart.
      reply.header('vary', 'Accept');
      if (wantsPage(request.headers.accept)) {
        void reply.type(html).send(shell);
        return;
      }
    }
    done();
  });

  // getEvents with a sentence per event: the same credentials, rate limit and redaction as GET /games/{id}/events.
  app.get<{ Params: { id: string } }>(
    '/watch/:id/log',
    { config: { operation: op.getEvents, binding: { path: ['id'], query: ['from', 'limit'], headers: {}, body: null } } },
    async (request) => {
      const admitted = request.admitted as Admitted;
      const { output } = await operations.run(op.getEvents, admitted);
      const page = output as { items: VisibleEvent[]; nextFrom: number | null };
      const { module: name } = await operations.context.games.reads.summary(String(admitted.input.id));
      const module = Object.hasOwn(modules, name) ? modules[name] : undefined;
      const viewer = viewerOf(admitted.caller);
      const text = (event: VisibleEvent): string => {
        const data = { ...(event.data as object), type: event.type } as Message;
        if (isLobbyEvent(data)) return describeLobby(data);
        // A sentence is a courtesy: an event the module cannot put in words (an old shape) keeps its type.
        try {
          return module?.describe?.(data, viewer) ?? `${event.type}.`;
        } catch {
          return `${event.type}.`;
        }
      };
      return {
        items: page.items.map((event) => ({ revision: event.revision, type: event.type, at: event.at, text: text(event) })),
        nextFrom: page.nextFrom,
      };
    },
  );
};

// Its hook must see every request (the API's routes are registered beside it, not inside it).
(pages as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default pages;
