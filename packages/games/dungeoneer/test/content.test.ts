// dungeoneer.txt, INTRODUCTION (Parts) and the card sections: the starter set's composition, validated as data.
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { cardSetSchema, problemsOf, STARTER, type CardSet } from '../src/index';

const count = <T>(items: readonly T[], copies: (x: T) => number = () => 1) => items.reduce((n, x) => n + copies(x), 0);

t.test('INTRODUCTION, Parts: 60 Adventure, 22 Map, 14 Quest and 6 Hero cards, valid against the card schema', async (t) => {
  t.ok(Value.Check(cardSetSchema, STARTER), 'the schema accepts the set');
  t.same(problemsOf(STARTER), [], 'and so do the cross-checks');
  t.equal(
    count(STARTER.adventure, (c) => c.copies),
    60,
  );
  t.equal(STARTER.map.length, 22);
  t.equal(STARTER.quests.length, 14);
  t.equal(STARTER.heroes.length, 6);
});

t.test('ADVENTURE CARDS: Encounters (monsters, Traps, Obstacles), Banes, Boons and Treasures of every sort', async (t) => {
  const a = STARTER.adventure;
  const n = (f: (c: (typeof a)[number]) => boolean) => count(a.filter(f), (c) => c.copies);
  t.equal(
    n((c) => c.kind === 'monster' || c.kind === 'threat'),
    24,
    'Encounters',
  );
  t.ok(
    n((c) => c.kind === 'threat' && c.threat === 'trap') > 0 && n((c) => c.kind === 'threat' && c.threat === 'obstacle') > 0,
    'Traps and Obstacles',
  );
  const monsters = a.flatMap((c) => (c.kind === 'monster' ? [c] : []));
  t.ok(
    monsters.some((m) => Object.values(m.attacks).some((x) => x && !x.standard)),
    'counter-attacks',
  );
  t.ok(
    monsters.some((m) => Object.keys(m.hits).length > 0),
    'hit effects',
  );
  t.ok(
    monsters.some((m) => !m.attacks.magic),
    'forms left to the default counter-attack of 0',
  );
  const banes = a.flatMap((c) => (c.kind === 'bane' ? [c] : []));
  t.equal(
    count(banes, (c) => c.copies),
    12,
    'Banes',
  );
  t.ok(banes.some((b) => b.targeted) && banes.some((b) => !b.targeted), 'targeted and untargeted');
  t.ok(banes.some((b) => b.timing === 'anytime') && banes.some((b) => b.curse), 'Anytime Banes and curses');
  const boons = a.flatMap((c) => (c.kind === 'boon' ? [c] : []));
  t.equal(
    count(boons, (c) => c.copies),
    12,
    'Boons',
  );
  for (const timing of ['hero', 'response', 'anytime'] as const)
    t.ok(
      boons.some((b) => b.timing === timing),
      `${timing} Boons`,
    );
  t.ok(boons.some((b) => b.permanent) && boons.some((b) => !b.permanent), 'permanent and instant');
  t.ok(
    boons.some((b) => b.upkeep > 0),
    'with an upkeep',
  );
  const treasures = a.flatMap((c) => (c.kind === 'treasure' ? [c] : []));
  t.equal(
    count(treasures, (c) => c.copies),
    12,
    'Treasures',
  );
  t.ok(
    treasures.some((c) => c.slots > 0),
    'storage items',
  );
  t.ok(
    treasures.some((c) => c.ability?.consume),
    'potions',
  );
  t.ok(new Set(treasures.map((c) => c.category)).size < treasures.length, 'shared categories, so duplicates can be refused');
});

t.test('MAP CARDS: the entrance, passages and rooms, every kind of exit, Glory and Peril, pits, spikes and hazards', async (t) => {
  const m = STARTER.map;
  t.equal(m.filter((c) => c.kind === 'entrance').length, 1);
  t.ok(m.filter((c) => c.kind === 'passage').length >= 4 && m.some((c) => c.kind === 'room'));
  const exits = new Set(m.flatMap((c) => Object.values(c.exits).map((e) => e.kind)));
  t.same([...exits].sort(), ['locked', 'open', 'trapped', 'wall']);
  for (const f of ['pit', 'spikes', 'hazard'])
    t.ok(
      m.some((c) => c.feature?.kind === f),
      f,
    );
  t.ok(m.some((c) => c.glory > 0) && m.some((c) => c.peril > 0));
});

t.test('QUEST CARDS: every quest type, Artifacts, effects in play and every reward kind', async (t) => {
  const q = STARTER.quests;
  for (const type of ['chance', 'escort', 'sacrifice', 'search', 'slay', 'threat'] as const)
    t.ok(
      q.some((x) => x.type === type),
      type,
    );
  t.ok(
    q.some((x) => x.artifact),
    'Artifact',
  );
  t.ok(
    q.some((x) => x.effect.length > 0),
    'effects while in play',
  );
  const rewards = new Set(q.flatMap((x) => x.reward.flatMap((r) => Object.keys(r))));
  t.same([...rewards].sort(), ['deck', 'glory', 'level', 'life', 'peril', 'pile', 'play']);
});

t.test('HERO CARDS: scores by level, Boon and Treasure limits and a special ability', async (t) => {
  for (const h of STARTER.heroes) {
    t.equal(h.maxLife, 6, `${h.name}: 6 Life`);
    t.ok(h.levels.length >= 2, `${h.name}: scores by level`);
    t.ok(h.ability.effects.length > 0, `${h.name}: an ability`);
  }
});

t.test('Content as data: a broken card is caught by the schema or the cross-checks, so it cannot load', async (t) => {
  const broken = (f: (set: CardSet) => CardSet) => problemsOf(f(STARTER));
  t.ok(
    broken((s) => ({ ...s, adventure: [...s.adventure, { ...s.adventure[0]!, hits: { melee: [{ teleport: 1 }] } } as never] })).length > 0,
    'an unknown effect',
  );
  t.match(
    broken((s) => ({ ...s, adventure: [...s.adventure, s.adventure[0]!] })),
    [/used twice/],
  );
  t.match(
    broken((s) => ({ ...s, quests: s.quests.map((x, i) => (i === 0 ? { ...x, space: 'nowhere' } : x)) })),
    [/unknown space/],
  );
  t.match(
    broken((s) => ({
      ...s,
      map: s.map.map((c) =>
        c.id === 'narrow-fork' ? { ...c, exits: { ...c.exits, N: { kind: 'wall' as const }, S: { kind: 'wall' as const } } } : c,
      ),
    })),
    [/cannot be turned to face the entrance/],
  );
  t.match(
    broken((s) => ({ ...s, quests: s.quests.map((x) => (x.type === 'slay' ? { ...x, monster: undefined } : x)) as never })),
    [/needs a monster/],
  );
});
