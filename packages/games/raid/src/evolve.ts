// evolve: applies one event by copying the path to what changed. Total and pure: it never throws and never draws.
import type { RaidEvent } from './events';
import { defOf, isHero, ownerOfRef } from './rules/board';
import type { AllyState, CardId, GearState, HeroState, Owner, RaiderState, RaidState, Ref, SideState } from './state';

const without = (list: readonly CardId[], id: CardId): CardId[] => list.filter((x) => x !== id);
const withoutAll = (list: readonly CardId[], ids: readonly CardId[]): CardId[] => {
  const drop = new Set(ids);
  return list.filter((x) => !drop.has(x));
};

function mapRaider(s: RaidState, seat: number, f: (r: RaiderState) => Partial<RaiderState>): RaidState {
  const raiders = s.raiders.slice();
  const r = raiders[seat];
  if (!r) return s;
  raiders[seat] = { ...r, ...f(r) };
  return { ...s, raiders };
}

function mapSide(s: RaidState, owner: Owner, f: (side: SideState) => Partial<SideState>): RaidState {
  if (owner === null) return { ...s, dungeon: { ...s.dungeon, ...f(s.dungeon) } };
  return mapRaider(s, owner, f);
}

function mapChar(s: RaidState, ref: Ref, f: (c: HeroState) => Partial<HeroState>): RaidState {
  const owner = ownerOfRef(ref);
  if (isHero(ref)) return mapSide(s, owner, (side) => ({ hero: { ...side.hero, ...f(side.hero) } }));
  return mapSide(s, owner, (side) => ({ allies: side.allies.map((a) => (a.id === ref ? { ...a, ...f(a) } : a)) }));
}

const ready = (g: GearState | null): GearState | null => (g && g.exhausted ? { ...g, exhausted: false } : g);
const readyAll = <T extends { exhausted: boolean }>(list: readonly T[]): T[] =>
  list.map((x) => (x.exhausted ? { ...x, exhausted: false } : x));
const noBonus = <T extends HeroState>(c: T): T => (c.atkBonus === 0 ? c : { ...c, atkBonus: 0 });
const boosted = (side: SideState): boolean => side.hero.atkBonus !== 0 || side.allies.some((a) => a.atkBonus !== 0);
/** "This turn" ATK changes wear off; a side without any is shared as it is. */
const clearBonus = <T extends SideState>(side: T): T =>
  boosted(side) ? { ...side, hero: noBonus(side.hero), allies: side.allies.map(noBonus) } : side;
const anyExhausted = (list: readonly { exhausted: boolean }[]): boolean => list.some((x) => x.exhausted);
function readySide(side: SideState): Partial<SideState> {
  return {
    hero: side.hero.exhausted ? { ...side.hero, exhausted: false } : side.hero,
    allies: anyExhausted(side.allies) ? readyAll(side.allies) : side.allies,
    weapon: ready(side.weapon),
    armor: ready(side.armor),
  };
}

