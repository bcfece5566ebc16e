// Combat: opposed rolls, monsters (Encounters and quest monsters) against heroes, hero against hero, and the
// Dungeonlord's encounters stepping through Response, Resolution, Pack and Reward.
import type { Random, Seat } from '@delve/kernel';
import type { Effect, MonsterCard, QuestMonster, Stat } from '../content/index';
import type { Side } from '../events';
import type { Encounter } from '../state';
import { applyEffects, hazardAt, threatCheck, wound } from './effects';
import { track, interrupted, openPrompt } from './steps';
import { challengeProblem } from './guards';
import { joinPack, tidyPack } from './packMarker';
import { completeQuest } from './rewards';
import { combatScore } from './stats';
import { byPriority, design, heroesAt, heroOf, isAlive, playerOf, questDesign, questOwner, standing } from './table';
import { die, type Tx } from './tx';

/** TURN CYCLE, Dungeonlord Phase, Pack: at most three monsters. */
export const PACK_LIMIT = 3;

interface Fighter {
  readonly side: Side;
  readonly score: number;
}

/**
 * Dungeonlord Phase, Resolution: each side rolls one die and adds its score in the chosen form — the attacker's die
 * first, then the defender's (MISCELLANEOUS, priority order). The higher total hits; a tie hits nobody.
 */
export function attackRoll(tx: Tx, random: Random, attacker: Fighter, defender: Fighter, form: Stat): 'attacker' | 'defender' | 'none' {
  const a = die(random);
  const d = die(random);
  const diff = a + attacker.score - (d + defender.score);
  const hit = diff > 0 ? 'attacker' : diff < 0 ? 'defender' : 'none';
  tx.emit({
    type: 'AttackRolled',
    attacker: attacker.side,
    defender: defender.side,
    form,
    attack: { roll: a, score: attacker.score },
    defence: { roll: d, score: defender.score },
    hit,
  });
  return hit;
}

/** A monster in a fight: an Encounter of this Dungeonlord Phase, a quest's monster, or one in a Wandering Pack. */
export type MonsterRef =
  | { readonly kind: 'encounter'; readonly index: number }
  | { readonly kind: 'quest'; readonly quest: string }
  | { readonly kind: 'pack'; readonly seat: Seat; readonly card: string };

interface MonsterInFight {
  readonly side: Side;
  readonly stats: Pick<MonsterCard | QuestMonster, 'attacks' | 'hits' | 'life'>;
  readonly wounds: number;
}

function monsterOf(tx: Tx, ref: MonsterRef): MonsterInFight {
  if (ref.kind === 'quest') {
    const q = questDesign(ref.quest);
    const wounds = tx.state.questWounds.find((w) => w.quest === ref.quest)?.wounds ?? 0;
    return { side: { kind: 'quest', quest: ref.quest }, stats: q.monster as QuestMonster, wounds };
  }
  if (ref.kind === 'pack') {
    const wounds = playerOf(tx.state, ref.seat).pack.find((m) => m.card === ref.card)?.wounds ?? 0;
    return { side: { kind: 'pack', seat: ref.seat, card: ref.card }, stats: design(ref.card) as MonsterCard, wounds };
  }
  const e = tx.state.combat?.encounters[ref.index] as Encounter;
  return { side: { kind: 'encounter', index: ref.index, card: e.card }, stats: design(e.card) as MonsterCard, wounds: e.wounds };
}

/**
 * A monster and a hero fight one exchange in `form`. GLOSSARY, Default Stat: a monster with no score in the form
 * defends with a counter-attack of 0. A monster hit wounds the hero once and triggers the form's hit effect; the
 * Dungeonlord earns Peril for each wound, up to the Life the hero had (Reward). A hero hit wounds the monster and earns
 * the hero 1 Glory — except from quest monsters, whose quest is their reward.
 */
export function monsterFight(tx: Tx, random: Random, ref: MonsterRef, seat: Seat, form: Stat, initiator: 'monster' | 'hero'): void {
  const m = monsterOf(tx, ref);
  const monster: Fighter = { side: m.side, score: m.stats.attacks[form]?.score ?? 0 };
  const hero: Fighter = { side: { kind: 'hero', seat }, score: combatScore(tx.state, seat, form) };
  const hit = initiator === 'monster' ? attackRoll(tx, random, monster, hero, form) : attackRoll(tx, random, hero, monster, form);
  if (hit === 'none') return;
  if ((hit === 'attacker') === (initiator === 'monster')) monsterHits(tx, random, ref, seat, m.stats.hits[form] ?? []);
  else heroHitsMonster(tx, random, ref, seat, m);
}

/** Whether a monster fights as part of a Wandering Pack: one of its monsters, or one played from it. */
function fromPack(tx: Tx, ref: MonsterRef): boolean {
  if (ref.kind === 'pack') return true;
  return ref.kind === 'encounter' && tx.state.options.wanderingPack && tx.state.combat?.encounters[ref.index]?.from === 'pack';
}

