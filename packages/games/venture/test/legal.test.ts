// Who must act (status.awaiting) and what each seat may send (legalCommands, commandTemplates), and the command schema.
import { randomFor, RuleViolation, type CommandTemplate, type Seat } from '@delve/kernel';
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { venture, type VentureCommand } from '../src/index';
import { instances, Table } from './support';

const templatesOf = (table: Table, seat: Seat): CommandTemplate[] => venture.commandTemplates?.(table.state, seat) ?? [];

/** The violation code `command` gets from `seat`, or null when decide accepts it. */
function refusal(table: Table, seat: Seat, command: VentureCommand): string | null {
  try {
    venture.decide(command, table.state, { actor: { kind: 'seat', seat }, random: randomFor('legal', 0) });
    return null;
  } catch (error) {
    if (error instanceof RuleViolation) return error.code;
    throw error;
  }
}

t.test(
  'ruling 19: awaiting means "must act": a seat the game does not await may still venture, take the initiative, adjust life or concede',
  (t) => {
    const table = new Table(3, 0);
    t.same(venture.status(table.state).awaiting, [0], 'the active player must move the turn on');
    const legal = venture.legalCommands(table.state, 2);
    for (const command of [
      { type: 'Venture' },
      { type: 'Venture', undercity: true },
      { type: 'TakeInitiative' },
      { type: 'LeaveGame' },
    ] as VentureCommand[])
      t.ok(
        legal.some((c) => Value.Equal(c, command)),
        `seat 2 may send ${JSON.stringify(command)}`,
      );
    for (const command of legal) t.equal(refusal(table, 2, command), null, `${JSON.stringify(command)} is accepted`);
    t.same(
      legal.filter((c) => c.type === 'AdjustLife'),
      [],
      'a life change is a template with a free amount, not a sample value',
    );
    const life = templatesOf(table, 2).filter((tpl) => tpl.type === 'AdjustLife');
    t.same(
      life.map((tpl) => tpl.fixed),
      [{ player: 0 }, { player: 1 }, { player: 2 }],
      'ruling 16: any player in the game',
    );
    for (const tpl of life)
      for (const command of instances(tpl, randomFor('amounts', 0)))
        t.equal(refusal(table, 2, command), null, `${JSON.stringify(command)} is accepted`);
    t.end();
  },
);

t.test('725.2: combat damage is listed per defending player and damage step, with the amount’s schema', (t) => {
  const table = new Table(3, 1).stepTo('combat-damage');
  t.same(
    venture.legalCommands(table.state, 1).filter((c) => c.type === 'ReportCombatDamage'),
    [],
    'no sample amounts among the legal commands',
  );
  const damage = () => templatesOf(table, 1).filter((tpl) => tpl.type === 'ReportCombatDamage');
  t.same(
    damage().map((tpl) => tpl.fixed),
    [{ player: 0 }, { player: 0, firstStrike: true }, { player: 2 }, { player: 2, firstStrike: true }],
  );
  for (const tpl of damage()) {
    t.same(Object.keys(tpl.params), ['amount']);
    for (const command of instances(tpl, randomFor('damage', 0))) t.equal(refusal(table, 1, command), null, JSON.stringify(command));
  }
  table.send(1, { type: 'ReportCombatDamage', player: 2, amount: 4 });
  t.same(
    damage().map((tpl) => tpl.fixed),
    [{ player: 0 }],
    'a reported player is not listed again in this step, and the first-strike step is over',
  );
  t.same(
    templatesOf(table, 2).filter((tpl) => tpl.type === 'ReportCombatDamage'),
    [],
    'only the active player reports combat damage',
  );
  t.end();
});

t.test('309.2a / ruling 19: only the choosing player acts during a venture choice, with exactly the open options', (t) => {
  const table = new Table(2, 0);
  table.send(0, { type: 'Venture' });
  t.same(venture.legalCommands(table.state, 0), [
    { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' },
    { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' },
    { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' },
    { type: 'LeaveGame' },
  ]);
  t.same(venture.legalCommands(table.state, 1), [{ type: 'LeaveGame' }]);
  t.same(templatesOf(table, 1), [], 'no life changes while a choice is open');
  t.same(venture.status(table.state), { phase: 'choose-dungeon', awaiting: [0] });
  t.end();
});

t.test('309.4c / ruling 19: the listed resolutions cover each target option, and all are accepted', (t) => {
  const table = new Table(3, 0).walk(0, 'undercity', ['secret-entrance', 'forge', 'trap']);
  const resolutions = venture.legalCommands(table.state, 0).filter((c) => c.type === 'ResolveTop');
  t.same(
    resolutions,
    [0, 1, 2].map((p): VentureCommand => ({ type: 'ResolveTop', targetPlayer: p })),
  );
  for (const command of resolutions) t.equal(refusal(table, 0, command), null, JSON.stringify(command));
  t.same(
    venture.legalCommands(table.state, 1).filter((c) => c.type === 'ResolveTop'),
    [],
    'not for other players',
  );
  t.end();
});

t.test('ruling 15 / ruling 19: step moves only for the active player', (t) => {
  const table = new Table(3, 1).stepTo('combat-damage');
  const active = venture.legalCommands(table.state, 1).map((c) => c.type);
  const other = venture.legalCommands(table.state, 2).map((c) => c.type);
  t.ok(active.includes('AdvanceStep') && active.includes('PassTurn'));
  t.notOk(other.includes('AdvanceStep') || other.includes('PassTurn'));
  t.end();
});

t.test('ruling 19: the command schema rejects malformed commands, each command has one spelling', (t) => {
  const ok = (command: unknown) => Value.Check(venture.commandSchema, command);
  t.ok(ok({ type: 'Venture', undercity: true }));
  t.notOk(ok({ type: 'Venture', into: 'undercity' }));
  t.notOk(ok({ type: 'ChooseDungeon', dungeon: 'castle-ravenloft' }));
  t.notOk(ok({ type: 'ReportCombatDamage', player: 1, amount: 0 }));
  t.notOk(ok({ type: 'ReportCombatDamage', player: 1, amount: 2, firstStrike: false }), 'first strike is marked, or left out');
  t.notOk(ok({ type: 'AdjustLife', player: 1, amount: 0 }), 'a life change is not 0');
  t.notOk(ok({ type: 'AdjustLife', player: 1, amount: 10_000_000 }), 'nor beyond a million');
  t.notOk(ok({ type: 'Teleport' }));
  t.ok(Value.Check(venture.optionsSchema, { startingLife: 40 }));
  t.notOk(Value.Check(venture.optionsSchema, { startingLife: 0 }));
  t.end();
});
