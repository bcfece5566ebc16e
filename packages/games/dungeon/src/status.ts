// status: the phase a client shows, the seats the game waits for, and the winner once there is one.
import type { GameStatus } from '@delve/kernel';
import { awaiting } from './rules/table';
import type { DungeonState } from './state';

/**
 * Where the game stands. `phase` is lobby, playoff, turn, respond (a window is open), a prompt's kind, or over;
 * `awaiting` lists who must act (others may still play an Ace: see legalCommands).
 */
export function status(state: DungeonState): GameStatus {
  const phase = state.phase !== 'play' ? state.phase : state.window ? 'respond' : (state.prompt?.kind ?? 'turn');
  return state.winners ? { phase, awaiting: [], winners: state.winners } : { phase, awaiting: awaiting(state) };
}
