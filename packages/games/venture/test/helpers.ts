// Test support: a live table that sends commands through decide and folds the events, with a compact API.
import { randomFor, RuleViolation, type Seat } from '@delve/kernel';
import { deepFreeze } from '@delve/kernel/testing';
import type { Test } from 'tap';
import { venture, type VentureCommand, type VentureEvent, type VentureState } from '../src/index';

export const started = (seats = 2, firstPlayer: Seat = 0, startingLife = 20): VentureEvent => ({
  type: 'TableSet',
  seats,
  startingLife,
  firstPlayer,
});

export function fold(events: readonly VentureEvent[], seats = 2): VentureState {
  return events.reduce((s, e) => venture.evolve(deepFreeze(s), e), venture.initialState({}, seats));
}

/** A table in play: `send` decides and folds, `log` holds every event so far. */
export function table(seats = 2, firstPlayer: Seat = 0, startingLife = 20) {
  const log: VentureEvent[] = [];
  let state = venture.initialState({ startingLife }, seats);
  const apply = (events: readonly VentureEvent[]) => {
    for (const e of events) {
      state = venture.evolve(deepFreeze(state), e);
      log.push(e);
    }
  };
  apply([started(seats, firstPlayer, startingLife)]);
  return {
    log,
    get state(): VentureState {
      return state;
    },
    send(seat: Seat, command: VentureCommand): VentureEvent[] {
      const events = venture.decide(command, deepFreeze(state), { actor: { kind: 'seat', seat }, random: randomFor('test', log.length) });
      apply(events);
      return events;
    },
    /** The RuleViolation code the command is rejected with, or null if accepted (state unchanged either way). */
    code(seat: Seat, command: VentureCommand): string | null {
      try {
        venture.decide(command, deepFreeze(state), { actor: { kind: 'seat', seat }, random: randomFor('test', log.length) });
        return null;
      } catch (error) {
        if (error instanceof RuleViolation) return error.code;
        throw error;
      }
    },
    life(seat: Seat): number {
      return state.players[seat]?.life ?? NaN;
    },
    room(seat: Seat): string | null {
      return state.players[seat]?.dungeon?.room ?? null;
    },
    /** Resolve the whole stack, answering "unless" costs by declining and giving no optional choices. */
    drain(t?: Test): void {
      for (let guard = 0; guard < 100 && (state.stack.length > 0 || state.pending); guard++) {
        const who = venture.status(state).awaiting[0];
        if (who === undefined) return;
        const top = state.stack.at(-1);
        if (state.pending) throw new Error('drain: a choice is pending');
        if (top?.kind === 'room' && top.resolving) this.send(who, { type: 'AnswerUnless', pay: false });
        else this.send(who, { type: 'ResolveTop' });
      }
      t?.equal(state.stack.length, 0, 'stack drained');
    },
  };
}

export type Table = ReturnType<typeof table>;

export const types = (events: readonly VentureEvent[]): string[] => events.map((e) => e.type);
