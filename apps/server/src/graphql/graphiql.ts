// GraphiQL at /graphiql, served from the packages installed with the project (graphiql and React's browser builds),
// so it works on a machine without internet; a small start script points it at /graphql.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { HttpProblem } from '../problems';

const require = createRequire(import.meta.url);
const packageDir = (name: string): string => dirname(require.resolve(name));

/** The only files /graphiql/assets/ serves: name → where it is installed and its content type. */
const ASSETS: Readonly<Record<string, { path: () => string; type: string }>> = {
  'react.js': { path: () => join(packageDir('react'), 'umd/react.production.min.js'), type: 'text/javascript' },
  'react-dom.js': { path: () => join(packageDir('react-dom'), 'umd/react-dom.production.min.js'), type: 'text/javascript' },
  'graphiql.js': { path: () => require.resolve('graphiql/graphiql.min.js'), type: 'text/javascript' },
  'graphiql.css': { path: () => require.resolve('graphiql/graphiql.min.css'), type: 'text/css' },
  'start.js': { path: () => new URL('./graphiql.start.js', import.meta.url).pathname, type: 'text/javascript' },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Delve GraphiQL</title>
    <link rel="stylesheet" href="/graphiql/assets/graphiql.css" />
  </head>
  <body style="margin: 0">
    <div id="graphiql" style="height: 100vh">Loading GraphiQL…</div>
    <script src="/graphiql/assets/react.js"></script>
    <script src="/graphiql/assets/react-dom.js"></script>
    <script src="/graphiql/assets/graphiql.js"></script>
    <script src="/graphiql/assets/start.js"></script>
  </body>
</html>
`;

/** GET /graphiql and its assets; the files are read once, on first use. */
export const graphiql: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, Promise<Buffer>>();
  app.get('/graphiql', { config: { rateLimit: false } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get<{ Params: { file: string } }>('/graphiql/assets/:file', { config: { rateLimit: false } }, async (request, reply) => {
    const asset = Object.hasOwn(ASSETS, request.params.file) ? ASSETS[request.params.file] : undefined;
    if (!asset) throw new HttpProblem(404, 'http/not-found', `no GraphiQL asset ${request.params.file}`);
    let body = cache.get(request.params.file);
    if (!body) cache.set(request.params.file, (body = readFile(asset.path())));
    return reply
      .type(`${asset.type}; charset=utf-8`)
      .header('cache-control', 'public, max-age=3600')
      .send(await body);
  });
};
