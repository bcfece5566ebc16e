// The heuristic raider: builds resources, plays its best card, trades attacks well, kills Bosses first, protects and
// heals the raid, cancels dangerous flips. It sees only its seat's view and chooses among the legal commands.
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf, RaidCommand } from '../commands';
import type { CardDef, Effect } from '../content/index';
import { legalCommands } from '../legal';
import {
  atkOf,
  auraOf,
  bossInPlay,
  character,
  defOf,
  findAlly,
  hasKeyword,
  healthOf,
  isHero,
  ownerOfRef,
  readyResources,
} from '../rules/board';
import { dungeonProtector } from '../rules/dungeon';
import { DUNGEON_HERO, heroRef, type RaidState, type Ref } from '../state';
import type { RaidView } from '../viewSchema';
import { stateFromView } from './seen';

const left = (s: RaidState, ref: Ref): number => healthOf(s, ref) - (character(s, ref)?.damage ?? 0);
const isBoss = (s: RaidState, ref: Ref): boolean => !isHero(ref) && hasKeyword(s, ref, 'boss');
const cancels = (def: CardDef): boolean => def.type === 'ability' && def.effects.some((e) => e.op === 'cancel');

/** How much an enemy (Dungeon) character is worth removing: its ATK, more for Bosses, which shield the Dungeon hero. */
function threat(s: RaidState, ref: Ref): number {
  if (ref === DUNGEON_HERO) return 0;
  return 4 + atkOf(s, ref) * 2 + (isBoss(s, ref) ? 14 : 0) + (hasKeyword(s, ref, 'protector') ? 2 : 0);
}

/** Damage to the Dungeon hero is worth this much per point (more as it nears death). */
function heroDamageValue(s: RaidState): number {
  const remaining = left(s, DUNGEON_HERO);
  return remaining <= 10 ? 3 : 1.5;
}

/** The value of `amount` damage to a Dungeon character. */
function damageValue(s: RaidState, ref: Ref, amount: number): number {
  if (ownerOfRef(ref) !== null) return -amount * 2; // never hurt our own side
  if (ref === DUNGEON_HERO) return amount >= left(s, ref) ? 1000 : amount * heroDamageValue(s);
  return amount >= left(s, ref) ? threat(s, ref) + 4 : amount * (isBoss(s, ref) ? 1.2 : 0.5);
}

/** The value of healing a friendly character: only the damage it removes counts, heroes most. */
function healValue(s: RaidState, ref: Ref, amount: number): number {
  const c = character(s, ref);
  if (!c || ownerOfRef(ref) === null) return 0;
  const healed = Math.min(amount, c.damage);
  const danger = left(s, ref) <= 8 ? 2 : 1;
  return healed * (isHero(ref) ? 1.2 * danger : 0.4);
}

function refsFor(s: RaidState, seat: Seat, e: Effect, target: Ref | undefined): Ref[] {
  if (e.op === 'cancel' || e.op === 'draw' || e.op === 'discard') return [];
  const me = s.raiders[seat];
  switch (e.to) {
    case 'target':
      return target ? [target] : [];
    case 'self-hero':
      return [heroRef(seat)];
    case 'enemy-hero':
      return [DUNGEON_HERO];
    case 'enemy-allies':
      return s.dungeon.allies.map((a) => a.id);
    case 'enemy-party':
      return [DUNGEON_HERO, ...s.dungeon.allies.map((a) => a.id)];
    case 'raid-heroes':
      return s.raiders.filter((r) => r.alive).map((r) => heroRef(r.seat));
    case 'raid-allies':
      return s.raiders.flatMap((r) => (r.alive ? r.allies.map((a) => a.id) : []));
    case 'own-allies':
      return me?.allies.map((a) => a.id) ?? [];
    default:
      return [];
  }
}

