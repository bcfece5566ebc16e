// The module's shape (docs/adr/0016): the files at the top of src/, and `fail`, which narrows because it is `never`.
import { readdirSync } from 'node:fs';
import t from 'tap';
import { RuleViolation } from '@delve/kernel';
import { undescribed } from '@delve/kernel/testing';
import { fail } from '../src/rules/fail';

t.test('ADR 0016: src/ holds the files the ADR names, and nothing else at the top', async (t) => {
  const top = readdirSync(new URL('../src', import.meta.url), { withFileTypes: true });
  t.same(top.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).sort(), [
    'bots/',
    'commands.ts',
    'content/',
    'decide.ts',
    'describe.ts',
    'events.ts',
    'evolve.ts',
    'index.ts',
    'legal.ts',
    'options.ts',
    'rules/',
    'setup.ts',
    'state.ts',
    'status.ts',
    'view.ts',
    'viewSchema.ts',
  ]);
});

t.test('ADR 0016: fail throws dungeon/<code> and, typed never, narrows what it guards (a compile error otherwise)', async (t) => {
  const slots = [{ parent: 1, value: 9 }];
  // Without `never` narrowing, `slot.value` below would not compile (slot could be undefined).
  const valueOn = (parent: number): number => {
    const slot = slots.find((s) => s.parent === parent);
    if (!slot) fail('illegal-passage', `nothing goes on ${parent}`);
    return slot.value;
  };
  const orFail = (parent: number): number => (slots.find((s) => s.parent === parent) ?? fail('illegal-passage', 'no')).value;
  t.equal(valueOn(1), 9);
  t.equal(orFail(1), 9);
  t.throws(() => valueOn(2), new RuleViolation('dungeon/illegal-passage', 'nothing goes on 2'));
  t.throws(() => orFail(2), { name: 'RuleViolation', code: 'dungeon/illegal-passage' });
});

t.test('ADR 0016: every command, event, option and view field in the published schemas has a description', async (t) => {
  const { dungeon } = await import('../src/index');
  for (const [name, schema] of Object.entries({
    optionsSchema: dungeon.optionsSchema,
    commandSchema: dungeon.commandSchema,
    eventSchema: dungeon.eventSchema,
    viewSchema: dungeon.viewSchema ?? {},
  }))
    t.same(undescribed(schema, name), [], `${name} describes everything`);
});
