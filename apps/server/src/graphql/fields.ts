// Every GraphQL field over an operation: one line each (the operation says everything else; see adapter.ts). Fields
// on Game and the platform's types take their ids from the object they are on.
import type { Message } from '@delve/kernel';
import { operations as op } from '../operations/index';
import { field, mutation, query, type GraphqlContext, type GraphqlField } from './adapter';
import type { ModuleTypes } from './moduleTypes';

/** The fields, given how views, sheets and commands are typed per module. */
export function graphqlFields(types: ModuleTypes): readonly GraphqlField[] {
  const gameId = { gameId: 'id' };
  const ofGame = { id: 'id' };
  /** The answer with its `view` typed by the game's module. */
  const viewTyped = async (value: unknown, input: Readonly<Record<string, unknown>>, _context: GraphqlContext) => {
    const result = value as { view: unknown };
    return { ...result, view: types.view(await types.moduleOf(String(input.id)), result.view) };
  };
  const commandsTyped = async (value: unknown, input: Readonly<Record<string, unknown>>) => {
    const module = await types.moduleOf(String(input.id));
    return (value as Message[]).map((command) => types.command(module, command));
  };
  return [
    query('modules', op.listModules, { result: 'items' }),
    query('moduleNotation', op.getModuleNotation),
    query('game', op.getGame),
    query('games', op.listGames, { inputObject: { arg: 'filter', type: 'GamesFilter' } }),
    query('replay', op.getView, { args: gameId, shape: viewTyped }),
    query('events', op.getEvents, { args: gameId }),
    query('audit', op.getAudit, { args: gameId }),
    query('player', op.getPlayer),
    query('playerKeys', op.listPlayerKeys, { args: { playerId: 'id' }, result: 'items' }),
    query('activeSeats', op.listActiveSeats, { args: { playerId: 'id' }, result: 'items' }),
    query('character', op.getCharacter),
    query('characters', op.listCharacters, { result: 'items' }),
    query('campaign', op.getCampaign),
    query('ticket', op.getTicket),
    query('tickets', op.listTickets, { result: 'items' }),

    mutation('createGame', op.createGame),
    mutation('claimSeat', op.claimSeat, { args: gameId }),
    mutation('issueSeatToken', op.issueSeatToken, { args: gameId }),
    mutation('recoverSeat', op.recoverSeat, { args: gameId }),
    mutation('seatBots', op.seatBots, { args: gameId }),
    mutation('startGame', op.startGame, { args: gameId }),
    mutation('abandonGame', op.abandonGame, { args: gameId }),
    mutation('sendCommand', op.sendCommand, { args: gameId, shape: viewTyped }),
    mutation('registerPlayer', op.registerPlayer),
    mutation('issuePlayerKey', op.issuePlayerKey, { args: { playerId: 'id' } }),
    mutation('revokePlayerKey', op.revokePlayerKey, { args: { playerId: 'id' } }),
    mutation('createCharacter', op.createCharacter),
    mutation('commandCharacter', op.commandCharacter, { args: { characterId: 'id' } }),
    mutation('openTicket', op.openTicket),
    mutation('cancelTicket', op.cancelTicket, { args: { ticketId: 'id' } }),
    mutation('createCampaign', op.createCampaign),
    mutation('joinCampaign', op.joinCampaign, { args: { campaignId: 'id' } }),
    mutation('scheduleCampaignGame', op.scheduleCampaignGame, { args: { campaignId: 'id' } }),

    field('Game', 'view', op.getView, {
      parent: ofGame,
      result: 'view',
      shape: async (view, input) => types.view(await types.moduleOf(String(input.id)), view),
    }),
    field('Game', 'legalCommands', op.getLegalCommands, {
      parent: ofGame,
      result: 'commands',
      returns: '[LegalCommand!]!',
      shape: commandsTyped,
    }),
    field('Game', 'commandTemplates', op.getLegalCommands, { parent: ofGame, result: 'templates' }),
    field('Game', 'events', op.getEvents, { parent: ofGame }),
    field('CampaignMember', 'characterSheet', op.getCharacter, { parent: { id: 'character' }, returns: 'Character' }),
  ];
}