/** What a list of effects would be worth now (a rough, side-effect-free estimate). */
function effectsValue(s: RaidState, seat: Seat, effects: readonly Effect[], target: Ref | undefined, inWindow: boolean, bonus = 0): number {
  let value = 0;
  const me = s.raiders[seat];
  for (const e of effects) {
    if (e.op === 'cancel') continue;
    if (e.minLevel !== undefined && s.dungeon.level < e.minLevel) continue;
    if (e.op === 'draw') {
      value += e.to === 'controller' ? e.amount * (me && me.hand.length < 5 ? 4 : 2) : 0;
      continue;
    }
    if (e.op === 'discard') {
      value += e.to === 'opponent' ? e.amount : -e.amount * 3;
      continue;
    }
    for (const ref of refsFor(s, seat, e, target)) {
      if (!character(s, ref)) continue;
      switch (e.op) {
        case 'damage':
          value += damageValue(s, ref, (e.amount ?? 0) + bonus);
          break;
        case 'heal':
          value += healValue(s, ref, e.amount ?? 0);
          break;
        case 'destroy':
          value += ownerOfRef(ref) === null ? threat(s, ref) + 6 : -10;
          break;
        case 'toHand':
          value += ownerOfRef(ref) === null ? threat(s, ref) / 2 : -6;
          break;
        case 'exhaust':
        case 'atk': {
          const n = e.op === 'atk' ? (e.amount ?? 0) : 0;
          if (ownerOfRef(ref) === null) {
            // Weakening a Dungeon character only matters when it is about to strike.
            const striking = inWindow && s.attack?.attacker === ref;
            value += striking ? Math.min(atkOf(s, ref), -n || 0) * 2 : 0;
          } else if (n > 0 && !isHero(ref)) {
            const ally = findAlly(s, ref)?.ally;
            value += ally && !ally.exhausted && s.turn?.seat === seat ? n * 1.5 : 0;
          }
          break;
        }
        case 'ready':
          break;
      }
    }
  }
  return value;
}

/** The value of playing `card` (at `target`) now. */
function playValue(s: RaidState, seat: Seat, cmd: CommandOf<'PlayCard'>, inWindow: boolean): number {
  const def = defOf(s, cmd.card);
  const me = s.raiders[seat];
  if (!me) return 0;
  switch (def.type) {
    case 'ally':
      return 8 + def.cost * 2 + def.atk + def.health / 2 + effectsValue(s, seat, def.effects ?? [], cmd.target, inWindow);
    case 'ability':
      return effectsValue(s, seat, def.effects, cmd.target, inWindow, auraOf(s, seat).abilityDamage ?? 0) - def.cost * 0.5;
    case 'equipment': {
      const current = me[def.slot] ? defOf(s, me[def.slot]?.id ?? '') : null;
      if (def.slot === 'weapon') {
        const now = current?.type === 'equipment' && current.slot === 'weapon' ? current.atk : 0;
        return def.atk > now ? 6 + (def.atk - now) * 2 : -1;
      }
      const now = current?.type === 'equipment' && current.slot === 'armor' ? current.prevent : 0;
      return def.prevent > now ? 5 + (def.prevent - now) * 2 : -1;
    }
    case 'talent':
      return me.talent ? -1 : 9 + def.cost;
  }
}

/** The value of an attack: kills and Boss damage count; losing the attacker (or hurting our hero) costs. */
function attackValue(s: RaidState, seat: Seat, cmd: CommandOf<'Attack'>): number {
  const target = (cmd.target === DUNGEON_HERO ? dungeonProtector(s, DUNGEON_HERO) : null) ?? cmd.target;
  const dealt = atkOf(s, cmd.attacker);
  const back = atkOf(s, target);
  const dies = back >= left(s, cmd.attacker);
  let value = damageValue(s, target, dealt);
  if (isHero(cmd.attacker)) {
    // Our hero takes the strike back: worth it only while healthy.
    value -= back * (left(s, cmd.attacker) - back <= 10 ? 3 : 0.8);
    if (dies) value -= 1000;
  } else {
    const def = defOf(s, cmd.attacker);
    if (dies) value -= 3 + def.cost * 2;
    if (hasKeyword(s, cmd.attacker, 'protector') && !(dealt >= left(s, target))) value -= 4;
  }
  return value;
}

/** The card worth least to keep: the one to place as a resource or to discard. */
function cheapest(s: RaidState, seat: Seat, cards: readonly string[]): string | undefined {
  const me = s.raiders[seat];
  const resources = me?.resources.length ?? 0;
  const keep = (id: string): number => {
    const def = defOf(s, id);
    let v = 10 - Math.abs(def.cost - Math.min(resources + 1, 5)) * 2;
    if (def.type === 'talent' && me?.talent) v -= 8;
    if (def.type === 'equipment' && me?.[def.slot]) v -= 6;
    if (def.cost > resources + 3) v -= 5;
    return v;
  };
  return [...cards].sort((a, b) => keep(a) - keep(b))[0];
}

function best<T>(items: readonly T[], score: (x: T) => number): { item: T; score: number } | null {
  let out: { item: T; score: number } | null = null;
  for (const item of items) {
    const v = score(item);
    if (out === null || v > out.score) out = { item, score: v };
  }
  return out;
}

