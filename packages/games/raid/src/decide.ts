// decide: guards shared by every command, then one named function per command; ends in an exhaustive check.
import { sameJson, type DecideContext, type Random, type Seat } from '@delve/kernel';
import { DUNGEON_COMMAND_TYPES, type CommandOf, type RaidCommand } from './commands';
import type { RaidEvent } from './events';
import { defOf, inPlay, levelDef } from './rules/board';
import { dungeonProtector, dungeonTarget, levelUp, markHero, nextDungeonStep } from './rules/dungeon';
import { cardRef, draw, resolveEffects, settle, strike } from './rules/effects';
import { attackProblem, mainStepProblem, playProblem, protectProblem } from './rules/plays';
import { afterRaiderCommand, endTurn, nextOwner, openWindow, startTurn, windowAwaiting } from './rules/turns';
import { Tx } from './rules/tx';
import { fail, failOn } from './rules/fail';
import type { CardId, RaidState, Ref } from './state';

interface Ctx {
  readonly tx: Tx;
  readonly seat: Seat;
  readonly random: Random;
}

/** Check the command against the rules and return the events it causes. Throws RuleViolation (`raid/<code>`). */
export function decide(command: RaidCommand, state: RaidState, ctx: DecideContext): RaidEvent[] {
  if (state.phase === 'over') return fail('game-over', 'the raid is over');
  if (state.phase === 'lobby') return fail('not-started', 'the raid has not been set up yet');
  const tx = new Tx(state);
  const fromDungeon = DUNGEON_COMMAND_TYPES.has(command.type);
  if (fromDungeon !== (ctx.actor.kind === 'automaton')) {
    return fromDungeon
      ? fail('dungeon-only', `the Dungeon plays itself: only its automaton sends ${command.type}`)
      : fail('raiders-only', `${command.type} is a raider's command`);
  }
  const seat = ctx.actor.kind === 'seat' ? ctx.actor.seat : -1;
  if (!fromDungeon) {
    const me = state.raiders[seat] ?? fail('not-a-seat', `there is no raider ${seat}`);
    if (!me.alive) return fail('destroyed', 'your hero has been destroyed: you take no further part');
  } else {
    // The automaton may only take the step the Dungeon's fixed rules give (rules/dungeon.ts).
    const step = nextDungeonStep(state);
    if (!step || !sameJson(step, command)) fail('not-the-dungeons-step', `the Dungeon's next step is ${step?.type ?? 'none'}`);
  }
  const c: Ctx = { tx, seat, random: ctx.random };
  switch (command.type) {
    case 'Mulligan':
      mulligan(c);
      break;
    case 'KeepHand':
      keepHand(c);
      break;
    case 'PlaceResource':
      placeResource(c, command);
      break;
    case 'PlayCard':
      playCard(c, command);
      break;
    case 'Attack':
      attack(c, command);
      break;
    case 'Protect':
      protect(c, command);
      break;
    case 'Pass':
      pass(c);
      break;
    case 'EndTurn':
      finishTurn(c);
      break;
    case 'Discard':
      discard(c, command);
      break;
    case 'StartDungeonTurn':
      startDungeonTurn(c);
      break;
    case 'MarkHero':
      markHero(tx, c.random);
      break;
    case 'FlipCard':
      flipCard(c);
      break;
    case 'ResolveFlip':
      resolveFlip(c);
      break;
    case 'DeclareAttack':
      declareAttack(c, command);
      break;
    case 'ResolveAttack':
      resolveAttack(c);
      break;
    case 'EndDungeonTurn':
      endTurn(tx, c.random);
      break;
    default: {
      const _exhaustive: never = command;
      return fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
    }
  }
  if (fromDungeon) settle(tx);
  else afterRaiderCommand(tx, c.random);
  return tx.events;
}

// ---- the opening: one optional mulligan each

function mulliganStep(c: Ctx): void {
  const s = c.tx.state;
  if (s.phase !== 'mulligan') fail('wrong-step', 'the mulligan is over');
  if (s.raiders[c.seat]?.mulligan !== 'pending') fail('already-decided', 'you have already kept or mulliganed');
}

/** After the last raider keeps or mulligans, the first turn starts: the raiders' in Novice, the Dungeon's otherwise. */
function beginIfReady(c: Ctx): void {
  const s = c.tx.state;
  if (s.raiders.some((r) => r.mulligan === 'pending')) return;
  startTurn(c.tx, s.first === 'raiders' ? nextOwner(s, null) : null, c.random);
}

