// Venturing: bringing a dungeon in, following arrows, and leaving the bottommost room (309.2–309.5, 701.49).
import type { Seat } from '@delve/kernel';
import { isBottommost, nextRooms, topmostRoom, type DungeonId, isDungeonId, DUNGEONS } from '../content';
import type { Tx } from './tx';
import { fail } from './fail';
import { requireOpenTable } from './table';
import type { CommandOf } from '../commands';

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

/** 701.49a–d, 309.2a, 309.5a–b: venture (into Undercity when asked); choices needed are opened for the player. */
export function ventureCommand(tx: Tx, seat: Seat, command: CommandOf<'Venture'>): void {
  requireOpenTable(tx.state);
  venture(tx, seat, command.undercity === true);
}

/** 309.2a, 309.2d, 309.3, Undercity's static ability: a dungeon only enters through a venture's own choice. */
export function chooseDungeon(tx: Tx, seat: Seat, command: CommandOf<'ChooseDungeon'>): void {
  const pending = tx.state.pending;
  if (pending?.seat !== seat || pending.kind !== 'dungeon')
    fail('no-dungeon-choice', 'a dungeon is only brought into the game by your venture, when you have none in the command zone');
  if (!isDungeonId(command.dungeon)) fail('unknown-dungeon', 'no such dungeon');
  if (DUNGEONS[command.dungeon].onlyByVentureIntoUndercity)
    fail('undercity-needs-venture-into-undercity', 'Undercity can only be entered by venturing into Undercity');
  if (!tx.state.ventureChoices.includes(command.dungeon)) fail('dungeon-not-at-table', 'this table did not opt into that dungeon');
  if (!pending.options.includes(command.dungeon)) fail('unknown-dungeon', 'that dungeon is not among the choices');
  if (tx.state.players[seat]?.dungeon) fail('already-in-dungeon', 'you already have a dungeon in the command zone');
  enterDungeon(tx, seat, command.dungeon);
}

/** 309.5a / 701.49b: with several arrows, the venturing player picks the one to follow. */
export function chooseRoom(tx: Tx, seat: Seat, command: CommandOf<'ChooseRoom'>): void {
  const pending = tx.state.pending;
  if (pending?.seat !== seat || pending.kind !== 'room') fail('no-room-choice', 'you have no arrow to choose now');
  if (!pending.options.includes(command.room)) fail('not-an-arrow', 'no arrow leads from your room to that one');
  moveMarker(tx, seat, command.room);
}