/**
 * Reward: each wound a Dungeonlord's monster deals earns it one Peril to assign, up to the Life the hero had. CAMPAIGN
 * ADVENTURES, Adventure: the Peril the Wandering Pack earns the Dungeonlord keeps for its own use instead.
 */
function monsterHits(tx: Tx, random: Random, ref: MonsterRef, seat: Seat, effects: readonly Effect[]): void {
  const before = heroOf(tx.state, seat).life;
  const defeats = playerOf(tx.state, seat).defeats;
  wound(tx, random, seat, 1);
  applyEffects(tx, random, seat, effects);
  const dealt = before - (standing(tx.state, seat, defeats) ? heroOf(tx.state, seat).life : 0);
  const dl = tx.state.combat?.seat;
  if (ref.kind === 'quest' || dealt <= 0 || dl === undefined || tx.state.winners) return;
  if (tx.state.options.campaign && fromPack(tx, ref)) track(tx, dl, 0, dealt);
  else tx.emit({ type: 'PerilEarned', seat: dl, amount: dealt });
}

function heroHitsMonster(tx: Tx, random: Random, ref: MonsterRef, seat: Seat, m: MonsterInFight): void {
  const wounds = m.wounds + 1;
  if (ref.kind === 'quest') {
    tx.emit({ type: 'QuestMonsterWounded', quest: ref.quest, wounds });
    if (wounds >= m.stats.life) completeQuest(tx, random, seat, ref.quest);
    return;
  }
  if (ref.kind === 'pack') {
    track(tx, seat, 1, 0);
    if (wounds >= m.stats.life) tx.emit({ type: 'PackMonsterSlain', seat: ref.seat, card: ref.card, by: seat });
    else tx.emit({ type: 'PackMonsterWounded', seat: ref.seat, card: ref.card, wounds });
    return;
  }
  tx.emit({ type: 'MonsterWounded', index: ref.index, wounds });
  track(tx, seat, 1, 0);
  if (wounds >= m.stats.life) {
    tx.emit({ type: 'EncounterResolved', index: ref.index, outcome: 'defeated', by: seat });
    tx.emit({ type: 'EncounterDiscarded', index: ref.index });
  }
}

/**
 * HERO PHASE, Challenge against a hero: resolved as an attack; whoever hits inflicts 1 wound and gets 1 Glory for it.
 * With `component`, a hit by the challenger takes that escort component (and its quest) instead of wounding.
 */
export function heroFight(tx: Tx, random: Random, attacker: Seat, defender: Seat, form: Stat, component?: string): void {
  const a: Fighter = { side: { kind: 'hero', seat: attacker }, score: combatScore(tx.state, attacker, form) };
  const d: Fighter = { side: { kind: 'hero', seat: defender }, score: combatScore(tx.state, defender, form) };
  const hit = attackRoll(tx, random, a, d, form);
  if (hit === 'none') return;
  if (hit === 'attacker' && component !== undefined) {
    tx.emit({
      type: 'ComponentPickedUp',
      seat: attacker,
      quest: component,
      from: 'hero',
      owner: questOwner(tx.state, component) ?? defender,
    });
    return;
  }
  const [winner, loser] = hit === 'attacker' ? [attacker, defender] : [defender, attacker];
  track(tx, winner, 1, 0);
  wound(tx, random, loser, 1);
}

/**
 * Dungeonlord Phase, Response → Resolution: the engaged heroes (in priority order) may respond before any roll. With
 * the Wandering Pack, every hero in the space of a Pack monster's attack is engaged, to choose whom to defend.
 */
export function startResolution(tx: Tx): void {
  const s = tx.state;
  const dl = s.combat?.seat;
  const engaged = (s.combat?.encounters ?? []).flatMap((e) =>
    s.options.wanderingPack && e.from === 'pack' ? [e.target, ...heroesAt(s, e.x, e.y).filter((seat) => seat !== dl)] : [e.target],
  );
  const targets = [...new Set(engaged)].filter((seat) => isAlive(s, seat));
  tx.emit({ type: 'CombatStaged', stage: 'respond' });
  if (targets.length > 0) openPrompt(tx, { kind: 'respond', seats: byPriority(s, targets), bane: null });
}

/**
 * Reward step, OPTIONAL ADVANCED RULES (Looting) and CAMPAIGN ADVENTURES: heroes who defeated a monster in this combat
 * may now play Treasures (in a campaign, permanent Boons too) before the Peril is assigned.
 */
function reward(tx: Tx): void {
  const c = tx.state.combat;
  const victors = (c?.victors ?? []).filter((seat) => isAlive(tx.state, seat));
  if ((tx.state.options.looting || tx.state.options.campaign) && victors.length > 0) {
    tx.emit({ type: 'CombatStaged', stage: 'spoils' });
    openPrompt(tx, { kind: 'spoils', seats: byPriority(tx.state, victors) });
  } else tx.emit({ type: 'CombatStaged', stage: 'reward' });
}

