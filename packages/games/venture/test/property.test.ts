// Random legal playouts (fast-check): every listed command is accepted, events match the schema, invariants hold, replay equals live.
import { randomFor, type Seat } from '@delve/kernel';
import { deepFreeze } from '@delve/kernel/testing';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { DUNGEONS, venture, type VentureCommand, type VentureEvent, type VentureState } from '../src/index';

const eventCheck = TypeCompiler.Compile(venture.eventSchema);
const commandCheck = TypeCompiler.Compile(venture.commandSchema);

function allLegal(state: VentureState): [Seat, VentureCommand][] {
  return state.players.flatMap((p) => venture.legalCommands(state, p.seat).map((c): [Seat, VentureCommand] => [p.seat, c]));
}

function decide(state: VentureState, seat: Seat, command: VentureCommand, revision: number): VentureEvent[] {
  return venture.decide(command, state, { actor: { kind: 'seat', seat }, random: randomFor('prop', revision) });
}

function invariants(t: Test, before: VentureState, after: VentureState): void {
  for (const p of after.players) {
    if (p.dungeon) {
      const rooms = DUNGEONS[p.dungeon.dungeon].rooms.map((r) => r.id);
      if (!rooms.includes(p.dungeon.room)) t.fail(`seat ${p.seat}: marker on ${p.dungeon.room}, not a room of ${p.dungeon.dungeon}`);
    }
    const old = before.players[p.seat]?.completed ?? [];
    if (p.completed.length < old.length || old.some((d, i) => p.completed[i] !== d)) t.fail(`seat ${p.seat}: completions shrank`);
    if (!p.inGame && (p.dungeon || after.tokens.some((tk) => tk.controller === p.seat)))
      t.fail(`seat ${p.seat} left but still owns objects`);
  }
  const dungeonsInPlay = after.players.filter((p) => p.dungeon).map((p) => p.dungeon?.instance);
  if (new Set(dungeonsInPlay).size !== dungeonsInPlay.length) t.fail('a dungeon instance is in two command zones');
  if (after.initiative !== null && after.players[after.initiative]?.inGame !== true)
    t.fail('the initiative is held by someone out of the game');
  if (after.stack.some((item) => after.players[item.controller]?.inGame !== true))
    t.fail('an ability of a player who left is on the stack');
  const status = venture.status(after);
  for (const seat of status.awaiting) {
    const options = venture.legalCommands(after, seat).filter((c) => c.type !== 'LeaveGame');
    if (options.length === 0) t.fail(`seat ${seat} is awaited but has nothing to do`);
  }
  const views = after.players.map((p) => ({ ...venture.view(after, { kind: 'seat', seat: p.seat }), you: null }));
  const spectator = venture.view(after, { kind: 'spectator' });
  if (views.some((v) => JSON.stringify(v) !== JSON.stringify(spectator))) t.fail('seats see different tables');
}

t.test('random legal playouts keep the invariants, and replay of the log equals the live state', (t) => {
  let playouts = 0;
  let completions = 0;
  let initiativeChanges = 0;
  const seen = new Set<string>();
  fc.assert(
    fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(), fc.array(fc.nat(), { minLength: 40, maxLength: 160 }), (seats, first, picks) => {
      const log: VentureEvent[] = [];
      let state = venture.initialState({}, seats);
      const apply = (events: readonly VentureEvent[]) => {
        for (const e of events) {
          if (!eventCheck.Check(e)) t.fail(`event fails the schema: ${JSON.stringify(e)}`);
          if (venture.redact(e, { kind: 'spectator' }, state) !== e) t.fail('redact changed a public event');
          state = venture.evolve(state, e);
          log.push(e);
          seen.add(e.type);
        }
      };
      apply(venture.setup(state, randomFor(`setup-${first}`, 0)));
      for (const pick of picks) {
        const frozen = deepFreeze(state);
        const legal = allLegal(frozen);
        // Exactness: every listed command is schema-valid and accepted as is.
        for (const [seat, command] of legal) {
          if (!commandCheck.Check(command)) t.fail(`listed command fails the schema: ${JSON.stringify(command)}`);
          try {
            decide(frozen, seat, command, log.length);
          } catch (error) {
            t.fail(`listed command rejected: seat ${seat} ${JSON.stringify(command)}: ${(error as Error).message}`);
          }
        }
        // Pick a command type first, then one of its listings, so rare moves (combat damage) come up as often as common ones;
        // conceding is always listed, so keep it rare enough for games to run long.
        const playable = pick % 40 === 0 ? legal : legal.filter(([, c]) => c.type !== 'LeaveGame');
        const kinds = [...new Set(playable.map(([, c]) => c.type))];
        const kind = kinds[pick % Math.max(1, kinds.length)];
        const ofKind = playable.filter(([, c]) => c.type === kind);
        const chosen = ofKind[Math.floor(pick / Math.max(1, kinds.length)) % Math.max(1, ofKind.length)];
        if (!chosen) break;
        const before = state;
        apply(decide(frozen, chosen[0], chosen[1], log.length));
        if (state.initiative !== before.initiative) initiativeChanges++;
        invariants(t, before, state);
      }
      const replayed = (JSON.parse(JSON.stringify(log)) as VentureEvent[]).reduce(venture.evolve, venture.initialState({}, seats));
      if (JSON.stringify(replayed) !== JSON.stringify(state)) t.fail('replay differs from the live state');
      completions += state.players.reduce((n, p) => n + p.completed.length, 0);
      playouts++;
    }),
    { numRuns: 60, seed: 20261121 },
  );
  t.equal(playouts, 60);
  t.ok(completions > 0, `playouts complete dungeons (${completions})`);
  t.ok(initiativeChanges > 0, `the initiative changes hands (${initiativeChanges})`);
  const every = venture.eventSchema.anyOf.map((schema: { properties: { type: { const: string } } }) => schema.properties.type.const);
  t.same(
    every.filter((type: string) => !seen.has(type)),
    [],
    'the playouts reach every kind of event',
  );
  t.end();
});
