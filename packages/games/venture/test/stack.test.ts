// Room abilities on the stack (309.4c): who resolves them, the choices they need, and "unless" answers in APNAP order.
import t from 'tap';
import { PATHS, Table, types } from './support';

t.test('309.4c: only the controller resolves the top of the stack', (t) => {
  const table = new Table(3);
  table.when(0, { type: 'ResolveTop' }).thenViolates(t, 'venture/stack-empty');
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance']);
  table.when(0, { type: 'ResolveTop' }).thenViolates(t, 'venture/not-controller');
  t.same(types(table.send(1, { type: 'ResolveTop' })), ['AbilityResolved']);
  t.end();
});

t.test('309.4c: the last-triggered ability resolves first', (t) => {
  const table = new Table(3);
  table.walk(0, 'lost-mine-of-phandelver', ['cave-entrance']);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance']);
  t.same(table.view().awaiting, [1]);
  table.send(1, { type: 'ResolveTop' });
  t.same(table.view().awaiting, [0]);
  t.end();
});

t.test('309.4c: Trap! needs a target player chosen by its controller', (t) => {
  const table = new Table(3);
  table.walk(0, 'undercity', ['secret-entrance', 'forge', 'trap']);
  t.equal(table.room(0), 'trap');
  table.when(0, { type: 'ResolveTop' }).thenViolates(t, 'venture/target-required');
  table.when(0, { type: 'ResolveTop', targetPlayer: 7 }).thenViolates(t, 'venture/bad-target');
  table.when(0, { type: 'ResolveTop', targetPlayer: 1, targetToken: 1 }).thenViolates(t, 'venture/unexpected-choice');
  const events = table.send(0, { type: 'ResolveTop', targetPlayer: 2 });
  t.same(events.at(-1), { type: 'LifeChanged', seat: 2, amount: -5 });
  t.equal(table.life(2), 15);
  t.equal(table.life(1), 20);
  t.end();
});

t.test('309.4c: Forge puts two +1/+1 counters on a target creature token; untracked targets are allowed', (t) => {
  const table = new Table(2);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  table.send(1, { type: 'ResolveTop' });
  const goblin = table.view().tokens[0];
  t.equal(goblin?.kind, 'goblin');
  table.walk(0, 'undercity', ['secret-entrance', 'forge']);
  table.when(0, { type: 'ResolveTop', targetToken: 99 }).thenViolates(t, 'venture/bad-target');
  table.when(0, { type: 'ResolveTop', targetPlayer: 1 }).thenViolates(t, 'venture/unexpected-choice');
  table.send(0, { type: 'ResolveTop', targetToken: goblin?.id ?? 0 });
  t.equal(table.view().tokens[0]?.counters, 2, "any player's creature may be targeted");
  t.end();
});

