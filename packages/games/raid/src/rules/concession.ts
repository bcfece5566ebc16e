// Conceding (a ruling: the rule text has no concession): the raider's hero retreats and it leaves the raid as a
// destroyed raider does, so the others fight on.
import { cardsInPlay, livingRaiders } from './board';
import { cardRef } from './effects';
import { beginIfReady } from './opening';
import type { Ctx } from './tx';

/**
 * docs/rulings/raid.md, Conceding: a living raider may leave the raid at any time. All of its cards in play go to its
 * graveyard and it takes no further part, as when its hero is destroyed (Dungeon Deck Rules), and it counts as a
 * destroyed raider for every rule (the Dungeon's level-up, the result). The raid goes on: a window stops waiting for
 * it, its turn ends, the first turn starts once the others have kept their hands, and the Dungeon wins when no raider
 * is left (the checks after every raider command).
 */
export function concede(c: Ctx): void {
  const { tx } = c;
  const r = tx.state.raiders[c.seat];
  if (!r) return;
  tx.emit({ type: 'RaiderRetreated', seat: c.seat, cards: cardsInPlay(r).map((id) => cardRef(tx.state, id)) });
  if (tx.state.phase === 'mulligan' && livingRaiders(tx.state).length > 0) beginIfReady(c);
}
