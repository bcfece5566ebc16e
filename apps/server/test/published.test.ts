// What modules publish reaches clients: seat commands only, refusal codes with their meanings, shipped content,
// examples the server accepts, and character options, commands and sheets as named schemas; GraphQL sheets a client
// can select for every module in one query. The published toy, a rival and a plain module stand in for real ones.
import t from 'tap';
import { SERVER_CODES } from '../src/codes';
import { call, graphql } from './support/http';
import { testApp, type TestApp } from './support/app';
import { plain, published, rival } from './support/published';
import { specOracle } from './support/spec';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const modules = { toy: published, rival, plain };
const refs = (node: Json): string[] => node.anyOf.map((r: Json) => r.$ref.replace('#/components/schemas/', ''));

async function contract(ctx: TestApp): Promise<Json> {
  return (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
}

t.test('seat commands only: the contract, discovery and GraphQL offer no automaton command to a seat', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const schemas = (await contract(ctx)).components.schemas;
  t.same(Object.keys(schemas.ToyCommand.discriminator.mapping), ['Draw', 'Stand'], 'ToyCommand: the seat commands');
  t.notOk(schemas['ToyCommand.Score'], "the dealer's Score is not published as a command");
  const entry = (await call(t, ctx.app, 'GET', '/modules')).body.items.find((m: Json) => m.name === 'toy');
  t.same(entry.commands, ['Draw', 'Stand']);
  const union = await graphql(ctx.app, '{ __type(name: "LegalCommand") { possibleTypes { name } } }');
  const types = union.body.data.__type.possibleTypes.map((p: Json) => p.name);
  t.ok(types.includes('ToyCommandDraw'));
  t.notOk(types.includes('ToyCommandScore'), 'no GraphQL type for it either');
});

t.test('refusal codes: each module’s in /modules and the contract; the server’s own; a problem carries one of them', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const list = (await call(t, ctx.app, 'GET', '/modules')).body.items;
  const toy = list.find((m: Json) => m.name === 'toy');
  t.same(
    toy.codes,
    Object.entries(published.codes ?? {})
      .map(([code, meaning]) => ({ code, meaning }))
      .sort((a, b) => a.code.localeCompare(b.code)),
    'every code with its meaning',
  );
  t.same(list.find((m: Json) => m.name === 'plain').codes, [], 'a module that publishes none lists none');
  const viaGraphql = await graphql(ctx.app, '{ modules { name codes { code meaning } } }');
  t.same(viaGraphql.body.data.modules.find((m: Json) => m.name === 'toy').codes, toy.codes, 'GraphQL lists the same');

  const document = await contract(ctx);
  const { schemas } = document.components;
  t.same(
    schemas.ToyCode.oneOf.map((c: Json) => c.const),
    toy.codes.map((c: Json) => c.code),
  );
  t.equal(schemas.ToyCode.oneOf[0].description, toy.codes[0].meaning);
  t.equal(schemas.PlainCode.pattern, '^plain/', 'a module without a list: its codes by prefix');
  t.same(
    schemas.ServerCode.oneOf.map((c: Json) => c.const),
    Object.keys(SERVER_CODES),
    'the server’s own codes',
  );
  t.same(refs(schemas.Problem.properties.code), ['ServerCode', 'PlainCode', 'RivalCode', 'ToyCode'], "a problem's code is one of them");
  const oracle = specOracle(document);
  const problem = (code: string) => ({
    statusCode: 422,
    headers: { 'content-type': 'application/problem+json' },
    body: JSON.stringify({ type: 'x', title: 'y', status: 422, code, detail: 'd' }),
  });
  const url = '/games/00000000-0000-4000-8000-000000000000/commands';
  t.same(oracle('POST', url, problem('toy/not-your-turn')), [], 'a published code conforms');
  t.not(oracle('POST', url, problem('toy/made-up')).length, 0, 'an unpublished one does not');
  t.not(oracle('POST', url, problem('http/made-up')).length, 0, 'nor a server code outside the table');
});