/** §Set-up: one optional mulligan: the hand is shuffled into the deck and a new hand drawn. */
function mulligan(c: Ctx): void {
  mulliganStep(c);
  const r = c.tx.state.raiders[c.seat];
  if (!r) return;
  c.tx.emit({ type: 'MulliganTaken', seat: c.seat });
  c.tx.emit({ type: 'DeckShuffled', seat: c.seat, reason: 'mulligan', order: c.random.shuffle(c.tx.state.raiders[c.seat]?.deck ?? []) });
  draw(c.tx, c.seat, r.handSize, 'mulligan');
  beginIfReady(c);
}

function keepHand(c: Ctx): void {
  mulliganStep(c);
  c.tx.emit({ type: 'HandKept', seat: c.seat });
  beginIfReady(c);
}

// ---- a raider's turn

/** Core: once per turn a card from hand goes face down as a resource. */
function placeResource(c: Ctx, command: CommandOf<'PlaceResource'>): void {
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
function playCard(c: Ctx, command: CommandOf<'PlayCard'>): void {
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
function attack(c: Ctx, command: CommandOf<'Attack'>): void {
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
function protect(c: Ctx, command: CommandOf<'Protect'>): void {
  failOn(protectProblem(c.tx.state, c.seat, command.ally));
  c.tx.emit({ type: 'AttackRedirected', seat: c.seat, protector: command.ally });
  openWindow(c.tx, 'attack');
}

/** Let the window go by; when the last raider asked has passed it closes and the Dungeon goes on. */
function pass(c: Ctx): void {
  const s = c.tx.state;
  if (!s.window) fail('no-window', 'there is no response window open');
  if (!windowAwaiting(s).includes(c.seat)) fail('not-awaited', 'the window is not waiting for you');
  c.tx.emit({ type: 'ResponsePassed', seat: c.seat });
  if (windowAwaiting(c.tx.state).length === 0) c.tx.emit({ type: 'WindowClosed' });
}

/** Core: the turn ends; over the hand size, the raider first discards down to it, one chosen card at a time. */
function finishTurn(c: Ctx): void {
  const s = c.tx.state;
  failOn(mainStepProblem(s, c.seat));
  const r = s.raiders[c.seat];
  const excess = r ? r.hand.length - r.handSize : 0;
  if (excess > 0) c.tx.emit({ type: 'HandLimitReached', seat: c.seat, excess });
  else endTurn(c.tx, c.random);
}

function discard(c: Ctx, command: CommandOf<'Discard'>): void {
  const s = c.tx.state;
  if (s.prompt?.kind !== 'discard' || s.prompt.seat !== c.seat) fail('wrong-step', 'you are not discarding down to your hand size');
  const r = s.raiders[c.seat];
  if (!r?.hand.includes(command.card)) fail('card-not-in-hand', `${command.card} is not in your hand`);
  c.tx.emit({ type: 'CardsDiscarded', seat: c.seat, from: 'hand', cards: [cardRef(s, command.card)], reason: 'hand-limit' });
  const after = c.tx.state.raiders[c.seat];
  if (after && after.hand.length <= after.handSize) endTurn(c.tx, c.random);
}

// ---- the Dungeon's turn (automaton only; every choice comes from rules/dungeon.ts)

/** §The Dungeon's turn: ready every Dungeon card, level up as often as due, roll for the MARKED hero, announce the flips. */
function startDungeonTurn(c: Ctx): void {
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
function flipCard(c: Ctx): void {
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
function resolveFlip(c: Ctx): void {
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
function declareAttack(c: Ctx, command: CommandOf<'DeclareAttack'>): void {
  c.tx.emit({ type: 'AttackDeclared', by: null, attacker: command.attacker, target: command.target });
  openWindow(c.tx, 'attack');
}

/** The attack deals its damage, unless the attacker or its target has left play meanwhile. */
function resolveAttack(c: Ctx): void {
  const { tx } = c;
  const a = tx.state.attack;
  if (a && inPlay(tx.state, a.attacker) && inPlay(tx.state, a.target)) strike(tx, a.attacker, a.target);
  tx.emit({ type: 'AttackEnded', cancelled: false });
}
