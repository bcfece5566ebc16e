// Pure lookups over the table: who owns what, what a card is, characters' current ATK and health, auras.
import type { Seat } from '@delve/kernel';
import { cardDef, dungeonDef, type AllyDef, type Aura, type CardDef, type DungeonLevel } from '../content/index';
import {
  DUNGEON_HERO,
  heroRef,
  type AllyState,
  type CardId,
  type HeroState,
  type Owner,
  type RaiderState,
  type RaidState,
  type Ref,
  type SideState,
} from '../state';

/** A hidden card id or definition in views and redacted events. */
export const HIDDEN = '?';

const RAIDER_CARD = /^r(\d)-\d+$/;
const RAIDER_HERO = /^h(\d)$/;

/** The owner a card id was dealt to: `d…` the Dungeon, `r<seat>-…` a raider. */
export function ownerOfCard(id: CardId): Owner {
  const m = RAIDER_CARD.exec(id);
  return m ? Number(m[1]) : null;
}

export const isHero = (ref: Ref): boolean => ref === DUNGEON_HERO || RAIDER_HERO.test(ref);

/** The side a character belongs to. */
export function ownerOfRef(ref: Ref): Owner {
  if (ref === DUNGEON_HERO) return null;
  const m = RAIDER_HERO.exec(ref);
  return m ? Number(m[1]) : ownerOfCard(ref);
}

/** The content definition of a card instance of this game. */
export function defOf(s: RaidState, id: CardId): CardDef {
  return cardDef(s.cards[id] ?? '');
}

export const isDungeonCard = (id: CardId): boolean => id.startsWith('d');

/** A card's cost when something refers to it: every Dungeon card counts as 0. */
export const costOf = (s: RaidState, id: CardId): number => (isDungeonCard(id) ? 0 : defOf(s, id).cost);

export function raider(s: RaidState, seat: Seat): RaiderState | undefined {
  return s.raiders[seat];
}

export function sideOf(s: RaidState, owner: Owner): SideState | undefined {
  return owner === null ? s.dungeon : s.raiders[owner];
}

export const livingRaiders = (s: RaidState): RaiderState[] => s.raiders.filter((r) => r.alive);

export function levelDef(s: RaidState, level = s.dungeon.level): DungeonLevel {
  const levels = dungeonDef(s.dungeon.id).hero.levels;
  return levels[Math.min(Math.max(level, 1), levels.length) - 1] as DungeonLevel;
}

/** The lasting modifiers on a side: the Dungeon hero's level, or a raider's talent. */
export function auraOf(s: RaidState, owner: Owner): Aura {
  if (owner === null) return levelDef(s).aura;
  const talent = s.raiders[owner]?.talent;
  if (!talent) return {};
  const def = defOf(s, talent);
  return def.type === 'talent' ? def.aura : {};
}

export function allyDef(s: RaidState, id: CardId): AllyDef | null {
  const def = defOf(s, id);
  return def.type === 'ally' ? def : null;
}

/** The ally with this id and its owner, when it is in play. */
export function findAlly(s: RaidState, id: CardId): { owner: Owner; ally: AllyState } | null {
  const owner = ownerOfCard(id);
  const ally = sideOf(s, owner)?.allies.find((a) => a.id === id);
  return ally ? { owner, ally } : null;
}

/** A character's state, when it is in play (a destroyed raider's hero is not). */
export function character(s: RaidState, ref: Ref): HeroState | null {
  if (ref === DUNGEON_HERO) return s.result?.dungeonHeroDestroyed ? null : s.dungeon.hero;
  const m = RAIDER_HERO.exec(ref);
  if (m) {
    const r = s.raiders[Number(m[1])];
    return r?.alive ? r.hero : null;
  }
  return findAlly(s, ref)?.ally ?? null;
}

export const inPlay = (s: RaidState, ref: Ref): boolean => character(s, ref) !== null;

export function hasKeyword(s: RaidState, id: CardId, keyword: 'ferocity' | 'protector' | 'boss'): boolean {
  const def = allyDef(s, id);
  if (!def) return false;
  if (def.keywords.includes(keyword)) return true;
  return keyword === 'ferocity' && auraOf(s, ownerOfCard(id)).alliesFerocity === true;
}

