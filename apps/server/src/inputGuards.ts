// Hostile-input guards every route shares: JSON nested absurdly deep and NUL in the URL.
// Each answers 400 with a stable code before any handler runs.
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problems';

/** Deepest nesting of arrays and objects a JSON body may have; no module's options or commands come near it. */
export const MAX_JSON_DEPTH = 32;

const OPEN = new Set(['[', '{', '(']);
const CLOSE = new Set([']', '}', ')']);

/**
 * What is wrong with a JSON (or GraphQL) text before it is parsed, or null. Deep nesting is refused because later
 * steps (parsers, schema checks, defaults, cloning) recurse. One linear pass over the text, skipping the inside of
 * strings. A NUL inside a string is data like any other: the event store keeps it and read models store U+FFFD.
 */
export function textProblem(text: string, maxDepth = MAX_JSON_DEPTH): 'too-deep' | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inString) {
      if (c === '"') inString = false;
      else if (c === '\\') i++; // the escaped character cannot end the string
    } else if (c === '"') inString = true;
    else if (OPEN.has(c)) {
      if (++depth > maxDepth) return 'too-deep';
    } else if (CLOSE.has(c)) depth--;
  }
  return null;
}

/** The 400 for a JSON text `textProblem` refuses. */
export function jsonProblem(text: string): HttpProblem | null {
  return textProblem(text) === 'too-deep'
    ? new HttpProblem(400, 'http/too-deep', `JSON may nest at most ${MAX_JSON_DEPTH} arrays or objects deep`)
    : null;
}

/** Install the guards on an app (before its routes, so they apply to every route registered after). */
export function installInputGuards(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Bodies are JSON: fastify's own text/plain parser would hand a route a string it then refuses as malformed (400)
  // rather than as the wrong media type (415).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    const problem = jsonProblem(text);
    if (problem) done(problem, undefined);
    else parse(request, text, done);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    // A percent-encoded NUL reaches PostgreSQL as text it refuses; the raw byte is refused by the HTTP parser.
    if (request.url.includes('%00')) done(new HttpProblem(400, 'http/nul-character', 'the URL must not contain NUL (%00)'));
    else done();
  });
}