/** One step of the encounters once responses are in: resolve the next, then Pack, then Reward, then done. */
export function combatStep(tx: Tx, random: Random): void {
  const c = tx.state.combat;
  if (!c) return;
  const dl = c.seat;
  switch (c.stage) {
    case 'declare':
      return;
    case 'respond':
      tx.emit({ type: 'CombatStaged', stage: 'fight' });
      return;
    case 'fight': {
      const next = c.encounters.findIndex((e) => e.outcome === 'pending');
      if (next >= 0) resolveEncounter(tx, random, dl, next);
      else tx.emit({ type: 'CombatStaged', stage: 'pack' });
      return;
    }
    case 'pack':
      return packStep(tx, dl);
    case 'spoils':
      tx.emit({ type: 'CombatStaged', stage: 'reward' });
      return;
    case 'reward':
      if (c.peril > 0) openPrompt(tx, { kind: 'assign-peril', seat: dl, points: c.peril });
      else {
        tx.emit({ type: 'CombatEnded' });
        tidyPack(tx, dl);
      }
      return;
  }
}

/**
 * Dungeonlord Phase, Resolution of one encounter, played into its target's space: it fizzles if the hero has left
 * (ADVENTURE CARDS, Encounter Cards). A threat is rolled by every hero in the space (a Trap, Hazards added) or by
 * the target (an Obstacle); a monster makes its one standard attack in the chosen form, after which the hero may
 * challenge it back (Special Actions).
 */
function resolveEncounter(tx: Tx, random: Random, dl: Seat, index: number): void {
  const e = tx.state.combat?.encounters[index] as Encounter;
  const d = design(e.card);
  const target = playerOf(tx.state, e.target).hero;
  if (!isAlive(tx.state, e.target) || !target || target.x !== e.x || target.y !== e.y) {
    tx.emit({ type: 'EncounterResolved', index, outcome: 'fizzled' });
    if (d.kind === 'threat') tx.emit({ type: 'EncounterDiscarded', index });
    return;
  }
  if (d.kind === 'threat') {
    const trap = d.threat === 'trap';
    const victims = trap ? heroesAt(tx.state, e.x, e.y) : [e.target];
    const hazard = trap ? hazardAt(tx, e) : 0;
    for (const seat of victims) {
      if (!isAlive(tx.state, seat)) continue;
      const ok = threatCheck(tx, random, seat, d.check, e.card, 0, hazard);
      applyEffects(tx, random, seat, ok ? d.succeed : d.fail);
      if (interrupted(tx, dl)) return;
    }
    tx.emit({ type: 'EncounterResolved', index, outcome: 'spent' });
    tx.emit({ type: 'EncounterDiscarded', index });
    return;
  }
  monsterFight(tx, random, { kind: 'encounter', index }, e.target, e.form ?? 'melee', 'monster');
  if (interrupted(tx, dl)) return;
  const after = tx.state.combat?.encounters[index];
  if (after?.outcome === 'pending') tx.emit({ type: 'EncounterResolved', index, outcome: 'survived' });
  if (after?.outcome === 'pending' && canChallenge(tx, e.target))
    openPrompt(tx, { kind: 'challenge-back', seat: e.target, encounter: index });
}

/** HERO PHASE, Challenge: once per turn, for 1 Movement (off turn: the Movement kept). */
export const canChallenge = (tx: Tx, seat: Seat): boolean => isAlive(tx.state, seat) && challengeProblem(tx.state, seat) === null;

/**
 * Dungeonlord Phase, Pack: wounded survivors go into the Pack; unwounded ones go back to hand or Pack as the
 * Dungeonlord chooses (a prompt); a Pack over three is trimmed by the Dungeonlord's choice.
 */
function packStep(tx: Tx, dl: Seat): void {
  const c = tx.state.combat;
  if (!c) return;
  const survivors = c.encounters
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => !e.gone && design(e.card).kind === 'monster' && e.outcome !== 'pending');
  for (const { e, index } of survivors.filter(({ e }) => e.wounds > 0)) {
    tx.emit({ type: 'MonsterStowed', seat: dl, index, card: e.card, to: 'pack', wounds: e.wounds });
    joinPack(tx, dl, e);
  }
  const unwounded = survivors.filter(({ e }) => e.wounds === 0).map(({ e }) => e.card);
  if (unwounded.length > 0) return openPrompt(tx, { kind: 'stow', seat: dl, cards: unwounded });
  if (playerOf(tx.state, dl).pack.length > PACK_LIMIT) return openPrompt(tx, { kind: 'trim-pack', seat: dl });
  reward(tx);
}
