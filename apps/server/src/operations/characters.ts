// Characters: create one for a module with a progression, read its sheet, list a player's, and send the owner's
// commands (rules violations answer 422 with the module's code, as game commands do).
import { Type } from '@sinclair/typebox';
import { awaitReadModel, LogPosition } from '../positions';
import { explained } from '../explain';
import { playerOf } from './access';
import { operation } from './operation';
import {
  Character,
  CharacterCommand,
  CharacterCommandResult,
  CharacterList,
  CharacterOptions,
  IdempotencyKey,
  ModuleName,
  Name,
  Uuid,
} from './schemas';

const CharacterId = Uuid('The character id.');

export const createCharacter = operation({
  name: 'createCharacter',
  group: 'characters',
  summary: 'Create a character for one of your modules with characters (see GET /modules: progression).',
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object(
    {
      module: ModuleName('A module with characters (GET /modules says which).', 'raid'),
      name: Name("The character's name.", 'Hilde'),
      options: Type.Optional(CharacterOptions("The module's character creation options.")),
    },
    // The contract's request example: a raid character needs its class.
    { additionalProperties: false, examples: [{ module: 'raid', name: 'Hilde', options: { class: 'guardian' } }] },
  ),
  output: Character,
  problems: [401, 403, 413, 415, 422],
  run: ({ platform }, caller, { module, name, options }) =>
    platform.characters.create(playerOf(caller), { module, name, ...(options !== undefined && { options }) }),
});

export const listCharacters = operation({
  name: 'listCharacters',
  group: 'characters',
  summary: "A player's characters with their sheets, oldest first (from the character-sheets read model).",
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object(
    {
      owner: Uuid('Only characters of this player.'),
      module: Type.Optional(ModuleName('Only characters of this module.', 'raid')),
      after: Type.Optional(LogPosition),
    },
    { additionalProperties: false },
  ),
  output: CharacterList,
  problems: [],
  async run({ config, reads }, _caller, { owner, module, after }) {
    await awaitReadModel(reads, 'character-sheets', after, config.readWaitMs);
    return { items: await reads.charactersOf(owner, module) };
  },
});

export const getCharacter = operation({
  name: 'getCharacter',
  group: 'characters',
  summary: 'A character and its sheet, as its stream stands now.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({ id: CharacterId }, { additionalProperties: false }),
  output: Character,
  problems: [404],
  run: ({ platform }, _caller, { id }) => platform.characters.get(id),
});

export const commandCharacter = operation({
  name: 'commandCharacter',
  group: 'characters',
  summary: "Send the owner's command to a character (the module's character commands).",
  budget: 'write',
  auth: ['playerKey'],
  input: Type.Object(
    { id: CharacterId, command: CharacterCommand, idempotencyKey: Type.Optional(IdempotencyKey) },
    { additionalProperties: false },
  ),
  output: CharacterCommandResult,
  problems: [401, 403, 404, 409, 413, 415, 422],
  async run({ platform, modules }, caller, { id, command, idempotencyKey }) {
    const player = playerOf(caller);
    // Keys are scoped to the player, as a seat's are to the seat.
    const key = idempotencyKey === undefined ? undefined : `player:${player}:${idempotencyKey}`;
    return platform.characters.command(player, id, command, key).catch(async (error: unknown) => {
      // A malformed command is explained against the module's own schema, field by field.
      throw explained(error, modules[(await platform.characters.get(id)).module], { characterCommand: command });
    });
  },
});
