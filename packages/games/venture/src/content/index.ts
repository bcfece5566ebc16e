// The dungeon registry and the structural queries the rules ask of it (topmost, bottommost, arrows).
import { dungeonOfTheMadMage } from './dungeons/dungeon-of-the-mad-mage';
import { lostMineOfPhandelver } from './dungeons/lost-mine-of-phandelver';
import { tombOfAnnihilation } from './dungeons/tomb-of-annihilation';
import { baldursGateWilderness } from './dungeons/baldurs-gate-wilderness';
import { undercity } from './dungeons/undercity';
import type { Dungeon, DungeonId, Effect, Room } from './schema';

export * from './schema';
export * from './tokens';

/** Every dungeon by id. */
export const DUNGEONS: Readonly<Record<DungeonId, Dungeon>> = {
  'tomb-of-annihilation': tombOfAnnihilation,
  'lost-mine-of-phandelver': lostMineOfPhandelver,
  'dungeon-of-the-mad-mage': dungeonOfTheMadMage,
  undercity,
  'baldurs-gate-wilderness': baldursGateWilderness,
};

/** Dungeon ids in a stable order. */
export const DUNGEON_IDS = Object.keys(DUNGEONS) as DungeonId[];

export function isDungeonId(value: string): value is DungeonId {
  return Object.prototype.hasOwnProperty.call(DUNGEONS, value);
}

/** The room a marker starts on (309.4a). */
export function topmostRoom(dungeon: DungeonId): string {
  return (DUNGEONS[dungeon].rooms[0] as Room).id;
}

export function roomOf(dungeon: DungeonId, room: string): Room | undefined {
  return DUNGEONS[dungeon].rooms.find((r) => r.id === room);
}

/** The rooms the arrows leaving `room` point to (309.5a); empty on the bottommost room. */
export function nextRooms(dungeon: DungeonId, room: string): readonly string[] {
  return roomOf(dungeon, room)?.next ?? [];
}

export function isBottommost(dungeon: DungeonId, room: string): boolean {
  return nextRooms(dungeon, room).length === 0;
}

/** Every path from the topmost to the bottommost room, for scenario tests and clients. */
export function allPaths(dungeon: DungeonId): string[][] {
  const walk = (room: string): string[][] => {
    const next = nextRooms(dungeon, room);
    if (next.length === 0) return [[room]];
    return next.flatMap((n) => walk(n).map((path) => [room, ...path]));
  };
  return walk(topmostRoom(dungeon));
}

/**
 * What resolving `effects` costs their controller by itself, counted in life, permanents and cards alike: life it
 * loses (alone or with every player), permanents it must sacrifice, cards it discards. Choices that cost others, or
 * that the controller makes freely, cost it nothing.
 */
export function ownCost(effects: readonly Effect[]): number {
  let cost = 0;
  for (const e of effects) {
    if (e.kind === 'life' && (e.who === 'you' || e.who === 'each-player')) cost += Math.max(0, -e.amount);
    if (e.kind === 'sacrifice') cost += e.each.length;
    if (e.kind === 'discard') cost += e.count;
    if (e.kind === 'unless') cost += e.lifeLoss;
  }
  return cost;
}
