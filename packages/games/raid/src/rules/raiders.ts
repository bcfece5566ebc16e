// A raider's turn: placing a resource, playing cards (and cancelling a pending one), attacking, protecting, passing in
// a response window, ending the turn and discarding down to the hand size.
import type { CommandOf } from '../commands';
import { defOf } from './board';
import { dungeonProtector } from './dungeon';
import { cardRef, resolveEffects, settle, strike } from './effects';
import { attackProblem, mainStepProblem, playProblem, protectProblem } from './plays';
import { endTurn, openWindow, windowAwaiting } from './turns';
import { fail, failOn } from './fail';
import type { Ctx } from './tx';

/** Core: once per turn a card from hand goes face down as a resource. */
export function placeResource(c: Ctx, command: CommandOf<'PlaceResource'>): void {
  const s = c.tx.state;
  failOn(mainStepProblem(s, c.seat));
  if (s.turn?.resourcePlaced) fail('resource-placed', 'you have placed a resource this turn already');
  if (!s.raiders[c.seat]?.hand.includes(command.card)) fail('card-not-in-hand', `${command.card} is not in your hand`);
  c.tx.emit({ type: 'ResourcePlaced', seat: c.seat, card: cardRef(s, command.card) });
}

/**
 * Core: pay the cost with ready resources and play the card: an ally joins the party (its enter effects resolve),
 * equipment and talents attach (one weapon, one armor, one talent: a new one replaces the old), an ability resolves.
 * In a response window only instant abilities; a cancel stops the flipped card or the attack and closes the window.
 */
export function playCard(c: Ctx, command: CommandOf<'PlayCard'>): void {
  const { tx } = c;
  failOn(playProblem(tx.state, c.seat, command.card, command.target));
  const window = tx.state.window?.kind ?? null;
  const def = defOf(tx.state, command.card);
  const r = tx.state.raiders[c.seat];
  if (def.cost > 0) tx.emit({ type: 'CostPaid', seat: c.seat, amount: def.cost });
  const replaced = def.type === 'equipment' ? (r?.[def.slot]?.id ?? null) : def.type === 'talent' ? (r?.talent ?? null) : null;
  const target = command.target ?? null;
  tx.emit({ type: 'CardPlayed', seat: c.seat, card: cardRef(tx.state, command.card), target, replaced });
  if (def.type === 'ability' && def.effects.some((e) => e.op === 'cancel')) {
    cancelPending(c);
    tx.emit({ type: 'AbilityResolved', seat: c.seat, card: command.card });
    return;
  }
  if (def.type === 'ally') resolveEffects(tx, c.seat, def.effects ?? [], target, command.card, c.random, false);
  if (def.type === 'ability') {
    resolveEffects(tx, c.seat, def.effects, target, command.card, c.random, true);
    if (!tx.state.result) tx.emit({ type: 'AbilityResolved', seat: c.seat, card: command.card });
  }
  settle(tx);
  // A response re-opens the window: everyone who can answer is asked again.
  if (window && tx.state.window && !tx.state.result) openWindow(tx, window);
}

/** A cancel: the flipped Dungeon card goes to its graveyard unresolved, or the declared attack ends without damage. */
function cancelPending(c: Ctx): void {
  const s = c.tx.state;
  const revealed = s.dturn?.revealed;
  if (s.window?.kind === 'flip' && revealed) c.tx.emit({ type: 'CardCancelled', seat: c.seat, card: revealed });
  else if (s.window?.kind === 'attack' && s.attack) c.tx.emit({ type: 'AttackEnded', cancelled: true });
  c.tx.emit({ type: 'WindowClosed' });
}

/**
 * Core combat: a ready ally (in play since an earlier turn, or with Ferocity), or the hero with a weapon paying its
 * strike cost, exhausts to attack a Dungeon character. Boss: not the Dungeon hero while a Boss ally is in play. The
 * Dungeon's first ready Protector takes attacks on its hero. Both deal their ATK to each other.
 */
export function attack(c: Ctx, command: CommandOf<'Attack'>): void {
  const { tx } = c;
  failOn(attackProblem(tx.state, c.seat, command.attacker, command.target));
  const weapon = tx.state.raiders[c.seat]?.weapon;
  if (command.attacker === `h${c.seat}` && weapon) {
    const def = defOf(tx.state, weapon.id);
    if (def.type === 'equipment' && def.slot === 'weapon' && def.strikeCost > 0)
      tx.emit({ type: 'CostPaid', seat: c.seat, amount: def.strikeCost });
  }
  tx.emit({ type: 'AttackDeclared', by: c.seat, attacker: command.attacker, target: command.target });
  const protector = dungeonProtector(tx.state, command.target);
  if (protector) tx.emit({ type: 'AttackRedirected', seat: null, protector });
  strike(tx, command.attacker, tx.state.attack?.target ?? command.target);
  tx.emit({ type: 'AttackEnded', cancelled: false });
}

/** Protector: when the Dungeon attacks your hero, a ready Protector ally of yours exhausts and takes the attack. */
export function protect(c: Ctx, command: CommandOf<'Protect'>): void {
  failOn(protectProblem(c.tx.state, c.seat, command.ally));
  c.tx.emit({ type: 'AttackRedirected', seat: c.seat, protector: command.ally });
  openWindow(c.tx, 'attack');
}

/** Let the window go by; when the last raider asked has passed it closes and the Dungeon goes on. */
export function pass(c: Ctx): void {
  const s = c.tx.state;
  if (!s.window) fail('no-window', 'there is no response window open');
  if (!windowAwaiting(s).includes(c.seat)) fail('not-awaited', 'the window is not waiting for you');
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  if (windowAwaiting(c.tx.state).length === 0) c.tx.emit({ type: 'WindowClosed' });
}

/** Core: the turn ends; over the hand size, the raider first discards down to it, one chosen card at a time. */
export function finishTurn(c: Ctx): void {
  const s = c.tx.state;
  failOn(mainStepProblem(s, c.seat));
  const r = s.raiders[c.seat];
  const excess = r ? r.hand.length - r.handSize : 0;
  if (excess > 0) c.tx.emit({ type: 'HandLimitReached', seat: c.seat, excess });
  else endTurn(c.tx, c.random);
}

export function discard(c: Ctx, command: CommandOf<'Discard'>): void {
  const s = c.tx.state;
  if (s.prompt?.kind !== 'discard' || s.prompt.seat !== c.seat) fail('wrong-step', 'you are not discarding down to your hand size');
  const r = s.raiders[c.seat];
  if (!r?.hand.includes(command.card)) fail('card-not-in-hand', `${command.card} is not in your hand`);
  c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [cardRef(s, command.card)], reason: 'hand-limit' });
  const after = c.tx.state.raiders[c.seat];
  if (after && after.hand.length <= after.handSize) endTurn(c.tx, c.random);
}
