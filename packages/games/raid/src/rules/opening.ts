// The opening (§Mulligan): each raider keeps its hand or shuffles it back once; the first turn starts when all have.
import { draw } from './effects';
import { nextOwner, startTurn } from './turns';
import { fail } from './fail';
import type { Ctx } from './tx';

function mulliganStep(c: Ctx): void {
  const s = c.tx.state;
  if (s.phase !== 'mulligan') fail('wrong-step', 'the mulligan is over');
  if (s.raiders[c.seat]?.mulligan !== 'pending') fail('already-decided', 'you have already kept or mulliganed');
}

/**
 * After the last raider keeps or mulligans, the first turn starts: the raiders' in Novice, the Dungeon's otherwise. A
 * raider who conceded before deciding is not waited for.
 */
export function beginIfReady(c: Ctx): void {
  const s = c.tx.state;
  if (s.raiders.some((r) => r.alive && r.mulligan === 'pending')) return;
  startTurn(c.tx, s.first === 'raiders' ? nextOwner(s, null) : null, c.random);
}

/** §Set-up: one optional mulligan: the hand is shuffled into the deck and a new hand drawn. */
export function mulligan(c: Ctx): void {
  mulliganStep(c);
  const r = c.tx.state.raiders[c.seat];
  if (!r) return;
  c.tx.emit({ type: 'MulliganTaken', seat: c.seat });
  c.tx.emit({ type: 'DeckShuffled', seat: c.seat, reason: 'mulligan', order: c.random.shuffle(c.tx.state.raiders[c.seat]?.deck ?? []) });
  draw(c.tx, c.seat, r.handSize, 'mulligan');
  beginIfReady(c);
}

export function keepHand(c: Ctx): void {
  mulliganStep(c);
  c.tx.emit({ type: 'HandKept', seat: c.seat });
  beginIfReady(c);
}
