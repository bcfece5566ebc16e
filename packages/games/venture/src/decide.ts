// The decider: checks who acts, dispatches each command to its named rule function, then runs state-based actions.
import type { DecideContext, Seat } from '@delve/kernel';
import type { VentureCommand } from './commands';
import type { VentureEvent } from './events';
import { leaveGame } from './rules/leave';
import { settle } from './rules/sba';
import { isInGame, isOver, adjustLife, removeToken } from './rules/table';
import { Tx } from './rules/tx';
import { fail } from './rules/fail';
import type { VentureState } from './state';
import { advanceStepCommand, passTurnCommand } from './rules/turn';
import { answerUnless, resolveTop } from './rules/resolve';
import { chooseDungeon, chooseRoom, ventureCommand } from './rules/venture';
import { chooseLegend } from './rules/legend';
import { reportCombatDamage } from './rules/combat';
import { takeInitiativeCommand } from './rules/initiative';

/** Decide a command: the events it causes, or a RuleViolation with a `venture/…` code. */
export function decide(command: VentureCommand, state: VentureState, ctx: DecideContext): VentureEvent[] {
  if (!state.started) fail('not-started', 'the game has not started');
  if (isOver(state)) fail('game-over', 'the game is over');
  if (ctx.actor.kind !== 'seat') fail('not-a-seat', 'only seated players send commands to this game');
  if (!isInGame(state, ctx.actor.seat)) fail('not-in-game', 'you are not in the game');
  const tx = new Tx(state, ctx.random);
  dispatch(tx, ctx.actor.seat, command);
  settle(tx);
  return tx.events;
}

/** One named rule function per command. */
function dispatch(tx: Tx, seat: Seat, command: VentureCommand): void {
  switch (command.type) {
    case 'Venture':
      return ventureCommand(tx, seat, command);
    case 'ChooseDungeon':
      return chooseDungeon(tx, seat, command);
    case 'ChooseRoom':
      return chooseRoom(tx, seat, command);
    case 'ChooseLegend':
      return chooseLegend(tx, seat, command);
    case 'ResolveTop':
      return resolveTop(tx, seat, command);
    case 'AnswerUnless':
      return answerUnless(tx, seat, command);
    case 'TakeInitiative':
      return takeInitiativeCommand(tx, seat);
    case 'ReportCombatDamage':
      return reportCombatDamage(tx, seat, command);
    case 'AdvanceStep':
      return advanceStepCommand(tx, seat);
    case 'PassTurn':
      return passTurnCommand(tx, seat);
    case 'LeaveGame':
      return leaveGame(tx, [seat], 'conceded');
    case 'AdjustLife':
      return adjustLife(tx, seat, command);
    case 'RemoveToken':
      return removeToken(tx, seat, command);
  }
  const _exhaustive: never = command;
  fail('unknown-command', `unknown command ${(_exhaustive as { type: string }).type}`);
}
