// The batch folds what a store gives back: events that are plain JSON as they are, the others after a JSON round trip.
import { Type } from '@sinclair/typebox';
import t from 'tap';
import { isPlainJson } from '../src/batch';
import type { GameModule } from '../src/module';
import { InMemoryEventStore } from '../src/testing/index';
import { serviceOn } from './support';

t.test('isPlainJson tells values a JSON round trip keeps from those it changes', async (t) => {
  for (const value of [null, 'x', true, 0, 1.5, -3, [], [1, 'a', null], {}, { a: { b: [1, { c: false }] } }, Object.create(null)]) {
    t.ok(isPlainJson(value), `${JSON.stringify(value)} is kept`);
  }
  const changed: [string, unknown][] = [
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-0', -0],
    ['an undefined field', { a: undefined }],
    ['an undefined element', [1, undefined]],
    ['a hole', [1, , 3]],
    ['a date', new Date(0)],
    ['a map', new Map()],
    ['a function', { f: () => 1 }],
    ['a bigint', 1n],
    ['a symbol key', { [Symbol('s')]: 1 }],
    ['a NaN deep down', { a: [{ b: [Number.NaN] }] }],
  ];
  for (const [what, value] of changed) t.notOk(isPlainJson(value), `${what} is not kept`);
  let deep: unknown = 1;
  for (let i = 0; i < 100; i++) deep = [deep];
  t.notOk(isPlainJson(deep), 'absurd nesting takes the round trip (which handles it)');
});

/** A one-seat module whose only command emits an event JSON cannot keep as is (an undefined field, NaN, -0). */
type Odd = { type: 'Noted'; missing?: number | undefined; nan: number; zero: number; kept: string };
const oddModule: GameModule<{ type: 'Note' }, Odd, { notes: readonly Odd[] }, { notes: readonly Odd[] }, Record<string, never>> = {
  name: 'odd',
  rulesVersion: '1',
  info: { title: 'odd', summary: 'test module', seats: { min: 1, max: 1 }, notation: 'none' },
  optionsSchema: Type.Object({}),
  commandSchema: Type.Object({ type: Type.Literal('Note') }),
  eventSchema: Type.Object({ type: Type.Literal('Noted') }),
  checkSeats: () => {},
  initialState: () => ({ notes: [] }),
  setup: () => [],
  decide: () => [{ type: 'Noted', missing: undefined, nan: Number.NaN, zero: -0, kept: 'yes' }],
  evolve: (state, event) => ({ notes: [...state.notes, event] }),
  view: (state) => state,
  redact: (event) => event,
  status: () => ({ phase: 'play', awaiting: [0] }),
  legalCommands: () => [{ type: 'Note' }],
};

t.test('an event JSON would change is folded live as a replay will read it back', async (t) => {
  const store = new InMemoryEventStore();
  const live = serviceOn(store, { modules: { odd: oddModule as never } });
  const { gameId } = await live.lobby.createGame({ module: 'odd', seats: 1 });
  await live.lobby.claimSeat(gameId);
  await live.commands.execute(gameId, { type: 'Note' }, { seat: 0 });
  const liveView = await live.reads.view(gameId, { kind: 'audit' });
  const replayed = await serviceOn(store, { modules: { odd: oddModule as never } }).reads.view(gameId, { kind: 'audit' });
  t.same(liveView, { notes: [{ type: 'Noted', nan: null, zero: 0, kept: 'yes' }] }, 'no undefined field, NaN became null, -0 became 0');
  t.ok(Object.is((liveView as { notes: Odd[] }).notes[0]?.zero, 0), 'the live fold holds +0, as the store gives back');
  t.strictSame(liveView, replayed, 'the live fold equals a fresh replay from the store');
});
