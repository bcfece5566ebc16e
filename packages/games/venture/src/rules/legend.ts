// The legend rule (704.5j) for tracked tokens: a player with legendary tokens of one name keeps one of them.
import type { Seat } from '@delve/kernel';
import { TOKENS } from '../content';
import type { VentureState } from '../state';
import { apnapOrder } from './table';
import type { Tx } from './tx';
import { fail } from './fail';
import type { CommandOf } from '../commands';

/** The first player in APNAP order who controls two or more legendary tokens with the same name, and those tokens. */
export function legendsToChoose(state: VentureState): { readonly seat: Seat; readonly tokens: readonly number[] } | null {
  for (const seat of apnapOrder(state)) {
    const byName = new Map<string, number[]>();
    for (const token of state.tokens) {
      const kind = TOKENS[token.kind];
      if (token.controller !== seat || !kind.legendary) continue;
      byName.set(kind.name, [...(byName.get(kind.name) ?? []), token.id]);
    }
    for (const tokens of byName.values()) if (tokens.length > 1) return { seat, tokens };
  }
  return null;
}

/** 704.5j: the controller keeps one of their legendary tokens with the same name; the others go to the graveyard. */
export function chooseLegend(tx: Tx, seat: Seat, command: CommandOf<'ChooseLegend'>): void {
  const pending = tx.state.pending;
  if (pending?.seat !== seat || pending.kind !== 'legend') fail('no-legend-choice', 'you have no legendary tokens to choose between');
  if (!pending.options.includes(command.keep)) fail('not-a-choice', 'keep one of the legendary tokens with the same name');
  tx.emit({ type: 'LegendKept', seat, token: command.keep });
  for (const token of pending.options) if (token !== command.keep) tx.emit({ type: 'TokenRemoved', token });
}
