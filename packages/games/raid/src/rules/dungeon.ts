// The Dungeon's fixed rules: its next step, levelling up, the MARKED roll, the order of its attacks and how it
// chooses targets. The automaton and decide both read them, so every raid is reproducible from its seed.
import type { Random } from '@delve/kernel';
import type { TargetSpec } from '../content/index';
import type { DungeonCommand, CommandOf } from '../commands';
import { DUNGEON_HERO, heroRef, type RaidState, type Ref, type CardId } from '../state';
import { allyCanAttack, atkOf, character, costOf, hasKeyword, inPlay, levelDef, livingRaiders, defOf } from './board';
import type { Tx } from './tx';
import type { Ctx } from './tx';
import { cardRef, resolveEffects, settle, strike } from './effects';
import { openWindow } from './turns';

/**
 * The Dungeon's next step, or null when it has nothing to do (not its turn, the raid is over, or raiders have a
 * response window open). In order: open the turn (ready, level up, MARK); roll again if the MARKED hero fell; finish
 * the attack or the flipped card in progress; flip the next card; attack with the next character in order; end.
 */
export function nextDungeonStep(s: RaidState): DungeonCommand | null {
  if (s.phase !== 'play' || s.result || s.window || s.prompt) return null;
  const d = s.dturn;
  if (!s.turn || s.turn.seat !== null || !d) return null;
  if (d.flipsDue === null) return { type: 'StartDungeonTurn' };
  if (s.attack) return { type: 'ResolveAttack' };
  if (d.revealed) return { type: 'ResolveFlip' };
  if (s.marked === null || !s.raiders[s.marked]?.alive) return livingRaiders(s).length > 0 ? { type: 'MarkHero' } : null;
  if (d.flipsDone < d.flipsDue) return { type: 'FlipCard' };
  const attacker = nextAttacker(s);
  if (attacker) return { type: 'DeclareAttack', attacker, target: heroRef(s.marked) };
  return { type: 'EndDungeonTurn' };
}

/** The characters still to attack this turn, in order: the Dungeon hero, then its allies in the order they entered. */
export function attackOrder(s: RaidState): Ref[] {
  const done = new Set(s.dturn?.attacked ?? []);
  const heroReady = !s.dungeon.hero.exhausted && inPlay(s, DUNGEON_HERO);
  return [
    ...(heroReady && !done.has(DUNGEON_HERO) ? [DUNGEON_HERO] : []),
    ...s.dungeon.allies.filter((a) => !done.has(a.id) && allyCanAttack(s, a)).map((a) => a.id),
  ];
}

export const nextAttacker = (s: RaidState): Ref | null => attackOrder(s)[0] ?? null;

/**
 * Who will attack the MARKED hero, in order: during the Dungeon's turn those still to attack; otherwise everyone in the
 * Dungeon party, since its turn opens by readying them all and each will have been in play since an earlier turn.
 */
export function upcomingAttackers(s: RaidState): Ref[] {
  if (s.phase !== 'play' || s.result) return [];
  if (s.turn?.seat === null && s.dturn?.flipsDue !== null) return attackOrder(s);
  return [DUNGEON_HERO, ...s.dungeon.allies.map((a) => a.id)];
}

/** Whether the Dungeon hero should go up from its level now (Level Up Rules): damage on a raider hero, or a raider destroyed. */
export function levelUpDue(s: RaidState): 'damage' | 'raider-destroyed' | null {
  if (s.dungeon.level >= 4) return null;
  const rule = levelDef(s).levelUp;
  if (!rule) return null;
  if ('damage' in rule) return s.raiders.some((r) => r.hero.damage >= rule.damage) ? 'damage' : null;
  return s.raiders.some((r) => !r.alive) ? 'raider-destroyed' : null;
}

/** Level up as many times as due. */
export function levelUp(tx: Tx): void {
  for (let reason = levelUpDue(tx.state); reason; reason = levelUpDue(tx.state)) {
    const from = tx.state.dungeon.level;
    tx.emit({ type: 'DungeonLeveledUp', from, to: from + 1, reason });
  }
}

/**
 * Roll a six-sided die for the MARKED hero: the living raiders in seat order split the faces evenly (three raiders:
 * 1–2, 3–4, 5–6; two: 1–3, 4–6; one: any).
 */
export function markHero(tx: Tx, random: Random): void {
  const among = livingRaiders(tx.state).map((r) => r.seat);
  if (among.length === 0) return;
  const roll = random.int(6) + 1;
  const seat = among[Math.floor(((roll - 1) * among.length) / 6)] ?? among[0] ?? 0;
  tx.emit({ type: 'HeroMarked', seat, roll, among });
}

/**
 * The Dungeon's choice of a target, a fixed rule: an enemy hero or character is the MARKED hero; an enemy ally is the
 * MARKED party's ally with the highest ATK (the earliest to enter on a tie); a friendly hero is the Dungeon hero; a
 * friendly ally or character is its most damaged one (the hero first, then the earliest to enter, on a tie).
 * Null when there is none: effects on the target then do nothing.
 */
