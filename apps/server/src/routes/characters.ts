// Characters over REST: create one for a module with a progression, read its sheet, list a player's, and send the
// owner's commands (rules violations answer 422 with the module's code, as game commands do).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { credentialsOf, requirePlayer } from '../auth';
import {
  Character,
  CharacterCommandResult,
  CharacterIdParams,
  CharacterList,
  CharactersQuery,
  Command,
  CommandHeaders,
  CreateCharacterRequest,
  problems,
} from '../schemas';

const characters: FastifyPluginAsyncTypebox = async (app) => {
  const { characters: service, players } = app.platform;

  app.post(
    '/characters',
    {
      schema: {
        operationId: 'createCharacter',
        tags: ['characters'],
        summary: 'Create a character for one of your modules with characters (see GET /modules: progression).',
        auth: ['playerKey'],
        body: CreateCharacterRequest,
        response: { 201: Character, ...problems(400, 401, 403, 413, 415, 422, 429) },
        responseHeaders: { 201: { Location: 'Where the character is.' } },
      },
    },
    async (request, reply) => {
      const player = await requirePlayer(players, credentialsOf(request));
      const { module, name, options } = request.body;
      const character = await service.create(player, { module, name, ...(options !== undefined && { options }) });
      return reply.code(201).header('location', `/characters/${character.id}`).send(character);
    },
  );

  app.get(
    '/characters',
    {
      schema: {
        operationId: 'listCharacters',
        tags: ['characters'],
        summary: "A player's characters with their sheets, oldest first (from the character-sheets read model).",
        querystring: CharactersQuery,
        response: { 200: CharacterList, ...problems(400, 429) },
      },
    },
    async (request) => ({ items: await app.platformReads.charactersOf(request.query.owner, request.query.module) }),
  );

  app.get(
    '/characters/:id',
    {
      schema: {
        operationId: 'getCharacter',
        tags: ['characters'],
        summary: 'A character and its sheet, as its stream stands now.',
        params: CharacterIdParams,
        response: { 200: Character, ...problems(400, 404, 429) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/characters/:id/commands',
    {
      schema: {
        operationId: 'commandCharacter',
        tags: ['characters'],
        summary: "Send the owner's command to a character (the module's character commands).",
        auth: ['playerKey'],
        params: CharacterIdParams,
        headers: CommandHeaders,
        body: Command,
        response: { 200: CharacterCommandResult, ...problems(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const player = await requirePlayer(players, credentialsOf(request));
      const key = request.headers['idempotency-key'];
      return service.command(player, request.params.id, request.body, key === undefined ? undefined : `player:${player}:${key}`);
    },
  );
};

export default characters;
