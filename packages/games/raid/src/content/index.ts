// The shipped content, validated at load: the TypeBox schema first, then the rules the schema cannot say.
import { Value } from '@sinclair/typebox/value';
import { CLASS_CARDS, CLASSES } from './classes';
import { CRYPT_CARDS, DROWNED_CRYPT } from './dungeons/drowned-crypt';
import { EMBERFORGE_DEPTHS, FORGE_CARDS } from './dungeons/emberforge-depths';
import { HOLLOW_CARDS, THORNWOOD_HOLLOW } from './dungeons/thornwood-hollow';
import {
  AbilityCard,
  AllyCard,
  ArmorCard,
  CardDef,
  ContentSchema,
  RARITIES,
  TalentCard,
  WeaponCard,
  type ClassDef,
  type Content,
  type DungeonDef,
  type Effect,
  type TargetSpec,
} from './schema';
import { TREASURE, TREASURE_CARDS } from './treasure';

export * from './schema';

/** The content exactly as shipped, before validation. */
export const RAW_CONTENT: Content = {
  cards: [...CLASS_CARDS, ...CRYPT_CARDS, ...FORGE_CARDS, ...HOLLOW_CARDS, ...TREASURE_CARDS],
  classes: [...CLASSES],
  dungeons: [DROWNED_CRYPT, EMBERFORGE_DEPTHS, THORNWOOD_HOLLOW],
  treasure: [...TREASURE],
};

/** Content that breaks the schema or a content rule; `problems` lists every one found. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
  constructor(readonly problems: readonly string[]) {
    super(`invalid raid content: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (+${problems.length - 5} more)` : ''}`);
  }
}

/** Validated content with lookups by id. */
export interface Catalog {
  readonly content: Content;
  readonly cards: ReadonlyMap<string, CardDef>;
  readonly classes: ReadonlyMap<string, ClassDef>;
  readonly dungeons: ReadonlyMap<string, DungeonDef>;
  /** Ids of the cards that appear in some Dungeon deck (they cost 0 and never go into a raider's deck). */
  readonly dungeonCards: ReadonlySet<string>;
}

const ALLY_RECIPIENTS = new Set(['enemy-allies', 'raid-allies', 'own-allies']);

function effectProblems(where: string, effects: readonly Effect[], target: TargetSpec | undefined, context: 'card' | 'aura'): string[] {
  const out: string[] = [];
  for (const [i, e] of effects.entries()) {
    const at = `${where} effect ${i}`;
    if (e.op === 'cancel') {
      if (context === 'aura') out.push(`${at}: cancel is only for instant abilities`);
      continue;
    }
    if (e.op === 'draw' || e.op === 'discard') continue;
    const needsAmount = e.op === 'damage' || e.op === 'heal' || e.op === 'atk';
    if (needsAmount && (e.amount === undefined || e.amount === 0)) out.push(`${at}: ${e.op} needs a non-zero amount`);
    if ((e.op === 'damage' || e.op === 'heal') && (e.amount ?? 0) < 0) out.push(`${at}: ${e.op} amount must be positive`);
    if (!needsAmount && e.amount !== undefined) out.push(`${at}: ${e.op} takes no amount`);
    if (e.to === 'target') {
      if (context === 'aura') out.push(`${at}: auras have no chosen target`);
      else if (!target) out.push(`${at}: names the target but the card has none`);
    }
    if (e.op === 'destroy' || e.op === 'toHand') {
      const onAllies = e.to === 'target' ? target?.kind === 'ally' : ALLY_RECIPIENTS.has(e.to);
      if (!onAllies) out.push(`${at}: ${e.op} works on allies only`);
    }
  }
  return out;
}

