// legalCommands: every command a raider may send now, each accepted by decide as is (the checks are shared).
import type { Seat } from '@delve/kernel';
import type { RaidCommand } from './commands';
import { attackPairs, mainStepProblem, playTargets } from './rules/plays';
import { protectors, windowAwaiting } from './rules/turns';
import type { RaidState } from './state';

export function legalCommands(s: RaidState, seat: Seat): RaidCommand[] {
  const me = s.raiders[seat];
  if (!me || !me.alive || s.result || s.phase === 'lobby') return [];
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
