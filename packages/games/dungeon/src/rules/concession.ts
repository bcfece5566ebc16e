// Conceding (a ruling: the rule text has none): the player leaves the game as a slain player does, and play goes on.
import { checkLastAlive, finishTurn, settlePlayOff } from './turn';
import type { Ctx } from './tx';
import { closeWindowIfDone } from './windows';

/**
 * docs/rulings/dungeon.md, Conceding (§Retreat: slain and out of the game; §Winning: the last one alive wins): a living
 * player may concede at any time from the deal on, awaited or not. The player is out as if slain (PlayerConceded
 * says what went to the pile and what was called off); the last one left alive wins. Otherwise the game goes on
 * without them: the play-off settles among the other contenders, an open window closes once the others have passed,
 * and the leaver's own turn passes to the next living player.
 */
export function concede(c: Ctx): void {
  const { tx, random } = c;
  tx.emit({ type: 'PlayerConceded', seat: c.seat });
  checkLastAlive(tx);
  const s = tx.state;
  if (s.winners) return;
  if (s.phase === 'playoff') settlePlayOff(tx, random);
  else if (s.window) closeWindowIfDone(tx, random);
  else if (s.turn && !s.players[s.turn.seat]?.alive) finishTurn(tx, s.turn.seat, random);
}
