// When a raider may play a card, attack or protect: one check per command that decide enforces and legalCommands lists.
import type { Seat } from '@delve/kernel';
import type { TargetSpec } from '../content/index';
import { DUNGEON_HERO, heroRef, type CardId, type RaidState, type Ref } from '../state';
import { allyCanAttack, bossInPlay, costOf, defOf, findAlly, inPlay, livingRaiders, readyResources } from './board';
import { protectors, windowAwaiting } from './turns';
import { problem, type Problem } from './fail';

/** The seat's own turn with nothing pending (no window, prompt or attack). */
export function mainStepProblem(s: RaidState, seat: Seat): Problem | null {
  if (s.phase === 'over') return problem('game-over', 'the raid is over');
  if (s.phase !== 'play') return problem('wrong-step', 'the raid has not begun: keep or mulligan your hand first');
  if (s.turn?.seat !== seat) return problem('not-your-turn', 'it is not your turn');
  if (s.window || s.prompt || s.attack) return problem('wrong-step', 'finish what is pending first');
  return null;
}

/** The characters a raider may choose for `spec`: enemies are the Dungeon's, friends are every living raider's. */
export function targetsFor(s: RaidState, spec: TargetSpec): Ref[] {
  const fits = (id: CardId) => spec.maxCost === undefined || costOf(s, id) <= spec.maxCost;
  const heroes = spec.side === 'enemy' ? (inPlay(s, DUNGEON_HERO) ? [DUNGEON_HERO] : []) : livingRaiders(s).map((r) => heroRef(r.seat));
  const allies = (spec.side === 'enemy' ? s.dungeon.allies : livingRaiders(s).flatMap((r) => r.allies)).map((a) => a.id).filter(fits);
  if (spec.kind === 'hero') return heroes;
  if (spec.kind === 'ally') return allies;
  return [...heroes, ...allies];
}

/** Why `seat` may not play `card` at `target` now, or null when it may. */
export function playProblem(s: RaidState, seat: Seat, card: CardId, target: Ref | undefined): Problem | null {
  const r = s.raiders[seat];
  if (!r) return problem('not-a-seat', `there is no raider ${seat}`);
  if (s.window) {
    if (!windowAwaiting(s).includes(seat)) return problem('not-awaited', 'the window is not waiting for you');
  } else {
    const main = mainStepProblem(s, seat);
    if (main) return main;
  }
  if (!r.hand.includes(card)) return problem('card-not-in-hand', `${card} is not in your hand`);
  const def = defOf(s, card);
  const cancels = def.type === 'ability' && def.effects.some((e) => e.op === 'cancel');
  if (s.window && !(def.type === 'ability' && def.instant)) return problem('not-instant', 'only instant abilities answer a window');
  if (cancels && !s.window) return problem('nothing-to-cancel', 'a cancel answers a flipped Dungeon card or a Dungeon attack');
  if (def.cost > readyResources(r))
    return problem('cannot-pay', `${def.name} costs ${def.cost}; you have ${readyResources(r)} ready resources`);
  const spec = def.type === 'ally' || def.type === 'ability' ? def.target : undefined;
  if (!spec) return target === undefined ? null : problem('bad-target', `${def.name} takes no target`);
  const choices = targetsFor(s, spec);
  // An ally's enter effect with nothing to aim at simply does nothing; an ability needs its target.
  if (choices.length === 0) {
    if (def.type === 'ally') return target === undefined ? null : problem('bad-target', `${def.name} has no target to choose`);
    return problem('no-target', `${def.name} has no legal target`);
  }
  if (target === undefined) return problem('target-required', `${def.name} needs a target`);
  return choices.includes(target) ? null : problem('bad-target', `${target} is not a legal target for ${def.name}`);
}

/** The targets `card` may be played at (undefined: no target), empty when it cannot be played now. */
export function playTargets(s: RaidState, seat: Seat, card: CardId): (Ref | undefined)[] {
  const def = defOf(s, card);
  const spec = def.type === 'ally' || def.type === 'ability' ? def.target : undefined;
  const candidates: (Ref | undefined)[] = spec ? targetsFor(s, spec) : [];
  if (candidates.length === 0) candidates.push(undefined);
  return candidates.filter((t) => playProblem(s, seat, card, t) === null);
}

/** Why `seat`'s `attacker` may not attack `target` now, or null when it may. */
export function attackProblem(s: RaidState, seat: Seat, attacker: Ref, target: Ref): Problem | null {
  const main = mainStepProblem(s, seat);
  if (main) return main;
  const r = s.raiders[seat];
  if (!r) return problem('not-a-seat', `there is no raider ${seat}`);
  if (attacker === heroRef(seat)) {
    if (r.hero.exhausted) return problem('exhausted', 'your hero is exhausted');
    const weapon = r.weapon ? defOf(s, r.weapon.id) : null;
    if (weapon?.type !== 'equipment' || weapon.slot !== 'weapon') return problem('no-weapon', 'a hero attacks only with a weapon');
    if (weapon.strikeCost > readyResources(r)) return problem('cannot-pay', `the strike costs ${weapon.strikeCost}`);
  } else {
    const ally = r.allies.find((a) => a.id === attacker);
    if (!ally) return problem('not-your-character', `${attacker} is not one of your characters`);
    if (ally.exhausted) return problem('exhausted', `${attacker} is exhausted`);
    if (!allyCanAttack(s, ally)) return problem('summoning-sick', `${attacker} entered play this turn and has no Ferocity`);
  }
  if (target === DUNGEON_HERO) {
    if (bossInPlay(s)) return problem('boss-in-play', 'while a Boss ally is in play, raiders cannot attack the Dungeon hero');
    return null;
  }
  const found = findAlly(s, target);
  return found && found.owner === null ? null : problem('bad-target', `${target} is not a Dungeon character`);
}

/** Every (attacker, target) pair `seat` may attack with now. */
export function attackPairs(s: RaidState, seat: Seat): { attacker: Ref; target: Ref }[] {
  const r = s.raiders[seat];
  if (!r || mainStepProblem(s, seat)) return [];
  const attackers = [heroRef(seat), ...r.allies.map((a) => a.id)];
  const targets = [DUNGEON_HERO, ...s.dungeon.allies.map((a) => a.id)];
  return attackers.flatMap((attacker) =>
    targets.filter((target) => !attackProblem(s, seat, attacker, target)).map((target) => ({ attacker, target })),
  );
}

/** Why `seat` may not have `ally` take the Dungeon's attack now, or null when it may. */
export function protectProblem(s: RaidState, seat: Seat, ally: Ref): Problem | null {
  if (!s.window || s.window.kind !== 'attack') return problem('wrong-step', 'Protect answers a Dungeon attack');
  if (!windowAwaiting(s).includes(seat)) return problem('not-awaited', 'the window is not waiting for you');
  return protectors(s, seat).includes(ally) ? null : problem('bad-protector', `${ally} cannot take this attack`);
}
