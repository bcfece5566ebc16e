// viewSchema: it rejects what it does not declare, the API can type it, and it fits a face-down passage's views.
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import type { Seat, Viewer } from '@delve/kernel';
import { dungeon, viewSchema, type DungeonState, type DungeonView } from '../src/index';
import type { ResolvedOptions } from '../src/options';
import type { Power } from '../src/state';
import { everyViewer } from '@delve/kernel/testing';
import { scenario } from './support';

// The state's parts the view passes through must match the schema's both ways (a compile error otherwise).
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Mutual<DungeonView['options'], ResolvedOptions>,
  Mutual<DungeonView['phase'], DungeonState['phase']>,
  Mutual<DungeonView['turn'], DungeonState['turn']>,
  Mutual<DungeonView['combat'], DungeonState['combat']>,
  // The view shows a pending power without whether a Myrmiddon's denial was true.
  Mutual<DungeonView['power'], Omit<Power, 'truthful'> | null>,
  Mutual<DungeonView['collapse'], DungeonState['collapse']>,
  Mutual<DungeonView['window'], DungeonState['window']>,
  Mutual<DungeonView['prompt'], DungeonState['prompt']>,
] = [true, true, true, true, true, true, true, true];
void sameShapes;

/** Why `view` fails the schema, or null when it fits. */
function offSchema(view: unknown): string | null {
  if (Value.Check(viewSchema, view)) return null;
  return [...Value.Errors(viewSchema, view)]
    .slice(0, 3)
    .map((e) => `${e.path || '/'}: ${e.message} (${JSON.stringify(e.value)})`)
    .join('; ');
}

const name = (v: Viewer) => (v.kind === 'seat' ? `seat ${v.seat}` : v.kind);

// Every view of random playouts is checked against viewSchema by the kernel's moduleContract in properties.test.ts.

const position = () =>
  scenario({ variant: 'pitch-black' }, 2, {
    hands: [
      ['10H', '9H', '8H', '7H', '6H'],
      ['10S', '9S', '8S', '7S', '6S'],
    ],
    deck: ['2C', '3C'],
  }).play(0, { type: 'PlayPassage', card: '10H', parent: 0 }).state;

t.test('viewSchema: a view with an undeclared or mistyped field is rejected', async (t) => {
  const view = dungeon.view(position(), { kind: 'seat', seat: 1 });
  t.equal(offSchema(view), null, 'the real view fits');
  const player = view.players[0]!;
  const passage = player.dungeon[0]!;
  // Each is the real view with one thing wrong, and the schema names that thing.
  const bad: [string, string, unknown][] = [
    ['an undeclared root field', '/deck', { ...view, deck: ['2C', '3C'] }],
    [
      'an undeclared field on a player',
      '/players/0/cellFaceUp',
      { ...view, players: [{ ...player, cellFaceUp: false }, ...view.players.slice(1)] },
    ],
    [
      'an undeclared field on a passage',
      '/players/0/dungeon/0/faceDown',
      { ...view, players: [{ ...player, dungeon: [{ ...passage, faceDown: true }] }, ...view.players.slice(1)] },
    ],
    ['a missing field', '/limbo', { ...view, limbo: undefined }],
    ['a prompt of an unknown kind', '/prompt', { ...view, prompt: { kind: 'dance', seat: 0 } }],
    ['a string that is no card', '/discard/0', { ...view, discard: ['11H'] }],
    ['a fractional count', '/deckCount', { ...view, deckCount: 1.5 }],
  ];
  for (const [what, path, value] of bad) {
    t.notOk(Value.Check(viewSchema, value), `${what} is rejected`);
    t.same(
      [...Value.Errors(viewSchema, value)].map((e) => e.path),
      [path],
      `it names ${path}: ${offSchema(value)}`,
    );
  }
});

type Schema = { type?: string; const?: unknown; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };

/** Where the API would fall back to JSON: a union that is neither nullable-of-one nor literals of one kind, or an open object. */
function untyped(schema: Schema, path: string): string[] {
  if (schema.anyOf) {
    const nonNull = schema.anyOf.filter((v) => v.type !== 'null');
    if (nonNull.length === 1) return untyped(nonNull[0]!, path);
    const kinds = new Set(nonNull.map((v) => v.type));
    const literals = nonNull.every((v) => v.const !== undefined) && kinds.size === 1 && (kinds.has('string') || kinds.has('integer'));
    return literals ? [] : [path];
  }
  if (schema.type === 'array') return schema.items ? untyped(schema.items, `${path}[]`) : [path];
  if (schema.type === 'object') {
    const fields = Object.entries(schema.properties ?? {});
    if (fields.length === 0 || !fields.every(([field]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(field))) return [path];
    return fields.flatMap(([field, sub]) => untyped(sub, `${path}.${field}`));
  }
  return ['string', 'integer', 'number', 'boolean'].includes(schema.type ?? '') ? [] : [path];
}

t.test('viewSchema: the API can type it: an object root with nameable fields and no field left as JSON', async (t) => {
  t.equal(dungeon.viewSchema, viewSchema, 'the module publishes it');
  const root = viewSchema as Schema;
  t.equal(root.type, 'object');
  t.ok(Object.keys(root.properties ?? {}).length > 0, 'the root has properties');
  t.same(untyped(root, 'view'), [], 'every field has a GraphQL type');
  t.same(
    [viewSchema.properties.options.properties.decks, viewSchema.properties.options.properties.counterAttack].map((u) =>
      u.anyOf.map((l) => l.type),
    ),
    [
      ['integer', 'integer'],
      ['integer', 'integer', 'integer', 'integer'],
    ],
    'integer literals are typed as integers (GraphQL Int)',
  );
});

t.test('viewSchema: the viewer sees its own face-down passage, others see "?" (both fit the schema)', async (t) => {
  const state = position();
  const seen = (seat: Seat | null) =>
    dungeon.view(state, seat === null ? { kind: 'spectator' } : { kind: 'seat', seat }).players[0]?.dungeon[0]?.card;
  t.same([seen(0), seen(1), seen(null)], ['10H', '?', '?']);
  for (const viewer of everyViewer(2)) t.equal(offSchema(dungeon.view(state, viewer)), null, `${name(viewer)}'s view fits`);
});
