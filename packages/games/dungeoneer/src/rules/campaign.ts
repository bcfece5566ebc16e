// CAMPAIGN ADVENTURES: the turn cycle (a Reset for every hero, the Dungeonlord's Build of three connected Map
// cards, Adventure and Draw/Discard, then each hero's phase in turn), buying cards, and the two sides' goals.
import type { Seat } from '@delve/kernel';
import type { MapCard } from '../content/index';
import type { Coord, DungeoneerState } from '../state';
import { track, askUpkeep, beginTurn, draw, HAND_SIZE, openPrompt } from './steps';
import { hasHero, ownPhase, payGlory } from './guards';
import { crossable, distances, DIRECTIONS, legalPlacements, sameCoord, stepFrom, type Placement } from './map';
import { combatScore } from './stats';
import { dungeonlordSeat, heroOf, heroSeats, isAlive, livingSeats, mapDesign, playerOf } from './table';
import type { Ctx, Tx } from './tx';
import { fail } from './fail';

type S = DungeoneerState;

/** CAMPAIGN ADVENTURES, Build: the Dungeonlord draws three Map cards a turn. */
export const BUILD_CARDS = 3;

/** How many hero players the campaign has. */
export const heroCount = (s: S): number => s.seats - 1;

/** Heroes' Goal: as a party, 2 quests plus 1 per hero player. */
export const partyGoal = (s: S): number => 2 + heroCount(s);

/** Draw/Discard: the Dungeonlord fills its hand to 5 + 1 per hero player; heroes buy their cards instead (0). */
export const campaignHandSize = (s: S, seat: Seat): number => (seat === dungeonlordSeat(s) ? HAND_SIZE + heroCount(s) : 0);

/**
 * Turn Cycle, 1. Reset Phase, as in the standard rules but for every hero at once: one hero after the other (from
 * the Dungeonlord's left) settles its upkeep and gets its Speed in Movements; then the Dungeonlord builds.
 */
export function campaignReset(tx: Tx): void {
  const s = tx.state;
  const dl = dungeonlordSeat(s) as Seat;
  const now = s.turn?.seat ?? dl;
  if (now !== dl && isAlive(s, now)) tx.emit({ type: 'MovementsSet', seat: now, movements: combatScore(s, now, 'speed') });
  const next = nextHero(s, now);
  if (next === undefined) return beginCampaignBuild(tx, dl);
  tx.emit({ type: 'PhaseBegan', phase: 'reset', seat: next });
  askUpkeep(tx, next);
}

/**
 * Turn Cycle, 2. A. Build: the Dungeonlord draws three Map cards and places them one after another, in any order, each
 * connected to the one before; the first connects to a space a hero stands in, or comes as close to one as it can.
 * Cards with no legal place go to the bottom of the Map deck (as in the standard Build Phase).
 */
export function beginCampaignBuild(tx: Tx, dl: Seat): void {
  tx.emit({ type: 'PhaseBegan', phase: 'build', seat: dl });
  const cards = tx.state.mapDeck.slice(0, BUILD_CARDS);
  for (const card of cards) tx.emit({ type: 'MapCardDrawn', seat: dl, card, reason: 'build' });
  if (cards.length > 0) openPrompt(tx, { kind: 'build', seat: dl, cards, last: null });
  settleBuild(tx);
}

/** Set aside the drawn cards that fit nowhere now; close the Build once nothing is left to place. */
export function settleBuild(tx: Tx): void {
  const p = tx.state.prompt;
  if (p?.kind !== 'build') return;
  for (const card of p.cards)
    if (buildPlacements(tx.state, mapDesign(card), p.last).length === 0) tx.emit({ type: 'MapCardSetAside', card });
  const left = tx.state.prompt;
  if (left?.kind === 'build' && left.cards.length === 0) tx.emit({ type: 'PromptClosed' });
}

/** Whether a card placed at `at` has a crossable edge to the space at `to`. */
function connects(s: S, card: MapCard, at: Placement, to: Coord): boolean {
  const placed = { card: card.id, x: at.x, y: at.y, rotation: at.rotation };
  return DIRECTIONS.some((d) => sameCoord(stepFrom(at, d), to) && crossable([...s.map, placed], placed, d));
}

