// Views and redaction: hands as counts, deck orders hidden; map, positions, trackers, Inventories and Packs public;
// a grid a client can draw.
import t from 'tap';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { dungeoneer, HIDDEN, stateFromView, viewSchema } from '../src/index';
import { only, scenario } from './support';

const check = TypeCompiler.Compile(viewSchema);

t.test('Views: hands are counts for others; the own hand, trackers, Inventories and Packs are shown', async (t) => {
  const sc = scenario({ hands: [['gutter-wretch-1', 'notched-sword-1', 'second-wind-1', 'quick-step-1', 'ill-omen-1'], []] });
  const mine = dungeoneer.view(sc.state, { kind: 'seat', seat: 0 });
  const theirs = dungeoneer.view(sc.state, { kind: 'seat', seat: 1 });
  const watcher = dungeoneer.view(sc.state, { kind: 'spectator' });
  t.same(mine.players[0]?.hand, sc.player(0).hand);
  t.equal(theirs.players[0]?.hand, null, 'another seat sees no card of it');
  t.equal(theirs.players[0]?.handCount, 5, 'only how many');
  t.equal(watcher.players[1]?.hand, null);
  t.match(theirs.players[0], {
    glory: 1,
    peril: 1,
    quests: sc.player(0).quests,
    pack: [],
    hero: { id: 'brannoc', life: 6, x: 0, y: 0, boons: [], treasures: [] },
  });
  t.equal(theirs.deckCount, 50);
  t.equal(theirs.decks, null, 'deck orders are hidden');
  t.same(dungeoneer.view(sc.state, { kind: 'audit' }).decks?.adventure, sc.state.deck, 'the audit viewer sees every deck');
  for (const v of [mine, theirs, watcher]) t.ok(check.Check(v), 'the view matches viewSchema');
});

t.test('Views: the grid a client draws — coordinates, exits as the cards lie, occupants, bounds', async (t) => {
  const sc = scenario({ passages: ['dripping-crossway', 'narrow-fork', 'buttressed-way', 'mossy-passage'] });
  const { grid } = dungeoneer.view(sc.state, { kind: 'spectator' });
  t.match(grid, { minX: -1, maxX: 1, minY: -1, maxY: 1 });
  const at = (x: number, y: number) => grid.cells.find((c) => c.x === x && c.y === y)!;
  t.match(at(0, 0), { card: 'entrance', kind: 'entrance', heroes: [0, 1], glory: 1, peril: 1, open: ['N', 'E', 'S', 'W'] });
  // The Narrow Fork is printed with a Wall on the west; turned end over end, the Wall is on its east side.
  t.match(at(1, 0), { card: 'narrow-fork', rotation: 180, exits: { E: { kind: 'wall' }, W: { kind: 'open' } }, heroes: [] });
  t.same(at(1, 0).open, ['N', 'S', 'W']);
  t.match(at(0, 1), { name: 'Dripping Crossway', kind: 'passage', feature: null });
});

t.test('Redaction: another seat sees how many cards were drawn, not which', async (t) => {
  const sc = scenario();
  const draw = only(sc.events, 'CardsDrawn')[1]!;
  t.same(dungeoneer.redact(draw, { kind: 'seat', seat: 1 }, sc.state), draw, 'the drawer sees its cards');
  t.same(dungeoneer.redact(draw, { kind: 'seat', seat: 0 }, sc.state), { ...draw, cards: draw.cards.map(() => HIDDEN) });
  t.same(dungeoneer.redact(draw, { kind: 'spectator' }, sc.state), { ...draw, cards: draw.cards.map(() => HIDDEN) });
  t.same(dungeoneer.redact(draw, { kind: 'audit' }, sc.state), draw);
});

t.test('Views: a seat can rebuild from its own view exactly the commands it may send', async (t) => {
  const sc = scenario({ hands: [['gutter-wretch-1', 'notched-sword-1', 'second-wind-1', 'quick-step-1', 'ill-omen-1'], ['quick-step-2']] });
  for (const seat of [0, 1]) {
    const fromView = dungeoneer.legalCommands(stateFromView(dungeoneer.view(sc.state, { kind: 'seat', seat })), seat);
    t.same(fromView, dungeoneer.legalCommands(sc.state, seat), `seat ${seat}`);
  }
  t.ok(
    dungeoneer.legalCommands(sc.state, 1).some((c) => c.type === 'PlayBoon'),
    'an Anytime Boon is on offer off turn',
  );
});
