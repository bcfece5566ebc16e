// Every REST route: one line per operation (the operation says everything else; see adapter.ts).
import { sha256 } from '@delve/kernel';
import { operations as op } from '../operations/index';
import { del, get, post, type RestRoute } from './adapter';

/**
 * What a view answer depends on: its revision and what the caller sees (a seat, a spectator, everything once the game
 * is over), so one client switching tokens never gets another viewer's 304.
 */
const viewTag = (answer: { revision: number; view: unknown }): string =>
  `${answer.revision}-${sha256(JSON.stringify(answer.view) ?? 'null', 'base64url').slice(0, 16)}`;

const replayed = {
  'Idempotent-Replayed': {
    description: '"true" when this is the stored answer of an earlier request with the same key.',
    value: (result: { replayed: boolean }) => String(result.replayed),
  },
};
const idempotencyKey = { 'idempotency-key': 'idempotencyKey' };

export const restRoutes: readonly RestRoute[] = [
  get('/modules', op.listModules),
  get('/modules/:name/notation', op.getModuleNotation),

  post('/games', op.createGame, { status: 201, location: (game: { id: string }) => `/games/${game.id}` }),
  get('/games', op.listGames),
  get('/games/:id', op.getGame, { etag: (game: { revision: number }) => String(game.revision) }),
  post('/games/:id/seats', op.claimSeat, { status: 201 }),
  post('/games/:id/seats/:seat/tokens', op.issueSeatToken, { status: 201 }),
  post('/games/:id/seats/:seat/recovery', op.recoverSeat),
  post('/games/:id/bots', op.seatBots),
  post('/games/:id/start', op.startGame),
  post('/games/:id/abandon', op.abandonGame),

  post('/games/:id/commands', op.sendCommand, { body: 'command', headers: idempotencyKey, replyHeaders: replayed }),
  get('/games/:id/view', op.getView, { etag: viewTag }),
  get('/games/:id/legal-commands', op.getLegalCommands),
  get('/games/:id/events', op.getEvents),
  get('/games/:id/audit', op.getAudit),

  post('/players', op.registerPlayer, { status: 201, location: (player: { id: string }) => `/players/${player.id}` }),
  get('/players/:id', op.getPlayer),
  get('/players/:id/seats', op.listActiveSeats),
  get('/players/:id/keys', op.listPlayerKeys),
  post('/players/:id/keys', op.issuePlayerKey, { status: 201 }),
  del('/players/:id/keys/:keyId', op.revokePlayerKey, { status: 204 }),

  post('/characters', op.createCharacter, { status: 201, location: (character: { id: string }) => `/characters/${character.id}` }),
  get('/characters', op.listCharacters),
  get('/characters/:id', op.getCharacter),
  post('/characters/:id/commands', op.commandCharacter, { body: 'command', headers: idempotencyKey }),

  post('/matchmaking/tickets', op.openTicket, { status: 201, location: (t: { id: string }) => `/matchmaking/tickets/${t.id}` }),
  get('/matchmaking/tickets', op.listTickets),
  get('/matchmaking/tickets/:id', op.getTicket),
  del('/matchmaking/tickets/:id', op.cancelTicket),

  post('/campaigns', op.createCampaign, { status: 201, location: (campaign: { id: string }) => `/campaigns/${campaign.id}` }),
  get('/campaigns/:id', op.getCampaign),
  post('/campaigns/:id/members', op.joinCampaign),
  post('/campaigns/:id/games', op.scheduleCampaignGame, { status: 201, location: (game: { gameId: string }) => `/games/${game.gameId}` }),
];
