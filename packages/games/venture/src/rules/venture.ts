// Venturing: bringing a dungeon in, following arrows, and leaving the bottommost room (309.2–309.5, 701.49).
import type { Seat } from '@delve/kernel';
import { isBottommost, nextRooms, topmostRoom, type DungeonId } from '../content';
import type { Tx } from './tx';

/**
 * Perform one venture for `seat`. Opens a dungeon or room choice when the player has one to make;
 * otherwise moves the marker at once and puts the room ability on the stack.
 */
export function venture(tx: Tx, seat: Seat, undercity: boolean): void {
  tx.emit({ type: 'Ventured', seat, undercity });
  const current = tx.state.players[seat]?.dungeon ?? null;
  if (current === null) return bringInDungeon(tx, seat, undercity);
  if (isBottommost(current.dungeon, current.room)) {
    // 309.5b / 701.49c: leaving the bottommost room removes the card, which completes it (309.7).
    tx.emit({ type: 'DungeonCompleted', seat, dungeon: current.dungeon, instance: current.instance });
    return bringInDungeon(tx, seat, undercity);
  }
  const next = nextRooms(current.dungeon, current.room);
  if (next.length === 1) moveMarker(tx, seat, next[0] as string);
  else tx.emit({ type: 'RoomChoiceOpened', seat, options: [...next] });
}

function bringInDungeon(tx: Tx, seat: Seat, undercity: boolean): void {
  // 701.49d: into Undercity, the only dungeon with that quality is Undercity, so there is nothing to choose.
  if (undercity) enterDungeon(tx, seat, 'undercity');
  else tx.emit({ type: 'DungeonChoiceOpened', seat, options: [...tx.state.ventureChoices] });
}

/** Put `dungeon` into the command zone with the marker on its topmost room, and trigger that room (309.4a, 309.4c). */
export function enterDungeon(tx: Tx, seat: Seat, dungeon: DungeonId): void {
  const instance = tx.nextId();
  tx.emit({ type: 'DungeonEntered', seat, dungeon, instance });
  trigger(tx, seat, dungeon, instance, topmostRoom(dungeon));
}

/** Move the marker into `room` and trigger its ability (309.5a, 309.4c). */
export function moveMarker(tx: Tx, seat: Seat, room: string): void {
  const current = tx.state.players[seat]?.dungeon;
  if (!current) return;
  tx.emit({ type: 'MarkerMoved', seat, room });
  trigger(tx, seat, current.dungeon, current.instance, room);
}

function trigger(tx: Tx, seat: Seat, dungeon: DungeonId, instance: number, room: string): void {
  tx.emit({ type: 'RoomAbilityTriggered', stackId: tx.nextId(), seat, dungeon, instance, room });
}
