// Discovery: the modules this server runs, with their options, seat counts, a summary and their notation.
import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { HttpProblem } from '../problems';
import { operation } from './operation';
import { ModuleList, ModuleName, ModuleNotation } from './schemas';

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
  run: async ({ catalog }) => ({ items: [...catalog] }),
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
  async run({ catalog }, _caller, { name }) {
    const entry = catalog.find((m) => m.name === name);
    if (!entry) throw new HttpProblem(404, 'module/not-found', `no module "${name}" runs here; GET /modules lists them`);
    // Only the path a loaded module itself names is read, so no request can point this at another file.
    const markdown = await readFile(new URL(entry.notation.path, ROOT), 'utf8').catch(() => {
      throw new HttpProblem(404, 'module/no-notation', `the ${entry.name} module's notation file is not installed here`);
    });
    return { module: entry.name, path: entry.notation.path, markdown };
  },
});
