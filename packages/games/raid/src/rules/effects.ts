// The effect vocabulary interpreted: damage (through armor), heal, destroy, exhaust, ready, ATK, to hand, draw,
// discard; then the checks that follow every effect: destroyed allies and heroes, and the end of the raid.
import type { Random, Seat } from '@delve/kernel';
import { onCharacters, type Effect, type Recipient } from '../content/index';
import type { CardRef } from '../events';
import { DUNGEON_HERO, heroRef, type CardId, type Owner, type RaidState, type Ref } from '../state';
import { atkOf, auraOf, cardsInPlay, character, defOf, healthOf, isHero, livingRaiders, ownerOfRef, sideOf } from './board';
import { raidResult } from './result';
import type { Tx } from './tx';

export const cardRef = (s: RaidState, id: CardId): CardRef => ({ id, card: s.cards[id] ?? '' });

/** Draw up to `n` cards from the top of a raider's deck (an empty deck gives nothing, and costs nothing). */
export function draw(tx: Tx, seat: Seat, n: number, reason: 'deal' | 'mulligan' | 'turn' | 'effect'): void {
  const deck = tx.state.raiders[seat]?.deck ?? [];
  const cards = deck.slice(0, n).map((id) => cardRef(tx.state, id));
  if (cards.length > 0) tx.emit({ type: 'CardsDrawn', seat, cards, reason });
}

/** The opposing player: the Dungeon's is the MARKED raider; every raider's is the Dungeon. */
export const opponentOf = (s: RaidState, owner: Owner): Owner | undefined => (owner === null ? (s.marked ?? undefined) : null);

/** The characters an effect lands on, named from its controller's point of view (README: Effects). */
export function recipients(s: RaidState, owner: Owner, to: Recipient, target: Ref | null): Ref[] {
  const enemy = opponentOf(s, owner);
  const enemyHero = enemy === undefined ? [] : enemy === null ? [DUNGEON_HERO] : [heroRef(enemy)];
  const enemyAllies = enemy === undefined ? [] : (sideOf(s, enemy)?.allies.map((a) => a.id) ?? []);
  const list = (() => {
    switch (to) {
      case 'target':
        return target === null ? [] : [target];
      case 'self-hero':
        return [owner === null ? DUNGEON_HERO : heroRef(owner)];
      case 'enemy-hero':
        return enemyHero;
      case 'enemy-allies':
        return enemyAllies;
      case 'enemy-party':
        return [...enemyHero, ...enemyAllies];
      case 'raid-heroes':
        return livingRaiders(s).map((r) => heroRef(r.seat));
      case 'raid-allies':
        return livingRaiders(s).flatMap((r) => r.allies.map((a) => a.id));
      case 'own-allies':
        return sideOf(s, owner)?.allies.map((a) => a.id) ?? [];
    }
  })();
  return list.filter((ref) => character(s, ref) !== null);
}

/** Deal damage to a character; a ready armor on a hero prevents part of it and exhausts. */
export function dealDamage(tx: Tx, target: Ref, amount: number, source: string): void {
  if (amount <= 0 || !character(tx.state, target)) return;
  let prevented = 0;
  let armor: CardId | null = null;
  if (isHero(target)) {
    const gear = sideOf(tx.state, ownerOfRef(target))?.armor;
    const def = gear && !gear.exhausted ? defOf(tx.state, gear.id) : null;
    if (gear && def?.type === 'equipment' && def.slot === 'armor') {
      prevented = Math.min(def.prevent, amount);
      armor = gear.id;
    }
  }
  tx.emit({ type: 'DamageDealt', target, amount: amount - prevented, prevented, armor, source });
}

