// Discovery: the modules this server runs, with their options, seat counts, a summary and their notation.
import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from '../problems';
import { operation } from './operation';
import { ModuleContent, ModuleList, ModuleName, ModuleNotation } from './schemas';

/** The repository root: a module's `info.notation` is a path inside it. */
const ROOT = new URL('../../../../', import.meta.url);

export const listModules = operation({
  name: 'listModules',
  group: 'modules',
  summary: 'The game modules this server runs: options with defaults, seat counts, a summary, the notation.',
  description:
    "Each module's commands, events, view and options are named schemas of this document (see `schemas`); " +
    'GET /games/{id}/legal-commands then says what a seat may send at each moment.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({}, { additionalProperties: false }),
  output: ModuleList,
  problems: [],
  inMemory: true,
  run: async ({ catalog }) => ({ items: [...catalog] }),
});

/** 404 for a module this server does not run. */
const unknownModule = (name: string) => new HttpProblem(404, 'module/not-found', `no module "${name}" runs here; GET /modules lists them`);

export const getModuleContent = operation({
  name: 'getModuleContent',
  group: 'modules',
  summary: "A module's own shipped content: cards, heroes, rooms… with their ids, names, types, rarities and texts.",
  description:
    'What a client needs to show a card, offer an unlock or name a dungeon; ids are those commands, options and ' +
    'character sheets use. A module that ships no content answers an empty list.',
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({ name: ModuleName('The module name.') }, { additionalProperties: false }),
  output: ModuleContent,
  problems: [404],
  inMemory: true,
  async run({ modules }, _caller, { name }) {
    const module = Object.hasOwn(modules, name) ? modules[name] : undefined;
    if (!module) throw unknownModule(name);
    return { module: module.name, items: [...(module.content ?? [])] };
  },
});

export const getModuleNotation = operation({
  name: 'getModuleNotation',
  group: 'modules',
  summary: "A module's rules in our words and its notation of cards, rooms and coordinates, as Markdown.",
  budget: 'read',
  auth: ['anonymous'],
  input: Type.Object({ name: ModuleName('The module name.') }, { additionalProperties: false }),
  output: ModuleNotation,
  problems: [404],
  inMemory: true,
  async run({ catalog }, _caller, { name }) {
    const entry = catalog.find((m) => m.name === name);
    if (!entry) throw unknownModule(name);
    // Only the path a loaded module itself names is read, so no request can point this at another file.
    const markdown = await readFile(new URL(entry.notation.path, ROOT), 'utf8').catch(() => {
      throw new HttpProblem(404, 'module/no-notation', `the ${entry.name} module's notation file is not installed here`);
    });
    return { module: entry.name, path: entry.notation.path, markdown };
  },
});