/** Answer a response window: cancel what is dangerous, protect a hurt hero, weaken or kill an attacker, heal. */
function respond(s: RaidState, seat: Seat, legal: readonly RaidCommand[]): RaidCommand {
  const plays = legal.filter((c): c is CommandOf<'PlayCard'> => c.type === 'PlayCard');
  const protects = legal.filter((c): c is CommandOf<'Protect'> => c.type === 'Protect');
  const w = s.window;
  const danger = (): number => {
    if (w?.kind === 'flip') {
      const id = s.dturn?.revealed;
      if (!id) return 0;
      const def = defOf(s, id);
      if (def.type === 'ally') return (def.keywords.includes('boss') ? 20 : 0) + def.atk * 2;
      if (def.type === 'ability')
        return (
          def.effects.reduce(
            (n, e) => n + ('amount' in e && e.op === 'damage' ? (e.amount ?? 0) * (e.to === 'target' || e.to === 'enemy-hero' ? 1 : 3) : 0),
            0,
          ) * 2
        );
      return 4;
    }
    return s.attack ? atkOf(s, s.attack.attacker) * 2 : 0;
  };
  const cancel = plays.find((c) => cancels(defOf(s, c.card)));
  if (cancel && danger() >= 12) return cancel;
  if (protects.length > 0 && s.attack) {
    const hit = atkOf(s, s.attack.attacker);
    const hero = heroRef(seat);
    const chosen = best(protects, (c) => left(s, c.ally) - hit + (left(s, c.ally) > hit ? 10 : 0));
    if (chosen && (hit >= 2 || left(s, hero) <= 8)) return chosen.item;
  }
  const scored = best(
    plays.filter((c) => !cancels(defOf(s, c.card))),
    (c) => playValue(s, seat, c, true),
  );
  if (scored && scored.score >= 5) return scored.item;
  return { type: 'Pass' };
}

/** A raider that plays to win, from its seat's view alone; null when the seat has nothing to do. */
export function heuristicBot(view: RaidView, seat: Seat, _random: Random): RaidCommand | null {
  const s = stateFromView(view);
  // It plays on: conceding is never its move.
  const legal: RaidCommand[] = legalCommands(s, seat).filter((c) => c.type !== 'Concede');
  if (legal.length === 0) return null;
  const me = s.raiders[seat];
  if (!me) return null;
  const of = <T extends RaidCommand['type']>(type: T) => legal.filter((c): c is CommandOf<T> => c.type === type);

  if (s.phase === 'mulligan') {
    const cheap = me.hand.filter((id) => defOf(s, id).cost <= 2).length;
    return cheap >= 2 ? { type: 'KeepHand' } : { type: 'Mulligan' };
  }
  if (s.window) return respond(s, seat, legal);
  if (s.prompt) {
    const card = cheapest(
      s,
      seat,
      of('Discard').map((c) => c.card),
    );
    return card ? { type: 'Discard', card } : (legal[0] ?? null);
  }

  const place = of('PlaceResource');
  if (place.length > 0 && (me.resources.length < 6 || me.hand.length > 4) && me.hand.length >= 2) {
    const card = cheapest(s, seat, me.hand);
    if (card) return { type: 'PlaceResource', card };
  }
  // Keep the price of a cancel open through the Dungeon's turn when it is in hand.
  const reserve = Math.max(
    0,
    ...me.hand
      .map((id) => defOf(s, id))
      .filter(cancels)
      .map((d) => d.cost),
  );
  const spare = readyResources(me) - reserve;
  const play = best(
    of('PlayCard').filter((c) => !cancels(defOf(s, c.card))),
    (c) => {
      const v = playValue(s, seat, c, false);
      return defOf(s, c.card).cost > spare && v < 15 ? -1 : v;
    },
  );
  if (play && play.score >= 3) return play.item;
  const hit = best(of('Attack'), (c) => attackValue(s, seat, c));
  if (hit && hit.score > 0) return hit.item;
  // With a Boss in the way, chip at it even at a loss rather than let it guard the Dungeon hero.
  if (bossInPlay(s)) {
    const boss = best(
      of('Attack').filter((c) => isBoss(s, c.target) && !isHero(c.attacker)),
      (c) => attackValue(s, seat, c),
    );
    if (boss && boss.score > -6) return boss.item;
  }
  return { type: 'EndTurn' };
}
