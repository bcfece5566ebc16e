// Discovery (GET /modules and each module's notation) and errors that say what is wrong with a command or options.
import { dungeon } from '@delve/game-dungeon';
import { venture } from '@delve/game-venture';
import t from 'tap';
import { explainCommand, explainOptions, expectation } from '../src/explain';
import { loadModules } from '../src/modules';
import { call } from './support/http';
import { testApp } from './support/app';

t.test('expectations read as English from the schema', async (t) => {
  t.equal(expectation({ type: 'integer', minimum: 0, maximum: 13 }), 'an integer from 0 to 13');
  t.equal(expectation({ type: 'integer', minimum: 1 }), 'an integer of at least 1');
  t.equal(expectation({ anyOf: [{ const: 'a' }, { const: 'b' }] }), 'one of "a", "b"');
  t.equal(expectation({ anyOf: [{ type: 'string', maxLength: 8 }, { type: 'null' }] }), 'a string with a length of at most 8 or null');
  t.equal(expectation({ type: 'array', minItems: 1, items: { type: 'boolean' } }), 'an array with a length of at least 1 of true or false');
});

t.test('a malformed command names its type, the field and what the field expects', async (t) => {
  const wrong = explainCommand(dungeon, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 'x' });
  t.same(wrong?.details, [{ path: '/ask', message: 'must be an integer from 0 to 13' }]);
  t.equal(wrong?.message, 'not a valid dungeon UseMyrmiddon command: /ask: must be an integer from 0 to 13');
  t.equal(wrong?.code, 'command/malformed');
  const missing = explainCommand(dungeon, { type: 'CaveIn', card: '7H' });
  t.same(missing?.details, [{ path: '/target', message: 'is required: it must be an integer from 0 to 11' }]);
  const extra = explainCommand(dungeon, { type: 'EndTurn', cards: 3 });
  t.same(extra?.details, [{ path: '/cards', message: 'is not a field here (the fields are type)' }]);
  const nested = explainCommand(dungeon, { type: 'Fight', cards: [{ card: '7H', as: 40 }] });
  t.same(nested?.details, [{ path: '/cards/0/as', message: 'must be an integer from 1 to 13' }]);
  t.equal(explainCommand(dungeon, { type: 'EndTurn' }), null, 'a valid command has nothing to explain');
});

t.test('an unknown or missing type lists the types the module has', async (t) => {
  const types = dungeon.commandSchema.anyOf
    .map((v: { properties: { type: { const: string } } }) => JSON.stringify(v.properties.type.const))
    .join(', ');
  const unknown = explainCommand(dungeon, { type: 'Fly' });
  t.same(unknown?.details, [{ path: '/type', message: `"Fly" is not a dungeon command type; it must be one of ${types}` }]);
  const none = explainCommand(venture, { amount: 3 });
  t.match(none?.details[0], { path: '/type', message: /^is required; it must be one of "Venture", "ChooseDungeon"/ });
  const notObject = explainCommand(dungeon, ['EndTurn']);
  t.match(notObject?.details[0], { path: '/', message: /^must be a JSON object with a type, one of "PlayOffCard"/ });
});

t.test('bad options name the option and its allowed values', async (t) => {
  const bad = explainOptions(dungeon, { variant: 'dark', decks: 3 });
  t.same(bad?.details, [
    { path: '/options/decks', message: 'must be one of 1, 2' },
    { path: '/options/variant', message: 'must be one of "standard", "jokers-wild", "almost-black", "pitch-black"' },
  ]);
  t.same(explainOptions(dungeon, { nope: 1 })?.details, [
    { path: '/options/nope', message: 'is not a field here (the fields are decks, variant, suicideQueen, counterAttack, optionalPlay)' },
  ]);
  t.equal(explainOptions(dungeon, {}), null);
});

t.test('GET /modules and the notation over HTTP; explained errors over HTTP', async (t) => {
  const modules = await loadModules();
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  const list = await call(t, ctx.app, 'GET', '/modules');
  t.equal(list.status, 200);
  t.same(
    list.body.items.map((m: { name: string }) => m.name),
    ['dungeon', 'dungeoneer', 'raid', 'venture'],
  );
  for (const entry of list.body.items) {
    const module = modules[entry.name]!;
    t.equal(entry.rulesVersion, module.rulesVersion, `${entry.name}: rules version`);
    t.same(entry.seats, module.info.seats, `${entry.name}: seats`);
    t.equal(entry.summary, module.info.summary, `${entry.name}: summary`);
    t.ok(
      entry.options.every((o: { description: string }) => o.description.length > 0),
      `${entry.name}: every option is described`,
    );
    const notation = await call(t, ctx.app, 'GET', entry.notation.url);
    t.equal(notation.status, 200, `${entry.name}: the notation is served`);
    t.match(notation.body.markdown, /^# /, `${entry.name}: as Markdown`);
  }
  const dungeonEntry = list.body.items.find((m: { name: string }) => m.name === 'dungeon');
  t.match(
    dungeonEntry.options.find((o: { name: string }) => o.name === 'variant'),
    { default: 'standard', schema: { anyOf: Array } },
  );
  t.equal(dungeonEntry.schemas.command, 'DungeonCommand');
  t.equal((await call(t, ctx.app, 'GET', '/modules/chess/notation')).body.code, 'module/not-found');

  const badOptions = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'dungeon', options: { variant: 'dark' }, seats: 2 } });
  t.equal(badOptions.status, 400);
  t.equal(badOptions.body.code, 'game/bad-options');
  t.match(badOptions.body.detail, '/options/variant: must be one of "standard"');
  const game = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'dungeon', seats: 2 } });
  const token = (await call(t, ctx.app, 'POST', `/games/${game.body.id}/seats`)).body.token as string;
  await call(t, ctx.app, 'POST', `/games/${game.body.id}/seats`);
  const malformed = await call(t, ctx.app, 'POST', `/games/${game.body.id}/commands`, {
    token,
    payload: { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 'x' },
  });
  t.equal(malformed.status, 400);
  t.equal(malformed.body.code, 'command/malformed');
  t.same(malformed.body.errors, [{ path: '/ask', message: 'must be an integer from 0 to 13' }]);
  const unknown = await call(t, ctx.app, 'POST', `/games/${game.body.id}/commands`, { token, payload: { type: 'Fly' } });
  t.match(unknown.body.detail, /"Fly" is not a dungeon command type; it must be one of "PlayOffCard"/);
});