/**
 * Where a Build card may go: among the legal placements (THE MAP), those connected to the card placed before it; for
 * the first card — or when the chain cannot go on (ruling) — those connected to a space a hero stands in, else those
 * whose connection lies nearest a hero (fewest moves from a hero's space).
 */
export function buildPlacements(s: S, card: MapCard, last: Coord | null): Placement[] {
  const all = legalPlacements(s.map, card);
  if (last) {
    const chained = all.filter((p) => connects(s, card, p, last));
    if (chained.length > 0) return chained;
  }
  const near = new Map<string, number>();
  for (const seat of livingSeats(s))
    for (const [key, d] of distances(s.map, heroOf(s, seat))) near.set(key, Math.min(d, near.get(key) ?? d));
  const cost = (p: Placement) =>
    Math.min(
      ...DIRECTIONS.map((d) => stepFrom(p, d))
        .filter((n) => connects(s, card, p, n))
        .map((n) => near.get(`${n.x},${n.y}`) ?? Infinity),
    );
  const best = Math.min(...all.map(cost));
  return all.filter((p) => cost(p) === best);
}

/** The hero seat after `from` in turn order (the first after the Dungeonlord), skipping those who conceded. */
function nextHero(s: S, from: Seat): Seat | undefined {
  const order = heroSeats(s);
  return order.slice(from === dungeonlordSeat(s) ? 0 : order.indexOf(from) + 1).find((seat) => !s.players[seat]?.left);
}

/**
 * Turn Cycle, 3. Hero Phase: after the Dungeonlord, each hero plays its phase in the order seated to the Dungeonlord's
 * left; after the last, a new turn begins.
 */
export function nextHeroPhase(tx: Tx, from: Seat): void {
  const s = tx.state;
  const dl = dungeonlordSeat(s) as Seat;
  const next = nextHero(s, from);
  if (next !== undefined) {
    tx.emit({ type: 'PhaseBegan', phase: 'hero', seat: next });
    return;
  }
  tx.emit({ type: 'TurnEnded', seat: dl, kept: 0 });
  beginTurn(tx, dl);
}

/** Hero Phase, B. Draw/Discard: a hero draws from the Glory deck, paying 1 Glory a card, as often as it likes. */
export function checkBuyCard(s: S, seat: Seat): void {
  if (!s.options.campaign) fail('wrong-phase', 'cards are bought only in campaign adventures');
  ownPhase(s, seat, 'discard');
  hasHero(s, seat);
  payGlory(s, seat, 1);
  if (s.deck.length + s.discard.length === 0) fail('deck-empty', 'the Glory deck and its discard pile are empty');
}

/** Decides BuyCard: CAMPAIGN ADVENTURES, Turn Cycle 3. B. Draw/Discard. */
export function buyCard(c: Ctx): void {
  checkBuyCard(c.tx.state, c.seat);
  track(c.tx, c.seat, -1, 0);
  draw(c.tx, c.random, c.seat, 1);
}

/**
 * Heroes' Goal: the party completed 2 quests + 1 per hero player, and every hero player at least one. A hero player who
 * conceded is no longer of the party (ruling): its quests went out of play, and the others still need the full count.
 */
export function checkPartyGoal(tx: Tx): boolean {
  const s = tx.state;
  const heroes = heroSeats(s).filter((seat) => !s.players[seat]?.left);
  const done = heroes.map((seat) => playerOf(s, seat).completed.length);
  if (done.reduce((a, b) => a + b, 0) < partyGoal(s) || done.some((n) => n < 1)) return false;
  tx.emit({ type: 'GameWon', winners: heroes, how: 'party' });
  return true;
}

/**
 * Dungeonlord's Goal: as many heroes defeated as there are hero players. A hero player who conceded counts as one hero
 * defeated (ruling): it was driven from the dungeon, and with every hero player gone the Dungeonlord has won.
 */
export function checkDungeonlordGoal(tx: Tx): boolean {
  const s = tx.state;
  const fallen = heroSeats(s).reduce((n, seat) => n + playerOf(s, seat).defeats + (playerOf(s, seat).left ? 1 : 0), 0);
  if (fallen < heroCount(s)) return false;
  tx.emit({ type: 'GameWon', winners: [dungeonlordSeat(s) as Seat], how: 'dungeonlord' });
  return true;
}
