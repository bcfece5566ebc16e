// The single steps the rules take: drawing, asking and closing prompts, the Glory/Peril trackers and Movements, a
// turn's start, the Build Phase's Map card and the Hero Phase's end. None of them decides what play does next.
import type { Random, Seat } from '@delve/kernel';
import type { Prompt } from '../state';
import { legalPlacements } from './map';
import { treasureSlots } from './stats';
import { design, dungeonlordSeat, heroOf, isAlive, livingSeats, mapDesign, playerOf } from './table';
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

/** Glory and Peril change together, never below 0. */
export function track(tx: Tx, seat: Seat, glory: number, peril: number): void {
  const p = playerOf(tx.state, seat);
  const g = Math.max(glory, -p.glory);
  const r = Math.max(peril, -p.peril);
  if (g !== 0 || r !== 0) tx.emit({ type: 'TrackerChanged', seat, glory: g, peril: r });
}

/** Set Movements (never below 0), recording the change. */
export function setMovements(tx: Tx, seat: Seat, movements: number): void {
  const now = heroOf(tx.state, seat).movements;
  const next = Math.max(0, movements);
  if (next !== now) tx.emit({ type: 'MovementsSet', seat, movements: next });
}

/** Spend `n` Movements the checks have already made sure are there. */
export const spend = (tx: Tx, seat: Seat, n = 1): void => setMovements(tx, seat, heroOf(tx.state, seat).movements - n);
