// The shipped content as a client shows it (GET /modules/raid/content): every card, class, hero, dungeon and
// achievement card, each with its rules text generated from its data.
import type { ContentItem } from '@delve/kernel';
import { achievementText, auraText, cardText, levelUpText } from '../rules/text';
import { CATALOG, type CardDef } from './index';

/** Where a card is found: the treasure pool, a class starter deck or a Dungeon deck. */
function whereFound(card: CardDef): string {
  const { content } = CATALOG;
  const dungeon = content.dungeons.find((d) => d.deck.some((e) => e.card === card.id));
  if (dungeon) return `dungeon:${dungeon.id}`;
  if (content.treasure.includes(card.id)) return 'treasure';
  const cls = content.classes.find((c) => c.deck.some((e) => e.card === card.id));
  return cls ? `starter:${cls.id}` : 'none';
}

function cardItem(card: CardDef): ContentItem {
  const numbers = (() => {
    switch (card.type) {
      case 'ally':
        return { atk: card.atk, health: card.health, keywords: card.keywords.join(', ') };
      case 'ability':
        return { instant: card.instant };
      case 'equipment':
        return card.slot === 'weapon'
          ? { slot: card.slot, atk: card.atk, strikeCost: card.strikeCost }
          : { slot: card.slot, prevent: card.prevent };
      case 'talent':
        return {};
    }
  })();
  return {
    id: card.id,
    name: card.name,
    type: card.type,
    rarity: card.rarity ?? null,
    text: cardText(card),
    stats: { cost: card.cost, ...numbers, class: card.class ?? null, found: whereFound(card) },
  };
}

/** Every piece of the raid's shipped content, cards first. */
export function contentItems(): ContentItem[] {
  const { content } = CATALOG;
  return [
    ...content.cards.map(cardItem),
    ...content.classes.flatMap((cls): ContentItem[] => {
      const size = cls.deck.reduce((n, e) => n + e.count, 0);
      return [
        {
          id: cls.id,
          name: cls.name,
          type: 'class',
          rarity: null,
          text: `A raider class: ${cls.hero.name} and a starter deck of ${size} cards.`,
          stats: { hero: cls.hero.id, deckSize: size },
        },
        {
          id: cls.hero.id,
          name: cls.hero.name,
          type: 'hero',
          rarity: null,
          text: `The ${cls.name} class’s hero, with ${cls.hero.health} health.`,
          stats: { class: cls.id, health: cls.hero.health },
        },
      ];
    }),
    ...content.dungeons.flatMap((d): ContentItem[] => [
      {
        id: d.id,
        name: d.name,
        type: 'dungeon',
        rarity: null,
        text: d.summary,
        stats: { hero: d.hero.id, deckSize: d.deck.reduce((n, e) => n + e.count, 0), achievements: d.achievements.length },
      },
      {
        id: d.hero.id,
        name: d.hero.name,
        type: 'dungeon-hero',
        rarity: null,
        text: d.hero.levels
          .map((l, i) => {
            const powers = auraText(l.aura, 'the Dungeon');
            const up = levelUpText(l);
            return `Level ${i + 1}: Flip ${l.flip}, ATK ${l.atk}, health ${l.health}.${up ? ` ${up}.` : ''}${powers ? ` ${powers}` : ''}`;
          })
          .join(' '),
        stats: { dungeon: d.id },
      },
      ...d.achievements.map((a): ContentItem => ({
        id: a.id,
        name: a.name,
        type: 'achievement',
        rarity: null,
        text: achievementText(a.condition),
        stats: { dungeon: d.id, xp: a.xp },
      })),
    ]),
  ];
}
