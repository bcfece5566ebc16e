// What a viewer sees: the whole table (a companion tracks no hidden cards), and events unchanged.
import type { Viewer } from '@delve/kernel';
import { DUNGEONS, roomOf, TOKENS } from './content';
import type { VentureEvent } from './events';
import { completedByDungeon, distinctCompleted } from './rules/completed';
import { status } from './status';
import type { VentureState } from './state';
import type { VentureView } from './viewSchema';

/** The table as `viewer` sees it: the same for everyone but `you` (the companion tracks no hidden cards). */
export function view(state: VentureState, viewer: Viewer): VentureView {
  const s = status(state);
  return {
    phase: s.phase,
    awaiting: [...s.awaiting],
    ...(s.winners ? { winners: [...s.winners] } : {}),
    you: viewer.kind === 'seat' ? viewer.seat : null,
    turn: state.turn,
    active: state.active,
    step: state.step,
    initiative: state.initiative,
    players: state.players.map((p) => ({
      seat: p.seat,
      life: p.life,
      inGame: p.inGame,
      hasInitiative: state.initiative === p.seat,
      dungeon: p.dungeon
        ? {
            id: p.dungeon.dungeon,
            name: DUNGEONS[p.dungeon.dungeon].name,
            room: p.dungeon.room,
            roomName: roomOf(p.dungeon.dungeon, p.dungeon.room)?.name ?? p.dungeon.room,
            next: [...(roomOf(p.dungeon.dungeon, p.dungeon.room)?.next ?? [])],
          }
        : null,
      completed: completedByDungeon(state, p.seat),
      completedTotal: p.completed.length,
      completedDistinct: distinctCompleted(state, p.seat),
    })),
    tokens: state.tokens.map((t) => ({
      id: t.id,
      kind: t.kind,
      name: TOKENS[t.kind].name,
      controller: t.controller,
      counters: t.counters,
    })),
    stack: state.stack.map((item) =>
      item.kind === 'room'
        ? {
            id: item.id,
            kind: item.kind,
            controller: item.controller,
            dungeon: item.dungeon,
            room: item.room,
            roomName: roomOf(item.dungeon, item.room)?.name ?? item.room,
            effects: roomOf(item.dungeon, item.room)?.effects ?? [],
            resolving: item.resolving !== null,
            answered: item.answers.map((a) => a.seat),
          }
        : item.kind === 'initiative-steal'
          ? { id: item.id, kind: item.kind, controller: item.controller, taker: item.taker, resolving: false, answered: [] }
          : { id: item.id, kind: item.kind, controller: item.controller, resolving: false, answered: [] },
    ),
    pending: state.pending,
  };
}

/** Events carry no hidden information (no card identities are ever recorded), so every viewer sees them whole. */
export function redact(event: VentureEvent, _viewer: Viewer, _state: VentureState): VentureEvent | null {
  return event;
}
