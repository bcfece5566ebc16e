// TURN CYCLE, Discard/Draw: the end of a turn, the hand filled back and the turn passed on (in a campaign, from hero
// to hero). Defeat ends a turn here too.
import type { Random, Seat } from '@delve/kernel';
import { campaignHandSize, nextHeroPhase } from './campaign';
import { heroOf, isAlive, nextLiving, playerOf } from './table';
import type { Tx } from './tx';
import { HAND_SIZE, draw, beginTurn } from './steps';

/**
 * The turn passes on. Standard: to the next seat still at the table, the hero keeping at most one Movement. Campaign:
 * from the Dungeonlord to the first hero, from each hero to the next, from the last back to a new turn.
 */
export function passTurn(tx: Tx, random: Random, seat: Seat, kept: number): void {
  if (tx.state.options.campaign) {
    nextHeroPhase(tx, seat);
    return;
  }
  tx.emit({ type: 'TurnEnded', seat, kept });
  beginTurn(tx, nextLiving(tx.state, seat));
}

/**
 * TURN CYCLE, Discard/Draw: fill the hand to five (the campaign Dungeonlord to 5 + one per hero; a campaign hero buys
 * its cards instead), keep one Movement for off-turn use, pass the turn.
 */
export function finishTurn(tx: Tx, random: Random, seat: Seat): void {
  const size = tx.state.options.campaign ? campaignHandSize(tx.state, seat) : HAND_SIZE;
  const hand = playerOf(tx.state, seat).hand.length;
  if (hand < size) draw(tx, random, seat, size - hand);
  passTurn(tx, random, seat, isAlive(tx.state, seat) ? Math.min(1, heroOf(tx.state, seat).movements) : 0);
}
