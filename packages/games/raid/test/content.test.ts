// The content ships as data validated by a TypeBox schema at load: three dungeons, three classes, the treasure pool.
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { CATALOG, ContentError, loadContent, RAW_CONTENT } from '../src/index';
import { ContentSchema, RARITIES, type Content } from '../src/content/index';
import { cardText } from '../src/rules/text';

const size = (deck: readonly { count: number }[]) => deck.reduce((n, e) => n + e.count, 0);
const copy = (): Content => JSON.parse(JSON.stringify(RAW_CONTENT)) as Content;

t.test('Content: the shipped cards, classes, dungeons and treasure pass the schema and the content rules', async (t) => {
  t.ok(Value.Check(ContentSchema, RAW_CONTENT), 'the schema');
  t.doesNotThrow(() => loadContent(RAW_CONTENT), 'the rules the schema cannot say');
  t.equal(CATALOG.cards.size, RAW_CONTENT.cards.length, 'every card id is unique');
});

t.test(
  'Content: at least three dungeons, each a four-level hero and a deck of about 30 with Bosses, Ferocity, abilities, equipment',
  async (t) => {
    t.ok(RAW_CONTENT.dungeons.length >= 3);
    for (const d of RAW_CONTENT.dungeons) {
      const cards = d.deck.map((e) => CATALOG.cards.get(e.card));
      t.equal(d.hero.levels.length, 4, `${d.id}: four levels`);
      t.ok(size(d.deck) >= 28 && size(d.deck) <= 32, `${d.id}: ${size(d.deck)} cards`);
      t.ok(cards.filter((c) => c?.type === 'ally' && c.keywords.includes('boss')).length >= 2, `${d.id}: two Bosses or more`);
      t.ok(
        cards.some((c) => c?.type === 'ally' && c.keywords.includes('ferocity')),
        `${d.id}: Ferocity`,
      );
      t.ok(cards.some((c) => c?.type === 'ability') && cards.some((c) => c?.type === 'equipment'), `${d.id}: abilities and equipment`);
      t.ok(d.achievements.length >= 3, `${d.id}: achievements`);
      t.same(
        d.hero.levels.map((l) => (l.levelUp === null ? null : 'damage' in l.levelUp ? l.levelUp.damage : 'destroyed')),
        [10, 20, 'destroyed', null],
        `${d.id}: levels up at 10 damage, 20 damage, a raider destroyed (Level Up Rules)`,
      );
    }
  },
);

t.test('Content: at least three classes with a hero and about 30 cards, and a treasure pool of 40+ of every rarity and type', async (t) => {
  t.ok(RAW_CONTENT.classes.length >= 3);
  for (const c of RAW_CONTENT.classes) t.equal(size(c.deck), 30, `${c.id}: 30 cards`);
  t.ok(RAW_CONTENT.treasure.length >= 40, `${RAW_CONTENT.treasure.length} treasure cards`);
  const treasure = RAW_CONTENT.treasure.map((id) => CATALOG.cards.get(id));
  for (const rarity of RARITIES)
    t.ok(
      treasure.some((c) => c?.rarity === rarity),
      rarity,
    );
  for (const type of ['ability', 'ally', 'equipment', 'talent'])
    t.ok(
      treasure.some((c) => c?.type === type),
      type,
    );
});

t.test('Content: every card has rules text generated from its data', async (t) => {
  for (const card of RAW_CONTENT.cards)
    if (card.type !== 'ally' || card.keywords.length || card.effects) t.ok(cardText(card).length > 0, card.id);
  t.equal(cardText(CATALOG.cards.get('shield-slam')!), 'Instant. Deal 3 damage to target enemy ally.');
  t.equal(
    cardText(CATALOG.cards.get('rising-tide')!),
    'Deal 2 damage to the enemy hero and each enemy ally. Level 3+: Deal 2 damage to the enemy hero.',
  );
});

t.test('Content: broken content is refused at load with every problem listed', async (t) => {
  const cases: [string, (c: Content) => void, RegExp][] = [
    ['a field of the wrong type', (c) => Object.assign(c.cards[0] as object, { cost: -1 }), /cost/],
    ['an unknown card in a deck', (c) => c.classes[0]?.deck.push({ card: 'no-such-card', count: 1 }), /unknown card no-such-card/],
    [
      'a dungeon with one Boss',
      (c) => {
        const d = c.dungeons[0];
        if (d) d.deck = d.deck.filter((e) => e.card !== 'selka-brine-hag');
      },
      /two Boss/,
    ],
    [
      'a target nobody chose',
      (c) => Object.assign(c.cards.find((x) => x.id === 'second-wind') as object, { effects: [{ op: 'heal', amount: 2, to: 'target' }] }),
      /the card has none/,
    ],
    [
      'a raider Boss',
      (c) => Object.assign(c.cards.find((x) => x.id === 'warhound') as object, { keywords: ['boss'] }),
      /only Dungeon allies are Bosses/,
    ],
    [
      'a Dungeon card with a cost',
      (c) => Object.assign(c.cards.find((x) => x.id === 'bone-rattler') as object, { cost: 2 }),
      /Dungeon cards cost 0/,
    ],
    ['a small treasure pool', (c) => c.treasure.splice(10), /at least 40/],
  ];
  for (const [what, breakIt, message] of cases) {
    const content = copy();
    breakIt(content);
    t.throws(() => loadContent(content), ContentError, what);
    try {
      loadContent(content);
    } catch (error) {
      t.match((error as ContentError).problems.join('\n'), message, what);
    }
  }
});
