// Every dungeon walked along every path from the topmost room to completion, checking life, tokens and completions.
import t from 'tap';
import { allPaths, type DungeonId, type TokenKind } from '../src/index';
import { Table } from './support';

/** Expected outcome of one walk by seat 0 at a two-player table, from the printed room texts (all "unless" costs declined). */
interface Outcome {
  readonly life: [number, number];
  readonly tokens: TokenKind[];
  readonly counters?: number;
}

const EXPECTED: Record<Exclude<DungeonId, 'baldurs-gate-wilderness'>, Record<string, Outcome>> = {
  'tomb-of-annihilation': {
    'trapped-entry>veils-of-fear>sandfall-cell>cradle-of-the-death-god': { life: [15, 15], tokens: ['the-atropal'] },
    'trapped-entry>oubliette>cradle-of-the-death-god': { life: [19, 19], tokens: ['the-atropal'] },
  },
  'lost-mine-of-phandelver': {
    'cave-entrance>goblin-lair>storeroom>temple-of-dumathoin': { life: [20, 20], tokens: ['goblin'], counters: 1 },
    'cave-entrance>goblin-lair>dark-pool>temple-of-dumathoin': { life: [21, 19], tokens: ['goblin'] },
    'cave-entrance>mine-tunnels>dark-pool>temple-of-dumathoin': { life: [21, 19], tokens: ['treasure'] },
    'cave-entrance>mine-tunnels>fungi-cavern>temple-of-dumathoin': { life: [20, 20], tokens: ['treasure'] },
  },
  'dungeon-of-the-mad-mage': {
    'yawning-portal>dungeon-level>goblin-bazaar>lost-level>runestone-caverns>deep-mines>mad-wizards-lair': {
      life: [21, 20],
      tokens: ['treasure'],
    },
    'yawning-portal>dungeon-level>goblin-bazaar>lost-level>muirals-graveyard>deep-mines>mad-wizards-lair': {
      life: [21, 20],
      tokens: ['treasure', 'skeleton', 'skeleton'],
    },
    'yawning-portal>dungeon-level>twisted-caverns>lost-level>runestone-caverns>deep-mines>mad-wizards-lair': { life: [21, 20], tokens: [] },
    'yawning-portal>dungeon-level>twisted-caverns>lost-level>muirals-graveyard>deep-mines>mad-wizards-lair': {
      life: [21, 20],
      tokens: ['skeleton', 'skeleton'],
    },
  },
  undercity: {
    'secret-entrance>forge>trap>archives>throne-of-the-dead-three': { life: [20, 15], tokens: [] },
    'secret-entrance>forge>arena>archives>throne-of-the-dead-three': { life: [20, 20], tokens: [] },
    'secret-entrance>forge>arena>catacombs>throne-of-the-dead-three': { life: [20, 20], tokens: ['skeleton-menace'] },
    'secret-entrance>lost-well>arena>archives>throne-of-the-dead-three': { life: [20, 20], tokens: [] },
    'secret-entrance>lost-well>arena>catacombs>throne-of-the-dead-three': { life: [20, 20], tokens: ['skeleton-menace'] },
    'secret-entrance>lost-well>stash>catacombs>throne-of-the-dead-three': { life: [20, 20], tokens: ['treasure', 'skeleton-menace'] },
  },
};

/** Resolve the top ability of seat 0 the way the scenario plays it: Trap! on seat 1, counters on seat 0's first creature token. */
function resolve(table: Table): void {
  const top = table.view().stack.at(-1);
  if (!top) return;
  if (top.room === 'trap') table.send(0, { type: 'ResolveTop', targetPlayer: 1 });
  else if (top.room === 'storeroom' || top.room === 'forge') {
    const creature = table.view().tokens.find((tk) => tk.controller === 0 && tk.kind !== 'treasure');
    table.send(0, creature ? { type: 'ResolveTop', targetToken: creature.id } : { type: 'ResolveTop' });
  } else table.send(0, { type: 'ResolveTop' });
  if (table.view().phase === 'answer-unless') for (const seat of [0, 1]) table.send(seat, { type: 'AnswerUnless', pay: false });
}

// Baldur's Gate Wilderness and its 72 paths are walked in wilderness.test.ts.
for (const dungeon of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[]) {
  t.test(`309.5 / 309.6 / 309.7: ${dungeon} along every path from top to completion`, (t) => {
    const paths = allPaths(dungeon);
    t.same(Object.keys(EXPECTED[dungeon]).sort(), paths.map((p) => p.join('>')).sort(), 'the expectations cover every path');
    for (const path of paths) {
      const key = path.join('>');
      const expected = EXPECTED[dungeon][key] as Outcome;
      const table = new Table(2, 0);
      for (const room of path) {
        table.walk(0, dungeon, [room]);
        t.same(table.view().players[0]?.completed, {}, `${key}: not completed while venturing`);
        resolve(table);
      }
      const view = table.view();
      t.same([table.life(0), table.life(1)], expected.life, `${key}: life totals`);
      t.same(
        view.tokens.map((tk) => tk.kind),
        expected.tokens,
        `${key}: tokens`,
      );
      t.ok(
        view.tokens.every((tk) => tk.controller === 0),
        `${key}: tokens belong to the venturer`,
      );
      t.equal(
        view.tokens.reduce((n, tk) => n + tk.counters, 0),
        expected.counters ?? 0,
        `${key}: counters`,
      );
      t.equal(view.players[0]?.dungeon, null, `${key}: removed by the state-based action`);
      t.same(view.players[0]?.completed, { [dungeon]: 1 }, `${key}: one completion`);
      t.same(view.players[1]?.completed, {}, `${key}: the other player completed nothing`);
    }
    t.end();
  });
}
