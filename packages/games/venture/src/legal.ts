// Every command a seat may send now, each one accepted by decide as listed; commands with a free amount as templates;
// and the commands the runtime sends for a seat whose time ran out (its least harmful move, or its concession).
import type { CommandTemplate, Seat } from '@delve/kernel';
import { DamageAmountSchema, LifeChangeSchema, RevealedManaValueSchema, type VentureCommand } from './commands';
import type { ResolveChoices, VentureState } from './state';
import { damageReportRefusal } from './rules/combat';
import { awaitingAnswers, choicesRecord, fitsSacrifice, needsOf, ownCreatures, tokenTypes } from './rules/resolve';
import { midAction, isInGame, isOver, seatsInGame } from './rules/table';
import { ownCost, roomOf, topmostRoom } from './content';
import { status } from './status';

/** Subsets of `items` with at most `max` members, smallest first, each in the items' order. */
function subsets<T>(items: readonly T[], max: number): T[][] {
  const out: T[][] = [[]];
  for (let from = 0; from < out.length; from++) {
    const set = out[from] as T[];
    if (set.length === max) continue;
    const last = set.length === 0 ? -1 : items.indexOf(set[set.length - 1] as T);
    for (let i = last + 1; i < items.length; i++) out.push([...set, items[i] as T]);
  }
  return out;
}

/** Ways to split at most `count` counters among at most `maxTargets` of `tokens`, one or more each (none split: empty). */
function splits(tokens: readonly number[], count: number, maxTargets: number): Record<number, number>[] {
  const out: Record<number, number>[] = [];
  const walk = (i: number, left: number, split: Record<number, number>, targets: number): void => {
    const token = tokens[i];
    if (token === undefined) {
      if (targets > 0) out.push(split);
      return;
    }
    walk(i + 1, left, split, targets);
    if (targets < maxTargets) for (let n = 1; n <= left; n++) walk(i + 1, left - n, { ...split, [token]: n }, targets + 1);
  };
  walk(0, count, {}, 0);
  return out;
}

/**
 * Every set of choices the controller may resolve the top of the stack with, free amounts aside: each target, each
 * sacrifice of tracked tokens, each split of counters, and the choice of naming none where untracked objects may serve.
 */
function resolutions(state: VentureState, seat: Seat): ResolveChoices[] {
  const top = state.stack.at(-1);
  if (!top || top.controller !== seat) return [];
  const needs = needsOf(top);
  const places = needs.sacrifice;
  const players = needs.targetPlayer ? seatsInGame(state).map((targetPlayer) => ({ targetPlayer })) : [{}];
  const creatures = needs.targetCreature
    ? [{}, ...state.tokens.filter((t) => tokenTypes(t).includes('creature')).map((t) => ({ targetToken: t.id }))]
    : [{}];
  const own = state.tokens.filter((t) => t.controller === seat);
  const sacrifices =
    places === null
      ? [{}]
      : subsets(own, places.length)
          .filter((set) => fitsSacrifice(set, places))
          .map((set) => (set.length === 0 ? {} : { sacrifice: set.map((t) => t.id) }));
  const distribute = needs.distribute;
  const split =
    distribute === null
      ? [{}]
      : [
          {},
          ...splits(
            ownCreatures(state, seat).map((t) => t.id),
            distribute.count,
            distribute.maxTargets,
          ).map((d) => ({ distribute: d })),
        ];
  return players.flatMap((p) => creatures.flatMap((c) => sacrifices.flatMap((x) => split.map((d) => ({ ...p, ...c, ...x, ...d })))));
}

/** ResolveTop commands with no free amount: one per set of choices. */
function resolveCommands(state: VentureState, seat: Seat): VentureCommand[] {
  const top = state.stack.at(-1);
  if (!top || needsOf(top).revealedManaValue) return [];
  return resolutions(state, seat).map((choices) => ({ type: 'ResolveTop', ...choicesRecord(choices) }));
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
    ...resolveCommands(state, seat),
  ];
  if (state.active === seat && state.stack.length === 0) out.push({ type: 'AdvanceStep' }, { type: 'PassTurn' });
  for (const t of state.tokens) if (t.controller === seat) out.push({ type: 'RemoveToken', token: t.id });
  out.push(leave);
  return out;
}

/**
 * The legal commands with a free amount, each with the amount's schema: combat damage the active player reports per
 * defending player and damage step (725.2), the total mana value Ansur's Sanctum reveals, and life changes for any
 * player in the game (ruling 16).
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
  // Ansur's Sanctum: the total mana value of the revealed cards is the controller's to report.
  const top = state.stack.at(-1);
  if (top && needsOf(top).revealedManaValue)
    for (const choices of resolutions(state, seat))
      out.push({ type: 'ResolveTop', fixed: choicesRecord(choices), params: { revealedManaValue: RevealedManaValueSchema } });
  for (const player of seatsInGame(state)) out.push({ type: 'AdjustLife', fixed: { player }, params: { amount: LifeChangeSchema } });
  return out;
}

/** The option whose cost is lowest, the first on a tie; undefined for none. */
function cheapest<T>(options: readonly T[], cost: (option: T) => number): T | undefined {
  return options.reduce<T | undefined>((best, o) => (best === undefined || cost(o) < cost(best) ? o : best), undefined);
}

/**
 * The least harmful legal command for an awaited `seat` whose time ran out (docs/rulings/venture.md, ruling 23), or
 * null when the table waits for nothing from it: the dungeon (309.2a) or arrow (309.5a) whose room costs the seat least,
 * the oldest of the legendary tokens kept (704.5j), an "unless" cost left unpaid, the top of the stack resolved
 * with no token named, an opponent as the target and a revealed total of 0 (309.4c), and on its own turn the turn passed.
 */
export function timeoutCommand(state: VentureState, seat: Seat): VentureCommand | null {
  if (!status(state).awaiting.includes(seat)) return null;
  const pending = state.pending;
  if (pending?.kind === 'dungeon') {
    const dungeon = cheapest(pending.options, (id) => ownCost(roomOf(id, topmostRoom(id))?.effects ?? []));
    return dungeon === undefined ? null : { type: 'ChooseDungeon', dungeon };
  }
  if (pending?.kind === 'room') {
    const at = state.players[seat]?.dungeon;
    const room = at && cheapest(pending.options, (id) => ownCost(roomOf(at.dungeon, id)?.effects ?? []));
    return room ? { type: 'ChooseRoom', room } : null;
  }
  if (pending?.kind === 'legend') {
    const [oldest] = pending.options;
    return oldest === undefined ? null : { type: 'ChooseLegend', keep: oldest };
  }
  const top = state.stack.at(-1);
  if (top?.kind === 'room' && top.resolving !== null) return { type: 'AnswerUnless', pay: false };
  if (top) {
    const harmless = resolutions(state, seat).find(
      (c) => c.targetPlayer !== seat && c.sacrifice === undefined && c.distribute === undefined && c.targetToken === undefined,
    );
    if (!harmless) return null;
    return { type: 'ResolveTop', ...choicesRecord(harmless), ...(needsOf(top).revealedManaValue ? { revealedManaValue: 0 } : {}) };
  }
  return { type: 'PassTurn' };
}

/** The command by which `seat` concedes (104.3a, ruling 13): LeaveGame, for any player still in a game going on. */
export function concession(state: VentureState, seat: Seat): VentureCommand | null {
  return state.started && !isOver(state) && isInGame(state, seat) ? { type: 'LeaveGame' } : null;
}
