// The turn cycle: drawing, turn start and end, phase changes in the standard and the campaign turn cycle, the steps
// before the first turn, and `proceed`.
import type { Random, Seat } from '@delve/kernel';
import type { Prompt } from '../state';
import { campaignReset, campaignHandSize, nextHeroPhase } from './campaign';
import { combatStep } from './combat';
import { legalPlacements } from './map';
import { startPackPhase } from './pack';
import { continueSetup } from './reveal';
import { combatScore, treasureSlots } from './stats';
import { design, dungeonlordSeat, heroOf, isAlive, livingSeats, mapDesign, nextLiving, playerOf } from './table';
import type { Tx } from './tx';

/** TURN CYCLE, Discard/Draw: the hand a player fills back to. */
export const HAND_SIZE = 5;

/**
 * Draw `n` cards for `seat` — from the Adventure deck, or in a campaign from the Peril deck for the Dungeonlord and
 * the Glory deck for heroes. When the deck runs out its discard pile is shuffled into a new deck (the order
 * recorded); with both empty, fewer cards are drawn.
 */
export function draw(tx: Tx, random: Random, seat: Seat, n: number): void {
  const peril = dungeonlordSeat(tx.state) === seat;
  const deck = () => (peril ? tx.state.perilDeck : tx.state.deck);
  const pile = () => (peril ? tx.state.perilDiscard : tx.state.discard);
  const which = peril ? { deck: 'peril' as const } : {};
  let batch: string[] = [];
  const flush = () => {
    if (batch.length > 0) tx.emit({ type: 'CardsDrawn', seat, cards: batch, ...which });
    batch = [];
  };
  for (let i = 0; i < n; i++) {
    if (deck().length === batch.length) {
      flush();
      if (pile().length === 0) break;
      tx.emit({ type: 'AdventureDeckShuffled', reason: 'reshuffle', order: random.shuffle(pile()), ...which });
    }
    const top = deck()[batch.length];
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
  tx.state.winners !== null ||
  tx.state.turn?.seat !== seat ||
  (!isAlive(tx.state, seat) && !tx.state.players[seat]?.force && dungeonlordSeat(tx.state) !== seat);

/** Readied cards with an upkeep cost (TURN CYCLE, Reset Phase). */
function upkeepCards(tx: Tx, seat: Seat): string[] {
  if (!isAlive(tx.state, seat)) return [];
  const h = heroOf(tx.state, seat);
  return [...h.boons, ...h.treasures].filter((c) => {
    const d = design(c);
    return (d.kind === 'boon' || d.kind === 'treasure') && d.upkeep > 0;
  });
}

/** TURN CYCLE, Reset Phase: a hero with readied cards that have an upkeep is asked to pay for each or take it back. */
export function askUpkeep(tx: Tx, seat: Seat): void {
  const due = upkeepCards(tx, seat);
  if (due.length > 0) openPrompt(tx, { kind: 'upkeep', seat, cards: due });
}

/**
 * TURN CYCLE, Reset Phase: doors reset, once-per-turn uses and turn-long effects end (all in TurnStarted); upkeep is
 * paid or the cards return (a prompt); then Movements are set to the hero's Speed. With Malevolent Force, the last
 * hero standing wins when a turn of its own begins (the forces had until then to fell it).
 */
export function beginTurn(tx: Tx, seat: Seat): void {
  const s = tx.state;
  if (s.options.campaign) {
    tx.emit({ type: 'TurnStarted', seat, round: (s.turn?.round ?? 0) + 1 });
    return;
  }
  const first = s.first ?? seat;
  const position = (x: Seat) => (x - first + s.seats) % s.seats;
  // GLOSSARY, Round: a new round begins whenever turn order wraps past the initiative holder's place.
  const round = s.turn === null ? 1 : s.turn.round + (position(seat) <= position(s.turn.seat) ? 1 : 0);
  tx.emit({ type: 'TurnStarted', seat, round });
  if (s.options.malevolentForce && isAlive(s, seat) && livingSeats(s).length === 1) {
    tx.emit({ type: 'GameWon', winners: [seat], how: 'last-standing' });
    return;
  }
  askUpkeep(tx, seat);
}

/** True when the hero holds more Treasures than its slots (a storage item left): a trim prompt opens. */
export function promptTrimIfOver(tx: Tx, seat: Seat): boolean {
  if (heroOf(tx.state, seat).treasures.length <= treasureSlots(tx.state, seat)) return false;
  openPrompt(tx, { kind: 'trim-treasures', seat });
  return true;
}

/** End of the Reset Phase: Movements equal Speed (a Malevolent Force has no hero), and the Dungeonlord Phase begins. */
function finishReset(tx: Tx, random: Random, seat: Seat): void {
  if (isAlive(tx.state, seat)) tx.emit({ type: 'MovementsSet', seat, movements: combatScore(tx.state, seat, 'speed') });
  beginDungeonlordPhase(tx, random, seat);
}

/** The Dungeonlord Phase begins; a Wandering Pack on the map rolls its Movements. */
export function beginDungeonlordPhase(tx: Tx, random: Random, seat: Seat): void {
  tx.emit({ type: 'PhaseBegan', phase: 'dungeonlord', ...(tx.state.options.campaign && { seat }) });
  startPackPhase(tx, random, seat);
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

/**
 * After the Dungeonlord Phase. TURN CYCLE, Build Phase: draw and place one Map card (skipped when the Map deck is
 * empty). Revealed Map has no Build Phase; a Malevolent Force, with no hero, goes straight to Discard/Draw; the
 * campaign Dungeonlord goes on to its Draw/Discard step.
 */
export function beginBuild(tx: Tx, seat: Seat): void {
  const s = tx.state;
  if (s.options.campaign || s.players[seat]?.force) {
    tx.emit({ type: 'PhaseBegan', phase: 'discard' });
    return;
  }
  if (s.options.revealedMap) {
    tx.emit({ type: 'PhaseBegan', phase: 'hero' });
    return;
  }
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

/**
 * The turn passes on. Standard: to the next seat still at the table, the hero keeping at most one Movement. Campaign:
 * from the Dungeonlord to the first hero, from each hero to the next, from the last back to a new turn.
 */
export function passTurn(tx: Tx, random: Random, seat: Seat, kept: number): void {
  if (tx.state.options.campaign) {
    nextHeroPhase(tx, seat);
    return;
  }
  tx.emit({ type: 'TurnEnded', seat, kept });
  beginTurn(tx, nextLiving(tx.state, seat));
}

/**
 * TURN CYCLE, Discard/Draw: fill the hand to five (the campaign Dungeonlord to 5 + one per hero; a campaign hero buys
 * its cards instead), keep one Movement for off-turn use, pass the turn.
 */
export function finishTurn(tx: Tx, random: Random, seat: Seat): void {
  const size = tx.state.options.campaign ? campaignHandSize(tx.state, seat) : HAND_SIZE;
  const hand = playerOf(tx.state, seat).hand.length;
  if (hand < size) draw(tx, random, seat, size - hand);
  passTurn(tx, random, seat, isAlive(tx.state, seat) ? Math.min(1, heroOf(tx.state, seat).movements) : 0);
}

/**
 * Play goes on by itself until somebody must choose: the steps before the first turn, the Reset Phase once upkeep is
 * settled, the Build Phase once the card is placed, the Hero Phase once a quest is completed (and its rewards
 * taken), and encounters resolve.
 */
export function proceed(tx: Tx, random: Random): void {
  for (let guard = 0; guard < 1000; guard++) {
    const s = tx.state;
    if (s.winners || s.prompt || !s.started) return;
    if (!s.turn) {
      continueSetup(tx);
      continue;
    }
    const seat = s.turn.seat;
    if (s.turn.phase === 'reset') {
      if (s.options.campaign) campaignReset(tx);
      else finishReset(tx, random, seat);
    } else if (s.turn.phase === 'build') {
      if (s.options.campaign) beginDungeonlordPhase(tx, random, seat);
      else tx.emit({ type: 'PhaseBegan', phase: 'hero' });
    } else if (s.combat && s.combat.stage !== 'declare') combatStep(tx, random);
    else if (s.turn.phase === 'hero' && s.turn.questDone) endHeroPhase(tx, seat);
    else return;
  }
  throw new Error('dungeoneer: proceed did not settle');
}
