// Room abilities on the stack (309.4c): who resolves them, the choices they need, and "unless" answers in APNAP order.
import t from 'tap';
import { venture, type DungeonId } from '../src/index';
import { table, types, type Table } from './helpers';

/** Walk `seat` to `room` of `dungeon` by the given arrows, resolving every ability on the way (not the last). */
function walk(game: Table, seat: number, dungeon: DungeonId, path: string[]): void {
  if (dungeon === 'undercity') game.send(seat, { type: 'Venture', undercity: true });
  else {
    game.send(seat, { type: 'Venture' });
    game.send(seat, { type: 'ChooseDungeon', dungeon });
  }
  for (const room of path.slice(1)) {
    game.drain();
    game.send(seat, { type: 'Venture', undercity: dungeon === 'undercity' });
    if (game.state.pending?.kind === 'room') game.send(seat, { type: 'ChooseRoom', room });
  }
}

t.test('309.4c: only the controller resolves the top of the stack', (t) => {
  const game = table(3);
  t.equal(game.code(0, { type: 'ResolveTop' }), 'venture/stack-empty');
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance']);
  t.equal(game.code(0, { type: 'ResolveTop' }), 'venture/not-controller');
  t.same(types(game.send(1, { type: 'ResolveTop' })), ['AbilityResolved']);
  t.end();
});

t.test('309.4c: the last-triggered ability resolves first', (t) => {
  const game = table(3);
  walk(game, 0, 'lost-mine-of-phandelver', ['cave-entrance']);
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance']);
  t.same(venture.status(game.state).awaiting, [1]);
  game.send(1, { type: 'ResolveTop' });
  t.same(venture.status(game.state).awaiting, [0]);
  t.end();
});

t.test('309.4c: Trap! needs a target player chosen by its controller', (t) => {
  const game = table(3);
  walk(game, 0, 'undercity', ['secret-entrance', 'forge', 'trap']);
  t.equal(game.room(0), 'trap');
  t.equal(game.code(0, { type: 'ResolveTop' }), 'venture/target-required');
  t.equal(game.code(0, { type: 'ResolveTop', targetPlayer: 7 }), 'venture/bad-target');
  t.equal(game.code(0, { type: 'ResolveTop', targetPlayer: 1, targetToken: 1 }), 'venture/unexpected-choice');
  const events = game.send(0, { type: 'ResolveTop', targetPlayer: 2 });
  t.same(events.at(-1), { type: 'LifeChanged', seat: 2, amount: -5 });
  t.equal(game.life(2), 15);
  t.equal(game.life(1), 20);
  t.end();
});

t.test('309.4c: Forge puts two +1/+1 counters on a target creature token; untracked targets are allowed', (t) => {
  const game = table(2);
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  game.send(1, { type: 'ResolveTop' });
  const goblin = game.state.tokens[0];
  t.equal(goblin?.kind, 'goblin');
  walk(game, 0, 'undercity', ['secret-entrance', 'forge']);
  t.equal(game.code(0, { type: 'ResolveTop', targetToken: 99 }), 'venture/bad-target');
  t.equal(game.code(0, { type: 'ResolveTop', targetPlayer: 1 }), 'venture/unexpected-choice');
  game.send(0, { type: 'ResolveTop', targetToken: goblin?.id ?? 0 });
  t.equal(game.state.tokens[0]?.counters, 2, "any player's creature may be targeted");
  t.end();
});

