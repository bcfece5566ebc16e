// The map as a grid: exits after rotation, which edges can be crossed, which doors stand open, and legal placements.
import { ENTRANCE, type Exit, type MapCard } from '../content/index';
import type { Coord, Direction, DungeoneerState, Placed } from '../state';
import { mapDesign } from './table';

/** The four sides, clockwise from north. */
export const DIRECTIONS: readonly Direction[] = ['N', 'E', 'S', 'W'];
const DELTA: Record<Direction, Coord> = { N: { x: 0, y: 1 }, E: { x: 1, y: 0 }, S: { x: 0, y: -1 }, W: { x: -1, y: 0 } };
const OPPOSITE: Record<Direction, Direction> = { N: 'S', E: 'W', S: 'N', W: 'E' };

/** Grid steps and comparisons. */
export const opposite = (d: Direction): Direction => OPPOSITE[d];
export const stepFrom = (c: Coord, d: Direction): Coord => ({ x: c.x + DELTA[d].x, y: c.y + DELTA[d].y });
export const sameCoord = (a: Coord, b: Coord): boolean => a.x === b.x && a.y === b.y;

/** The card at a position. */
export const placedAt = (map: readonly Placed[], c: Coord): Placed | undefined => map.find((p) => p.x === c.x && p.y === c.y);

/** The space holding the Map card `card`, if it is on the map. */
export const spaceOf = (map: readonly Placed[], card: string): Placed | undefined => map.find((p) => p.card === card);

/** The exit on `side` of a placed card: a card turned end over end shows its printed north exit on its south side. */
export function exitOf(p: Placed, side: Direction): Exit {
  return mapDesign(p.card).exits[p.rotation === 180 ? opposite(side) : side];
}

/**
 * THE MAP, Game Layout Diagram (Maps 2 and 3): an edge between two spaces can be crossed only when neither side is a
 * Wall; a door facing a Wall is blocked both ways.
 */
export function crossable(map: readonly Placed[], from: Coord, side: Direction): boolean {
  const a = placedAt(map, from);
  const b = placedAt(map, stepFrom(from, side));
  return a !== undefined && b !== undefined && exitOf(a, side).kind !== 'wall' && exitOf(b, opposite(side)).kind !== 'wall';
}

/**
 * Whether the door on `side` of the space at `at` counts as open now: printed open, opened this turn, or held open by
 * a hero waiting on its cusp (MAP CARDS, Locked Door).
 */
export function doorOpen(s: DungeoneerState, at: Coord, side: Direction): boolean {
  const p = placedAt(s.map, at);
  if (!p) return false;
  if (exitOf(p, side).kind === 'open') return true;
  if (s.doors.some((d) => d.x === at.x && d.y === at.y && d.side === side)) return true;
  return s.players.some((pl) => !pl.defeated && pl.hero?.cusp === side && pl.hero.x === at.x && pl.hero.y === at.y);
}

/** Every space reachable from the Dungeon Entrance over crossable edges. */
export function reachable(map: readonly Placed[]): Placed[] {
  const start = map.find((p) => p.card === ENTRANCE);
  if (!start) return [];
  const seen = new Set<Placed>([start]);
  const queue: Placed[] = [start];
  for (let p = queue.shift(); p; p = queue.shift()) {
    for (const d of DIRECTIONS) {
      const next = crossable(map, p, d) ? placedAt(map, stepFrom(p, d)) : undefined;
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** THE MAP: no stranded space or section — every space connects back to the entrance. */
export const connected = (map: readonly Placed[]): boolean => reachable(map).length === map.length;

/** THE MAP: never a closed map — some exit that is not a Wall still faces an empty position. */
export function open(map: readonly Placed[]): boolean {
  return map.some((p) => DIRECTIONS.some((d) => exitOf(p, d).kind !== 'wall' && !placedAt(map, stepFrom(p, d))));
}

/** A place and orientation for a Map card. */
export interface Placement {
  readonly x: number;
  readonly y: number;
  readonly rotation: 0 | 180;
}

/**
 * THE MAP, Placing Map Cards — why a placement is illegal, or null when it is legal:
 * - the position is empty and borders the map (a card is always laid against another);
 * - parallel to the entrance: only rotations 0 and 180 exist, so a quarter turn cannot even be expressed;
 * - only passages may border the Dungeon Entrance;
 * - the new space has a crossable edge to a neighbour, so it is not stranded (every placed space already connects);
 * - the map stays open afterwards.
 */
export function placementProblem(map: readonly Placed[], card: MapCard, at: Placement): string | null {
  if (placedAt(map, at)) return 'that position is taken';
  const neighbours = DIRECTIONS.map((d) => ({ d, p: placedAt(map, stepFrom(at, d)) })).filter(
    (n): n is { d: Direction; p: Placed } => n.p !== undefined,
  );
  if (neighbours.length === 0) return 'a Map card must be laid against the map';
  if (card.kind !== 'passage' && neighbours.some((n) => n.p.card === ENTRANCE)) return 'only passages may border the Dungeon Entrance';
  const placed: Placed = { card: card.id, x: at.x, y: at.y, rotation: at.rotation };
  const after = [...map, placed];
  if (!neighbours.some((n) => crossable(after, placed, n.d))) return 'it would be stranded: no way through to the rest of the map';
  if (!open(after)) return 'it would close the map: no exit would be left for more cards';
  return null;
}

/** Every legal placement of `card` on `map`, in a stable order (by y, then x, then rotation). */
export function legalPlacements(map: readonly Placed[], card: MapCard): Placement[] {
  const spots = new Map<string, Coord>();
  for (const p of map)
    for (const d of DIRECTIONS) {
      const c = stepFrom(p, d);
      if (!placedAt(map, c)) spots.set(`${c.x},${c.y}`, c);
    }
  const out: Placement[] = [];
  for (const c of [...spots.values()].sort((a, b) => a.y - b.y || a.x - b.x))
    for (const rotation of [0, 180] as const) if (placementProblem(map, card, { ...c, rotation }) === null) out.push({ ...c, rotation });
  return out;
}

/** Shortest number of moves from `from` to every reachable space, over crossable edges (doors ignored). */
export function distances(map: readonly Placed[], from: Coord): Map<string, number> {
  const out = new Map<string, number>([[`${from.x},${from.y}`, 0]]);
  const queue: Coord[] = [from];
  for (let c = queue.shift(); c; c = queue.shift()) {
    const here = out.get(`${c.x},${c.y}`) ?? 0;
    for (const d of DIRECTIONS) {
      const n = stepFrom(c, d);
      const key = `${n.x},${n.y}`;
      if (!out.has(key) && crossable(map, c, d)) {
        out.set(key, here + 1);
        queue.push(n);
      }
    }
  }
  return out;
}