t.test('309.4c: a Treasure is not a creature and cannot be the target creature', (t) => {
  const table = new Table(2);
  table.walk(0, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels']);
  table.send(0, { type: 'ResolveTop' });
  table.walk(1, 'undercity', ['secret-entrance', 'forge']);
  table.when(1, { type: 'ResolveTop', targetToken: table.view().tokens[0]?.id ?? 0 }).thenViolates(t, 'venture/bad-target');
  t.same(types(table.send(1, { type: 'ResolveTop' })), ['AbilityResolved'], 'with no tracked target nothing is counted');
  t.end();
});

t.test('309.4c / ruling 8: unless costs: every player answers in APNAP order before the ability finishes resolving', (t) => {
  const table = new Table(3, 1);
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  const started = table.send(0, { type: 'ResolveTop' });
  t.same(types(started), ['ResolutionStarted']);
  t.same(table.view().awaiting, [1], 'the active player answers first');
  table.when(0, { type: 'AnswerUnless', pay: true }).thenViolates(t, 'venture/not-your-answer');
  table.when(1, { type: 'Venture' }).thenViolates(t, 'venture/answers-pending', 'nothing else happens mid-resolution');
  table.send(1, { type: 'AnswerUnless', pay: true });
  t.same(table.view().awaiting, [2]);
  table.send(2, { type: 'AnswerUnless', pay: false });
  const done = table.send(0, { type: 'AnswerUnless', pay: false });
  t.same(done, [
    { type: 'UnlessAnswered', stackId: done[0]?.type === 'UnlessAnswered' ? done[0].stackId : -1, seat: 0, pay: false },
    { type: 'AbilityResolved', stackId: done[0]?.type === 'UnlessAnswered' ? done[0].stackId : -1, choices: {} },
    { type: 'LifeChanged', seat: 2, amount: -2 },
    { type: 'LifeChanged', seat: 0, amount: -2 },
  ]);
  t.same([table.life(0), table.life(1), table.life(2)], [17, 19, 17], 'Trapped Entry cost everyone 1, then the decliners lose 2');
  t.end();
});

t.test('309.4c / ruling 8: Sandfall Cell may be paid by sacrificing a tracked token, which leaves the battlefield', (t) => {
  const table = new Table(2);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels']);
  table.send(1, { type: 'ResolveTop' });
  const treasure = table.view().tokens[0]?.id ?? 0;
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear', 'sandfall-cell']);
  table.send(0, { type: 'ResolveTop' });
  table.when(0, { type: 'AnswerUnless', pay: true, token: treasure }).thenViolates(t, 'venture/bad-sacrifice', 'not your token');
  table.when(0, { type: 'AnswerUnless', pay: false, token: treasure }).thenViolates(t, 'venture/unexpected-choice');
  table.send(0, { type: 'AnswerUnless', pay: false });
  const events = table.send(1, { type: 'AnswerUnless', pay: true, token: treasure });
  t.same(types(events), ['UnlessAnswered', 'AbilityResolved', 'LifeChanged', 'TokenRemoved']);
  t.same(table.view().tokens, []);
  t.end();
});

t.test('309.4c / ruling 8: Veils of Fear’s discard cost takes no token', (t) => {
  const table = new Table(2);
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  table.send(1, { type: 'ResolveTop' });
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  table.send(0, { type: 'ResolveTop' });
  table.when(0, { type: 'AnswerUnless', pay: true, token: table.view().tokens[0]?.id ?? 0 }).thenViolates(t, 'venture/unexpected-choice');
  t.end();
});

t.test('309.4c / ruling 8: a player leaving mid-resolution is skipped, and the resolution finishes without them', (t) => {
  const table = new Table(3, 0);
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  table.send(0, { type: 'ResolveTop' });
  table.send(0, { type: 'AnswerUnless', pay: false });
  table.send(1, { type: 'AnswerUnless', pay: false });
  const events = table.send(2, { type: 'LeaveGame' });
  t.same(types(events), ['PlayerLeft', 'AbilityResolved', 'LifeChanged', 'LifeChanged']);
  t.end();
});

t.test('309.4c / ruling 9: Oubliette’s controller sacrifices one artifact, one creature and one land; tracked tokens leave', (t) => {
  const table = new Table(2);
  // Seat 0 gets a Goblin and a Treasure from two trips through Lost Mine, then enters Tomb.
  table.walk(0, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair', 'storeroom', 'temple-of-dumathoin']);
  table.drain();
  table.walk(0, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels', 'fungi-cavern', 'temple-of-dumathoin']);
  table.drain();
  t.same(table.view().players[0]?.completed, { 'lost-mine-of-phandelver': 2 });
  const [goblin, treasure] = table.view().tokens.map((tk) => tk.id) as [number, number];
  table.walk(1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  table.send(1, { type: 'ResolveTop' });
  const theirs = table.view().tokens.at(-1)?.id ?? 0;
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
  table.when(0, { type: 'ResolveTop', sacrifice: [goblin, theirs] }).thenViolates(t, 'venture/bad-sacrifice', 'only your own tokens');
  table.when(0, { type: 'ResolveTop', sacrifice: [goblin, goblin] }).thenViolates(t, 'venture/bad-sacrifice', 'no duplicates');
  const events = table.send(0, { type: 'ResolveTop', sacrifice: [treasure, goblin] });
  t.same(types(events), ['AbilityResolved', 'TokenRemoved', 'TokenRemoved']);
  t.same(
    table.view().tokens.map((tk) => tk.id),
    [theirs],
  );
  t.end();
});

t.test('309.4c / ruling 9: Oubliette: two creature tokens cannot fill one creature sacrifice', (t) => {
  const table = new Table(2);
  table.walk(0, 'dungeon-of-the-mad-mage', PATHS.madMage);
  table.drain();
  const skeletons = table
    .view()
    .tokens.filter((tk) => tk.kind === 'skeleton')
    .map((tk) => tk.id);
  const treasure = table.view().tokens.find((tk) => tk.kind === 'treasure')?.id ?? 0;
  t.equal(skeletons.length, 2);
  table.walk(0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
  table.when(0, { type: 'ResolveTop', sacrifice: skeletons }).thenViolates(t, 'venture/bad-sacrifice');
  table.when(0, { type: 'ResolveTop', sacrifice: [treasure, ...skeletons] }).thenViolates(t, 'venture/bad-sacrifice');
  t.same(types(table.when(0, { type: 'ResolveTop', sacrifice: [skeletons[0] ?? 0, treasure] }).events()), [
    'AbilityResolved',
    'TokenRemoved',
    'TokenRemoved',
  ]);
  t.end();
});

t.test('309.4c: Dark Pool: each opponent loses 1 and its controller gains 1', (t) => {
  const table = new Table(3);
  table.walk(2, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair', 'dark-pool']);
  table.send(2, { type: 'ResolveTop' });
  t.same([table.life(0), table.life(1), table.life(2)], [19, 19, 21]);
  t.end();
});
