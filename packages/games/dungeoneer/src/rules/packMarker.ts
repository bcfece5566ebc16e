// OPTIONAL ADVANCED RULES, Wandering Pack: the Pack marker (where it stands, when it comes and goes), its half-die
// Movements, and the attack form its monsters strike in. The Pack's commands and fights are in pack.ts.
import type { Random, Seat } from '@delve/kernel';
import { STATS, type MonsterCard, type Stat } from '../content/index';
import type { Coord, DungeoneerState } from '../state';
import { sameCoord } from './map';
import { playerOf } from './table';
import { die, type Tx } from './tx';

type S = DungeoneerState;

/** GLOSSARY, Dice: a half-die — 1–2 is 1, 3–4 is 2, 5–6 is 3. */
export const halfDie = (roll: number): number => Math.ceil(roll / 2);

/** The monster's strongest standard attack form (melee before magic before speed on a tie), or null if it has none. */
export function bestForm(card: MonsterCard): Stat | null {
  let best: Stat | null = null;
  for (const form of STATS) {
    const a = card.attacks[form];
    if (a?.standard && (best === null || a.score > (card.attacks[best]?.score ?? 0))) best = form;
  }
  return best;
}

/** Seats whose Pack marker stands at `at` with monsters in it, other than `except`. */
export function packsAt(s: S, at: Coord, except: Seat | null = null): Seat[] {
  return s.players.filter((p) => p.seat !== except && p.packAt !== null && p.pack.length > 0 && sameCoord(p.packAt, at)).map((p) => p.seat);
}

/** Start of a Dungeonlord Phase: a Pack on the map rolls its Movements for this phase with a half-die. */
export function startPackPhase(tx: Tx, random: Random, seat: Seat): void {
  const p = tx.state.players[seat];
  if (!tx.state.options.wanderingPack || !p?.packAt || p.pack.length === 0) return;
  const roll = die(random);
  tx.emit({ type: 'PackMovementsRolled', seat, roll, movements: halfDie(roll) });
}

/**
 * A monster went into the Pack: with no marker on the map yet, the marker goes into the space where that monster
 * fought, and the Pack wanders from there (monsters joining later need not be in that space).
 */
export function joinPack(tx: Tx, seat: Seat, at: Coord): void {
  if (tx.state.options.wanderingPack && playerOf(tx.state, seat).packAt === null)
    tx.emit({ type: 'PackMarkerPlaced', seat, x: at.x, y: at.y });
}

/** An empty Pack leaves the map (outside a fight, where its monsters may only be away on the table). */
export function tidyPack(tx: Tx, seat: Seat): void {
  const p = tx.state.players[seat];
  if (p?.packAt && p.pack.length === 0 && !tx.state.combat) tx.emit({ type: 'PackMarkerRemoved', seat });
}