export function dungeonTarget(s: RaidState, spec: TargetSpec): Ref | null {
  const fits = (ref: Ref) => spec.maxCost === undefined || costOf(s, ref) <= spec.maxCost;
  if (spec.side === 'enemy') {
    const marked = s.marked === null ? null : s.raiders[s.marked];
    if (!marked?.alive) return null;
    if (spec.kind !== 'ally') return heroRef(marked.seat);
    let best: Ref | null = null;
    for (const a of marked.allies) if (fits(a.id) && (best === null || atkOf(s, a.id) > atkOf(s, best))) best = a.id;
    return best;
  }
  if (spec.kind === 'hero') return DUNGEON_HERO;
  const pool = [...(spec.kind === 'character' ? [DUNGEON_HERO] : []), ...s.dungeon.allies.map((a) => a.id).filter(fits)];
  let best: Ref | null = null;
  for (const ref of pool) if (best === null || (character(s, ref)?.damage ?? 0) > (character(s, best)?.damage ?? 0)) best = ref;
  return best;
}

/** The Dungeon's Protector rule: its first ready Protector ally, in the order they entered, takes attacks on its hero. */
export function dungeonProtector(s: RaidState, target: Ref): Ref | null {
  if (target !== DUNGEON_HERO) return null;
  return s.dungeon.allies.find((a) => !a.exhausted && hasKeyword(s, a.id, 'protector'))?.id ?? null;
}

/** §The Dungeon's turn: ready every Dungeon card, level up as often as due, roll for the MARKED hero, announce the flips. */
export function startDungeonTurn(c: Ctx): void {
  const { tx } = c;
  tx.emit({ type: 'CardsReadied', seat: null });
  levelUp(tx);
  settle(tx);
  if (tx.state.result) return;
  markHero(tx, c.random);
  const powers = levelDef(tx.state).aura.turnStart ?? [];
  if (powers.length > 0) resolveEffects(tx, null, powers, null, 'dh', c.random, false);
  if (tx.state.result) return;
  tx.emit({ type: 'FlipsAnnounced', count: levelDef(tx.state).flip });
}

/**
 * Flip the top card (even on the very first Dungeon turn); raiders may respond before it resolves. An empty deck
 * enrages the Dungeon hero (+2 ATK) and its graveyard becomes the new deck; with no cards at all, the flips are over.
 */
export function flipCard(c: Ctx): void {
  const { tx } = c;
  const d = tx.state.dungeon;
  if (d.deck.length === 0) {
    tx.emit({ type: 'DungeonEnraged', enrage: d.enrage + 1 });
    if (d.graveyard.length === 0) {
      tx.emit({ type: 'FlipsAnnounced', count: tx.state.dturn?.flipsDone ?? 0 });
      return;
    }
    tx.emit({ type: 'DeckShuffled', seat: null, reason: 'enrage', order: c.random.shuffle(d.graveyard) });
  }
  const top = tx.state.dungeon.deck[0] as CardId;
  tx.emit({ type: 'CardFlipped', card: cardRef(tx.state, top) });
  openWindow(tx, 'flip');
}

/** The flipped card resolves: an ally joins the Dungeon party, equipment arms its hero, an ability takes effect. */
export function resolveFlip(c: Ctx): void {
  const { tx } = c;
  const id = tx.state.dturn?.revealed as CardId;
  const def = defOf(tx.state, id);
  const spec = def.type === 'ally' || def.type === 'ability' ? def.target : undefined;
  const target: Ref | null = spec ? dungeonTarget(tx.state, spec) : null;
  const replaced = def.type === 'equipment' ? (tx.state.dungeon[def.slot]?.id ?? null) : null;
  tx.emit({ type: 'CardPlayed', seat: null, card: cardRef(tx.state, id), target, replaced });
  if (def.type === 'ally') resolveEffects(tx, null, def.effects ?? [], target, id, c.random, false);
  if (def.type === 'ability') {
    resolveEffects(tx, null, def.effects, target, id, c.random, true);
    if (!tx.state.result) tx.emit({ type: 'AbilityResolved', seat: null, card: id });
  }
}

/** The next Dungeon character attacks the MARKED hero; the raiders' window opens (Protector, instants). */
export function declareAttack(c: Ctx, command: CommandOf<'DeclareAttack'>): void {
  c.tx.emit({ type: 'AttackDeclared', by: null, attacker: command.attacker, target: command.target });
  openWindow(c.tx, 'attack');
}

/** The attack deals its damage, unless the attacker or its target has left play meanwhile. */
export function resolveAttack(c: Ctx): void {
  const { tx } = c;
  const a = tx.state.attack;
  if (a && inPlay(tx.state, a.attacker) && inPlay(tx.state, a.target)) strike(tx, a.attacker, a.target);
  tx.emit({ type: 'AttackEnded', cancelled: false });
}
