// The turn cycle: drawing, turn start and end, phase changes, defeat and the last hero standing, and `proceed`.
import type { Random, Seat } from '@delve/kernel';
import type { Prompt } from '../state';
import { combatStep } from './combat';
import { legalPlacements } from './map';
import { combatScore, treasureSlots } from './stats';
import { design, heroOf, isAlive, livingSeats, mapDesign, nextLiving, playerOf } from './table';
import type { Tx } from './tx';

/** TURN CYCLE, Discard/Draw: the hand a player fills back to. */
export const HAND_SIZE = 5;

/**
 * Draw `n` Adventure cards for `seat`. When the deck runs out the discard pile is shuffled into a new deck (the order
 * recorded); with both empty, fewer cards are drawn.
 */
export function draw(tx: Tx, random: Random, seat: Seat, n: number): void {
  let batch: string[] = [];
  const flush = () => {
    if (batch.length > 0) tx.emit({ type: 'CardsDrawn', seat, cards: batch });
    batch = [];
  };
  for (let i = 0; i < n; i++) {
    if (tx.state.deck.length === batch.length) {
      flush();
      if (tx.state.discard.length === 0) break;
      tx.emit({ type: 'AdventureDeckShuffled', reason: 'reshuffle', order: random.shuffle(tx.state.discard) });
    }
    const top = tx.state.deck[batch.length];
    if (top === undefined) break;
    batch.push(top);
  }
  flush();
}

/** Ask for a choice. */
export function openPrompt(tx: Tx, prompt: Prompt): void {
  tx.emit({ type: 'PromptOpened', prompt });
}

/** The choice is made (a no-op when nothing is asked). */
export function closePrompt(tx: Tx): void {
  if (tx.state.prompt) tx.emit({ type: 'PromptClosed' });
}

/** True once the game is over or `seat`'s turn has been cut short (its hero fell): the caller must stop. */
export const interrupted = (tx: Tx, seat: Seat): boolean =>
  tx.state.winners !== null || tx.state.turn?.seat !== seat || !isAlive(tx.state, seat);

/** QUEST CARDS and Set-Up: the last surviving hero wins by default (nobody, should no hero be left). */
function checkLastStanding(tx: Tx): boolean {
  const alive = livingSeats(tx.state);
  if (alive.length > 1) return false;
  tx.emit({ type: 'GameWon', winners: alive, how: 'last-standing' });
  return true;
}

/**
 * HERO CARDS, Defeat: at 0 Life every card of the player is discarded and the player is out. A prompt waiting on the
 * player is settled; if it was the player's own turn, the turn ends at once.
 */
export function defeat(tx: Tx, random: Random, seat: Seat): void {
  const s = tx.state;
  const p = playerOf(s, seat);
  const h = heroOf(s, seat);
  const wasActive = s.turn?.seat === seat;
  const prompt = s.prompt;
  const cards = [...p.hand, ...h.boons, ...h.treasures, ...h.curses, ...p.pack.map((m) => m.card)];
  if (wasActive && s.combat) cards.push(...s.combat.encounters.filter((e) => !e.gone).map((e) => e.card));
  if (prompt?.kind === 'respond' && prompt.bane?.seat === seat) cards.push(prompt.bane.card);
  tx.emit({ type: 'HeroDefeated', seat, cards, quests: [...p.quests, ...p.completed] });
  if (prompt) {
    if (prompt.kind === 'respond') {
      const bane = prompt.bane;
      // A Bane whose player fell went out with the player's cards; one whose target fell has nothing left to hit.
      if (bane?.target === seat && bane.seat !== seat) tx.emit({ type: 'BaneResolved', card: bane.card, negated: true, attached: null });
      if (bane !== null) {
        if (bane.seat === seat || bane.target === seat) closePrompt(tx);
      } else if (prompt.seats.includes(seat)) {
        tx.emit({ type: 'ResponsePassed', seat });
        if (prompt.seats.length === 1) closePrompt(tx);
      }
    } else if (prompt.seat === seat) {
      if (prompt.kind === 'place-map') tx.emit({ type: 'MapCardSetAside', card: prompt.card });
      closePrompt(tx);
    }
  }
  if (checkLastStanding(tx)) return;
  if (wasActive) {
    if (tx.state.combat) tx.emit({ type: 'CombatEnded' });
    closePrompt(tx);
    tx.emit({ type: 'TurnEnded', seat, kept: 0 });
    beginTurn(tx, nextLiving(tx.state, seat));
  }
}

/** Readied cards with an upkeep cost (TURN CYCLE, Reset Phase). */
function upkeepCards(tx: Tx, seat: Seat): string[] {
  const h = heroOf(tx.state, seat);
  return [...h.boons, ...h.treasures].filter((c) => {
    const d = design(c);
    return (d.kind === 'boon' || d.kind === 'treasure') && d.upkeep > 0;
  });
}

