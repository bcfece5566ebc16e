// The kernel's random bot and the module helpers every game builds on (fail, command and event schemas).
import t from 'tap';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  defineCommand,
  defineEvent,
  failureFor,
  randomBotFor,
  randomFor,
  RuleViolation,
  type CommandTemplate,
  type Failure,
} from '../src/index';
import { scriptedRandom } from '../src/testing/index';

type Cmd = { type: 'Move'; to: number } | { type: 'Pass' } | { type: 'Bid'; amount: number; open: boolean };
interface SeenState {
  readonly seat: number;
  readonly hidden: string;
}
/** A module whose lists depend on what the state says, so the test sees which state the bot asked about. */
const lists = (templates: CommandTemplate[]) => ({
  legalCommands: (state: SeenState, seat: number): Cmd[] =>
    state.seat === seat ? [{ type: 'Move', to: 1 }, { type: 'Move', to: 2 }, { type: 'Move', to: 3 }, { type: 'Pass' }] : [],
  commandTemplates: () => templates,
});
const bid: CommandTemplate = {
  type: 'Bid',
  fixed: { open: true },
  params: { amount: Type.Integer({ minimum: 2, maximum: 4 }) },
};

t.test('the random bot lists from the state the seat rebuilds from its view, and has nothing to say off turn', async (t) => {
  const seen: string[] = [];
  const bot = randomBotFor(lists([]), (view: { turn: number }) => (seen.push(`view of ${view.turn}`), { seat: view.turn, hidden: '?' }));
  t.equal(bot({ turn: 1 }, 0, randomFor('x', 0)), null, 'seat 0 may send nothing while seat 1 is to play');
  t.same(bot({ turn: 0 }, 0, scriptedRandom({ int: 1 }, { int: 0 })), { type: 'Pass' });
  t.same(seen, ['view of 1', 'view of 0']);
});

t.test('the random bot picks a kind of command uniformly, then one of that kind', async (t) => {
  const bot = randomBotFor(lists([]), (view: SeenState) => view);
  // Three moves and one pass: by kind, a pass comes up half the time (a pick over commands would give a quarter).
  let passes = 0;
  for (let i = 0; i < 400; i++) if (bot({ seat: 0, hidden: '?' }, 0, randomFor('kinds', i))?.type === 'Pass') passes++;
  t.ok(passes > 160 && passes < 240, `passes: ${passes} of 400`);
  t.same(bot({ seat: 0, hidden: '?' }, 0, scriptedRandom({ int: 0 }, { int: 2 })), { type: 'Move', to: 3 });
});

t.test('the random bot fills a template with values its parameter schemas allow', async (t) => {
  const bot = randomBotFor(lists([bid]), (view: SeenState) => view);
  const amounts = new Set<unknown>();
  const made = Array.from({ length: 200 }, (_, i) => bot({ seat: 1, hidden: '?' }, 0, randomFor('bids', i)));
  for (const command of made) amounts.add((command as { amount: unknown }).amount);
  const amount = Type.Integer({ minimum: 2, maximum: 4 });
  t.same(
    made.filter((c) => c?.type !== 'Bid' || (c as { open: unknown }).open !== true),
    [],
    'a Bid with its fixed field every time',
  );
  t.same(
    made.filter((c) => !Value.Check(amount, (c as { amount: unknown }).amount)),
    [],
    'amounts its schema allows',
  );
  t.same([...amounts].sort(), [2, 3, 4], 'every allowed amount comes up');
  const union: CommandTemplate = {
    type: 'Bid',
    fixed: {},
    params: { amount: Type.Union([Type.Literal(7), Type.Integer({ minimum: -2, maximum: -1 })]), open: Type.Boolean() },
  };
  t.same(
    randomBotFor(lists([union]), (v: SeenState) => v)(
      { seat: 1, hidden: '?' },
      0,
      scriptedRandom({ int: 0 }, { int: 0 }, { int: 1 }, { int: 1 }, { int: 0 }),
    ),
    {
      type: 'Bid',
      amount: -1,
      open: false,
    },
  );
  const free: CommandTemplate = { type: 'Bid', fixed: {}, params: { amount: Type.Integer() } };
  t.throws(
    () => randomBotFor(lists([free]), (v: SeenState) => v)({ seat: 1, hidden: '?' }, 0, randomFor('x', 0)),
    /no value for parameter/,
  );
});

t.test('failureFor makes a module’s fail: a RuleViolation under the module’s prefix that narrows like never', async (t) => {
  const fail: Failure = failureFor('toy');
  const found = (x: number | undefined): number => x ?? fail('missing', 'nothing there');
  t.equal(found(3), 3);
  t.throws(() => found(undefined), new RuleViolation('toy/missing', 'nothing there'));
  try {
    found(undefined);
  } catch (error) {
    t.equal((error as RuleViolation).code, 'toy/missing');
  }
});

t.test('defineCommand and defineEvent make closed, described schemas discriminated by type', async (t) => {
  const Move = defineCommand('Move', 'Move a piece.', { to: Type.Integer({ description: 'Where to.' }) });
  const Moved = defineEvent('Moved', 'A piece moved.', { to: Type.Integer({ description: 'Where to.' }) });
  t.ok(Value.Check(Move, { type: 'Move', to: 2 }));
  t.notOk(Value.Check(Move, { type: 'Moved', to: 2 }), 'another type');
  t.notOk(Value.Check(Move, { type: 'Move', to: 2, extra: 1 }), 'no other properties');
  t.equal(Move.description, 'Move a piece.');
  t.equal(Move.properties.type.description, 'The command type.');
  t.equal(Moved.properties.type.description, 'The event type.');
  const typed: { type: 'Move'; to: number } = Value.Parse(Move, { type: 'Move', to: 1 });
  t.equal(typed.to, 1);
});
