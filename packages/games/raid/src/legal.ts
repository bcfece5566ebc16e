// legalCommands: every command a raider may send now, each accepted by decide as is (the checks are shared); and the
// commands the runtime sends for a raider whose time ran out (its least harmful move, or its concession).
import type { Seat } from '@delve/kernel';
import type { RaidCommand } from './commands';
import { defOf } from './rules/board';
import { attackPairs, mainStepProblem, playTargets } from './rules/plays';
import { protectors, windowAwaiting } from './rules/turns';
import type { RaidState } from './state';

const CONCEDE: RaidCommand = { type: 'Concede' };

export function legalCommands(s: RaidState, seat: Seat): RaidCommand[] {
  const me = s.raiders[seat];
  if (!me || !me.alive || s.result || s.phase === 'lobby') return [];
  // A living raider may always concede (docs/rulings/raid.md, Conceding); it comes last, after every way to play on.
  return [...playing(s, seat), CONCEDE];
}

/** What `seat` (a living raider of a raid under way) may send to play on. */
function playing(s: RaidState, seat: Seat): RaidCommand[] {
  const me = s.raiders[seat];
  if (!me) return [];
  if (s.phase === 'mulligan') return me.mulligan === 'pending' ? [{ type: 'Mulligan' }, { type: 'KeepHand' }] : [];
  const plays = (): RaidCommand[] =>
    me.hand.flatMap((card) =>
      playTargets(s, seat, card).map((target): RaidCommand =>
        target === undefined ? { type: 'PlayCard', card } : { type: 'PlayCard', card, target },
      ),
    );
  if (s.window) {
    if (!windowAwaiting(s).includes(seat)) return [];
    return [{ type: 'Pass' }, ...protectors(s, seat).map((ally): RaidCommand => ({ type: 'Protect', ally })), ...plays()];
  }
  if (s.prompt) return s.prompt.seat === seat ? me.hand.map((card): RaidCommand => ({ type: 'Discard', card })) : [];
  if (mainStepProblem(s, seat)) return [];
  return [
    { type: 'EndTurn' },
    ...(s.turn?.resourcePlaced ? [] : me.hand.map((card): RaidCommand => ({ type: 'PlaceResource', card }))),
    ...plays(),
    ...attackPairs(s, seat).map((p): RaidCommand => ({ type: 'Attack', ...p })),
  ];
}

/**
 * docs/rulings/raid.md, Time running out: the least harmful move of an awaited raider. Before the first turn it keeps
 * its hand (§Set-up: the mulligan is a choice); in a window it passes; discarding down to its hand size it lets go of
 * its most expensive card (the cheap ones can be played soonest; on a tie the one drawn last); on its turn it ends the
 * turn (Core, turn). Null when the raider is not awaited.
 */
export function timeoutCommand(s: RaidState, seat: Seat): RaidCommand | null {
  const me = s.raiders[seat];
  if (!me?.alive || s.result) return null;
  const legal = playing(s, seat);
  if (s.phase === 'mulligan') return legal.find((c) => c.type === 'KeepHand') ?? null;
  if (s.window) return legal.find((c) => c.type === 'Pass') ?? null;
  if (s.prompt?.seat === seat) {
    const card = me.hand.reduce<string | null>(
      (worst, id) => (worst === null || defOf(s, id).cost >= defOf(s, worst).cost ? id : worst),
      null,
    );
    return card === null ? null : { type: 'Discard', card };
  }
  return legal.find((c) => c.type === 'EndTurn') ?? null;
}

/** docs/rulings/raid.md, Conceding: a living raider concedes with Concede, at any time of the raid; null otherwise. */
export function concession(s: RaidState, seat: Seat): RaidCommand | null {
  return legalCommands(s, seat).includes(CONCEDE) ? CONCEDE : null;
}
