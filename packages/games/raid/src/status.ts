// status: the phase, who must act (awaiting) and, at the end, the winners (every raider, or nobody).
import type { GameStatus } from '@delve/kernel';
import { windowAwaiting } from './rules/turns';
import type { RaidState } from './state';

export function status(s: RaidState): GameStatus {
  if (s.result) return { phase: 'over', awaiting: [], winners: s.result.outcome === 'raiders' ? s.raiders.map((r) => r.seat) : [] };
  if (s.phase === 'lobby') return { phase: 'lobby', awaiting: [] };
  if (s.phase === 'mulligan')
    return { phase: 'mulligan', awaiting: s.raiders.filter((r) => r.alive && r.mulligan === 'pending').map((r) => r.seat) };
  if (s.window) return { phase: 'respond', awaiting: windowAwaiting(s) };
  if (s.prompt) return { phase: 'discard', awaiting: [s.prompt.seat] };
  const seat = s.turn?.seat;
  if (seat === null || seat === undefined) return { phase: 'dungeon-turn', awaiting: [] };
  return { phase: 'raider-turn', awaiting: [seat] };
}
