// Every command a seat may send now, each one accepted by decide as listed; commands with a free amount as templates.
import type { CommandTemplate, Seat } from '@delve/kernel';
import { DamageAmountSchema, LifeChangeSchema, type VentureCommand } from './commands';
import type { Token, VentureState } from './state';
import { damageReportRefusal } from './rules/combat';
import { awaitingAnswers, fitsSacrifice, needsOf, tokenTypes } from './rules/resolve';
import { midAction } from './rules/sba';
import { isInGame, isOver, seatsInGame } from './rules/table';

function subsets<T>(items: readonly T[]): T[][] {
  return items.reduce<T[][]>((acc, item) => acc.concat(acc.map((s) => [...s, item])), [[]]);
}

function resolveOptions(state: VentureState, seat: Seat): VentureCommand[] {
  const top = state.stack.at(-1);
  if (!top || top.controller !== seat) return [];
  const needs = needsOf(top);
  const players: (Seat | undefined)[] = needs.targetPlayer ? seatsInGame(state) : [undefined];
  const creatures: (number | undefined)[] = needs.targetCreature
    ? [undefined, ...state.tokens.filter((t) => tokenTypes(t).includes('creature')).map((t) => t.id)]
    : [undefined];
  const own = state.tokens.filter((t) => t.controller === seat);
  const sacrifices: (Token[] | undefined)[] =
    needs.sacrifice === null ? [undefined] : subsets(own).filter((s) => s.length <= 3 && fitsSacrifice(s, needs.sacrifice ?? []));
  const out: VentureCommand[] = [];
  for (const p of players)
    for (const c of creatures)
      for (const s of sacrifices) {
        out.push({
          type: 'ResolveTop',
          ...(p !== undefined ? { targetPlayer: p } : {}),
          ...(c !== undefined ? { targetToken: c } : {}),
          ...(s !== undefined && s.length > 0 ? { sacrifice: s.map((t) => t.id) } : {}),
        });
      }
  return out;
}

/**
 * Every command `seat` may send now, each accepted by decide as listed, whether or not the game awaits `seat`: any
 * player may venture, take the initiative, remove their tokens or concede while no choice or answer is pending.
 * Commands with a free amount are listed by `commandTemplates`.
 */
export function legalCommands(state: VentureState, seat: Seat): VentureCommand[] {
  if (!state.started || isOver(state) || !isInGame(state, seat)) return [];
  const leave: VentureCommand = { type: 'LeaveGame' };
  const pending = state.pending;
  if (pending) {
    if (pending.seat !== seat) return [leave];
    const picks: VentureCommand[] =
      pending.kind === 'dungeon'
        ? pending.options.map((dungeon) => ({ type: 'ChooseDungeon', dungeon }))
        : pending.kind === 'room'
          ? pending.options.map((room) => ({ type: 'ChooseRoom', room }))
          : pending.options.map((keep) => ({ type: 'ChooseLegend', keep }));
    return [...picks, leave];
  }
  const top = state.stack.at(-1);
  if (midAction(state) && top?.kind === 'room') {
    if (awaitingAnswers(state, top)[0] !== seat) return [leave];
    const unless = needsOf(top).unless;
    const answers: VentureCommand[] = [
      { type: 'AnswerUnless', pay: false },
      { type: 'AnswerUnless', pay: true },
    ];
    if (unless?.cost.kind === 'sacrifice') {
      const accepted = unless.cost.anyOf;
      for (const t of state.tokens)
        if (t.controller === seat && tokenTypes(t).some((type) => accepted.includes(type)))
          answers.push({ type: 'AnswerUnless', pay: true, token: t.id });
    }
    return [...answers, leave];
  }
  const out: VentureCommand[] = [
    { type: 'Venture' },
    { type: 'Venture', undercity: true },
    { type: 'TakeInitiative' },
    ...resolveOptions(state, seat),
  ];
  if (state.active === seat && state.stack.length === 0) out.push({ type: 'AdvanceStep' }, { type: 'PassTurn' });
  for (const t of state.tokens) if (t.controller === seat) out.push({ type: 'RemoveToken', token: t.id });
  out.push(leave);
  return out;
}

/**
 * The legal commands with a free amount, each with the amount's schema: combat damage the active player reports per
 * defending player and damage step (725.2), and life changes for any player in the game (ruling 16).
 */
export function commandTemplates(state: VentureState, seat: Seat): CommandTemplate[] {
  if (!state.started || isOver(state) || !isInGame(state, seat) || midAction(state)) return [];
  const out: CommandTemplate[] = [];
  if (state.active === seat && state.step === 'combat-damage')
    for (const player of seatsInGame(state)) {
      if (player === seat) continue;
      for (const firstStrike of [false, true])
        if (damageReportRefusal(state, player, firstStrike) === null)
          out.push({
            type: 'ReportCombatDamage',
            fixed: { player, ...(firstStrike ? { firstStrike } : {}) },
            params: { amount: DamageAmountSchema },
          });
    }
  for (const player of seatsInGame(state)) out.push({ type: 'AdjustLife', fixed: { player }, params: { amount: LifeChangeSchema } });
  return out;
}
