// The starter set as a client shows it (GET /modules/dungeoneer/content): every Adventure card design, Map card, quest
// and hero with its id, name, kind, text and numbers.
import type { ContentItem } from '@delve/kernel';
import { STARTER, STATS, type AdventureCard, type Check, type Exit, type MapCard } from './index';

const check = (c: Check): string => `${c.stat === 'none' ? 'the die' : c.stat} ${c.target}`;
const exit = (e: Exit): string => (e.kind === 'open' || e.kind === 'wall' ? e.kind : `${e.kind} (${check(e.check)})`);

function adventureItem(card: AdventureCard): ContentItem {
  const numbers = (() => {
    switch (card.kind) {
      case 'monster':
        return {
          life: card.life,
          attacks: STATS.flatMap((form) => {
            const a = card.attacks[form];
            return a ? [`${form} ${a.score}${a.standard ? '' : ' (counter only)'}`] : [];
          }).join(', '),
        };
      case 'threat':
        return { threat: card.threat, check: check(card.check) };
      case 'bane':
        return { timing: card.timing, targeted: card.targeted, scope: card.scope, curse: card.curse };
      case 'boon':
        return { timing: card.timing, permanent: card.permanent, upkeep: card.upkeep };
      case 'treasure':
        return { category: card.category, slots: card.slots, upkeep: card.upkeep };
    }
  })();
  // Monsters, threats and banes cost the target's Peril; boons and treasures their player's Glory.
  const pays = card.kind === 'boon' || card.kind === 'treasure' ? 'glory' : 'peril';
  return {
    id: card.id,
    name: card.name,
    type: card.kind,
    rarity: null,
    text: card.text,
    stats: { copies: card.copies, cost: card.cost, pays, ...numbers },
  };
}

function mapItem(card: MapCard): ContentItem {
  const { N, E, S, W } = card.exits;
  const feature = card.feature
    ? card.feature.kind === 'hazard'
      ? `a hazard (+${card.feature.modifier} to traps here)`
      : `${card.feature.kind} (${check(card.feature.check)})`
    : null;
  return {
    id: card.id,
    name: card.name,
    type: card.kind,
    rarity: null,
    text:
      `Exits as printed: north ${exit(N)}, east ${exit(E)}, south ${exit(S)}, west ${exit(W)}. Entering gives ${card.glory} ` +
      `Glory and ${card.peril} Peril.${feature ? ` It holds ${feature}.` : ''}`,
    stats: { glory: card.glory, peril: card.peril, N: exit(N), E: exit(E), S: exit(S), W: exit(W), feature },
  };
}

/** Every design of the starter set: Adventure cards, Map cards, quests and heroes. */
export function contentItems(): ContentItem[] {
  return [
    ...STARTER.adventure.map(adventureItem),
    ...STARTER.map.map(mapItem),
    ...STARTER.quests.map((q): ContentItem => ({
      id: q.id,
      name: q.name,
      type: 'quest',
      rarity: null,
      text: q.text,
      stats: { quest: q.type, space: q.space, from: q.from ?? null, artifact: q.artifact !== undefined },
    })),
    ...STARTER.heroes.map((h): ContentItem => {
      const first = h.levels[0];
      return {
        id: h.id,
        name: h.name,
        type: 'hero',
        rarity: null,
        text: `${h.text} ${h.ability.name}: ${h.ability.text}`,
        stats: {
          maxLife: h.maxLife,
          levels: h.levels.length,
          melee: first?.melee ?? 0,
          magic: first?.magic ?? 0,
          speed: first?.speed ?? 0,
        },
      };
    }),
  ];
}
