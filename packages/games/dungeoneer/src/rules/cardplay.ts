// Boons, Treasures, Inventory abilities and the hero's special ability: timing, cost, limits and upkeep.
import type { Seat } from '@delve/kernel';
import type { CommandOf } from '../commands';
import type { Ability, BoonCard, TreasureCard } from '../content/index';
import type { DungeoneerState } from '../state';
import { applyEffects } from './effects';
import { spend, closePrompt, promptTrimIfOver } from './steps';
import { hasHero, inHand, noPrompt, ownPhase, payGlory, payMovements, promptFor } from './guards';
import { finishReward, freePlay } from './rewards';
import { boonLimit, treasureSlots } from './stats';
import { design, heroDesign, heroOf, playerOf, questDesign } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/** TURN CYCLE, Reset Phase: each card with an upkeep is paid for in Glory, or it returns to the hand. */
export function checkUpkeep(s: S, seat: Seat, cmd: CommandOf<'Upkeep'>): void {
  const p = promptFor(s, seat, 'upkeep');
  if (!p.cards.includes(cmd.card)) fail('no-upkeep', `${cmd.card} has no upkeep due`);
  const d = design(cmd.card);
  if (cmd.pay && (d.kind === 'boon' || d.kind === 'treasure')) payGlory(s, seat, d.upkeep);
}

/** Decides Upkeep: TURN CYCLE 1, Reset Phase (a storage item returned may call for a trim). */
export function upkeep(c: Ctx, cmd: CommandOf<'Upkeep'>): void {
  checkUpkeep(c.tx.state, c.seat, cmd);
  const d = design(cmd.card);
  if (cmd.pay && (d.kind === 'boon' || d.kind === 'treasure'))
    c.tx.emit({ type: 'UpkeepPaid', seat: c.seat, card: cmd.card, glory: d.upkeep });
  else c.tx.emit({ type: 'CardReturned', seat: c.seat, card: cmd.card });
  if (promptFor(c.tx.state, c.seat, 'upkeep').cards.length > 0) return;
  closePrompt(c.tx);
  promptTrimIfOver(c.tx, c.seat);
}

/** ADVENTURE CARDS, Boons: cancel what engages the hero (a Response): the Bane, or its next pending Encounter. */
function negate(tx: Tx, seat: Seat): void {
  const p = tx.state.prompt;
  if (p?.kind !== 'respond' || !p.seats.includes(seat)) return;
  if (p.bane) {
    tx.emit({ type: 'BaneResolved', card: p.bane.card, negated: true, attached: null });
    closePrompt(tx);
    return;
  }
  const index = tx.state.combat?.encounters.findIndex((e) => e.outcome === 'pending' && e.target === seat) ?? -1;
  const e = tx.state.combat?.encounters[index];
  if (!e) return;
  tx.emit({ type: 'EncounterResolved', index, outcome: 'negated' });
  if (design(e.card).kind === 'threat') tx.emit({ type: 'EncounterDiscarded', index });
}

/** The Reward step of a combat the seat won is open for it (OPTIONAL ADVANCED RULES, Looting; CAMPAIGN ADVENTURES). */
const inSpoils = (s: S, seat: Seat): boolean => s.prompt?.kind === 'spoils' && s.prompt.seats.includes(seat);

/**
 * HERO PHASE and Special Actions, Boons: paid with your Glory. A Boon is played in your Hero Phase; a Response Boon
 * only while an Encounter or Bane engages you; an Anytime Boon on or off turn. A permanent Boon is readied within the
 * hero's Boon limit; an instant one resolves and is discarded. A quest's Play reward plays one for free. CAMPAIGN
 * ADVENTURES, Hero Phase A: permanent Boons only in the Reward step of a combat the hero won.
 */
export function checkPlayBoon(s: S, seat: Seat, cmd: CommandOf<'PlayBoon'>): { card: BoonCard; free: boolean } {
  hasHero(s, seat);
  inHand(s, seat, cmd.card);
  const card = design(cmd.card);
  if (card.kind !== 'boon') return fail('not-a-boon', `${card.name} is not a Boon`);
  const free = freePlay(s, seat, cmd.card);
  if (!free) {
    if (s.options.campaign && card.permanent) {
      if (!inSpoils(s, seat)) fail('wrong-phase', 'in a campaign, permanent Boons are played in the Reward step of a combat you won');
    } else if (card.timing === 'hero') ownPhase(s, seat, 'hero');
    else if (card.timing === 'response') promptFor(s, seat, 'respond');
    payGlory(s, seat, card.cost);
  }
  if (card.permanent && heroOf(s, seat).boons.length >= boonLimit(s, seat))
    fail('boon-limit', `your hero may have ${boonLimit(s, seat)} Boon(s) readied`);
  return { card, free };
}

/** Decides PlayBoon: HERO PHASE and Special Actions (see checkPlayBoon). */
export function playBoon(c: Ctx, cmd: CommandOf<'PlayBoon'>): void {
  const { card, free } = checkPlayBoon(c.tx.state, c.seat, cmd);
  c.tx.emit({ type: 'BoonPlayed', seat: c.seat, card: cmd.card, cost: free ? 0 : card.cost, permanent: card.permanent });
  if (!card.permanent) applyEffects(c.tx, c.random, c.seat, card.effects, { negate: () => negate(c.tx, c.seat) });
  if (free) finishReward(c.tx, c.random, c.seat);
}

