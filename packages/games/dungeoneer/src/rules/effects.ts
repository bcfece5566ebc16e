// The effect vocabulary at work: each card effect on a hero becomes events; wounds can defeat the hero.
import type { Random, Seat } from '@delve/kernel';
import type { Check, Effect } from '../content/index';
import type { Coord } from '../state';
import { defeat } from './defeat';
import { draw, track, setMovements } from './steps';
import { placedAt } from './map';
import { score } from './stats';
import { heroDesign, heroOf, isAlive, mapDesign, playerOf, standing } from './table';
import { die, type Tx } from './tx';

/** HERO CARDS, Defeat: wounds lower Life; at 0 the hero is defeated. */
export function wound(tx: Tx, random: Random, seat: Seat, n: number): void {
  if (!isAlive(tx.state, seat) || n <= 0) return;
  const life = heroOf(tx.state, seat).life;
  const left = Math.max(0, life - n);
  tx.emit({ type: 'HeroWounded', seat, wounds: life - left, life: left });
  if (left === 0) defeat(tx, random, seat);
}

/** What `negate` cancels: supplied only while the hero is engaged (a response). */
export interface EffectContext {
  readonly negate?: () => void;
}

/** Apply `effects` to `seat`'s hero in order; stops once the hero is defeated (even if it respawns) or the game is over. */
export function applyEffects(tx: Tx, random: Random, seat: Seat, effects: readonly Effect[], ctx: EffectContext = {}): void {
  const defeats = playerOf(tx.state, seat).defeats;
  for (const e of effects) {
    if (tx.state.winners || !standing(tx.state, seat, defeats)) return;
    applyEffect(tx, random, seat, e, ctx);
  }
}

function applyEffect(tx: Tx, random: Random, seat: Seat, e: Effect, ctx: EffectContext): void {
  const h = heroOf(tx.state, seat);
  if ('wound' in e) wound(tx, random, seat, e.wound);
  else if ('heal' in e) {
    const life = Math.min(heroDesign(h.id).maxLife, h.life + e.heal);
    if (life > h.life) tx.emit({ type: 'HeroHealed', seat, life });
  } else if ('glory' in e) track(tx, seat, e.glory, 0);
  else if ('peril' in e) track(tx, seat, 0, e.peril);
  else if ('movement' in e) setMovements(tx, seat, h.movements + e.movement);
  else if ('draw' in e) draw(tx, random, seat, e.draw);
  else if ('discard' in e) {
    // ADVENTURE CARDS / GLOSSARY, Forced Discard: the cards are chosen at random, the outcome recorded.
    const cards = random.shuffle(playerOf(tx.state, seat).hand).slice(0, e.discard);
    if (cards.length > 0) tx.emit({ type: 'CardsDiscarded', seat, cards, from: 'hand' });
  } else if ('tip' in e) {
    if (!h.tipped) tx.emit({ type: 'HeroTipped', seat, tipped: true });
  } else if ('boost' in e) tx.emit({ type: 'BoostGained', seat, stat: e.boost.stat, amount: e.boost.amount });
  else if ('loseBoon' in e) {
    // Boon Cards: a Boon lost to another card's effect loses its effect at once.
    if (h.boons.length > 0) tx.emit({ type: 'CardsDiscarded', seat, cards: [random.pick(h.boons)], from: 'boons' });
  } else if ('cleanse' in e) {
    const last = h.curses.at(-1);
    if (last !== undefined) tx.emit({ type: 'CardsDiscarded', seat, cards: [last], from: 'curses' });
  } else if ('negate' in e) ctx.negate?.();
  else if ('recall' in e) {
    if (h.x !== 0 || h.y !== 0 || h.tipped || h.cusp) tx.emit({ type: 'HeroRecalled', seat });
  } else {
    const _exhaustive: never = e;
    void _exhaustive;
  }
}

/** A Hazard's modifier to traps played in the space at `at` (MAP CARDS, Hazards). */
export function hazardAt(tx: Tx, at: Coord): number {
  const p = placedAt(tx.state.map, at);
  const f = p ? mapDesign(p.card).feature : undefined;
  return f?.kind === 'hazard' ? f.modifier : 0;
}

/**
 * ADVENTURE CARDS (Threats) and Universal Rules: one die plus the named score (and any bonus bought before the roll)
 * must match or beat the target. The roll is recorded with the score and target it was made against.
 */
export function threatCheck(tx: Tx, random: Random, seat: Seat, check: Check, source: string, bonus = 0, hazard = 0): boolean {
  const total = score(tx.state, seat, check.stat) + bonus;
  const target = check.target + hazard;
  const roll = die(random);
  const success = roll + total >= target;
  tx.emit({ type: 'ThreatRolled', seat, source, stat: check.stat, roll, score: total, target, success });
  return success;
}
