// Views, redaction, status and legal commands: what clients see and may send.
import { Value } from '@sinclair/typebox/value';
import t from 'tap';
import { venture, type VentureCommand } from '../src/index';
import { table } from './helpers';

t.test('the view shows markers, room names, arrows, the stack, tokens and completion counts to every viewer alike', (t) => {
  const game = table(3, 0);
  game.send(1, { type: 'TakeInitiative' });
  game.send(1, { type: 'ResolveTop' });
  const view = venture.view(game.state, { kind: 'seat', seat: 2 });
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
  const spectator = venture.view(game.state, { kind: 'spectator' });
  const audit = venture.view(game.state, { kind: 'audit' });
  t.same({ ...spectator, you: 2 }, view, 'a spectator sees what a player sees');
  t.same(audit, spectator);
  t.end();
});

t.test('redact shows every event whole to every viewer: the module records no hidden card', (t) => {
  const game = table(2, 0);
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' });
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'Venture' });
  game.send(0, { type: 'ResolveTop' });
  const state = venture.initialState({}, 2);
  for (const event of game.log)
    for (const viewer of [{ kind: 'seat', seat: 1 } as const, { kind: 'spectator' } as const, { kind: 'audit' } as const])
      t.same(venture.redact(event, viewer, state), event);
  const keys = new Set(game.log.flatMap((e) => Object.keys(e)));
  t.notOk(
    ['card', 'cards', 'hand', 'library', 'revealed'].some((k) => keys.has(k)),
    'no card identity fields in events',
  );
  t.end();
});

t.test('legalCommands: only the choosing player acts during a venture choice, with exactly the open options', (t) => {
  const game = table(2, 0);
  game.send(0, { type: 'Venture' });
  t.same(venture.legalCommands(game.state, 0), [
    { type: 'ChooseDungeon', dungeon: 'tomb-of-annihilation' },
    { type: 'ChooseDungeon', dungeon: 'lost-mine-of-phandelver' },
    { type: 'ChooseDungeon', dungeon: 'dungeon-of-the-mad-mage' },
    { type: 'LeaveGame' },
  ]);
  t.same(venture.legalCommands(game.state, 1), [{ type: 'LeaveGame' }]);
  t.same(venture.status(game.state), { phase: 'choose-dungeon', awaiting: [0] });
  t.end();
});

t.test('legalCommands: the listed resolutions cover each target and sacrifice option, and all are accepted', (t) => {
  const game = table(3, 0);
  game.send(0, { type: 'Venture', undercity: true });
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'Venture', undercity: true });
  game.send(0, { type: 'ChooseRoom', room: 'forge' });
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'Venture', undercity: true });
  game.send(0, { type: 'ChooseRoom', room: 'trap' });
  const resolutions = venture.legalCommands(game.state, 0).filter((c) => c.type === 'ResolveTop');
  t.same(
    resolutions,
    [0, 1, 2].map((p): VentureCommand => ({ type: 'ResolveTop', targetPlayer: p })),
  );
  for (const command of resolutions) t.equal(game.code(0, command), null, JSON.stringify(command));
  t.same(
    venture.legalCommands(game.state, 1).filter((c) => c.type === 'ResolveTop'),
    [],
    'not for other players',
  );
  t.end();
});

t.test('legalCommands: combat damage and step moves only for the active player', (t) => {
  const game = table(3, 1);
  for (let i = 0; i < 3; i++) game.send(1, { type: 'AdvanceStep' });
  t.equal(game.state.step, 'combat-damage');
  const active = venture.legalCommands(game.state, 1).map((c) => c.type);
  const other = venture.legalCommands(game.state, 2).map((c) => c.type);
  t.ok(active.includes('ReportCombatDamage') && active.includes('AdvanceStep') && active.includes('PassTurn'));
  t.notOk(other.includes('ReportCombatDamage') || other.includes('AdvanceStep') || other.includes('PassTurn'));
  t.end();
});

t.test('the command schema rejects malformed commands before they reach decide', (t) => {
  t.ok(Value.Check(venture.commandSchema, { type: 'Venture', undercity: true }));
  t.notOk(Value.Check(venture.commandSchema, { type: 'Venture', into: 'undercity' }));
  t.notOk(Value.Check(venture.commandSchema, { type: 'ChooseDungeon', dungeon: 'baldurs-gate-wilderness' }));
  t.notOk(Value.Check(venture.commandSchema, { type: 'ReportCombatDamage', player: 1, amount: 0 }));
  t.notOk(Value.Check(venture.commandSchema, { type: 'Teleport' }));
  t.ok(Value.Check(venture.optionsSchema, { startingLife: 40 }));
  t.notOk(Value.Check(venture.optionsSchema, { startingLife: 0 }));
  t.end();
});