function cardProblems(card: CardDef, dungeonCard: boolean): string[] {
  const out: string[] = [];
  const at = `card ${card.id}`;
  if (dungeonCard && card.cost !== 0) out.push(`${at}: Dungeon cards cost 0`);
  if (!dungeonCard && card.cost < 1) out.push(`${at}: raider cards cost at least 1 (a response needs a ready resource)`);
  if (card.type === 'ally') {
    if (!dungeonCard && card.keywords.includes('boss')) out.push(`${at}: only Dungeon allies are Bosses`);
    out.push(...effectProblems(at, card.effects ?? [], card.target, 'card'));
    if (card.target && !(card.effects ?? []).some((e) => e.op !== 'cancel' && e.to === 'target'))
      out.push(`${at}: a target no effect uses`);
    if ((card.effects ?? []).some((e) => e.op === 'cancel')) out.push(`${at}: only instant abilities cancel`);
  }
  if (card.type === 'ability') {
    out.push(...effectProblems(at, card.effects, card.target, 'card'));
    if (card.target && !card.effects.some((e) => e.op !== 'cancel' && e.to === 'target')) out.push(`${at}: a target no effect uses`);
    if (card.effects.some((e) => e.op === 'cancel') && (!card.instant || card.effects.length !== 1 || card.target))
      out.push(`${at}: a cancel is an instant ability with that one effect and no target`);
    if (dungeonCard && card.instant) out.push(`${at}: Dungeon abilities resolve when flipped; none is instant`);
  }
  if (card.type === 'talent') {
    if (dungeonCard) out.push(`${at}: Dungeon decks hold no talents`);
    out.push(...effectProblems(at, card.aura.turnStart ?? [], undefined, 'aura'));
  }
  return out;
}

/** Schema errors, with a card's errors taken from the variant its `type` (and `slot`) selects rather than "not a union member". */
function schemaProblems(raw: unknown): string[] {
  const out: string[] = [];
  const cards = (raw as { cards?: unknown } | null)?.cards;
  if (Array.isArray(cards)) {
    cards.forEach((card: unknown, i) => {
      if (Value.Check(CardDef, card)) return;
      const c = card as { type?: unknown; slot?: unknown; id?: unknown };
      const variant = [AllyCard, AbilityCard, WeaponCard, ArmorCard, TalentCard].find(
        (v) => v.properties.type.const === c.type && (!('slot' in v.properties) || v.properties.slot.const === c.slot),
      );
      const errors = variant ? [...Value.Errors(variant, card)] : [];
      const why =
        errors.length > 0
          ? errors
              .slice(0, 3)
              .map((e) => `${e.path} ${e.message}`)
              .join(', ')
          : 'unknown card type';
      out.push(`card ${typeof c.id === 'string' ? c.id : i}: ${why}`);
    });
  }
  for (const e of Value.Errors(ContentSchema, raw)) {
    if (out.length >= 20) break;
    if (!e.path.startsWith('/cards/')) out.push(`${e.path || '/'}: ${e.message}`);
  }
  return out;
}

