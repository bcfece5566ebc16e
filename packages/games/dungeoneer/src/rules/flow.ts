// `proceed`: play going on by itself until someone must choose (the steps before the first turn, the Reset Phase,
// the Dungeonlord Phase's start, combat steps). Only decide and setup call it; the steps it takes are below it.
import type { Random, Seat } from '@delve/kernel';
import { campaignReset } from './campaign';
import { combatStep } from './combat';
import { startPackPhase } from './packMarker';
import { continueSetup } from './reveal';
import { combatScore } from './stats';
import { isAlive } from './table';
import type { Tx } from './tx';
import { endHeroPhase } from './steps';

/** End of the Reset Phase: Movements equal Speed (a Malevolent Force has no hero), and the Dungeonlord Phase begins. */
function finishReset(tx: Tx, random: Random, seat: Seat): void {
  if (isAlive(tx.state, seat)) tx.emit({ type: 'MovementsSet', seat, movements: combatScore(tx.state, seat, 'speed') });
  beginDungeonlordPhase(tx, random, seat);
}

/** The Dungeonlord Phase begins; a Wandering Pack on the map rolls its Movements. */
export function beginDungeonlordPhase(tx: Tx, random: Random, seat: Seat): void {
  tx.emit({ type: 'PhaseBegan', phase: 'dungeonlord', ...(tx.state.options.campaign && { seat }) });
  startPackPhase(tx, random, seat);
}

/**
 * Play goes on by itself until somebody must choose: the steps before the first turn, the Reset Phase once upkeep is
 * settled, the Build Phase once the card is placed, the Hero Phase once a quest is completed (and its rewards
 * taken), and encounters resolve.
 */
export function proceed(tx: Tx, random: Random): void {
  for (let guard = 0; guard < 1000; guard++) {
    const s = tx.state;
    if (s.winners || s.prompt || !s.started) return;
    if (!s.turn) {
      continueSetup(tx);
      continue;
    }
    const seat = s.turn.seat;
    if (s.turn.phase === 'reset') {
      if (s.options.campaign) campaignReset(tx);
      else finishReset(tx, random, seat);
    } else if (s.turn.phase === 'build') {
      if (s.options.campaign) beginDungeonlordPhase(tx, random, seat);
      else tx.emit({ type: 'PhaseBegan', phase: 'hero' });
    } else if (s.combat && s.combat.stage !== 'declare') combatStep(tx, random);
    else if (s.turn.phase === 'hero' && s.turn.questDone) endHeroPhase(tx, seat);
    else return;
  }
  throw new Error('dungeoneer: proceed did not settle');
}
