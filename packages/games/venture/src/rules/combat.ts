// Combat damage (725.2, ruling 11): one report per defending player per combat damage step, first strike first.
import type { Seat } from '@delve/kernel';
import type { VentureState } from '../state';
import { MAX_AMOUNT, type CommandOf } from '../commands';
import { isInGame, requireOpenTable } from './table';
import type { Tx } from './tx';
import { fail } from './fail';
import type { VentureCode } from './codes';

/**
 * Why a report of combat damage to `player` in the first-strike (`firstStrike`) or regular damage step cannot be made
 * now, as a violation code and message, or null when it can. The damage of one step to one player is one report, so
 * one step gives at most one initiative trigger per player. The regular step follows the first-strike one only once
 * the stack is empty (every player passed), and no first-strike damage comes after it.
 */
export function damageReportRefusal(state: VentureState, player: Seat, firstStrike: boolean): readonly [VentureCode, string] | null {
  const reports = state.combatDamage;
  const regularBegun = reports.some((r) => !r.firstStrike);
  if (firstStrike && regularBegun) return ['first-strike-over', 'the first-strike combat damage step is over'];
  if (reports.some((r) => r.player === player && r.firstStrike === firstStrike))
    return ['damage-already-reported', 'the combat damage this player took in this damage step is already reported'];
  if (!firstStrike && !regularBegun && reports.length > 0 && state.stack.length > 0)
    return ['stack-not-empty', 'the regular combat damage step begins once the first-strike step’s stack is resolved'];
  return null;
}

/** 725.2, ruling 11: combat damage to the holder triggers the attacker taking it, once per damage step; damage is life loss. */
export function reportCombatDamage(tx: Tx, seat: Seat, command: CommandOf<'ReportCombatDamage'>): void {
  requireOpenTable(tx.state);
  if (tx.state.active !== seat) fail('not-active-player', 'only the attacking (active) player reports combat damage');
  if (tx.state.step !== 'combat-damage') fail('wrong-step', 'combat damage is reported in the combat damage step');
  if (command.player === seat || !isInGame(tx.state, command.player)) fail('bad-player', 'combat damage goes to an opponent in the game');
  if (!Number.isInteger(command.amount) || command.amount < 1 || command.amount > MAX_AMOUNT)
    fail('bad-amount', `damage is a whole number from 1 to ${MAX_AMOUNT}`);
  const firstStrike = command.firstStrike === true;
  const refusal = damageReportRefusal(tx.state, command.player, firstStrike);
  if (refusal) fail(...refusal);
  tx.emit({
    type: 'CombatDamageDealt',
    attacker: seat,
    player: command.player,
    amount: command.amount,
    ...(firstStrike ? { firstStrike: true as const } : {}),
  });
  tx.emit({ type: 'LifeChanged', seat: command.player, amount: -command.amount });
  if (tx.state.initiative === command.player)
    tx.emit({ type: 'InitiativeStealTriggered', stackId: tx.nextId(), seat: command.player, taker: seat });
}