/** Validate `raw` against the schema and the content rules; the lookups of the result, or ContentError. */
export function loadContent(raw: unknown): Catalog {
  if (!Value.Check(ContentSchema, raw)) throw new ContentError(schemaProblems(raw));
  const content = raw;
  const problems: string[] = [];
  const cards = new Map<string, CardDef>();
  for (const card of content.cards) {
    if (cards.has(card.id)) problems.push(`card ${card.id} is defined twice`);
    cards.set(card.id, card);
  }
  const dungeonCards = new Set(content.dungeons.flatMap((d) => d.deck.map((e) => e.card)));
  for (const card of content.cards) problems.push(...cardProblems(card, dungeonCards.has(card.id)));

  const classes = new Map<string, ClassDef>();
  for (const cls of content.classes) {
    if (classes.has(cls.id)) problems.push(`class ${cls.id} is defined twice`);
    classes.set(cls.id, cls);
    let size = 0;
    for (const { card: id, count } of cls.deck) {
      const card = cards.get(id);
      size += count;
      if (!card) problems.push(`class ${cls.id}: unknown card ${id}`);
      else if (dungeonCards.has(id)) problems.push(`class ${cls.id}: ${id} is a Dungeon card`);
      else if (card.class !== undefined && card.class !== cls.id) problems.push(`class ${cls.id}: ${id} belongs to ${card.class}`);
    }
    if (size < 20 || size > 40) problems.push(`class ${cls.id}: a starter deck holds 20 to 40 cards, not ${size}`);
  }

  const dungeons = new Map<string, DungeonDef>();
  for (const d of content.dungeons) {
    const at = `dungeon ${d.id}`;
    if (dungeons.has(d.id)) problems.push(`${at} is defined twice`);
    dungeons.set(d.id, d);
    const deck = d.deck.map((e) => ({ card: cards.get(e.card), id: e.card, count: e.count }));
    for (const e of deck) if (!e.card) problems.push(`${at}: unknown card ${e.id}`);
    const defs = deck.flatMap((e) => (e.card ? [e.card] : []));
    const size = deck.reduce((n, e) => n + e.count, 0);
    if (size < 20 || size > 40) problems.push(`${at}: a Dungeon deck holds 20 to 40 cards, not ${size}`);
    const bosses = defs.filter((c) => c.type === 'ally' && c.keywords.includes('boss'));
    if (bosses.length < 2) problems.push(`${at}: needs at least two Boss allies`);
    if (!defs.some((c) => c.type === 'ally' && c.keywords.includes('ferocity'))) problems.push(`${at}: needs a Ferocity ally`);
    if (!defs.some((c) => c.type === 'ability')) problems.push(`${at}: needs abilities`);
    if (!defs.some((c) => c.type === 'equipment')) problems.push(`${at}: needs equipment`);
    d.hero.levels.forEach((level, i) => {
      if ((level.levelUp === null) !== (i === 3)) problems.push(`${at}: only level 4 has no level-up`);
      problems.push(...effectProblems(`${at} level ${i + 1}`, level.aura.turnStart ?? [], undefined, 'aura'));
    });
    const achievementIds = new Set<string>();
    for (const a of d.achievements) {
      if (achievementIds.has(a.id)) problems.push(`${at}: achievement ${a.id} twice`);
      achievementIds.add(a.id);
      const cond = a.condition;
      if (cond.kind === 'destroy-card' && !defs.some((c) => c.id === cond.card && c.type === 'ally'))
        problems.push(`${at}: achievement ${a.id} names ${cond.card}, not an ally of this deck`);
    }
  }

  const types = new Set<string>();
  const rarities = new Set<string>();
  for (const id of content.treasure) {
    const card = cards.get(id);
    if (!card) problems.push(`treasure: unknown card ${id}`);
    else if (dungeonCards.has(id)) problems.push(`treasure: ${id} is a Dungeon card`);
    else if (!card.rarity) problems.push(`treasure: ${id} has no rarity`);
    else {
      types.add(card.type);
      rarities.add(card.rarity);
    }
  }
  if (new Set(content.treasure).size !== content.treasure.length) problems.push('treasure: a card is listed twice');
  if (content.treasure.length < 40) problems.push(`treasure: at least 40 cards, not ${content.treasure.length}`);
  for (const r of RARITIES) if (!rarities.has(r)) problems.push(`treasure: no ${r} card`);
  for (const type of ['ability', 'ally', 'equipment', 'talent']) if (!types.has(type)) problems.push(`treasure: no ${type}`);

  if (problems.length > 0) throw new ContentError(problems);
  return { content, cards, classes, dungeons, dungeonCards };
}

/** The shipped content, validated once when the module loads (a broken card stops the module from loading). */
export const CATALOG: Catalog = loadContent(RAW_CONTENT);

/** The definition of a card; throws on an unknown id (only content bugs reach that). */
export function cardDef(id: string): CardDef {
  const card = CATALOG.cards.get(id);
  if (!card) throw new Error(`unknown raid card ${id}`);
  return card;
}

export function dungeonDef(id: string): DungeonDef {
  const d = CATALOG.dungeons.get(id);
  if (!d) throw new Error(`unknown dungeon ${id}`);
  return d;
}

export function classDef(id: string): ClassDef {
  const c = CATALOG.classes.get(id);
  if (!c) throw new Error(`unknown class ${id}`);
  return c;
}

export const DUNGEON_IDS = RAW_CONTENT.dungeons.map((d) => d.id);
export const CLASS_IDS = RAW_CONTENT.classes.map((c) => c.id);
