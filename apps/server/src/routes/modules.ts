// Discovery: the modules this server runs, with their options, seat counts, a summary and their notation.
import { readFile } from 'node:fs/promises';
import type { AnyGameModule } from '@delve/kernel';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalog } from '../catalog';
import { HttpProblem } from '../problems';
import { ModuleList, ModuleNotation, ModuleParams, problems } from '../schemas';

/** The repository root: a module's `info.notation` is a path inside it. */
const ROOT = new URL('../../../../', import.meta.url);

const modules: FastifyPluginAsyncTypebox<{ modules: Readonly<Record<string, AnyGameModule>> }> = async (app, options) => {
  const entries = catalog(options.modules);
  const list = { items: entries };

  app.get(
    '/modules',
    {
      schema: {
        operationId: 'listModules',
        tags: ['modules'],
        summary: 'The game modules this server runs: options with defaults, seat counts, a summary, the notation.',
        description:
          "Each module's commands, events, view and options are named schemas of this document (see `schemas`); " +
          'GET /games/{id}/legal-commands then says what a seat may send at each moment.',
        response: { 200: ModuleList, ...problems(429) },
      },
    },
    async () => list,
  );

  app.get(
    '/modules/:name/notation',
    {
      schema: {
        operationId: 'getModuleNotation',
        tags: ['modules'],
        summary: "A module's rules in our words and its notation of cards, rooms and coordinates, as Markdown.",
        params: ModuleParams,
        response: { 200: ModuleNotation, ...problems(400, 404, 429) },
      },
    },
    async (request) => {
      const entry = entries.find((m) => m.name === request.params.name);
      if (!entry) throw new HttpProblem(404, 'module/not-found', `no module "${request.params.name}" runs here; GET /modules lists them`);
      // Only the path a loaded module itself names is read, so no request can point this at another file.
      const markdown = await readFile(new URL(entry.notation.path, ROOT), 'utf8').catch(() => {
        throw new HttpProblem(404, 'module/no-notation', `the ${entry.name} module's notation file is not installed here`);
      });
      return { module: entry.name, path: entry.notation.path, markdown };
    },
  );
};

export default modules;
