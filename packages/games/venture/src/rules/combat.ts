// Combat damage (725.2, ruling 11): one report per defending player per combat damage step, first strike first.
import type { Seat } from '@delve/kernel';
import type { VentureState } from '../state';

/**
 * Why a report of combat damage to `player` in the first-strike (`firstStrike`) or regular damage step cannot be made
 * now, as a violation code and message, or null when it can. The damage of one step to one player is one report, so
 * one step gives at most one initiative trigger per player. The regular step follows the first-strike one only once
 * the stack is empty (every player passed), and no first-strike damage comes after it.
 */
export function damageReportRefusal(state: VentureState, player: Seat, firstStrike: boolean): readonly [string, string] | null {
  const reports = state.combatDamage;
  const regularBegun = reports.some((r) => !r.firstStrike);
  if (firstStrike && regularBegun) return ['first-strike-over', 'the first-strike combat damage step is over'];
  if (reports.some((r) => r.player === player && r.firstStrike === firstStrike))
    return ['damage-already-reported', 'the combat damage this player took in this damage step is already reported'];
  if (!firstStrike && !regularBegun && reports.length > 0 && state.stack.length > 0)
    return ['stack-not-empty', 'the regular combat damage step begins once the first-strike step’s stack is resolved'];
  return null;
}