t.test('309.4c: a Treasure is not a creature and cannot be the target creature', (t) => {
  const game = table(2);
  walk(game, 0, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels']);
  game.send(0, { type: 'ResolveTop' });
  walk(game, 1, 'undercity', ['secret-entrance', 'forge']);
  t.equal(game.code(1, { type: 'ResolveTop', targetToken: game.state.tokens[0]?.id ?? 0 }), 'venture/bad-target');
  t.same(types(game.send(1, { type: 'ResolveTop' })), ['AbilityResolved'], 'with no tracked target nothing is counted');
  t.end();
});

t.test('unless costs: every player answers in APNAP order before the ability finishes resolving', (t) => {
  const game = table(3, 1);
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  const started = game.send(0, { type: 'ResolveTop' });
  t.same(types(started), ['ResolutionStarted']);
  t.same(venture.status(game.state).awaiting, [1], 'the active player answers first');
  t.equal(game.code(0, { type: 'AnswerUnless', pay: true }), 'venture/not-your-answer');
  t.equal(game.code(1, { type: 'Venture' }), 'venture/answers-pending', 'nothing else happens mid-resolution');
  game.send(1, { type: 'AnswerUnless', pay: true });
  t.same(venture.status(game.state).awaiting, [2]);
  game.send(2, { type: 'AnswerUnless', pay: false });
  const done = game.send(0, { type: 'AnswerUnless', pay: false });
  t.same(done, [
    { type: 'UnlessAnswered', stackId: done[0]?.type === 'UnlessAnswered' ? done[0].stackId : -1, seat: 0, pay: false },
    { type: 'AbilityResolved', stackId: done[0]?.type === 'UnlessAnswered' ? done[0].stackId : -1, choices: {} },
    { type: 'LifeChanged', seat: 2, amount: -2 },
    { type: 'LifeChanged', seat: 0, amount: -2 },
  ]);
  t.same([game.life(0), game.life(1), game.life(2)], [17, 19, 17], 'Trapped Entry cost everyone 1, then the decliners lose 2');
  t.end();
});

t.test('unless costs: Sandfall Cell may be paid by sacrificing a tracked token, which leaves the battlefield', (t) => {
  const game = table(2);
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels']);
  game.send(1, { type: 'ResolveTop' });
  const treasure = game.state.tokens[0]?.id ?? 0;
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear', 'sandfall-cell']);
  game.send(0, { type: 'ResolveTop' });
  t.equal(game.code(0, { type: 'AnswerUnless', pay: true, token: treasure }), 'venture/bad-sacrifice', 'not your token');
  t.equal(game.code(0, { type: 'AnswerUnless', pay: false, token: treasure }), 'venture/unexpected-choice');
  game.send(0, { type: 'AnswerUnless', pay: false });
  const events = game.send(1, { type: 'AnswerUnless', pay: true, token: treasure });
  t.same(types(events), ['UnlessAnswered', 'AbilityResolved', 'LifeChanged', 'TokenRemoved']);
  t.same(game.state.tokens, []);
  t.end();
});

t.test('unless costs: a discard cost takes no token', (t) => {
  const game = table(2);
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  game.send(1, { type: 'ResolveTop' });
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  game.send(0, { type: 'ResolveTop' });
  t.equal(game.code(0, { type: 'AnswerUnless', pay: true, token: game.state.tokens[0]?.id ?? 0 }), 'venture/unexpected-choice');
  t.end();
});

t.test('unless costs: a player leaving mid-resolution is skipped, and the resolution finishes without them', (t) => {
  const game = table(3, 0);
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'veils-of-fear']);
  game.send(0, { type: 'ResolveTop' });
  game.send(0, { type: 'AnswerUnless', pay: false });
  game.send(1, { type: 'AnswerUnless', pay: false });
  const events = game.send(2, { type: 'LeaveGame' });
  t.same(types(events), ['PlayerLeft', 'AbilityResolved', 'LifeChanged', 'LifeChanged']);
  t.end();
});

t.test('Oubliette: its controller sacrifices one artifact, one creature and one land; tracked tokens leave', (t) => {
  const game = table(2);
  // Seat 0 gets a Goblin and a Treasure from two trips through Lost Mine, then enters Tomb.
  walk(game, 0, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair', 'storeroom', 'temple-of-dumathoin']);
  game.drain();
  walk(game, 0, 'lost-mine-of-phandelver', ['cave-entrance', 'mine-tunnels', 'fungi-cavern', 'temple-of-dumathoin']);
  game.drain();
  t.same(game.state.players[0]?.completed, ['lost-mine-of-phandelver', 'lost-mine-of-phandelver']);
  const [goblin, treasure] = game.state.tokens.map((tk) => tk.id) as [number, number];
  walk(game, 1, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair']);
  game.send(1, { type: 'ResolveTop' });
  const theirs = game.state.tokens.at(-1)?.id ?? 0;
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
  t.equal(game.code(0, { type: 'ResolveTop', sacrifice: [goblin, theirs] }), 'venture/bad-sacrifice', 'only your own tokens');
  t.equal(game.code(0, { type: 'ResolveTop', sacrifice: [goblin, goblin] }), 'venture/bad-sacrifice', 'no duplicates');
  const events = game.send(0, { type: 'ResolveTop', sacrifice: [treasure, goblin] });
  t.same(types(events), ['AbilityResolved', 'TokenRemoved', 'TokenRemoved']);
  t.same(
    game.state.tokens.map((tk) => tk.id),
    [theirs],
  );
  t.end();
});

t.test('Oubliette: two creature tokens cannot fill one creature sacrifice', (t) => {
  const game = table(2);
  walk(game, 0, 'dungeon-of-the-mad-mage', [
    'yawning-portal',
    'dungeon-level',
    'goblin-bazaar',
    'lost-level',
    'muirals-graveyard',
    'deep-mines',
    'mad-wizards-lair',
  ]);
  game.drain();
  const skeletons = game.state.tokens.filter((tk) => tk.kind === 'skeleton').map((tk) => tk.id);
  const treasure = game.state.tokens.find((tk) => tk.kind === 'treasure')?.id ?? 0;
  t.equal(skeletons.length, 2);
  walk(game, 0, 'tomb-of-annihilation', ['trapped-entry', 'oubliette']);
  t.equal(game.code(0, { type: 'ResolveTop', sacrifice: skeletons }), 'venture/bad-sacrifice');
  t.equal(game.code(0, { type: 'ResolveTop', sacrifice: [treasure, ...skeletons] }), 'venture/bad-sacrifice');
  t.equal(game.code(0, { type: 'ResolveTop', sacrifice: [skeletons[0] ?? 0, treasure] }), null);
  t.end();
});

t.test('Dark Pool: each opponent loses 1 and its controller gains 1', (t) => {
  const game = table(3);
  walk(game, 2, 'lost-mine-of-phandelver', ['cave-entrance', 'goblin-lair', 'dark-pool']);
  game.send(2, { type: 'ResolveTop' });
  t.same([game.life(0), game.life(1), game.life(2)], [19, 19, 21]);
  t.end();
});
