// Who is at the table: seats, living heroes, turn order and priority order, and card lookups that fail cleanly.
import type { Seat } from '@delve/kernel';
import {
  adventureCard,
  heroCard,
  mapCard,
  questCard,
  type AdventureCard,
  type HeroCard,
  type MapCard,
  type QuestCard,
} from '../content/index';
import type { DungeoneerState, HeroState, PlayerState } from '../state';
import { fail } from './fail';

type S = DungeoneerState;

/** The player at `seat`. */
export function playerOf(s: S, seat: Seat): PlayerState {
  return (s.players[seat] as PlayerState | undefined) ?? fail('not-a-seat', `there is no seat ${seat}`);
}

/** The hero of `seat` (refused when the seat plays none). */
export function heroOf(s: S, seat: Seat): HeroState {
  return (playerOf(s, seat).hero as HeroState | null) ?? fail('no-hero', `seat ${seat} plays no hero`);
}

/** A seat whose hero is still in the game. */
export const isAlive = (s: S, seat: Seat): boolean => {
  const p = s.players[seat];
  return p !== undefined && !p.defeated && p.hero !== null;
};

/**
 * The same hero is still standing: alive and not fallen since the seat had `defeats` falls (with Respawn a fallen
 * hero's seat has a living new hero at once, which an effect aimed at the old one must not touch).
 */
export const standing = (s: S, seat: Seat, defeats: number): boolean => isAlive(s, seat) && s.players[seat]?.defeats === defeats;

/** Seats with a living hero, in seat order. */
export const livingSeats = (s: S): Seat[] => s.players.filter((p) => !p.defeated && p.hero !== null).map((p) => p.seat);

/** CAMPAIGN ADVENTURES: the permanent Dungeonlord's seat; null in the standard game. */
export const dungeonlordSeat = (s: S): Seat | null => s.options.campaign?.dungeonlord ?? null;

/** CAMPAIGN ADVENTURES: the hero seats, in turn order from the Dungeonlord's left. */
export function heroSeats(s: S): Seat[] {
  const dl = dungeonlordSeat(s) ?? -1;
  return byPriorityFrom(
    s,
    dl < 0 ? 0 : dl,
    s.players.map((p) => p.seat).filter((seat) => seat !== dl),
  );
}

/**
 * Whether `seat` still takes part: a living hero, a Malevolent Force (OPTIONAL ADVANCED RULES), or the campaign's
 * permanent Dungeonlord, who plays no hero; never a player who conceded.
 */
export const atTable = (s: S, seat: Seat): boolean =>
  s.players[seat]?.left !== true && (isAlive(s, seat) || s.players[seat]?.force === true || dungeonlordSeat(s) === seat);

/** `seats` in clockwise order starting from `from`. */
export function byPriorityFrom(s: S, from: Seat, seats: readonly Seat[]): Seat[] {
  return [...seats].sort((a, b) => ((a - from + s.seats) % s.seats) - ((b - from + s.seats) % s.seats));
}

/** Whose turn it is (null before the first turn). */
export const activeSeat = (s: S): Seat | null => s.turn?.seat ?? null;

/**
 * MISCELLANEOUS, Priority Order: the player whose turn it is goes first, then the others clockwise. Used whenever one
 * effect touches several heroes at once.
 */
export function byPriority(s: S, seats: readonly Seat[]): Seat[] {
  return byPriorityFrom(s, s.turn?.seat ?? s.first ?? 0, seats);
}

/** The next seat clockwise after `seat` that still takes turns (a living hero or a Malevolent Force). */
export function nextLiving(s: S, seat: Seat): Seat {
  for (let i = 1; i <= s.seats; i++) {
    const next = (seat + i) % s.seats;
    if (atTable(s, next)) return next;
  }
  return seat;
}

/** Living heroes standing in the space at (x, y), in priority order. */
export function heroesAt(s: S, x: number, y: number): Seat[] {
  return byPriority(
    s,
    livingSeats(s).filter((seat) => {
      const h = s.players[seat]?.hero;
      return h !== null && h !== undefined && h.x === x && h.y === y;
    }),
  );
}

/** Card designs by id; an unknown id is refused as a rule violation. */
export const design = (card: string): AdventureCard => adventureCard(card) ?? fail('unknown-card', `${card} is not an Adventure card`);
export const mapDesign = (card: string): MapCard => mapCard(card) ?? fail('unknown-card', `${card} is not a Map card`);
export const questDesign = (card: string): QuestCard => questCard(card) ?? fail('unknown-quest', `${card} is not a quest`);
export const heroDesign = (card: string): HeroCard => heroCard(card) ?? fail('unknown-hero', `${card} is not a hero`);

/** Whose quest `quest` is: a seat, null for the Global Quest, undefined when it is not in play. */
export function questOwner(s: S, quest: string): Seat | null | undefined {
  if (s.globalQuests.includes(quest)) return null;
  return s.players.find((p) => p.quests.includes(quest))?.seat;
}
