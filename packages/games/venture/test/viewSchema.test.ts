// viewSchema: every view of random playouts validates against it, it rejects undeclared fields, and it matches the model types.
import type { Seat, Viewer } from '@delve/kernel';
import type { Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import {
  DUNGEONS,
  venture,
  type DungeonId,
  type Effect,
  type Step,
  type TokenKind,
  type VentureCommand,
  type VentureState,
  type VentureView,
} from '../src/index';
import type { PendingChoice } from '../src/state';
import { EffectSchema, VentureViewSchema, type DeepReadonly, type PendingChoiceSchema } from '../src/viewSchema';
import { table } from './helpers';

// Compile-time guard: the schema's pieces that restate model types (dungeons/model.ts, state.ts) are exactly those types.
type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;
type Same<A, B> = Equal<DeepReadonly<A>, DeepReadonly<B>>;
const sameEffect: Same<Static<typeof EffectSchema>, Effect> = true;
const samePending: Same<Static<typeof PendingChoiceSchema>, PendingChoice> = true;
const sameDungeonId: Same<NonNullable<Static<typeof VentureViewSchema>['players'][number]['dungeon']>['id'], DungeonId> = true;
const sameToken: Same<Static<typeof VentureViewSchema>['tokens'][number]['kind'], TokenKind> = true;
const sameStep: Same<Static<typeof VentureViewSchema>['step'], Step> = true;
void [sameEffect, samePending, sameDungeonId, sameToken, sameStep];

/** The schema's complaints about `value`, one line each, for a failure message. */
function errors(value: unknown): string {
  return [...Value.Errors(VentureViewSchema, value)]
    .slice(0, 5)
    .map((e) => `${e.path || '/'}: ${e.message}`)
    .join('; ');
}

/** Null when `view` validates, else what is wrong with it. */
function problem(view: VentureView, label: string): string | null {
  return Value.Check(VentureViewSchema, view) ? null : `${label}: view fails viewSchema: ${errors(view)}`;
}

function checkView(t: Test, view: VentureView, label: string): void {
  const found = problem(view, label);
  if (found) t.fail(found);
}

const viewersOf = (state: VentureState): Viewer[] => [
  ...state.players.map((p): Viewer => ({ kind: 'seat', seat: p.seat })),
  { kind: 'spectator' },
  { kind: 'audit' },
];

t.test('the module publishes viewSchema as a plain object schema the API can type field by field', (t) => {
  t.equal(venture.viewSchema, VentureViewSchema);
  const root = VentureViewSchema as unknown as { type: string; properties: Record<string, unknown>; additionalProperties: boolean };
  t.equal(root.type, 'object');
  t.ok(Object.keys(root.properties).length > 0, 'the root has properties');
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
  for (const viewer of viewersOf(state)) checkView(t, venture.view(state, viewer), `setup ${viewer.kind}`);
  t.equal(venture.view(state, { kind: 'spectator' }).phase, 'setup');
  t.end();
});

t.test('random playouts: every view for every seat, a spectator and the auditor validates against viewSchema', (t) => {
  // What the views reached, so the check is known to cover every optional and nullable part of the schema.
  const reached = new Set<string>();
  const note = (view: VentureView): void => {
    reached.add(`phase:${view.phase}`);
    if (view.winners) reached.add('winners');
    if (view.pending) reached.add(`pending:${view.pending.kind}`);
    if (view.initiative !== null) reached.add('initiative');
    if (view.tokens.length > 0) reached.add('tokens');
    for (const entry of view.stack) reached.add(`stack:${entry.kind}`);
    if (view.stack.some((e) => e.effects?.some((effect) => effect.kind === 'unless'))) reached.add('unless');
    if (view.players.some((p) => p.dungeon)) reached.add('dungeon');
    if (view.players.some((p) => Object.keys(p.completed).length > 0)) reached.add('completed');
    if (view.players.some((p) => !p.inGame)) reached.add('left');
  };
  let views = 0;
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 5 }),
      fc.nat(),
      fc.constantFrom(1, 3, 20, 40),
      fc.array(fc.nat(), { minLength: 40, maxLength: 160 }),
      (seats, first, startingLife, picks) => {
        const game = table(seats, first % seats, startingLife);
        // Throws on the first invalid view, so fast-check shrinks to a minimal playout and reports its message.
        const checkAll = (label: string): void => {
          for (const viewer of viewersOf(game.state)) {
            const view = venture.view(game.state, viewer);
            views++;
            note(view);
            const found = problem(view, `${label}, ${viewer.kind}${viewer.kind === 'seat' ? ` ${viewer.seat}` : ''}`);
            if (found) throw new Error(found);
          }
        };
        checkAll('after TableSet');
        for (const [i, pick] of picks.entries()) {
          const legal = game.state.players.flatMap((p) =>
            venture.legalCommands(game.state, p.seat).map((c): [Seat, VentureCommand] => [p.seat, c]),
          );
          // As in property.test.ts: a command type first, then one of its listings; conceding stays rare.
          const playable = pick % 40 === 0 ? legal : legal.filter(([, c]) => c.type !== 'LeaveGame');
          const kinds = [...new Set(playable.map(([, c]) => c.type))];
          const kind = kinds[pick % Math.max(1, kinds.length)];
          const ofKind = playable.filter(([, c]) => c.type === kind);
          const chosen = ofKind[Math.floor(pick / Math.max(1, kinds.length)) % Math.max(1, ofKind.length)];
          if (!chosen) break;
          game.send(chosen[0], chosen[1]);
          checkAll(`seats ${seats}, life ${startingLife}, after command ${i} ${chosen[1].type}`);
        }
      },
    ),
    { numRuns: 60, seed: 20261121 },
  );
  t.ok(views > 1000, `checked ${views} views`);
  t.same(
    [
      'phase:finished',
      'phase:choose-dungeon',
      'phase:choose-room',
      'phase:answer-unless',
      'phase:resolve',
      'phase:combat-damage',
      'winners',
      'pending:dungeon',
      'pending:room',
      'initiative',
      'tokens',
      'stack:room',
      'stack:initiative-venture',
      'unless',
      'dungeon',
      'completed',
      'left',
    ].filter((part) => !reached.has(part)),
    [],
    'the playouts reach every optional and nullable part of the view',
  );
  t.end();
});

t.test('725.2: a steal trigger on the stack (rare in random playouts) validates, with its taker', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'TakeInitiative' });
  game.drain(t);
  while (game.state.step !== 'combat-damage') game.send(0, { type: 'AdvanceStep' });
  game.send(0, { type: 'ReportCombatDamage', player: 1, amount: 2 });
  for (const viewer of viewersOf(game.state)) {
    const view = venture.view(game.state, viewer);
    checkView(t, view, `steal, ${viewer.kind}`);
    t.match(view.stack.at(-1), { kind: 'initiative-steal', controller: 1, taker: 0 });
  }
  t.end();
});

t.test('the schema rejects what the view type does not allow: undeclared fields, wrong literals, missing fields', (t) => {
  const game = table(2, 0);
  game.send(0, { type: 'TakeInitiative' });
  const view = venture.view(game.state, { kind: 'seat', seat: 0 });
  t.ok(Value.Check(VentureViewSchema, view), 'the real view passes');
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
    t.notOk(Value.Check(VentureViewSchema, value), `${what} is rejected`);
    t.match(errors(value), path, `${what}: the error names the path`);
  }
  t.end();
});