/**
 * TURN CYCLE, Reset Phase: doors reset, once-per-turn uses and turn-long effects end (all in TurnStarted); upkeep is
 * paid or the cards return (a prompt); then Movements are set to the hero's Speed.
 */
export function beginTurn(tx: Tx, seat: Seat): void {
  const s = tx.state;
  const first = s.first ?? seat;
  const position = (x: Seat) => (x - first + s.seats) % s.seats;
  // GLOSSARY, Round: a new round begins whenever turn order wraps past the initiative holder's place.
  const round = s.turn === null ? 1 : s.turn.round + (position(seat) <= position(s.turn.seat) ? 1 : 0);
  tx.emit({ type: 'TurnStarted', seat, round });
  const due = upkeepCards(tx, seat);
  if (due.length > 0) openPrompt(tx, { kind: 'upkeep', seat, cards: due });
}

/** True when the hero holds more Treasures than its slots (a storage item left): a trim prompt opens. */
export function promptTrimIfOver(tx: Tx, seat: Seat): boolean {
  if (heroOf(tx.state, seat).treasures.length <= treasureSlots(tx.state, seat)) return false;
  openPrompt(tx, { kind: 'trim-treasures', seat });
  return true;
}

/** End of the Reset Phase: Movements equal Speed, and the Dungeonlord Phase begins. */
function finishReset(tx: Tx, seat: Seat): void {
  tx.emit({ type: 'MovementsSet', seat, movements: combatScore(tx.state, seat, 'speed') });
  tx.emit({ type: 'PhaseBegan', phase: 'dungeonlord' });
}

/**
 * Draw the top Map card for `seat` and ask where it goes; a card with no legal place goes to the bottom of the Map
 * deck (ruling). Returns whether a prompt opened.
 */
export function drawMap(tx: Tx, seat: Seat, reason: 'build' | 'explore'): boolean {
  const card = tx.state.mapDeck[0];
  if (card === undefined) return false;
  tx.emit({ type: 'MapCardDrawn', seat, card, reason });
  if (legalPlacements(tx.state.map, mapDesign(card)).length === 0) {
    tx.emit({ type: 'MapCardSetAside', card });
    return false;
  }
  openPrompt(tx, { kind: 'place-map', seat, card, reason });
  return true;
}

/** TURN CYCLE, Build Phase: draw and place one Map card (skipped when the Map deck is empty). */
export function beginBuild(tx: Tx, seat: Seat): void {
  tx.emit({ type: 'PhaseBegan', phase: 'build' });
  // With nothing to place, `proceed` moves straight on to the Hero Phase.
  drawMap(tx, seat, 'build');
}

/** TURN CYCLE, Hero Phase (Move): a hero that entered no space this turn collects for the one it stayed in. */
export function endHeroPhase(tx: Tx, seat: Seat): void {
  const t = tx.state.turn;
  if (t && t.entered.length === 0 && isAlive(tx.state, seat)) {
    const h = heroOf(tx.state, seat);
    const here = tx.state.map.find((m) => m.x === h.x && m.y === h.y);
    if (here) {
      const d = mapDesign(here.card);
      tx.emit({ type: 'SpaceCollected', seat, x: h.x, y: h.y, glory: d.glory, peril: d.peril });
    }
  }
  tx.emit({ type: 'PhaseBegan', phase: 'discard' });
}

/** TURN CYCLE, Discard/Draw: fill the hand to five, keep one Movement for off-turn use, pass the turn clockwise. */
export function finishTurn(tx: Tx, random: Random, seat: Seat): void {
  const hand = playerOf(tx.state, seat).hand.length;
  if (hand < HAND_SIZE) draw(tx, random, seat, HAND_SIZE - hand);
  tx.emit({ type: 'TurnEnded', seat, kept: Math.min(1, heroOf(tx.state, seat).movements) });
  beginTurn(tx, nextLiving(tx.state, seat));
}

/**
 * Play goes on by itself until somebody must choose: the Reset Phase ends once upkeep is settled, the Build Phase once
 * the card is placed, the Hero Phase once a quest is completed (and its rewards taken), and encounters resolve.
 */
export function proceed(tx: Tx, random: Random): void {
  for (let guard = 0; guard < 1000; guard++) {
    const s = tx.state;
    if (s.winners || s.prompt || !s.turn) return;
    const seat = s.turn.seat;
    if (s.turn.phase === 'reset') finishReset(tx, seat);
    else if (s.turn.phase === 'build') tx.emit({ type: 'PhaseBegan', phase: 'hero' });
    else if (s.turn.phase === 'hero' && s.turn.questDone) endHeroPhase(tx, seat);
    else if (s.turn.phase === 'dungeonlord' && s.combat && s.combat.stage !== 'declare') combatStep(tx, random);
    else return;
  }
  throw new Error('dungeoneer: proceed did not settle');
}
