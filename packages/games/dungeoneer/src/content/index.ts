// The card set as the rules use it: validated against the schema and cross-checked when the module loads, with lookups.
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ADVENTURE_DESIGNS } from './adventure';
import { HERO_CARDS } from './heroes';
import { ENTRANCE, MAP_CARDS } from './map';
import { QUEST_CARDS } from './quests';
import { AdventureCardT, HeroCardT, MapCardT, QuestCardT, type AdventureCard, type HeroCard, type MapCard, type QuestCard } from './schema';

export * from './schema';
export { ENTRANCE };

/** A complete set of cards: what a game is played with. */
export interface CardSet {
  readonly adventure: readonly AdventureCard[];
  readonly map: readonly MapCard[];
  readonly quests: readonly QuestCard[];
  readonly heroes: readonly HeroCard[];
}

/** Delve's own starter set, in the composition the rule text gives. */
export const STARTER: CardSet = { adventure: ADVENTURE_DESIGNS, map: MAP_CARDS, quests: QUEST_CARDS, heroes: HERO_CARDS };

/** The schema every set must satisfy (the card vocabulary). */
export const cardSetSchema = Type.Object(
  {
    adventure: Type.Array(AdventureCardT, { description: 'Adventure card designs.' }),
    map: Type.Array(MapCardT, { description: 'Map cards, the Dungeon Entrance among them.' }),
    quests: Type.Array(QuestCardT, { description: 'Quest cards.' }),
    heroes: Type.Array(HeroCardT, { description: 'Hero cards.' }),
  },
  { additionalProperties: false, description: 'A Dungeoneer card set.' },
);

/**
 * Everything wrong with a set: schema errors first, then what a schema cannot say (unique ids, quests naming map
 * cards that exist, the fields each quest type needs, passages that can always be turned to face the entrance).
 */
export function problemsOf(set: CardSet): string[] {
  const schema = [...Value.Errors(cardSetSchema, set)].slice(0, 10).map((e) => `${e.path}: ${e.message}`);
  if (schema.length > 0) return schema;
  const out: string[] = [];
  const ids = [
    ...set.adventure.map((c) => c.id),
    ...set.map.map((c) => c.id),
    ...set.quests.map((c) => c.id),
    ...set.heroes.map((c) => c.id),
  ];
  for (const id of new Set(ids)) if (ids.filter((x) => x === id).length > 1) out.push(`id ${id} is used twice`);
  const maps = new Set(set.map.map((c) => c.id));
  if (set.map.filter((c) => c.kind === 'entrance').length !== 1) out.push('a set has exactly one Dungeon Entrance');
  if (set.map.filter((c) => c.kind === 'passage').length < 4) out.push('the start needs four passages');
  for (const c of set.map) {
    const { N, E, S, W } = c.exits;
    if (c.kind === 'passage' && ((N.kind === 'wall' && S.kind === 'wall') || (E.kind === 'wall' && W.kind === 'wall')))
      out.push(`passage ${c.id} cannot be turned to face the entrance from every side`);
  }
  for (const q of set.quests) {
    if (!maps.has(q.space)) out.push(`quest ${q.id} names unknown space ${q.space}`);
    const need = (ok: boolean, what: string) => ok || out.push(`quest ${q.id} (${q.type}) needs ${what}`);
    if (q.type === 'escort') need(q.from !== undefined && maps.has(q.from), 'a known pick-up space');
    if (q.type === 'chance') need(q.check !== undefined && q.boost !== undefined, 'a check and a boost cost');
    if (q.type === 'search' || q.type === 'threat') need(q.check !== undefined, 'a check');
    if (q.type === 'slay') need(q.monster !== undefined, 'a monster');
    if (q.type === 'sacrifice') need(q.price !== undefined, 'a price');
  }
  for (const h of set.heroes) if (h.levels.length === 0) out.push(`hero ${h.id} has no levels`);
  return out;
}

const problems = problemsOf(STARTER);
// Content is data: a broken card must stop the module from loading, not surface mid-game.
if (problems.length > 0) throw new Error(`dungeoneer starter set is invalid: ${problems.join('; ')}`);

/** Physical Adventure card ids: "<design>-<n>" for each copy. */
export const adventureIds = (set: CardSet): string[] =>
  set.adventure.flatMap((d) => Array.from({ length: d.copies }, (_, i) => `${d.id}-${i + 1}`));

const designs = new Map<string, AdventureCard>(STARTER.adventure.map((d) => [d.id, d]));
const maps = new Map<string, MapCard>(STARTER.map.map((c) => [c.id, c]));
const quests = new Map<string, QuestCard>(STARTER.quests.map((c) => [c.id, c]));
const heroes = new Map<string, HeroCard>(STARTER.heroes.map((c) => [c.id, c]));

/** The design of a physical Adventure card ("gutter-wretch-2" → Gutter Wretch); undefined for unknown or hidden ids. */
export function adventureCard(id: string): AdventureCard | undefined {
  return designs.get(id.slice(0, id.lastIndexOf('-')));
}
/** Lookups by id; undefined for an unknown or hidden id. */
export const mapCard = (id: string): MapCard | undefined => maps.get(id);
export const questCard = (id: string): QuestCard | undefined => quests.get(id);
export const heroCard = (id: string): HeroCard | undefined => heroes.get(id);

/** Every physical Adventure card of the starter set. */
export const ALL_ADVENTURE = adventureIds(STARTER);