/** Apply `event` to `state`, sharing everything it does not change. */
export function evolve(s: RaidState, e: RaidEvent): RaidState {
  switch (e.type) {
    case 'RaidSetUp':
      return {
        ...s,
        phase: 'mulligan',
        first: e.first,
        dungeon: { ...s.dungeon, id: e.dungeon, level: e.level },
        raiders: s.raiders.map((r) => {
          const set = e.raiders.find((x) => x.seat === r.seat);
          return set ? { ...r, classId: set.classId, heroCard: set.hero, heroHealth: set.heroHealth, handSize: set.handSize } : r;
        }),
      };
    case 'DeckBuilt': {
      const cards = { ...s.cards };
      for (const c of e.cards) cards[c.id] = c.card;
      return mapSide({ ...s, cards }, e.seat, () => ({ deck: e.cards.map((c) => c.id) }));
    }
    case 'DeckShuffled': {
      const next = mapSide(s, e.seat, (side) => ({ deck: [...e.order], graveyard: withoutAll(side.graveyard, e.order) }));
      return e.seat === null ? { ...next, dungeon: { ...next.dungeon, knownTop: [] } } : next;
    }
    case 'CardsDrawn': {
      const ids = e.cards.map((c) => c.id);
      return mapRaider(s, e.seat, (r) => ({
        deck: ids.every((id, i) => r.deck[i] === id) ? r.deck.slice(ids.length) : withoutAll(r.deck, ids),
        hand: [...r.hand, ...ids],
      }));
    }
    case 'MulliganTaken':
      return mapRaider(s, e.seat, (r) => ({ deck: [...r.hand, ...r.deck], hand: [], mulligan: 'taken' }));
    case 'HandKept':
      return mapRaider(s, e.seat, () => ({ mulligan: 'kept' }));
    case 'TurnStarted':
      return {
        ...s,
        phase: 'play',
        turn: { number: e.number, seat: e.seat, resourcePlaced: false },
        ...(e.seat === null
          ? {
              dturn: { flipsDue: null, flipsDone: 0, revealed: null, attacked: [] },
              dungeonTurns: s.dungeonTurns + 1,
              marked: null,
              roll: null,
            }
          : {}),
      };
    case 'CardsReadied':
      if (e.seat === null) return { ...s, dungeon: { ...s.dungeon, ...readySide(s.dungeon) } };
      return mapRaider(s, e.seat, (r) => ({ ...readySide(r), resources: anyExhausted(r.resources) ? readyAll(r.resources) : r.resources }));
    case 'DungeonLeveledUp':
      return { ...s, dungeon: { ...s.dungeon, level: e.to } };
    case 'HeroMarked':
      return { ...s, marked: e.seat, roll: e.roll };
    case 'FlipsAnnounced':
      return s.dturn ? { ...s, dturn: { ...s.dturn, flipsDue: e.count } } : s;
    case 'ExtraFlips':
      return s.dturn ? { ...s, dturn: { ...s.dturn, flipsDue: (s.dturn.flipsDue ?? 0) + e.count } } : s;
    case 'DungeonEnraged':
      return { ...s, dungeon: { ...s.dungeon, enrage: e.enrage } };
    case 'CardFlipped': {
      const id = e.card.id;
      const dungeon = { ...s.dungeon, deck: without(s.dungeon.deck, id), knownTop: without(s.dungeon.knownTop, id) };
      const dturn = s.dturn ? { ...s.dturn, revealed: id, flipsDone: s.dturn.flipsDone + 1 } : s.dturn;
      return { ...s, dungeon, dturn };
    }
    case 'ResourcePlaced':
      return {
        ...mapRaider(s, e.seat, (r) => ({
          hand: without(r.hand, e.card.id),
          resources: [...r.resources, { id: e.card.id, exhausted: false }],
        })),
        turn: s.turn ? { ...s.turn, resourcePlaced: true } : s.turn,
      };
    case 'CostPaid':
      return mapRaider(s, e.seat, (r) => {
        let left = e.amount;
        return {
          resources: r.resources.map((g) => {
            if (g.exhausted || left <= 0) return g;
            left--;
            return { ...g, exhausted: true };
          }),
        };
      });
    case 'CardPlayed':
      return cardPlayed(s, e);
    case 'AbilityResolved':
      return mapSide({ ...s, resolving: without(s.resolving, e.card) }, e.seat, (side) => ({ graveyard: [...side.graveyard, e.card] }));
    case 'CardCancelled': {
      const dturn = s.dturn && s.dturn.revealed === e.card ? { ...s.dturn, revealed: null } : s.dturn;
      return { ...s, dturn, dungeon: { ...s.dungeon, graveyard: [...s.dungeon.graveyard, e.card] } };
    }
    case 'DamageDealt': {
      let next = mapChar(s, e.target, (c) => ({ damage: c.damage + e.amount }));
      if (e.armor) next = mapSide(next, ownerOfRef(e.target), (side) => ({ armor: side.armor && { ...side.armor, exhausted: true } }));
      if (e.target === 'dh') next = { ...next, dungeon: { ...next.dungeon, damageDealt: next.dungeon.damageDealt + e.amount } };
      return next;
    }
    case 'Healed':
      return mapChar(s, e.target, (c) => ({ damage: Math.max(0, c.damage - e.amount) }));
    case 'CharacterExhausted':
      return mapChar(s, e.target, () => ({ exhausted: true }));
    case 'CharacterReadied':
      return mapChar(s, e.target, () => ({ exhausted: false }));
    case 'AtkChanged':
      return mapChar(s, e.target, (c) => ({ atkBonus: c.atkBonus + e.amount }));
    case 'AllyDestroyed': {
      const next = mapSide(s, e.seat, (side) => ({
        allies: side.allies.filter((a) => a.id !== e.card.id),
        graveyard: [...side.graveyard, e.card.id],
      }));
      return e.seat === null ? { ...next, destroyed: [...next.destroyed, e.card.id] } : next;
    }
    case 'CardReturned': {
      const next = mapSide(s, e.seat, (side) => ({ allies: side.allies.filter((a) => a.id !== e.card.id) }));
      if (e.seat === null) {
        return {
          ...next,
          dungeon: { ...next.dungeon, deck: [e.card.id, ...next.dungeon.deck], knownTop: [e.card.id, ...next.dungeon.knownTop] },
        };
      }
      return mapRaider(next, e.seat, (r) => ({ hand: [...r.hand, e.card.id] }));
    }
    case 'CardsDiscarded': {
      const ids = e.cards.map((c) => c.id);
      if (e.seat === null) {
        const d = s.dungeon;
        return {
          ...s,
          dungeon: { ...d, deck: withoutAll(d.deck, ids), knownTop: withoutAll(d.knownTop, ids), graveyard: [...d.graveyard, ...ids] },
        };
      }
      return mapRaider(s, e.seat, (r) => ({ hand: withoutAll(r.hand, ids), graveyard: [...r.graveyard, ...ids] }));
    }
    case 'RaiderDefeated':
    case 'RaiderRetreated': {
      const next = mapRaider(s, e.seat, (r) => ({
        alive: false,
        allies: [],
        weapon: null,
        armor: null,
        talent: null,
        resources: [],
        graveyard: [...r.graveyard, ...e.cards.map((c) => c.id)],
      }));
      // A destroyed raider takes no further part, so it is no longer asked in an open window, nor asked to discard.
      const window = next.window && { ...next.window, awaiting: next.window.awaiting.filter((x) => x !== e.seat) };
      return { ...next, window, prompt: next.prompt?.seat === e.seat ? null : next.prompt };
    }
    case 'AttackDeclared': {
      const next = mapChar(s, e.attacker, () => ({ exhausted: true }));
      const dturn = e.by === null && next.dturn ? { ...next.dturn, attacked: [...next.dturn.attacked, e.attacker] } : next.dturn;
      return { ...next, dturn, attack: { by: e.by, attacker: e.attacker, target: e.target } };
    }
    case 'AttackRedirected': {
      const next = mapChar(s, e.protector, () => ({ exhausted: true }));
      return { ...next, attack: next.attack && { ...next.attack, target: e.protector } };
    }
    case 'AttackEnded':
      return { ...s, attack: null };
    case 'WindowOpened':
      return { ...s, window: { kind: e.kind, awaiting: [...e.awaiting], passed: [] } };
    case 'ResponsePassed':
      return s.window ? { ...s, window: { ...s.window, passed: [...s.window.passed, e.seat] } } : s;
    case 'WindowClosed':
      return { ...s, window: null };
    case 'HandLimitReached':
      return { ...s, prompt: { kind: 'discard', seat: e.seat, excess: e.excess } };
    case 'TurnEnded':
      return {
        ...s,
        prompt: null,
        dturn: e.seat === null ? null : s.dturn,
        dungeon: clearBonus(s.dungeon),
        raiders: s.raiders.some(boosted) ? s.raiders.map(clearBonus) : s.raiders,
      };
    case 'RaidEnded':
      return { ...s, phase: 'over', result: e.result, window: null, prompt: null };
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

/** A card leaves the hand (or the Dungeon's flipped spot) for where its type puts it. */
function cardPlayed(s: RaidState, e: Extract<RaidEvent, { type: 'CardPlayed' }>): RaidState {
  const id = e.card.id;
  const owner = e.seat;
  let next: RaidState =
    owner === null
      ? { ...s, dturn: s.dturn && s.dturn.revealed === id ? { ...s.dturn, revealed: null } : s.dturn }
      : mapRaider(s, owner, (r) => ({ hand: without(r.hand, id) }));
  const def = defOf(next, id);
  const graveyard = (side: SideState) => (e.replaced ? [...side.graveyard, e.replaced] : side.graveyard);
  switch (def.type) {
    case 'ally': {
      const ally: AllyState = { id, damage: 0, exhausted: false, atkBonus: 0, enteredTurn: next.turn?.number ?? 0 };
      return mapSide(next, owner, (side) => ({ allies: [...side.allies, ally] }));
    }
    case 'equipment':
      return mapSide(next, owner, (side) => ({ [def.slot]: { id, exhausted: false }, graveyard: graveyard(side) }));
    case 'talent':
      return owner === null ? next : mapRaider(next, owner, (r) => ({ talent: id, graveyard: graveyard(r) }));
    case 'ability':
      next = { ...next, resolving: [...next.resolving, id] };
      return next;
  }
}
