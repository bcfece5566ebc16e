// Where the game stands and who must act: the choosing player, the next answerer, the top's controller, or the active player.
import type { GameStatus } from '@delve/kernel';
import type { VentureState } from './state';
import { awaitingAnswers } from './rules/resolve';
import { seatsInGame } from './rules/table';

/** The game's phase, who the table waits for, and the winners once at most one player is left. */
export function status(state: VentureState): GameStatus {
  if (!state.started) return { phase: 'setup', awaiting: [] };
  const remaining = seatsInGame(state);
  if (remaining.length <= 1) return { phase: 'finished', awaiting: [], winners: remaining };
  if (state.pending) return { phase: `choose-${state.pending.kind}`, awaiting: [state.pending.seat] };
  const top = state.stack.at(-1);
  if (top?.kind === 'room' && top.resolving !== null) return { phase: 'answer-unless', awaiting: awaitingAnswers(state, top).slice(0, 1) };
  if (top) return { phase: 'resolve', awaiting: [top.controller] };
  return { phase: state.step, awaiting: [state.active] };
}
