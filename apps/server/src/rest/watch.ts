// The table viewer at /watch/{gameId}: a static page with small ES modules (apps/server/viewer/), no build step. It
// reads the game through the public API like any client, so it is not part of the REST contract itself.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { HttpProblem } from '../problems';

const VIEWER = new URL('../../viewer/', import.meta.url);
/** The files the viewer is made of: a page, a stylesheet and scripts, by name; nothing else is served. */
const ASSET = /^(?:[a-z][a-z0-9-]*\/)?[a-z][a-z0-9-]*\.(js|css)$/;
const TYPES: Readonly<Record<string, string>> = { js: 'text/javascript', css: 'text/css' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const watch: FastifyPluginAsync = async (app) => {
  const page = await readFile(new URL('index.html', VIEWER), 'utf8');
  app.get<{ Params: { id: string } }>('/watch/:id', async (request, reply) => {
    if (!UUID.test(request.params.id)) throw new HttpProblem(400, 'http/invalid-request', 'the game id is a UUID');
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get<{ Params: { '*': string } }>('/watch/assets/*', async (request, reply) => {
    const name = request.params['*'];
    const kind = ASSET.exec(name)?.[1];
    if (kind === undefined) throw new HttpProblem(404, 'http/not-found', `no viewer file ${name}`);
    const body = await readFile(new URL(name, VIEWER)).catch(() => {
      throw new HttpProblem(404, 'http/not-found', `no viewer file ${name}`);
    });
    return reply.type(`${TYPES[kind]}; charset=utf-8`).send(body);
  });
};

export default watch;
