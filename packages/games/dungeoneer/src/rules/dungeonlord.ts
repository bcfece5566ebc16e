// TURN CYCLE, Dungeonlord Phase: playing Encounters and Banes with opponents' Peril, the Pack and the Reward.
import type { Random, Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { BaneCard, MonsterCard, ThreatCard } from '../content/index';
import type { DungeoneerState } from '../state';
import { applyEffects } from './effects';
import { monsterFight, startResolution } from './combat';
import { closePrompt, openPrompt } from './steps';
import { checkChallenge, inHand, noPrompt, ownPhase, promptFor } from './guards';
import { sameCoord } from './map';
import { joinPack } from './packMarker';
import { byPriority, design, dungeonlordSeat, heroOf, isAlive, livingSeats, playerOf } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/**
 * Whose Peril pays: never your own, always one living opponent, never pooled — except that the campaign's
 * Dungeonlord may add Peril of its own (kept from its Pack's wounds) to the payer's. Returns how much of its own Peril
 * the Dungeonlord spends (the payer's is used first, ruling).
 */
function checkPayer(s: S, seat: Seat, payer: Seat, cost: number): number {
  if (payer === seat) fail('own-peril', 'you may never spend your own Peril');
  if (!isAlive(s, payer)) fail('bad-target', `seat ${payer} has no hero in the game`);
  const theirs = playerOf(s, payer).peril;
  const own = dungeonlordSeat(s) === seat ? Math.max(0, cost - theirs) : 0;
  if (theirs + Math.min(own, playerOf(s, seat).peril) < cost)
    fail('not-enough-peril', `seat ${payer} has ${theirs} Peril; this costs ${cost}`);
  return own;
}

/**
 * Dungeonlord Phase, A. Attack: every Encounter is played at the start of the phase, before any is resolved, from hand
 * or Pack, each paid with the Peril of the hero it targets. A monster names a form in which it has a standard attack
 * (● on the card); a form it only counter-attacks in (◆) cannot be chosen. Threats name no form.
 */
export function checkPlayEncounter(
  s: S,
  seat: Seat,
  cmd: CommandOf<'PlayEncounter'>,
): { card: MonsterCard | ThreatCard; from: 'hand' | 'pack'; cost: number; own: number } {
  ownPhase(s, seat, 'dungeonlord');
  if (s.turn?.encountersDone || (s.combat && s.combat.stage !== 'declare'))
    fail('too-late', 'Encounters are all played at the start of the Dungeonlord Phase, before any is resolved');
  const p = playerOf(s, seat);
  const from = p.hand.includes(cmd.card)
    ? 'hand'
    : p.pack.some((m) => m.card === cmd.card)
      ? 'pack'
      : fail('not-in-hand', `${cmd.card} is not in your hand or Pack`);
  const card = design(cmd.card);
  if (card.kind !== 'monster' && card.kind !== 'threat') return fail('not-an-encounter', `${card.name} is not an Encounter`);
  // Wandering Pack: a Pack monster attacks for free, but only heroes standing in the Pack's space.
  const free = from === 'pack' && s.options.wanderingPack;
  if (free) {
    if (cmd.target === seat || !isAlive(s, cmd.target)) fail('bad-target', 'your Pack attacks other players’ heroes');
    if (!p.packAt || !sameCoord(p.packAt, heroOf(s, cmd.target))) fail('not-with-pack', 'your Pack attacks only heroes in its space');
  }
  const own = free ? 0 : checkPayer(s, seat, cmd.target, card.cost);
  if (card.kind === 'monster') {
    if (cmd.form === undefined) fail('no-form', 'choose the attack form the monster attacks in');
    else if (!card.attacks[cmd.form]?.standard) fail('no-standard-attack', `${card.name} cannot initiate a ${cmd.form} attack`);
  } else if (cmd.form !== undefined) fail('no-form', 'a Threat is rolled against, it takes no attack form');
  return { card, from, cost: free ? 0 : card.cost, own };
}

/** Decides PlayEncounter: TURN CYCLE 2, A. Attack (see checkPlayEncounter); the Encounter lands in the target's space. */
export function playEncounter(c: Ctx, cmd: CommandOf<'PlayEncounter'>): void {
  const { card, from, cost, own } = checkPlayEncounter(c.tx.state, c.seat, cmd);
  const h = heroOf(c.tx.state, cmd.target);
  const wounds = playerOf(c.tx.state, c.seat).pack.find((m) => m.card === cmd.card)?.wounds ?? 0;
  c.tx.emit({
    type: 'EncounterPlayed',
    seat: c.seat,
    card: cmd.card,
    from,
    target: cmd.target,
    form: card.kind === 'monster' ? (cmd.form ?? null) : null,
    x: h.x,
    y: h.y,
    cost,
    wounds: from === 'pack' ? wounds : 0,
    ...(own > 0 && { own }),
  });
}

/** Dungeonlord Phase, B. Response: the Encounters are in; the engaged heroes may respond before anything rolls. */
export function checkResolveEncounters(s: S, seat: Seat): void {
  ownPhase(s, seat, 'dungeonlord');
  if (!s.combat || s.combat.stage !== 'declare') fail('no-encounters', 'play an Encounter first, or end the phase');
}

/** Decides ResolveEncounters: TURN CYCLE 2, B. Response opens for the engaged heroes. */
export function resolveEncounters(c: Ctx): void {
  checkResolveEncounters(c.tx.state, c.seat);
  startResolution(c.tx);
}

/**
 * ADVENTURE CARDS, Bane Cards: bought with one other player's Peril. A targeted Bane hits the hero whose Peril pays; an
 * untargeted one may be paid by any other player and hits its scope. Dungeonlord Banes come any time in your
 * Dungeonlord Phase (before or after the Encounters); Anytime Banes on or off turn, but not while a choice is pending.
 */
export function checkPlayBane(s: S, seat: Seat, cmd: CommandOf<'PlayBane'>): { card: BaneCard; own: number } {
  inHand(s, seat, cmd.card);
  const card = design(cmd.card);
  if (card.kind !== 'bane') return fail('not-a-bane', `${card.name} is not a Bane`);
  if (card.timing === 'dungeonlord') ownPhase(s, seat, 'dungeonlord');
  else noPrompt(s);
  return { card, own: checkPayer(s, seat, cmd.target, card.cost) };
}

/** Decides PlayBane: Bane Cards (see checkPlayBane); a targeted Bane waits for its target's response. */
export function playBane(c: Ctx, cmd: CommandOf<'PlayBane'>): void {
  const { card, own } = checkPlayBane(c.tx.state, c.seat, cmd);
  const target = card.targeted ? cmd.target : null;
  c.tx.emit({ type: 'BanePlayed', seat: c.seat, card: cmd.card, payer: cmd.target, target, cost: card.cost, ...(own > 0 && { own }) });
  // Special Actions: a hero engaged by a Bane may answer with a Response Boon before it takes effect.
  if (target !== null) openPrompt(c.tx, { kind: 'respond', seats: [target], bane: { card: cmd.card, seat: c.seat, target } });
  else resolveBane(c.tx, c.random, c.seat, cmd.card, null);
}

/** The Bane takes effect: a curse attaches to its target; an instant one goes to the pile and hits each hero in scope. */
export function resolveBane(tx: Tx, random: Random, seat: Seat, card: string, target: Seat | null): void {
  const d = design(card) as BaneCard;
  const victims =
    target !== null
      ? [target]
      : byPriority(
          tx.state,
          livingSeats(tx.state).filter((x) => d.scope === 'all' || (d.scope === 'others' && x !== seat)),
        );
  const attached = d.curse && target !== null && isAlive(tx.state, target) ? target : null;
  tx.emit({ type: 'BaneResolved', card, negated: false, attached });
  for (const v of victims) applyEffects(tx, random, v, d.effects);
}

/** Dungeonlord Phase, D. Pack: an unwounded survivor goes back to hand or into the Pack (the Dungeonlord's choice). */
export function checkStow(s: S, seat: Seat, cmd: CommandOf<'Stow'>): number {
  const p = promptFor(s, seat, 'stow');
  if (!p.cards.includes(cmd.card)) fail('not-stowable', `${cmd.card} is not waiting to be stowed`);
  return s.combat?.encounters.findIndex((e) => e.card === cmd.card && !e.gone) ?? -1;
}

/** Decides Stow: TURN CYCLE 2, D. Pack. */
export function stow(c: Ctx, cmd: CommandOf<'Stow'>): void {
  const index = checkStow(c.tx.state, c.seat, cmd);
  const at = c.tx.state.combat?.encounters[index];
  c.tx.emit({ type: 'MonsterStowed', seat: c.seat, index, card: cmd.card, to: cmd.to, wounds: 0 });
  if (cmd.to === 'pack' && at) joinPack(c.tx, c.seat, at);
  if (promptFor(c.tx.state, c.seat, 'stow').cards.length === 0) closePrompt(c.tx);
}

/** Dungeonlord Phase, E. Reward: each Peril earned goes to any player, one at a time. */
export function checkAssignPeril(s: S, seat: Seat, cmd: CommandOf<'AssignPeril'>): void {
  promptFor(s, seat, 'assign-peril');
  if (!isAlive(s, cmd.seat)) fail('bad-target', `seat ${cmd.seat} has no hero in the game`);
}

/** Decides AssignPeril: TURN CYCLE 2, E. Reward. */
export function assignPeril(c: Ctx, cmd: CommandOf<'AssignPeril'>): void {
  checkAssignPeril(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'PerilAssigned', seat: c.seat, to: cmd.seat });
  if (promptFor(c.tx.state, c.seat, 'assign-peril').points <= 0) closePrompt(c.tx);
}

/**
 * Special Actions: challenge a monster after it has attacked you, for 1 Movement (off turn, the one kept) if you have
 * not challenged this turn. The monster defends in the chosen form with its score there (a counter-attack), or 0.
 */
export function checkChallengeMonster(s: S, seat: Seat): number {
  const p = promptFor(s, seat, 'challenge-back');
  checkChallenge(s, seat);
  return p.encounter;
}

/** Decides ChallengeMonster: Special Actions, challenging a monster after it attacked you. */
export function challengeMonster(c: Ctx, cmd: CommandOf<'ChallengeMonster'>): void {
  const index = checkChallengeMonster(c.tx.state, c.seat);
  const card = c.tx.state.combat?.encounters[index]?.card ?? '?';
  c.tx.emit({ type: 'Challenged', seat: c.seat, target: { kind: 'encounter', index, card }, form: cmd.form, cost: 1 });
  monsterFight(c.tx, c.random, { kind: 'encounter', index }, c.seat, cmd.form, 'hero');
  closePrompt(c.tx);
}
