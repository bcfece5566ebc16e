// The tickets read model: one document per matchmaking ticket, folded by the kernel's own fold, and its query (a
// player's tickets, newest first).
import { eventTime, evolveTicket, ticketDocument, type TicketDocument, type TicketEvent, type TicketState } from '@delve/kernel';
import type { Sql } from 'postgres';
import { storable } from './documents';
import type { Projection } from './projection';

/** A stored ticket: the document the API serves, and the state it is folded on from. */
export interface TicketDoc {
  readonly document: TicketDocument;
  readonly state: TicketState;
}

export const TICKETS = 'tickets-v1';

export const tickets: Projection<TicketDoc> = {
  name: TICKETS,
  streamPrefixes: ['ticket-'],
  idsOf: (event) => [event.streamId.slice('ticket-'.length)],
  apply(doc, event) {
    const state = evolveTicket(doc?.state, event.data as TicketEvent, eventTime(event));
    return { state, document: ticketDocument(state) };
  },
};

/** A player's tickets, newest first (the last 100). */
export async function ticketsOf(sql: Sql, player: string): Promise<TicketDocument[]> {
  if (!storable(player)) return [];
  const rows = await sql<{ doc: TicketDoc }[]>`
    select doc from read_models
     where projection = ${TICKETS} and doc -> 'document' ->> 'player' = ${player}
     order by doc -> 'document' ->> 'openedAt' desc, id desc
     limit 100`;
  return rows.map((r) => r.doc.document);
}
