// status: the phase clients show, who the game waits for, and the winners once it is over.
import type { GameStatus, Seat } from '@delve/kernel';
import type { DungeoneerState } from './state';

/** Seats that must act before the game can go on: the open prompt's, else the player whose turn it is. */
export function awaiting(s: DungeoneerState): Seat[] {
  if (s.winners || !s.started) return [];
  const p = s.prompt;
  if (p) return 'seats' in p ? [...p.seats] : [p.seat];
  return s.turn ? [s.turn.seat] : [];
}

/** The prompt's kind while one is open (e.g. "respond", "place-map"), else the turn's phase; "finished" at the end. */
export function phaseOf(s: DungeoneerState): string {
  if (s.winners) return 'finished';
  if (s.prompt) return s.prompt.kind;
  return s.turn?.phase ?? 'setup';
}

/** Phase, awaited seats and winners, as the kernel reports them. */
export function status(s: DungeoneerState): GameStatus {
  return s.winners ? { phase: 'finished', awaiting: [], winners: [...s.winners] } : { phase: phaseOf(s), awaiting: awaiting(s) };
}
