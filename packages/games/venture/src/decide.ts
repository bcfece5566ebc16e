// The decider: checks who acts, dispatches each command to its named rule function, then runs state-based actions.
import type { DecideContext, Seat } from '@delve/kernel';
import { MAX_AMOUNT, type CommandOf as Cmd, type VentureCommand } from './commands';
import { isDungeonId, DUNGEONS } from './content';
import type { VentureEvent } from './events';
import { damageReportRefusal } from './rules/combat';
import { takeInitiative } from './rules/initiative';
import { leaveGame } from './rules/leave';
import { awaitingAnswers, checkAnswer, checkChoices, choicesOf, choicesRecord, finishResolution, needsOf } from './rules/resolve';
import { midAction, settle } from './rules/sba';
import { isInGame, isOver } from './rules/table';
import { advanceStep, passTurn } from './rules/turn';
import { Tx } from './rules/tx';
import { fail } from './rules/fail';
import { enterDungeon, moveMarker, venture } from './rules/venture';
import type { VentureState } from './state';

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

/** Nothing else may happen while a venture waits for its choice or a resolution waits for answers. */
function requireOpenTable(state: VentureState): void {
  if (state.pending !== null) fail('choice-pending', `seat ${state.pending.seat} must first choose a ${state.pending.kind}`);
  if (midAction(state)) fail('answers-pending', 'the resolving room ability is waiting for answers');
}

/** 701.49a–d, 309.2a, 309.5a–b: venture (into Undercity when asked); choices needed are opened for the player. */
function ventureCommand(tx: Tx, seat: Seat, command: Cmd<'Venture'>): void {
  requireOpenTable(tx.state);
  venture(tx, seat, command.undercity === true);
}

/** 309.2a, 309.2d, 309.3, Undercity's static ability: a dungeon only enters through a venture's own choice. */
function chooseDungeon(tx: Tx, seat: Seat, command: Cmd<'ChooseDungeon'>): void {
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
function chooseRoom(tx: Tx, seat: Seat, command: Cmd<'ChooseRoom'>): void {
  const pending = tx.state.pending;
  if (pending?.seat !== seat || pending.kind !== 'room') fail('no-room-choice', 'you have no arrow to choose now');
  if (!pending.options.includes(command.room)) fail('not-an-arrow', 'no arrow leads from your room to that one');
  moveMarker(tx, seat, command.room);
}

/** 704.5j: the controller keeps one of their legendary tokens with the same name; the others go to the graveyard. */
function chooseLegend(tx: Tx, seat: Seat, command: Cmd<'ChooseLegend'>): void {
  const pending = tx.state.pending;
  if (pending?.seat !== seat || pending.kind !== 'legend') fail('no-legend-choice', 'you have no legendary tokens to choose between');
  if (!pending.options.includes(command.keep)) fail('not-a-choice', 'keep one of the legendary tokens with the same name');
  tx.emit({ type: 'LegendKept', seat, token: command.keep });
  for (const token of pending.options) if (token !== command.keep) tx.emit({ type: 'TokenRemoved', token });
}

/** 309.4c, 725.2: the controller of the top ability resolves it, making its choices; "unless" costs then ask every player. */
function resolveTop(tx: Tx, seat: Seat, command: Cmd<'ResolveTop'>): void {
  requireOpenTable(tx.state);
  const top = tx.state.stack.at(-1);
  if (!top) fail('stack-empty', 'there is nothing on the stack');
  if (top.controller !== seat) fail('not-controller', 'only the controller of the top ability resolves it');
  const choices = choicesOf(command);
  checkChoices(tx.state, top, seat, choices);
  if (top.kind === 'room' && needsOf(top).unless !== null)
    tx.emit({ type: 'ResolutionStarted', stackId: top.id, choices: choicesRecord(choices) });
  else finishResolution(tx, top, choices, []);
}

/** Each player, in APNAP order, pays the "unless" cost of the resolving room ability or loses the life. */
function answerUnless(tx: Tx, seat: Seat, command: Cmd<'AnswerUnless'>): void {
  const top = tx.state.stack.at(-1);
  if (tx.state.pending !== null || top?.kind !== 'room' || top.resolving === null)
    fail('no-answer-pending', 'no room ability is waiting for answers');
  if (awaitingAnswers(tx.state, top)[0] !== seat) fail('not-your-answer', 'another player answers first');
  checkAnswer(tx.state, top, seat, command.pay, command.token);
  tx.emit({
    type: 'UnlessAnswered',
    stackId: top.id,
    seat,
    pay: command.pay,
    ...(command.token !== undefined ? { token: command.token } : {}),
  });
  const after = tx.state.stack.at(-1);
  if (after?.kind === 'room' && after.resolving !== null && awaitingAnswers(tx.state, after).length === 0)
    finishResolution(tx, after, after.resolving, after.answers);
}

/** 725.1–725.3: the sender takes the initiative (again, if they hold it), which triggers a venture into Undercity. */
function takeInitiativeCommand(tx: Tx, seat: Seat): void {
  requireOpenTable(tx.state);
  takeInitiative(tx, seat);
}

/** 725.2, ruling 11: combat damage to the holder triggers the attacker taking it, once per damage step; damage is life loss. */
function reportCombatDamage(tx: Tx, seat: Seat, command: Cmd<'ReportCombatDamage'>): void {
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

function requireActiveWithEmptyStack(tx: Tx, seat: Seat): void {
  requireOpenTable(tx.state);
  if (tx.state.active !== seat) fail('not-active-player', 'only the active player moves the turn on');
  if (tx.state.stack.length > 0) fail('stack-not-empty', 'resolve the stack before moving on');
}

/** The active player moves to the next step; the holder's upkeep puts the initiative trigger on the stack (725.2). */
function advanceStepCommand(tx: Tx, seat: Seat): void {
  requireActiveWithEmptyStack(tx, seat);
  advanceStep(tx);
}

/** The active player ends the turn; the next player in turn order begins at upkeep. */
function passTurnCommand(tx: Tx, seat: Seat): void {
  requireActiveWithEmptyStack(tx, seat);
  passTurn(tx);
}

/** A life change from outside the dungeons; reaching 0 makes that player lose (704.5a). */
function adjustLife(tx: Tx, seat: Seat, command: Cmd<'AdjustLife'>): void {
  requireOpenTable(tx.state);
  if (!isInGame(tx.state, command.player)) fail('bad-player', 'that player is not in the game');
  if (!Number.isInteger(command.amount) || command.amount === 0 || Math.abs(command.amount) > MAX_AMOUNT)
    fail('bad-amount', `a life change is a non-zero whole number of at most ${MAX_AMOUNT}`);
  tx.emit({ type: 'LifeChanged', seat: command.player, amount: command.amount });
}

/** A token the sender controls left the battlefield. */
function removeToken(tx: Tx, seat: Seat, command: Cmd<'RemoveToken'>): void {
  requireOpenTable(tx.state);
  const token = tx.state.tokens.find((t) => t.id === command.token);
  if (!token) fail('no-such-token', 'no such token on the battlefield');
  if (token.controller !== seat) fail('not-your-token', 'you can only remove tokens you control');
  tx.emit({ type: 'TokenRemoved', token: token.id });
}
