// View schemas → GraphQL types: real, nested module schemas convert into SDL that graphql-js accepts.
import { dungeon } from '@delve/game-dungeon';
import { venture } from '@delve/game-venture';
import { Type } from '@sinclair/typebox';
import { buildSchema } from 'graphql';
import t from 'tap';
import { graphqlSchema } from '../src/graphql/index';
import { viewTypeFor } from '../src/graphql/viewTypes';
import { toy } from './support/toy';

type Schema = Record<string, unknown>;

t.test('every object schema of the shipped modules converts to a valid GraphQL type', async (t) => {
  // Event schemas stand in for view schemas of realistic size: nested objects, unions, nullable fields.
  const objects = [dungeon, venture].flatMap((m) => {
    const schema = m.eventSchema as Schema;
    return ((schema.anyOf as Schema[] | undefined) ?? [schema]).map((s, i) => ({ name: `${m.name}${i}`, schema: s }));
  });
  t.ok(objects.length > 10, 'a good number of schemas');
  const modules = Object.fromEntries(objects.map(({ name, schema }) => [name, { ...toy, name, viewSchema: schema }]));
  const { sdl, views } = graphqlSchema(modules as never);
  t.doesNotThrow(() => buildSchema(sdl), 'graphql-js accepts the whole schema');
  t.ok(views.size > 0, 'object schemas become typed views');
});

t.test('fields whose names collide after case conversion still get distinct types', async (t) => {
  const schema = Type.Object({
    a_b: Type.Object({ x: Type.Integer() }),
    aB: Type.Object({ y: Type.String() }),
  });
  const type = viewTypeFor({ ...toy, name: 'clash', viewSchema: schema } as never);
  t.ok(type);
  t.doesNotThrow(() => buildSchema(`scalar JSON\n${type?.sdl}\ntype Query { v: ${type?.typeName} }`));
});

t.test('nullable, list and free-form fields', async (t) => {
  const schema = Type.Object({
    turn: Type.Integer(),
    note: Type.Optional(Type.String()),
    hand: Type.Array(Type.Union([Type.Integer(), Type.Null()])),
    phase: Type.Union([Type.Literal('a'), Type.Literal('b')]),
    extra: Type.Record(Type.String(), Type.Number()),
    mixed: Type.Union([Type.String(), Type.Integer()]),
  });
  const type = viewTypeFor({ ...toy, name: 'shape', viewSchema: schema } as never);
  t.match(type?.sdl, /turn: Int!/);
  t.match(type?.sdl, /note: String\n/, 'optional is nullable');
  t.match(type?.sdl, /hand: \[Int\]!/, 'nullable items in a required list');
  t.match(type?.sdl, /phase: String!/, 'a union of literals is a string');
  t.match(type?.sdl, /extra: JSON!/, 'a record is free-form JSON');
  t.match(type?.sdl, /mixed: JSON!/, 'a mixed union is JSON');
});

t.test('a module view never takes a base type name', async (t) => {
  const schema = Type.Object({ x: Type.Integer() });
  const { sdl, views } = graphqlSchema({ json: { ...toy, name: 'json', viewSchema: schema } } as never);
  t.not(views.get('json')?.typeName, 'JsonView', 'the fallback keeps its name');
  t.doesNotThrow(() => buildSchema(sdl));
});

t.test('the shipped games publish view schemas, and GraphQL types their views', async (t) => {
  const dungeonType = viewTypeFor(dungeon);
  const ventureType = viewTypeFor(venture);
  t.ok(dungeonType, 'dungeon has a typed view');
  t.ok(ventureType, 'venture has a typed view');
  t.notMatch(dungeonType?.sdl, /: \[?JSON/, 'no dungeon view field falls back to JSON');
  // Venture keeps three free-form fields: completions keyed by dungeon id, room effects and pending choices.
  const jsonFields = [...(ventureType?.sdl ?? '').matchAll(/^\s+(\w+): \[?JSON/gm)].map((m) => m[1]).sort();
  t.same(jsonFields, ['completed', 'effects', 'pending']);
  const { sdl, views } = graphqlSchema({ dungeon, venture });
  t.doesNotThrow(() => buildSchema(sdl), 'the schema with both typed views is valid');
  t.same([...views.keys()].sort(), ['dungeon', 'venture'], 'both views are in the GameView union');
  t.match(sdl, /union GameView = .*DungeonView/);
});