/**
 * When a Treasure may be played. HERO PHASE: in your Hero Phase. OPTIONAL ADVANCED RULES, Looting: only in the
 * Reward step of a combat in which you defeated a monster, or any time in a turn in which you beat a Trap. CAMPAIGN
 * ADVENTURES, Hero Phase A: one used at once (a potion) as normal, a permanent one only in such a Reward step.
 */
function treasureMoment(s: S, seat: Seat, use: boolean): void {
  if (inSpoils(s, seat)) return;
  if (s.options.campaign) {
    if (use) return ownPhase(s, seat, 'hero');
    return fail('wrong-phase', 'in a campaign, Treasures are readied in the Reward step of a combat you won');
  }
  if (!s.options.looting) return ownPhase(s, seat, 'hero');
  if (!s.turn?.trapBeaten.includes(seat))
    fail('wrong-phase', 'with Looting, Treasures are played after defeating a monster or beating a Trap');
  noPrompt(s);
}

/**
 * HERO PHASE and ADVENTURE CARDS, Treasures: readied for Glory (when: see treasureMoment), within the hero's Treasure
 * slots (storage items add theirs) and never two of one category. A potion used the moment it is played takes no slot.
 */
export function checkReadyTreasure(s: S, seat: Seat, cmd: CommandOf<'ReadyTreasure'>): { card: TreasureCard; free: boolean } {
  hasHero(s, seat);
  inHand(s, seat, cmd.card);
  const card = design(cmd.card);
  if (card.kind !== 'treasure') return fail('not-a-treasure', `${card.name} is not a Treasure`);
  const free = freePlay(s, seat, cmd.card);
  if (!free) treasureMoment(s, seat, cmd.use);
  if (cmd.use) {
    if (!card.ability?.consume) fail('not-usable-at-once', `${card.name} is not used up when used`);
    payGlory(s, seat, (free ? 0 : card.cost) + card.ability.glory);
    payMovements(s, seat, card.ability.movement);
    return { card, free };
  }
  if (!free) payGlory(s, seat, card.cost);
  const h = heroOf(s, seat);
  if (h.treasures.length >= treasureSlots(s, seat)) fail('treasure-limit', `your hero has ${treasureSlots(s, seat)} Treasure slot(s)`);
  if (h.treasures.some((t) => (design(t) as TreasureCard).category === card.category))
    fail('duplicate-category', `you already have a ${card.category} readied`);
  return { card, free };
}

/** Decides ReadyTreasure: HERO PHASE and Treasure Cards (see checkReadyTreasure). */
export function readyTreasure(c: Ctx, cmd: CommandOf<'ReadyTreasure'>): void {
  const { card, free } = checkReadyTreasure(c.tx.state, c.seat, cmd);
  const cost = (free ? 0 : card.cost) + (cmd.use ? (card.ability?.glory ?? 0) : 0);
  c.tx.emit({ type: 'TreasureReadied', seat: c.seat, card: cmd.card, cost, use: cmd.use });
  if (cmd.use && card.ability) {
    if (card.ability.movement > 0) spend(c.tx, c.seat, card.ability.movement);
    applyEffects(c.tx, c.random, c.seat, card.ability.effects);
  }
  if (free) finishReward(c.tx, c.random, c.seat);
}

function payAbility(s: S, seat: Seat, ability: Ability, key: string): void {
  if (ability.oncePerTurn && heroOf(s, seat).used.includes(key)) fail('once-per-turn', 'that can be used once a turn');
  payGlory(s, seat, ability.glory);
  payMovements(s, seat, ability.movement);
}

/** Special Actions: activate a readied card or an Artifact, on or off turn, if its cost can be paid. */
export function checkActivate(s: S, seat: Seat, cmd: CommandOf<'Activate'>): Ability {
  hasHero(s, seat);
  const h = heroOf(s, seat);
  let ability: Ability | undefined;
  if (h.boons.includes(cmd.card) || h.treasures.includes(cmd.card)) {
    const d = design(cmd.card);
    ability = d.kind === 'boon' || d.kind === 'treasure' ? d.ability : undefined;
  } else if (playerOf(s, seat).completed.includes(cmd.card)) ability = questDesign(cmd.card).artifact?.ability;
  else fail('not-readied', `${cmd.card} is not in your Inventory`);
  if (!ability) return fail('no-ability', `${cmd.card} has nothing to activate`);
  payAbility(s, seat, ability, cmd.card);
  return ability;
}

/** Decides Activate: Special Actions, activating an Inventory card or Artifact. */
export function activate(c: Ctx, cmd: CommandOf<'Activate'>): void {
  const ability = checkActivate(c.tx.state, c.seat, cmd);
  c.tx.emit({
    type: 'CardActivated',
    seat: c.seat,
    card: cmd.card,
    glory: ability.glory,
    movement: ability.movement,
    consumed: ability.consume,
  });
  applyEffects(c.tx, c.random, c.seat, ability.effects, { negate: () => negate(c.tx, c.seat) });
}

/** HERO CARDS, Special Ability: a Boon usable any time, outside the Boon limit. */
export function checkUseAbility(s: S, seat: Seat): Ability {
  hasHero(s, seat);
  const ability = heroDesign(heroOf(s, seat).id).ability;
  payAbility(s, seat, ability, 'ability');
  return ability;
}

/** Decides UseAbility: HERO CARDS, Special Ability. */
export function useAbility(c: Ctx): void {
  const ability = checkUseAbility(c.tx.state, c.seat);
  c.tx.emit({ type: 'AbilityUsed', seat: c.seat, glory: ability.glory, movement: ability.movement });
  applyEffects(c.tx, c.random, c.seat, ability.effects, { negate: () => negate(c.tx, c.seat) });
}