/** Current ATK: printed (allies), level ATK and enrage (Dungeon hero), weapon, auras, this turn's changes; never below 0. */
export function atkOf(s: RaidState, ref: Ref): number {
  const owner = ownerOfRef(ref);
  const side = sideOf(s, owner);
  const state = character(s, ref);
  if (!side || !state) return 0;
  const aura = auraOf(s, owner);
  let atk = state.atkBonus;
  if (isHero(ref)) {
    const weapon = side.weapon ? defOf(s, side.weapon.id) : null;
    if (weapon?.type === 'equipment' && weapon.slot === 'weapon') atk += weapon.atk;
    atk += aura.heroAtk ?? 0;
    if (owner === null) atk += levelDef(s).atk + 2 * s.dungeon.enrage;
  } else {
    atk += (allyDef(s, ref)?.atk ?? 0) + (aura.allyAtk ?? 0);
  }
  return Math.max(0, atk);
}

/** Current health: printed (allies), the level's (Dungeon hero), printed plus bonus plus talent (raider heroes). */
export function healthOf(s: RaidState, ref: Ref): number {
  if (ref === DUNGEON_HERO) return levelDef(s).health;
  const m = RAIDER_HERO.exec(ref);
  if (m) {
    const seat = Number(m[1]);
    return (s.raiders[seat]?.heroHealth ?? 0) + (auraOf(s, seat).heroHealth ?? 0);
  }
  return allyDef(s, ref)?.health ?? 1;
}

/** May this ally attack now: ready, and in play since an earlier turn or with Ferocity. */
export function allyCanAttack(s: RaidState, ally: AllyState): boolean {
  if (ally.exhausted) return false;
  return ally.enteredTurn < (s.turn?.number ?? 0) || hasKeyword(s, ally.id, 'ferocity');
}

export const bossInPlay = (s: RaidState): boolean => s.dungeon.allies.some((a) => hasKeyword(s, a.id, 'boss'));

export const readyResources = (r: RaiderState): number => r.resources.filter((g) => !g.exhausted).length;

/** Every character of a side in play: the hero first, then the allies in the order they entered. */
export function charactersOf(s: RaidState, owner: Owner): Ref[] {
  const side = sideOf(s, owner);
  if (!side) return [];
  const hero = owner === null ? DUNGEON_HERO : heroRef(owner);
  return [...(inPlay(s, hero) ? [hero] : []), ...side.allies.map((a) => a.id)];
}

/** A raider's cards in play: allies, equipment, talent and resources (what leaves play when its hero does). */
export function cardsInPlay(r: RaiderState): CardId[] {
  return [
    ...r.allies.map((a) => a.id),
    ...(r.weapon ? [r.weapon.id] : []),
    ...(r.armor ? [r.armor.id] : []),
    ...(r.talent ? [r.talent] : []),
    ...r.resources.map((g) => g.id),
  ];
}

/** Every card instance of a raider, wherever it is (hand, deck, resources, play, graveyard). */
export function cardsOfRaider(r: RaiderState): CardId[] {
  return [
    ...r.hand,
    ...r.deck,
    ...r.graveyard,
    ...r.resources.map((g) => g.id),
    ...r.allies.map((a) => a.id),
    ...(r.weapon ? [r.weapon.id] : []),
    ...(r.armor ? [r.armor.id] : []),
    ...(r.talent ? [r.talent] : []),
  ];
}

/** Every card instance of the game, wherever it is: conserved by every event. */
export function everyCard(s: RaidState): CardId[] {
  const d = s.dungeon;
  return [
    ...d.deck,
    ...d.graveyard,
    ...d.allies.map((a) => a.id),
    ...(d.weapon ? [d.weapon.id] : []),
    ...(d.armor ? [d.armor.id] : []),
    ...(s.dturn?.revealed ? [s.dturn.revealed] : []),
    ...s.resolving,
    ...s.raiders.flatMap(cardsOfRaider),
  ];
}
