// Matchmaking: ask for a seat at a kind of table and get one at the oldest table that fits (or a new one), list and
// cancel one's tickets. A ticket is placed at once when it can be; the matchmaker finishes any placement a crash
// interrupted.
import { checkFillAfter, ClockOptions, NotFoundError, ticketDocument, TicketDocument, TimeoutPolicy } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { awaitReadModel, LogPosition } from '../positions';
import { playerOf } from './access';
import { operation } from './operation';
import { ModuleName, Options, Uuid } from './schemas';

const TicketId = Uuid('The ticket id.');

/** A ticket, and the seat token when the request placed it (shown once; else take one with POST …/tokens). */
const TicketAnswer = Type.Object(
  {
    ...TicketDocument.properties,
    token: Type.Union([Type.String(), Type.Null()], {
      description:
        'The seat token when this request placed the ticket, shown once; null otherwise (take one with your player key: ' +
        'POST /games/{gameId}/seats/{seat}/tokens).',
    }),
  },
  { title: 'TicketPlacement', description: 'A ticket as it stands after the request, with the seat token if it got one.' },
);

export const openTicket = operation({
  name: 'openTicket',
  group: 'matchmaking',
  summary: 'Ask for a seat at a kind of table: the oldest open game that fits, or a new one; it starts when it fills.',
  description:
    'Tables fit when the module, its options (with defaults), the seat count and the clock are the same, a seat is ' +
    'free, and the character (if one is brought) may sit there. With fillWithBotsAfter, what is left of the table is ' +
    'filled with server bots that many seconds after the ticket was opened; a table nobody is left at by then (every ' +
    'ticket cancelled, no seat claimed) is abandoned as unfilled instead.',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object(
    {
      module: ModuleName('The module (GET /modules lists them).'),
      options: Type.Optional(Options("The module's options; defaults fill the rest.")),
      seats: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 16, description: "The table's seat count (default: the module's fewest)." }),
      ),
      character: Type.Optional(Uuid('Bring one of your characters of the module.')),
      clock: Type.Optional(ClockOptions),
      onTimeout: Type.Optional(TimeoutPolicy),
      fillWithBotsAfter: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 86_400, description: 'Fill the rest of the table with server bots after this many seconds.' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: TicketAnswer,
  problems: [401, 403, 404, 413, 415, 422],
  async run({ platform }, caller, input) {
    checkFillAfter(input.fillWithBotsAfter);
    const opened = await platform.matchmaking.open(playerOf(caller), input);
    // Placed now when it can be; otherwise the matchmaker places it shortly.
    const placed = await platform.matchmaking.place(opened.id).catch(() => ({ ticket: opened, token: null }));
    return { ...ticketDocument(placed.ticket), token: placed.token };
  },
  issues: (_input, { gameId, seat, token }) =>
    gameId !== null && seat !== null ? { token, caller: { kind: 'seat', gameId, seat } } : undefined,
});

export const getTicket = operation({
  name: 'getTicket',
  group: 'matchmaking',
  summary: 'One of your tickets: waiting, or the game and seat it got (or why it could not).',
  budget: 'read',
  auth: ['playerKey'],
  input: Type.Object({ id: TicketId }, { additionalProperties: false }),
  output: TicketDocument,
  problems: [401, 403, 404],
  async run({ platform }, caller, { id }) {
    const ticket = await platform.matchmaking.get(id);
    if (ticket.player !== playerOf(caller)) throw ticketNotFound(id);
    return ticketDocument(ticket);
  },
});

export const listTickets = operation({
  name: 'listTickets',
  group: 'matchmaking',
  summary: 'Your matchmaking tickets, newest first (from the tickets read model; give `after` to read your own write).',
  budget: 'read',
  auth: ['playerKey'],
  input: Type.Object({ after: Type.Optional(LogPosition) }, { additionalProperties: false }),
  output: Type.Object(
    { items: Type.Array(TicketDocument, { description: 'The last 100, newest first.' }) },
    { title: 'TicketList', description: "A player's tickets." },
  ),
  problems: [401, 403],
  async run({ config, reads }, caller, { after }) {
    await awaitReadModel(reads, 'tickets', after, config.readWaitMs);
    return { items: await reads.ticketsOf(playerOf(caller)) };
  },
});

export const cancelTicket = operation({
  name: 'cancelTicket',
  group: 'matchmaking',
  summary: 'Cancel one of your tickets: a placed one leaves its seat while its game has not started (409 once it has).',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object({ id: TicketId }, { additionalProperties: false }),
  output: TicketDocument,
  problems: [401, 403, 404, 409],
  async run({ platform }, caller, { id }) {
    const player = playerOf(caller);
    const ticket = await platform.matchmaking.get(id);
    if (ticket.player !== player) throw ticketNotFound(id);
    return ticketDocument((await platform.matchmaking.cancel(player, id)).ticket);
  },
});

/** Another player's ticket is not found, rather than forbidden: a ticket id says nothing about who holds it. */
const ticketNotFound = (id: string) => new NotFoundError('ticket/not-found', `no ticket ${id}`);