t.test("content: GET /modules/{name}/content and GraphQL moduleContent serve the module's own", async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const rest = await call(t, ctx.app, 'GET', '/modules/toy/content');
  t.same(rest.body, { module: 'toy', items: published.content });
  const viaGraphql = await graphql(ctx.app, '{ moduleContent(name: "toy") { items { id name type rarity text stats } } }');
  t.same(
    viaGraphql.body.data.moduleContent.items,
    published.content?.map((item) => ({ stats: null, ...item })),
  );
  t.same((await call(t, ctx.app, 'GET', '/modules/plain/content')).body.items, [], 'none shipped: an empty list');
  const missing = await call(t, ctx.app, 'GET', '/modules/chess/content');
  t.same([missing.status, missing.body.code], [404, 'module/not-found']);
  t.equal((await graphql(ctx.app, '{ moduleContent(name: "chess") { module } }')).code, 'module/not-found');
  const entry = (await call(t, ctx.app, 'GET', '/modules')).body.items.find((m: Json) => m.name === 'toy');
  t.same(entry.content, { items: 2, url: '/modules/toy/content' });
});

t.test("examples: every module command's example in the contract is accepted when it is that seat's move", async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const operation = (await contract(ctx)).paths['/games/{id}/commands'].post;
  const examples = operation.requestBody.content['application/json'].examples;
  t.same(
    Object.keys(examples).filter((name) => name.startsWith('toy.')),
    ['toy.Draw', 'toy.Stand'],
  );
  t.same(
    Object.keys(examples).filter((name) => name.startsWith('plain.')),
    ['plain.Draw', 'plain.Stop'],
    'bare commands are their own',
  );
  for (const name of ['toy.Draw', 'toy.Stand']) {
    const game = (await call(t, ctx.app, 'POST', '/games', { payload: { module: 'toy', seats: 2 } })).body;
    const token = (await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { payload: {} })).body.token;
    await call(t, ctx.app, 'POST', `/games/${game.id}/seats`, { payload: {} });
    const sent = await call(t, ctx.app, 'POST', `/games/${game.id}/commands`, { token, payload: examples[name].value });
    t.equal(sent.status, 200, `${name} is accepted`);
  }
});

t.test('characters: options, commands and sheets are named schemas; GraphQL serves every sheet in one selection', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const document = await contract(ctx);
  const { schemas } = document.components;
  for (const name of ['ToyCharacterOptions', 'ToyCharacterCommand', 'ToySheet', 'RivalSheet']) t.ok(schemas[name], `${name} is published`);
  t.notOk(schemas.PlainSheet, 'a module without characters has none');
  t.same(Object.keys(schemas.ToyCharacterCommand.discriminator.mapping), ['ChangeMotto', 'SpendPoint']);
  t.same(refs(schemas.Character.properties.sheet), ['RivalSheet', 'ToySheet'], "a character's sheet is its module's");
  t.same(refs(schemas.CharacterCommand), ['RivalCharacterCommand', 'ToyCharacterCommand'], 'a character command is its module’s');
  t.same(refs(schemas.CreateCharacterRequest.properties.options), ['RivalCharacterOptions', 'ToyCharacterOptions']);
  const body = document.paths['/characters/{id}/commands'].post.requestBody.content['application/json'];
  t.equal(body.schema.$ref, '#/components/schemas/CharacterCommand', 'POST /characters/{id}/commands takes a character command');

  const player = (await call(t, ctx.app, 'POST', '/players', { payload: { name: 'Ada' } })).body;
  const made = async (module: string) =>
    (await call(t, ctx.app, 'POST', '/characters', { token: player.key, payload: { module, name: 'Hero', options: { motto: 'up' } } })).body
      .id;
  const [mine, theirs] = [await made('toy'), await made('rival')];
  const query = 'query($id: ID!) { character(id: $id) { module toySheet { xp motto } rivalSheet { xp motto } } }';
  const toySheet = await graphql(ctx.app, query, { id: mine });
  t.equal(toySheet.body.errors, undefined, 'one selection asks for both sheets, whose xp differ in type');
  t.same(toySheet.body.data.character, { module: 'toy', toySheet: { xp: 0, motto: 'up' }, rivalSheet: null });
  const rivalSheet = await graphql(ctx.app, query, { id: theirs });
  t.same(rivalSheet.body.data.character, { module: 'rival', toySheet: null, rivalSheet: { xp: '0 points', motto: 'up' } });
  const union = await graphql(
    ctx.app,
    'query($id: ID!) { character(id: $id) { typedSheet { ... on ToySheet { xp } ... on RivalSheet { xp } } } }',
    { id: mine },
  );
  t.equal(union.code, 'graphql/invalid-query', 'why: the deprecated union cannot ask for both');
});
