// Views, redaction and the published schemas: what clients see, and that it is all declared.
import type { Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { undescribed } from '@delve/kernel/testing';
import { DUNGEONS, venture, type VentureView } from '../src/index';
import type { DeepReadonly } from '@delve/kernel';
import { EffectSchema } from '../src/content';
import type { PendingChoice } from '../src/state';
import { viewSchema, type PendingChoiceSchema } from '../src/viewSchema';
import { Table } from './support';

// Compile-time guard: the view's pending choice restates the state's type (state.ts), and must stay equal to it.
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
const samePending: Equal<DeepReadonly<Static<typeof PendingChoiceSchema>>, DeepReadonly<PendingChoice>> = true;
void samePending;

/** The schema's complaints about `value`, one line each. */
function errors(value: unknown): string {
  return [...Value.Errors(viewSchema, value)]
    .slice(0, 5)
    .map((e) => `${e.path || '/'}: ${e.message}`)
    .join('; ');
}

t.test('the view shows markers, room names, arrows, the stack, tokens and completion counts to every viewer alike', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.send(1, { type: 'ResolveTop' });
  const view = table.view({ kind: 'seat', seat: 2 });
  t.equal(view.you, 2);
  t.equal(view.initiative, 1);
  t.same(view.players[1]?.dungeon, {
    id: 'undercity',
    name: 'Undercity',
    room: 'secret-entrance',
    roomName: 'Secret Entrance',
    next: ['forge', 'lost-well'],
  });
  t.same(
    view.stack.map((s) => [s.kind, s.controller, s.roomName]),
    [['room', 1, 'Secret Entrance']],
  );
  t.same(view.awaiting, [1]);
  t.equal(view.phase, 'resolve');
  const spectator = table.view({ kind: 'spectator' });
  t.same({ ...spectator, you: 2 }, view, 'a spectator sees what a player sees');
  t.same(table.view({ kind: 'audit' }), spectator);
  t.end();
});

t.test('redact shows every event whole to every viewer: the module records no hidden card', (t) => {
  const table = new Table(2, 0).walk(0, 'dungeon-of-the-mad-mage', ['yawning-portal', 'dungeon-level']).drain();
  const state = venture.initialState({}, 2);
  for (const event of table.events)
    for (const viewer of [{ kind: 'seat', seat: 1 } as const, { kind: 'spectator' } as const, { kind: 'audit' } as const])
      t.same(venture.redact(event, viewer, state), event);
  const keys = new Set(table.events.flatMap((e) => Object.keys(e)));
  t.notOk(
    ['card', 'cards', 'hand', 'library', 'revealed'].some((k) => keys.has(k)),
    'no card identity fields in events',
  );
  t.end();
});

t.test('the module publishes viewSchema as a plain object schema the API can type field by field', (t) => {
  t.equal(venture.viewSchema, viewSchema);
  const root = viewSchema as unknown as { type: string; properties: Record<string, unknown>; additionalProperties: boolean };
  t.equal(root.type, 'object');
  t.ok(
    Object.keys(root.properties).every((field) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(field)),
    'every root field has a GraphQL-nameable name',
  );
  t.equal(root.additionalProperties, false, 'undeclared fields are rejected');
  t.end();
});

t.test('every room ability of every dungeon validates as a view effect', (t) => {
  for (const dungeon of Object.values(DUNGEONS))
    for (const room of dungeon.rooms)
      for (const effect of room.effects)
        if (!Value.Check(EffectSchema, effect)) t.fail(`${dungeon.id}/${room.id}: ${JSON.stringify(effect)} fails EffectSchema`);
  t.pass('all room effects checked');
  t.end();
});

t.test('the view before the table is set validates for every viewer', (t) => {
  const state = venture.initialState({ startingLife: 40 }, 3);
  for (const viewer of [{ kind: 'spectator' } as const, { kind: 'audit' } as const, { kind: 'seat', seat: 1 } as const]) {
    const view = venture.view(state, viewer);
    t.ok(Value.Check(viewSchema, view), errors(view));
  }
  t.equal(venture.view(state, { kind: 'spectator' }).phase, 'setup');
  t.end();
});

t.test('725.2: a steal trigger on the stack (rare in random playouts) validates, with its taker', (t) => {
  const table = new Table(3, 0);
  table.send(1, { type: 'TakeInitiative' });
  table.stepTo('combat-damage');
  table.send(0, { type: 'ReportCombatDamage', player: 1, amount: 2 });
  const view = table.view();
  t.ok(Value.Check(viewSchema, view), errors(view));
  t.match(view.stack.at(-1), { kind: 'initiative-steal', controller: 1, taker: 0 });
  t.end();
});

t.test('the schema rejects what the view type does not allow: undeclared fields, wrong literals, missing fields', (t) => {
  const table = new Table(2, 0);
  table.send(0, { type: 'TakeInitiative' });
  const view: VentureView = table.view({ kind: 'seat', seat: 0 });
  t.ok(Value.Check(viewSchema, view), 'the real view passes');
  const player = view.players[0];
  const entry = view.stack[0];
  if (!player || !entry) throw new Error('expected a player and a stack entry');
  const bad: [string, unknown, RegExp][] = [
    ['an undeclared root field', { ...view, secret: 'hand' }, /^\/secret: /],
    ['an undeclared player field', { ...view, players: [{ ...player, hand: [] }, ...view.players.slice(1)] }, /^\/players\/0\/hand: /],
    [
      'an undeclared effect field',
      { ...view, stack: [{ ...entry, kind: 'room', effects: [{ kind: 'scry', count: 1, cards: ['x'] }] }] },
      /^\/stack\/0\/effects\/0/,
    ],
    ['an unknown step', { ...view, step: 'cleanup' }, /^\/step: /],
    ['an unknown completed dungeon', { ...view, players: [{ ...player, completed: { 'castle-ravenloft': 1 } }] }, /completed/],
    ['a missing field', { ...view, turn: undefined }, /^\/turn: /],
    ['a pending dungeon choice listing a room', { ...view, pending: { seat: 0, kind: 'dungeon', options: ['forge'] } }, /^\/pending: /],
  ];
  for (const [what, value, path] of bad) {
    t.notOk(Value.Check(viewSchema, value), `${what} is rejected`);
    t.match(errors(value), path, `${what}: the error names the path`);
  }
  t.end();
});

t.test('every command, event, option and view field carries a description', (t) => {
  for (const [name, schema] of Object.entries({
    command: venture.commandSchema,
    event: venture.eventSchema,
    options: venture.optionsSchema,
    view: venture.viewSchema ?? {},
  }))
    t.same(undescribed(schema, name), [], `${name} describes every field`);
  t.end();
});