/** Resolve a card's effects for `owner` in order, checking for destroyed characters and the end after each. */
export function resolveEffects(
  tx: Tx,
  owner: Owner,
  effects: readonly Effect[],
  target: Ref | null,
  source: CardId,
  random: Random,
  fromAbility: boolean,
): void {
  for (const e of effects) {
    if (tx.state.result) return;
    if (e.op === 'cancel') continue; // handled by the response that plays it
    if (e.minLevel !== undefined && tx.state.dungeon.level < e.minLevel) continue;
    if (e.op === 'draw' || e.op === 'discard') {
      const who = e.to === 'controller' ? owner : opponentOf(tx.state, owner);
      if (who === undefined) continue;
      if (e.op === 'draw') {
        // The Dungeon has no hand: a draw makes it flip one more card this turn.
        if (who === null) tx.emit({ type: 'ExtraFlips', count: e.amount });
        else draw(tx, who, e.amount, 'effect');
      } else discard(tx, who, e.amount, random);
      continue;
    }
    if (!onCharacters(e)) continue;
    for (const ref of recipients(tx.state, owner, e.to, target)) {
      const now = character(tx.state, ref);
      if (!now) continue;
      switch (e.op) {
        case 'damage': {
          const bonus = fromAbility ? (auraOf(tx.state, owner).abilityDamage ?? 0) : 0;
          dealDamage(tx, ref, (e.amount ?? 0) + bonus, source);
          break;
        }
        case 'heal': {
          const amount = Math.min(e.amount ?? 0, now.damage);
          if (amount > 0) tx.emit({ type: 'Healed', target: ref, amount });
          break;
        }
        case 'destroy':
          if (!isHero(ref))
            tx.emit({ type: 'AllyDestroyed', seat: ownerOfRef(ref), card: cardRef(tx.state, ref), boss: isBoss(tx.state, ref) });
          break;
        case 'exhaust':
          if (!now.exhausted) tx.emit({ type: 'CharacterExhausted', target: ref });
          break;
        case 'ready':
          if (now.exhausted) tx.emit({ type: 'CharacterReadied', target: ref });
          break;
        case 'atk':
          tx.emit({ type: 'AtkChanged', target: ref, amount: e.amount ?? 0 });
          break;
        case 'toHand': {
          if (isHero(ref)) break;
          const seat = ownerOfRef(ref);
          tx.emit({ type: 'CardReturned', seat, card: cardRef(tx.state, ref), to: seat === null ? 'deck-top' : 'hand' });
          break;
        }
      }
    }
    settle(tx);
  }
}

const isBoss = (s: RaidState, id: CardId): boolean => {
  const def = defOf(s, id);
  return def.type === 'ally' && def.keywords.includes('boss');
};

/**
 * Discard `n`: a raider discards at random from the hand (the outcome is in the event); the Dungeon, which has no
 * hand, puts the top `n` cards of its deck into its graveyard instead.
 */
function discard(tx: Tx, who: Owner, n: number, random: Random): void {
  if (who === null) {
    const cards = tx.state.dungeon.deck.slice(0, n).map((id) => cardRef(tx.state, id));
    if (cards.length > 0) tx.emit({ type: 'CardsDiscarded', seat: null, from: 'deck', cards, reason: 'effect' });
    return;
  }
  const hand = [...(tx.state.raiders[who]?.hand ?? [])];
  const chosen: CardId[] = [];
  for (let i = 0; i < n && hand.length > 0; i++) chosen.push(...hand.splice(random.int(hand.length), 1));
  if (chosen.length > 0)
    tx.emit({ type: 'CardsDiscarded', seat: who, from: 'hand', cards: chosen.map((id) => cardRef(tx.state, id)), reason: 'effect' });
}

/**
 * After anything that changes damage or health: allies with fatal damage are destroyed, raiders whose hero has
 * fatal damage lose all their cards in play, and the raid ends when the Dungeon hero or the last raider falls.
 */
export function settle(tx: Tx): void {
  if (tx.state.result) return;
  for (const owner of [null, ...tx.state.raiders.map((r) => r.seat)] as Owner[]) {
    for (const ally of sideOf(tx.state, owner)?.allies ?? []) {
      if (ally.damage >= healthOf(tx.state, ally.id))
        tx.emit({ type: 'AllyDestroyed', seat: owner, card: cardRef(tx.state, ally.id), boss: isBoss(tx.state, ally.id) });
    }
  }
  for (const r of livingRaiders(tx.state)) {
    if (r.hero.damage < healthOf(tx.state, heroRef(r.seat))) continue;
    tx.emit({ type: 'RaiderDefeated', seat: r.seat, cards: cardsInPlay(r).map((id) => cardRef(tx.state, id)) });
  }
  const s = tx.state;
  // Both at once: the Dungeon hero's fall ends the raid first, as the text checks it first.
  if (s.dungeon.hero.damage >= healthOf(s, DUNGEON_HERO)) tx.emit({ type: 'RaidEnded', result: raidResult(s, 'raiders') });
  else if (livingRaiders(s).length === 0) tx.emit({ type: 'RaidEnded', result: raidResult(s, 'dungeon') });
  else if (s.window && s.window.awaiting.every((seat) => s.window?.passed.includes(seat))) tx.emit({ type: 'WindowClosed' });
}

/** Combat damage: the attacker deals its ATK to the defender and the defender deals its ATK back, at the same time. */
export function strike(tx: Tx, attacker: Ref, defender: Ref): void {
  const dealt = atkOf(tx.state, attacker);
  const back = atkOf(tx.state, defender);
  dealDamage(tx, defender, dealt, attacker);
  dealDamage(tx, attacker, back, defender);
}
