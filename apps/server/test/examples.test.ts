// Every request example of the contract is one the server accepts as input (issue 30): each operation's parameters,
// headers and body as openapi.yaml gives them, sent as they are; and every module command and character command
// example sent to a real game or character of its module. Refusals for the state of the world (404 for the example
// ids, 401 without a credential, 409, 422 for a rule) are fine; a 400 (or a 422 naming a malformed field) is not.
import t, { type Test } from 'tap';
import { loadModules } from '../src/modules';
import { testApp, type TestApp } from './support/app';
import { call, type Called } from './support/http';
import { openapi } from './support/spec';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const deref = (node: Json): Json =>
  typeof node.$ref === 'string'
    ? deref(
        node.$ref
          .replace(/^#\//, '')
          .split('/')
          .reduce((o: Json, k: string) => o[k], openapi as Json),
      )
    : node;

/** The bodies an operation's examples give: each named example, or its one example, or none. */
function bodies(operation: Json): { name: string; body: unknown }[] {
  const media = operation.requestBody?.content?.['application/json'];
  if (!media) return [{ name: 'no body', body: undefined }];
  if (media.examples) return Object.entries(media.examples as Record<string, Json>).map(([name, e]) => ({ name, body: e.value }));
  return 'example' in media ? [{ name: 'example', body: media.example }] : [];
}

/** Whether a reply refuses the input itself rather than what it asks of the world. */
const refusesInput = (reply: Called): boolean =>
  reply.status === 400 || reply.status === 413 || reply.status === 415 || (reply.status === 422 && reply.body?.errors !== undefined);

/** Send an operation's example: its parameters' examples, except the path parameters given in `ids`. */
async function send(
  t: Test,
  ctx: TestApp,
  request: { method: string; path: string; operation: Json; body: unknown; token?: string; ids?: Record<string, string> },
): Promise<Called> {
  const { method, path, operation, body, token, ids = {} } = request;
  const parameters = ((operation.parameters ?? []) as Json[]).map(deref);
  let url = path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const p of parameters) {
    if (p.example === undefined) continue;
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(ids[p.name] ?? p.example)));
    else if (p.in === 'query') query.push(`${p.name}=${encodeURIComponent(String(p.example))}`);
    else if (p.in === 'header') headers[p.name] = String(p.example);
  }
  const target = query.length > 0 ? `${url}?${query.join('&')}` : url;
  return call(t, ctx.app, method.toUpperCase() as 'GET', target, {
    ...(token !== undefined && { token }),
    ...(body !== undefined && { payload: body }),
    headers,
  });
}

t.test('every operation accepts its own example as input', async (t) => {
  const ctx = await testApp({ READ_WAIT_MS: '0' }, await loadModules());
  t.teardown(ctx.close);
  let sent = 0;
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods as Record<string, Json>)) {
      const examples = bodies(operation);
      t.ok(examples.length > 0, `${method} ${path} has a request example`);
      for (const { name, body } of examples) {
        const reply = await send(t, ctx, { method, path, operation, body });
        sent++;
        t.notOk(refusesInput(reply), `${method} ${path} (${name}): ${reply.status} ${reply.body?.code ?? ''}`, {
          errors: reply.body?.errors,
        });
      }
    }
  }
  t.ok(sent > 100, `sent ${sent} examples`);
});

t.test("every module command's and character command's example is well formed for a real game or character", async (t) => {
  const modules = await loadModules();
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const schemas = (openapi.components as Json).schemas as Record<string, Json>;
  const player = (await call(t, ctx.app, 'POST', '/players', { payload: { name: 'Ada' } })).body;
  const commands = openapi.paths['/games/{id}/commands']!.post as Json;
  const characterCommands = openapi.paths['/characters/{id}/commands']!.post as Json;
  const creating = openapi.paths['/characters']!.post as Json;

  // The contract's own example of creating a character, as a player.
  const created = await send(t, ctx, {
    method: 'post',
    path: '/characters',
    operation: creating,
    body: bodies(creating)[0]?.body,
    token: player.key,
  });
  t.equal(created.status, 201, `POST /characters (example): ${created.status} ${created.body?.code ?? ''}`, {
    errors: created.body?.errors,
  });

  for (const module of Object.values(modules)) {
    const info = modules[module.name]!.info;
    const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: module.name, seats: info?.seats.min ?? 2 } })).body;
    const tokens: string[] = [];
    for (let seat = 0; seat < game.seats.length; seat++) {
      tokens.push((await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { payload: { seat } })).body.token);
    }
    for (const { name, body } of bodies(commands).filter((e) => e.name.startsWith(`${module.name}.`))) {
      const reply = await send(t, ctx, {
        method: 'post',
        path: '/games/{id}/commands',
        operation: commands,
        body,
        token: tokens[0] as string,
        ids: { id: game.id },
      });
      t.notOk(refusesInput(reply), `${name}: ${reply.status} ${reply.body?.code ?? ''}`, { errors: reply.body?.errors, body });
    }

    const optionsSchema = schemas[`${module.name[0]!.toUpperCase()}${module.name.slice(1)}CharacterOptions`];
    if (!module.progression || !optionsSchema) continue;
    const options = optionsSchema.examples?.[0];
    const character = await call(t, ctx.app, 'POST', '/characters', {
      token: player.key,
      payload: { module: module.name, name: 'Hero', ...(options !== undefined && { options }) },
    });
    t.equal(character.status, 201, `${module.name}: a character from the options' example`, { errors: character.body?.errors });
    for (const { name, body } of bodies(characterCommands).filter((e) => e.name.startsWith(`${module.name}.`))) {
      const reply = await call(t, ctx.app, 'POST', `/characters/${character.body.id}/commands`, { token: player.key, payload: body });
      t.notOk(refusesInput(reply), `${name}: ${reply.status} ${reply.body?.code ?? ''}`, { errors: reply.body?.errors, body });
    }
  }
});
